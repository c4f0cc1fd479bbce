// The player's options as this page keeps them: loaded, changed in the Options panel (rules
// apply from the next new game, table options at once, the language too), taken up from
// another tab, reset.

import { chooseLanguage, fetchCatalog, language, t, translate, useCatalog } from "../model/i18n.js";
import { CARD_BACKS, HANDS, effectiveRules, presetTitle, tableOf, withDefaults } from "../model/options.js";
import { RULE_KEYS } from "../model/vocabulary.js";

export class OptionsKeeper extends EventTarget {
  constructor({ engine, session, storage, renderer, dialogs, notices, sound = null }) {
    super();
    Object.assign(this, { engine, session, storage, renderer, dialogs, notices, sound });
    this.options = null;
    this.presets = []; // the engine's named rule sets (bridge "presets")
    this.asked = null; // the presets asked for before the engine was ready (askPresets)
    this.rulesChanged = false; // said when the Options panel closes
    // "Automatic": the table turns dark and back with the system's dark mode.
    this.systemDark = globalThis.matchMedia ? globalThis.matchMedia("(prefers-color-scheme: dark)") : null;
    if (this.systemDark) this.systemDark.addEventListener("change", () => { if (this.options) this.dress(); });
    // The status line names the rules of the game on the table.
    session.addEventListener("shown", ({ detail }) => {
      if (detail.fresh || detail.restored || detail.taken) renderer.setPreset(presetTitle(detail.game.preset));
    });
  }

  /** The language these options ask for ("auto": the browser's). ?lang= wins for this visit,
   * unless ``chosen`` now in Options. */
  wantedLanguage(options = this.options, { chosen = false } = {}) {
    const asked = chosen ? null : new URLSearchParams(location.search).get("lang");
    return chooseLanguage({ asked, chosen: options.language || "auto", browser: navigator.languages });
  }

  /** Speak ``code`` from now on, without a reload: its catalog (fetched, or kept by the service
   * worker), the page's words, the board and the panel open. False when it cannot be fetched. */
  async speak(code) {
    if (code === language()) return true;
    let catalog;
    try {
      catalog = await fetchCatalog(code);
    } catch (error) {
      console.warn(`the ${code} catalog could not be read:`, error);
      return false;
    }
    useCatalog(catalog);
    translate(document);
    if (this.presets.length) this.dialogs.fillPresets(this.presets); // their names in the new language
    const game = this.session.game;
    if (game) this.renderer.setPreset(presetTitle(game.preset));
    if (this.renderer.board) this.renderer.draw(this.renderer.board); // the cards' letters and names
    if (this.dialogs.isOpen("options")) this.show();
    return true;
  }

  /** The saved options (or the defaults), shown on the table. */
  load() {
    this.options = withDefaults(this.session.load("options") || {});
    this.apply();
  }

  /** The table options drawn: deck, table, card backs, hand, speed, sound button. */
  apply() {
    this.renderer.applyOptions(this.options);
    this.dress();
    if (this.sound) this.sound.show();
  }

  /** The table, its card backs and the playing hand, on <html> for web/styles/themes.css (the
   * browser's colour scheme and status bar follow the table: parts/install.js). */
  dress() {
    const { theme, cardBack, hand } = this.options;
    const html = document.documentElement;
    html.dataset.theme = tableOf(theme, Boolean(this.systemDark && this.systemDark.matches));
    html.dataset.back = CARD_BACKS.includes(cardBack) ? cardBack : CARD_BACKS[0];
    html.dataset.hand = HANDS.includes(hand) ? hand : HANDS[0];
  }

  /** Options the engine refused: back to the defaults, saved. */
  reset() {
    this.options = withDefaults({});
    this.storage.save("options", this.options);
    this.apply();
  }

