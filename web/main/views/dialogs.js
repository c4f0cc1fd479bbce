// The panels over the table: end of game, confirm, menu, deals, options,
// statistics, rules, pause and the board in words. This module opens, closes
// and fills them (textContent only); the app's parts decide what happens.

import { presetStats, summary } from "../model/statistics.js";
import { AI_SEES, formatTime } from "../model/words.js";
import { LANGUAGES, formatMoney, formatNumber, has, t } from "../model/i18n.js";
import { MONEY_PRESET, bankrollFigures, mendBankroll } from "../model/money.js";
import { presetTitle, rulesText } from "../model/options.js";
import { RULE_KEYS } from "../model/vocabulary.js";
import { Calendar } from "./calendar.js";
import { ResultPanel } from "./result-panel.js";
import { KEY_HELP } from "./input.js";
import { drawBankroll } from "./bankroll-chart.js";

const SVG = "http://www.w3.org/2000/svg";
/** A rule set's one-line summary in the player's language (none for a set the catalogs do not know). */
const presetSummary = (name) => (has(`preset-${name}-summary`) ? t(`preset-${name}-summary`) : "");
// Panels a tap beside does not close: a question, and a game's result (closed only by its buttons or Escape).
const STAY = new Set(["confirm", "result"]);

export class Dialogs {
  constructor(doc = document) {
    this.doc = doc;
    this.all = {};
    // A tap begun before a panel opened (the tap that ends a win's celebration, a tap on the
    // table as the last card flies) is not the panel's: its click presses nothing in it and
    // does not close it. Presses are counted (not timed: a test's clock may be fake); each
    // panel keeps the count it opened at, and a click with no press since then is not its.
    this.presses = 0;
    this.openedAt = new WeakMap();
    doc.addEventListener("pointerdown", () => { this.presses += 1; }, true);
    doc.addEventListener("click", (event) => {
      const dialog = event.target.closest && event.target.closest("dialog");
      if (!dialog || !event.detail || this.openedAt.get(dialog) !== this.presses) return;
      event.preventDefault();
      event.stopImmediatePropagation();
    }, true);
    for (const dialog of doc.querySelectorAll("dialog[data-testid]")) {
      this.all[dialog.dataset.testid] = dialog;
      dialog.addEventListener("click", (event) => {
        if (event.target.closest("[data-close]")) dialog.close();
        else if (event.target === dialog && !STAY.has(dialog.dataset.testid)) dialog.close(); // the backdrop
      });
    }
    this.resultPanel = new ResultPanel(this.all.result);
    this.onclose = () => {};
    this.onchange = () => {}; // called with whether any panel is open, when that may have changed
    // A modal panel makes the rest of the page inert, so the notices and the
    // screen-reader announcements move into whichever panel is open, and back
    // to their places when none is. Only the page's notices show there: one about
    // the game (a hint, its end) stays hidden until the table is back (styles.css).
    this.carried = [...doc.querySelectorAll("[data-testid=notices], [data-testid=announce]")]
      .map((element) => ({ element, parent: element.parentNode, next: element.nextSibling }));
    for (const dialog of Object.values(this.all)) {
      // Registered first, so it sees each close event before any other listener: one
      // that finds its panel open again is an earlier close's (the event comes a task
      // after close()), and no listener may take it for this opening's close.
      dialog.addEventListener("close", (event) => {
        if (dialog.open) { event.stopImmediatePropagation(); return; }
        this.panelsChanged();
        this.onclose(dialog.dataset.testid);
      });
    }
  }

  /** After a panel opens or closes: tell onchange whether one is open, and put
   * the notices and announcements in it, or back in the page. */
  panelsChanged() {
    const open = Object.values(this.all).find((d) => d.open);
    this.onchange(Boolean(open));
    for (const { element, parent, next } of this.carried) {
      if (open) {
        if (element.parentNode !== open) open.insertBefore(element, open.querySelector("h2 + *")); // under the title, above the text
      } else if (element.parentNode !== parent) {
        parent.insertBefore(element, next && next.parentNode === parent ? next : null);
      }
    }
  }

