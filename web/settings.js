// The player's options as this page holds them: loaded, changed in the Options panel (rules
// apply from the next new game, table options at once), taken up from another tab, reset.

import { DEFAULT_OPTIONS } from "./storage.js";
import { TABLE_DEFAULTS, effectiveRules, presetTitle } from "./options.js";
import { RULE_KEYS } from "./vocabulary.js";

/** Saved options with every default filled in (their rules a copy of their own). */
const withDefaults = (value) => ({ ...DEFAULT_OPTIONS, ...TABLE_DEFAULTS, ...value, rules: { ...(value.rules || {}) } });

export class Settings {
  constructor(app) {
    this.app = app;
    this.options = null;
    this.presets = []; // the engine's named rule sets (bridge "presets")
    this.rulesChanged = false; // said when the Options panel closes
  }

  /** The saved options (or the defaults), shown on the table. */
  load() {
    this.options = withDefaults(this.app.session.load("options") || {});
    this.apply();
  }

  /** The table options drawn: deck, theme, speed, sound button. */
  apply() {
    this.app.renderer.applyOptions(this.options);
    if (this.app.sound) this.app.sound.show();
  }

  /** Options the engine refused: back to the defaults, saved. */
  reset() {
    this.options = withDefaults({});
    this.app.storage.save("options", this.options);
    this.apply();
  }

  /** Options saved elsewhere (a backup, another tab) taken up here; false when they are these already. */
  take(value) {
    const next = withDefaults(value);
    if (JSON.stringify(next) === JSON.stringify(this.options)) return false;
    this.options = next;
    this.apply();
    return true;
  }

  /** The options another tab saved, taken up here. */
  catchUp() {
    const { value } = this.app.storage.load("options");
    return value ? this.take(value) : false;
  }

  /** The engine's presets, asked once it is ready, put in the panels' lists. */
  async fetchPresets() {
    try {
      this.presets = (await this.app.engine.call("presets")).presets || [];
      this.app.dialogs.fillPresets(this.presets);
    } catch (error) {
      console.warn("no presets:", error);
    }
  }

  show() {
    this.app.dialogs.showOptions(this.options, effectiveRules(this.options, this.presets), this.presets);
  }

  /** One field of the Options panel changed. */
  changed(field) {
    const { dialogs, storage, dealing, renderer } = this.app;
    const [name, value] = dialogs.readField(field);
    this.catchUp(); // change the latest options, not a stale copy: another tab's change stays
    const o = this.options;
    const rule = RULE_KEYS.includes(name);
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
    }
    storage.save("options", o);
    if (name === "preset" || rule) {
      this.show(); // show the preset's values
      dialogs.focusOption(name);
      this.rulesChanged = true; // said when the panel closes (the panel says it already)
      if (renderer.interactive) dealing.prepareSoon(); // the next deal under the new rules
    }
  }

  /** The Options panel closed: a rule change is said once. */
  closed() {
    if (!this.rulesChanged) return;
    this.rulesChanged = false;
    this.app.notices.show("Rule changes apply from your next new game.", { id: "options", timeout: 4000 });
  }

  /** The table's sound button: the same option as Options' "Sound". */
  toggleSound() {
    const { storage, sound } = this.app;
    this.options.sound = this.options.sound === false;
    storage.save("options", this.options);
    if (sound) {
      sound.show();
      if (this.options.sound) sound.unlock();
    }
  }

  showRules() {
    const save = this.app.save;
    const board = save && save.board;
    const rules = board ? board.rules : effectiveRules(this.options, this.presets);
    const name = save ? save.preset : this.options.preset;
    this.app.dialogs.showRules(presetTitle(name, this.presets), rules);
  }
}