  /** Options saved elsewhere (a backup, another tab) taken up here; false when they are these already. */
  take(value) {
    const next = withDefaults(value);
    if (JSON.stringify(next) === JSON.stringify(this.options)) return false;
    this.options = next;
    this.apply();
    this.speak(this.wantedLanguage()); // a language chosen in another tab, or in a backup
    return true;
  }

  /** The options another tab saved, taken up here. */
  catchUp() {
    const { value } = this.storage.load("options");
    return value ? this.take(value) : false;
  }

  /** Ask for the engine's presets now, while it starts: it answers the moment it is
   * ready, without waiting for the page to hear that it is. fetchPresets takes the answer. */
  askPresets() {
    this.asked = this.engine.call("presets");
    this.asked.catch(() => {}); // fetchPresets hears a failure
  }

  /** The engine's presets (asked now, or earlier by askPresets), put in the panels' lists. */
  async fetchPresets() {
    const asked = this.asked;
    this.asked = null;
    try {
      this.presets = (await (asked || this.engine.call("presets"))).presets || [];
      this.dialogs.fillPresets(this.presets);
    } catch (error) {
      console.warn("no presets:", error);
    }
  }

  show() {
    this.dialogs.showOptions(this.options, effectiveRules(this.options, this.presets), this.presets);
  }

  /** One field of the Options panel changed; a rule change is announced ("rules") for the next deal. */
  changed(field) {
    const { dialogs, storage } = this;
    const [name, value] = dialogs.readField(field);
    this.catchUp(); // change the latest options, not a stale copy: another tab's change stays
    const o = this.options;
    const rule = RULE_KEYS.includes(name);
    if (name === "language") {
      this.chooseLanguage(value);
      return;
    }
    if (name === "preset") {
      o.preset = value;
      o.rules = {};
    } else if (rule) {
      const preset = this.presets.find((p) => p.name === o.preset);
      if (preset && preset.rules[name] === value) delete o.rules[name];
      else o.rules[name] = value;
    } else {
      o[name] = value;
      this.apply();
      if (name === "deals") this.dispatchEvent(new Event("rules")); // the next deal is of another class
    }
    storage.save("options", o);
    if (name === "preset" || rule) {
      this.show(); // show the preset's values
      dialogs.focusOption(name);
      this.rulesChanged = true; // said when the panel closes (the panel says it already)
      this.dispatchEvent(new Event("rules"));
    }
  }

  /** Options' Language changed: switch at once and keep the choice; when its catalog cannot be
   * fetched (offline, never used here), keep the language in use and say why. */
  async chooseLanguage(value) {
    const code = this.wantedLanguage({ ...this.options, language: value }, { chosen: true });
    try {
      await fetchCatalog(code); // before anything changes: kept for speak()
    } catch (error) {
      console.warn(`the ${code} catalog could not be read:`, error);
      this.dialogs.all.options.querySelector("[name=language]").value = this.options.language || "auto";
      this.notices.show(t("options-language-offline"), { id: "options-language", kind: "error", timeout: 6000 });
      return;
    }
    this.catchUp();
    this.options.language = value;
    this.storage.save("options", this.options);
    this.notices.dismiss("options-language");
    await this.speak(code);
    if (this.dialogs.isOpen("options")) this.dialogs.focusOption("language");
  }

  /** The Options panel closed: a rule change is said once. */
  closed() {
    if (!this.rulesChanged) return;
    this.rulesChanged = false;
    this.notices.show(t("options-rules-next-game"), { id: "options", timeout: 4000 });
  }

  /** The table's sound button: the same option as Options' "Sound". */
  toggleSound() {
    const { storage, sound } = this;
    this.options.sound = this.options.sound === false;
    storage.save("options", this.options);
    if (sound) {
      sound.show();
      if (this.options.sound) sound.unlock();
    }
  }

  showRules() {
    const game = this.session.game;
    const rules = game && game.board ? game.board.rules : effectiveRules(this.options, this.presets);
    const name = game ? game.preset : this.options.preset;
    this.dialogs.showRules(presetTitle(name), rules, this.presets);
  }
}