  get(name) { return this.all[name]; }

  isOpen(name) { return Boolean(this.all[name] && this.all[name].open); }

  anyOpen() { return Object.values(this.all).some((d) => d.open); }

  open(name) {
    for (const [other, dialog] of Object.entries(this.all)) {
      if (other !== name && dialog.open) dialog.close();
    }
    const dialog = this.all[name];
    if (!dialog.open) {
      dialog.showModal();
      this.openedAt.set(dialog, this.presses);
    }
    this.panelsChanged();
    if ("sheet" in dialog.dataset) this.underTheTable(dialog); // where the peaks are now, the notices carried
    return dialog;
  }

  /** A panel about the table (the board in words) opens under the peaks, which stay in view:
   * the stylesheet sizes it from where they end (--table-foot). */
  underTheTable(dialog) {
    const peaks = this.doc.querySelector("[data-testid=peaks]");
    if (peaks) dialog.style.setProperty("--table-foot", `${Math.ceil(peaks.getBoundingClientRect().bottom)}px`);
  }

  close(name) {
    const dialog = this.all[name];
    if (!dialog || !dialog.open) return;
    dialog.close();
    this.panelsChanged(); // now, not at the close event: what is said next is said in the page
  }

  /** Ask yes or no; resolves true for yes. Esc or the backdrop is no. With
   * ``hold``, a yes leaves the panel open for the caller to close with what it
   * asked for (one style pass for both). */
  confirm(title, text, yes = t("confirm-yes"), no = t("confirm-no"), { hold = false } = {}) {
    const dialog = this.all.confirm;
    dialog.querySelector("h2").textContent = title;
    dialog.querySelector(".confirm-text").textContent = text;
    const yesButton = dialog.querySelector("[value=yes]");
    const noButton = dialog.querySelector("[value=no]");
    yesButton.textContent = yes;
    noButton.textContent = no;
    this.open("confirm");
    noButton.focus();
    return new Promise((resolve) => {
      const done = (answer) => {
        yesButton.removeEventListener("click", onYes);
        noButton.removeEventListener("click", onNo);
        dialog.removeEventListener("close", onClose);
        if (dialog.open && !(hold && answer)) dialog.close();
        resolve(answer);
      };
      const onYes = () => done(true);
      const onNo = () => done(false);
      const onClose = () => done(false);
      yesButton.addEventListener("click", onYes);
      noButton.addEventListener("click", onNo);
      dialog.addEventListener("close", onClose);
    });
  }

  // -- end of game ---------------------------------------------------------------

  /** Fill the end-of-game panel and open it ({won, board, stats, before, pending, presetName, presets}). */
  result(result) {
    this.resultPanel.fill(result);
    this.open("result");
  }

  setText(testid, text) {
    const el = this.doc.querySelector(`[data-testid=${testid}]`);
    if (el) el.textContent = text;
  }

  par(par) {
    this.resultPanel.par(par);
  }

  analysis(a) {
    this.resultPanel.analysis(a);
  }

  // -- options ---------------------------------------------------------------------

  /** The presets in Options' and Statistics' lists, named in the player's language (again
   * when the language changes: the choices made stay). */
  fillPresets(presets) {
    this.presets = presets;
    const option = (name) => Object.assign(this.doc.createElement("option"), { value: name, textContent: presetTitle(name) });
    const optSelect = this.doc.querySelector("[data-testid=opt-preset]");
    const statsSelect = this.doc.querySelector("[data-testid=stats-preset]");
    const [optValue, statsValue] = [optSelect.value, statsSelect.value];
    optSelect.replaceChildren(...presets.map((p) => option(p.name)));
    statsSelect.replaceChildren(...presets.map((p) => option(p.name)), option("custom"));
    if (optValue) optSelect.value = optValue;
    if (statsValue) statsSelect.value = statsValue;
  }

  /** Options' Language list: "Automatic", then every language in its own name (never translated). */
  fillLanguages() {
    const select = this.doc.querySelector("[data-testid=opt-language]");
    const auto = select.querySelector("option[value=auto]");
    const languages = LANGUAGES.map(({ code, name }) => {
      const o = Object.assign(this.doc.createElement("option"), { value: code, textContent: name, lang: code });
      o.dataset.testid = `language-${code}`;
      return o;
    });
    select.replaceChildren(auto, ...languages);
  }

  showOptions(options, rules, presets) {
    const form = this.doc.querySelector("[data-testid=options-form]");
    if (form.elements.language.options.length < 2) this.fillLanguages();
    form.elements.language.value = options.language || "auto";
    if (!form.elements.language.value) form.elements.language.value = "auto"; // a code no longer offered
    form.elements.preset.value = options.preset;
    const preset = presets.find((p) => p.name === options.preset);
    form.querySelector(".preset-summary").textContent = preset ? presetSummary(preset.name) : "";
    for (const key of RULE_KEYS) {
      const field = form.elements[key];
      if (!field) continue;
      if (field.type === "checkbox") field.checked = Boolean(rules[key]);
      else if (key === "undo_limit") field.value = this.undoValue(rules[key], field);
      else field.value = rules[key];
    }
    form.elements.errorHelp.checked = options.errorHelp !== false;
    form.elements.fourColour.checked = Boolean(options.fourColour);
    form.elements.fairHint.checked = Boolean(options.fairHint);
    form.elements.theme.value = options.theme || "auto";
    form.elements.speed.value = options.speed || "normal";
    for (const [name, fallback] of [["verbosity", "full"], ["shortcuts", "on"], ["cardSize", "normal"], ["cardBack", "peaks"], ["hand", "right"]]) {
      if (form.elements[name]) form.elements[name].value = options[name] || fallback;
    }
    if (form.elements.highlight) form.elements.highlight.checked = Boolean(options.highlight);
    if (form.elements.sound) form.elements.sound.checked = options.sound !== false;
    form.elements.vibrate.checked = options.vibrate !== false;
    form.elements.deals.value = options.deals || "easier";
    form.elements.undo_restores_moves.disabled = rules.undo_limit === 0;
    // Say what differs from the preset, in the form's own words.
    const changed = Object.keys(options.rules || {}).filter((key) => form.elements[key]).map((key) => {
      const field = form.elements[key];
      const label = field.closest("label");
      if (field.type === "checkbox") return t(field.checked ? "options-changed-on" : "options-changed-off", { option: label.textContent.trim() });
      const value = field.selectedOptions[0] ? field.selectedOptions[0].textContent : field.value;
      return t("options-changed-value", { option: label.firstChild.textContent.trim(), value });
    });
    if (changed.length) {
      form.querySelector(".preset-summary").textContent +=
        ` ${t("options-changed", { changes: changed.join(t("options-changed-separator")) })}`;
    }
    this.open("options");
  }

  undoValue(limit, select) {
    if (limit === null || limit === undefined) return "unlimited";
    const text = String(limit);
    if (![...select.options].some((o) => o.value === text)) {
      const extra = this.doc.createElement("option");
      extra.value = text;
      extra.textContent = t("options-undo-last", { count: limit });
      select.append(extra);
    }
    return text;
  }

  /** Put the keyboard back on a field the panel has just redrawn. */
  focusOption(name) {
    this.all.options.querySelector(`[name=${name}]`).focus();
  }

  /** The form's values: {preset, rule: value} for one changed field. */
  readField(field) {
    const name = field.name;
    if (field.type === "checkbox") return [name, field.checked];
    if (name === "undo_limit") return [name, field.value === "unlimited" ? null : Number(field.value)];
    return [name, field.value];
  }

  // -- statistics --------------------------------------------------------------------

  /** The rules whose figures the Statistics panel shows. */
  statsPreset() {
    return this.doc.querySelector("[data-testid=stats-preset]").value;
  }

  /** Hand the browser a file to save (the backup). */
  download(filename, text, type) {
    const url = URL.createObjectURL(new Blob([text], { type }));
    const a = this.doc.createElement("a");
    a.href = url;
    a.download = filename;
    this.doc.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  showStats(stats, preset) {
    const select = this.doc.querySelector("[data-testid=stats-preset]");
    select.value = preset;
    const p = presetStats(stats, preset);
    const grid = this.doc.querySelector("[data-testid=stats-grid]");
    const items = [];
    const known = (this.presets || []).find((x) => x.name === preset);
    for (const [label, value] of summary(p, formatTime, known && known.scores ? known.scores : undefined)) {
      const div = this.doc.createElement("div");
      const dt = this.doc.createElement("dt");
      dt.textContent = label;
      const dd = this.doc.createElement("dd");
      dd.textContent = value;
      div.append(dt, dd);
      items.push(div);
    }
    grid.replaceChildren(...items);
    this.chart(p.recent);
    this.bankroll(stats, preset);
    if (!this.isOpen("stats")) this.open("stats");
  }

  /** The money game's bankroll (the original preset only): its figures and its chart. */
  bankroll(stats, preset) {
    const section = this.doc.querySelector("[data-testid=bankroll]");
    if (!section) return;
    section.hidden = preset !== MONEY_PRESET;
    if (section.hidden) return;
    const f = bankrollFigures(mendBankroll(stats.bankroll));
    const none = t("stats-none");
    const money = (v) => (v === null ? none : formatMoney(v));
    const rows = [
      ["bankroll-row-total", money(f.total), "total"],
      ["bankroll-row-played", formatNumber(f.played), "played"],
      ["bankroll-row-cleared", formatNumber(f.cleared), "cleared"],
      ["bankroll-row-best", money(f.best), "best"],
      ["bankroll-row-worst", money(f.worst), "worst"],
      ["bankroll-row-per-deal", f.perDeal === null ? none : formatMoney(Math.round(f.perDeal * 100) / 100), "per-deal"],
    ];
    this.doc.querySelector("[data-testid=bankroll-grid]").replaceChildren(...rows.map(([key, value, name]) => {
      const div = this.doc.createElement("div");
      div.dataset.figure = name;
      const dt = this.doc.createElement("dt");
      dt.textContent = t(key);
      const dd = this.doc.createElement("dd");
      dd.textContent = value;
      div.append(dt, dd);
      return div;
    }));
    drawBankroll(this.doc, this.doc.querySelector("[data-testid=bankroll-chart]"), f.history);
  }

  /** Bars of the recent games: score (or cards cleared with no points), won ones bright. */
  chart(recent) {
    const box = this.doc.querySelector("[data-testid=chart]");
    if (!recent.length) {
      const p = this.doc.createElement("p");
      p.className = "empty-chart";
      p.textContent = t("stats-chart-empty");
      box.replaceChildren(p);
      return;
    }
    const scored = recent.some((g) => typeof g.score === "number");
    const values = recent.map((g) => (scored ? (typeof g.score === "number" ? g.score : 0) : 28 - g.left));
    const max = Math.max(1, ...values.map((v) => Math.abs(v)));
    const w = 300;
    const h = 100;
    const bw = w / Math.max(values.length, 10);
    const svg = this.doc.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", `0 0 ${w} ${h + 14}`);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", t(scored ? "stats-chart-scores" : "stats-chart-cleared", {
      count: values.length, values: values.map((v) => formatNumber(v)).join(t("stats-chart-separator")),
    }));
    values.forEach((v, i) => {
      const bar = this.doc.createElementNS(SVG, "rect");
      const height = Math.max(1, (Math.max(0, v) / max) * h);
      bar.setAttribute("x", String(i * bw + 1));
      bar.setAttribute("y", String(h - height));
      bar.setAttribute("width", String(Math.max(1, bw - 2)));
      bar.setAttribute("height", String(height));
      bar.setAttribute("class", recent[i].won ? "won" : "lost");
      svg.append(bar);
    });
    const axis = this.doc.createElementNS(SVG, "text");
    axis.setAttribute("x", "0");
    axis.setAttribute("y", String(h + 12));
    axis.setAttribute("class", "axis");
    axis.textContent = t(scored ? "stats-chart-axis-scores" : "stats-chart-axis-cleared", { max });
    svg.append(axis);
    box.replaceChildren(svg);
  }

  // -- deals, rules, the board in words -------------------------------------------------

  /** The Deals panel, its calendar at the month of ``today`` with ``daily``'s medals
   * (model/medals.js), the keyboard on today. */
  showDeals(daily, today) {
    this.calendar = this.calendar || new Calendar(this.doc);
    this.calendar.show(daily, today);
    this.setText("deal-error", "");
    this.open("deals");
    this.calendar.focusToday();
  }

  /** The Deals panel's typed deal (``kind`` "code" or "cards"), its error line moved beside it. */
  typedDeal(kind) {
    const field = this.dealField(kind);
    field.closest("section").append(this.doc.querySelector("[data-testid=deal-error]")); // said next to its field
    return field.value.trim();
  }

  clearTypedDeal(kind) {
    this.dealField(kind).value = "";
  }

  dealField(kind) {
    return this.doc.querySelector(kind === "code" ? "[data-testid=deal-code]" : "[data-testid=deal-cards]");
  }

  /** The Rules panel, opened at its top: the rules of the game on the table, what the AI
   * sees, every rule set in a line, and the keys in a section of their own (closed). */
  showRules(title, rules, presets = []) {
    const box = this.doc.querySelector("[data-testid=rules-text]");
    const para = (text) => Object.assign(this.doc.createElement("p"), { textContent: text });
    const heading = this.doc.createElement("h3");
    heading.textContent = t("rules-this-game", { title });
    const ai = para(AI_SEES);
    ai.dataset.testid = "rules-ai";
    const parts = rulesText(rules).filter(([, paragraphs]) => paragraphs.length).flatMap(([title, paragraphs]) =>
      [Object.assign(this.doc.createElement("h4"), { textContent: title }), ...paragraphs.map(para)]);
    box.replaceChildren(heading, ...parts, ai, ...this.presetsHelp(presets), this.keysHelp());
    const dialog = this.open("rules");
    dialog.querySelector("h2").focus({ preventScroll: true }); // not the first control, far down
    dialog.scrollTop = 0;
  }

  /** Every rule set in one line each, for a player choosing one in Options. */
  presetsHelp(presets) {
    if (!presets.length) return [];
    const h = this.doc.createElement("h3");
    h.textContent = t("rules-other-sets");
    const list = this.doc.createElement("dl");
    list.className = "rules-presets";
    list.dataset.testid = "rules-presets";
    for (const preset of presets) {
      const dt = Object.assign(this.doc.createElement("dt"), { textContent: presetTitle(preset.name) });
      const dd = Object.assign(this.doc.createElement("dd"), { textContent: presetSummary(preset.name) });
      list.append(dt, dd);
    }
    const how = Object.assign(this.doc.createElement("p"), { className: "note", textContent: t("rules-choose-in-options") });
    return [h, list, how];
  }

  /** The keys, for a player with a keyboard: a section of its own, closed until asked for. */
  keysHelp() {
    const section = this.doc.createElement("details");
    section.className = "rules-keys";
    section.dataset.testid = "rules-keys-section";
    const summary = this.doc.createElement("summary");
    summary.textContent = t("rules-keys");
    const list = this.doc.createElement("ul");
    list.dataset.testid = "rules-keys";
    for (const text of KEY_HELP) {
      const li = this.doc.createElement("li");
      li.textContent = text;
      list.append(li);
    }
    section.append(summary, list);
    return section;
  }
}
