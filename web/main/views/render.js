// The one render path: draw(board, motion) brings the table in line with the
// engine's board, Game.view() (tripeaks/game.py), then plays the motion that
// led there (web/main/views/motion.js: a card flying to the waste, revealed cards turning
// over, score labels). Only attributes and textContent are written; nothing from a save,
// a link or the engine is ever parsed as HTML. No rule is decided here: what
// may be played is the board's "fits", what is face up is its "face_up".
//
// The peaks are a role="grid" of 4 rows by 10 columns (each slot's "row" and
// "column" come from the view), with empty cells where no card lies or where
// one was played. One cell at a time is in the tab order (a roving tabindex):
// input.js moves focus from cell to cell, and this module follows it.

import { clearFace, drawFace, isCode } from "./cards.js";
import { watchFaces } from "./faces.js";
import { animateMove } from "./motion.js";
import { DRAW } from "../model/vocabulary.js";
import { boardWords, cardLabel, dealWords, emptyCell, figures, formatTime, moveWords, playable, refusalWords, stuck, waste as wasteWords, wasteLabel, words } from "../model/words.js";
import { cardName, formatNumber, language, onLanguage, t } from "../model/i18n.js";

const SPEEDS = { slow: 1.6, normal: 1, fast: 0.55, off: 0 };

function setAttr(element, name, value) {
  if (value === null || value === undefined || value === false) {
    if (element.hasAttribute(name)) element.removeAttribute(name);
  } else if (element.getAttribute(name) !== String(value)) {
    element.setAttribute(name, value === true ? "" : String(value));
  }
}


/** A status figure: a label over a value, read as "Moves 6". */
function cell(el, label, value) {
  const text = `${label} ${value}`;
  if (el.textContent === text) return;
  const k = el.ownerDocument.createElement("span");
  k.className = "k";
  k.textContent = label;
  const v = el.ownerDocument.createElement("span");
  v.className = "v";
  v.textContent = String(value);
  el.replaceChildren(k, " ", v);
}

export class Renderer {
  constructor(root = document) {
    this.root = root;
    this.doc = root.ownerDocument || root;
    this.ratingLabel = null;
    onLanguage(() => this.setRating(this.ratingLabel));
    this.html = this.doc.documentElement;
    const $ = (id) => root.querySelector(`[data-testid=${id}]`);
    this.peaks = $("peaks");
    this.stock = $("stock");
    this.waste = $("waste");
    this.pile = this.waste.parentElement;
    this.fields = {
      score: $("score"), streak: $("streak"), moves: $("moves"), left: $("cards-left"),
      deal: $("deal"), clock: $("clock"), preset: $("preset"), rating: $("rating"),
    };
    this.live = $("announce");
    this.buttons = {};
    for (const b of root.querySelectorAll(".actions [data-action]")) this.buttons[b.dataset.action] = b;
    this.slots = [];
    for (let slot = 0; slot < DRAW; slot++) { // the peak cards' slots: 0 to DRAW - 1
      const card = this.doc.createElement("button");
      card.type = "button";
      card.className = "card";
      card.dataset.slot = String(slot);
      // Named and shown face down from the first paint, while the engine boots.
      card.classList.add("back");
      card.disabled = true;
      card.setAttribute("aria-label", t("table-face-down"));
      watchFaces(card);
      this.slots.push(card);
    }
    this.peaks.replaceChildren(...this.slots);
    watchFaces(this.waste);
    this.grid = null; // [row][column] -> cell, once the engine's view says where each slot lies
    this.cursor = null; // the cell in the tab order
    this.peaks.addEventListener("focusin", (event) => {
      const cell = event.target.closest && event.target.closest("[role=gridcell]");
      if (cell) {
        this.cursor = cell;
        this.rove();
      }
    });
    this.verbosity = "full";
    this.board = null;
    this.interactive = false;
    this.early = false;
    this.watching = false;
    this.speed = 1;
    this.reduced = globalThis.matchMedia ? globalThis.matchMedia("(prefers-reduced-motion: reduce)") : null;
  }

  /** Table options: deck colours, animation speed (the table's look: parts/options-keeper.js). */
  applyOptions({ fourColour = false, speed = "normal", verbosity = "full", shortcuts = "on", highlight = false, cardSize = "normal" } = {}) {
    this.html.dataset.deck = fourColour ? "four" : "two";
    // Read by input.js (which keys act) and styles.css (playable cards marked, card size).
    this.html.dataset.shortcuts = ["on", "table", "off"].includes(shortcuts) ? shortcuts : "on";
    this.html.dataset.highlight = highlight ? "on" : "off";
    this.html.dataset.cards = ["normal", "large", "larger"].includes(cardSize) ? cardSize : "normal";
    const full = verbosity !== "short";
    if ((this.verbosity === "full") !== full) {
      this.verbosity = full ? "full" : "short";
      if (this.board) this.draw(this.board);
    }
    this.speed = SPEEDS[speed] ?? 1;
    this.html.dataset.motion = this.factor() ? "on" : "off";
  }

  /** Animation time multiplier: 0 with prefers-reduced-motion or motion off. */
  factor() {
    return this.reduced && this.reduced.matches ? 0 : this.speed;
  }

  /** Whether taps reach the engine (false while Python boots or the AI plays). */
  setInteractive(on) {
    this.interactive = on;
    if (this.board) this.draw(this.board);
  }

  /** Before the engine is ready, the cards of a board drawn from a save or the
   * build's first deal take taps all the same (the app keeps them for later). */
  setEarly(on) {
    this.early = on;
    if (this.board) this.draw(this.board);
  }

  /** The moves kept until the engine is ready: their cards (or the stock, or
   * Undo/Redo) dim and pulse until played. */
  setWaiting(moves) {
    this.waitingSign = this.waitingSign || new Map();
    const targets = new Set(moves.map((m) => (m === DRAW ? this.stock : Number.isInteger(m) ? this.slots[m] : this.buttons[m])).filter(Boolean));
    for (const [el, run] of this.waitingSign) {
      if (targets.has(el)) continue;
      run.cancel();
      setAttr(el, "data-waiting", false);
      this.waitingSign.delete(el);
    }
    for (const el of targets) {
      if (this.waitingSign.has(el)) continue;
      setAttr(el, "data-waiting", true);
      const frames = this.factor() ? [{ opacity: 1 }, { opacity: 0.45 }] : [{ opacity: 0.6 }, { opacity: 0.6 }];
      this.waitingSign.set(el, el.animate(frames, { duration: 600, iterations: Infinity, direction: "alternate", easing: "ease-in-out" }));
    }
  }

  setWatching(on) {
    this.watching = on;
    this.html.classList.toggle("watching", on);
    if (this.board) this.draw(this.board);
  }

  setPreset(title) {
    this.fields.preset.textContent = title || ""; // the "·" before it is the style's
  }

  /** Where a move's card is now (to fly it from there after the draw). */
  rectOf(move) {
    const el = move === DRAW ? this.stock : this.slots[move];
    return el ? el.getBoundingClientRect() : null;
  }

  /** The motion of a move, measured before the board changes: reading a
   * rectangle after draw() would force a layout of the whole table inside the
   * tap (several ms on a phone). */
  motionOf(move) {
    return {
      move,
      from: Number.isInteger(move) ? this.rectOf(move) : null,
      wasteRect: this.waste.getBoundingClientRect(),
    };
  }

  draw(board, motion = null) {
    this.board = board;
    const live = (this.interactive || this.early) && !this.watching;
    // A keyboard player's focus on a card that is about to leave: where it was,
    // so focus can stay on the table (see keepFocus).
    const focused = this.doc.activeElement;
    // (the stock too, keyboard or not: its last card leaves it disabled, and focus would fall to the page)
    const leaving = (this.slots.includes(focused) && focused.matches(":focus-visible")) || focused === this.stock
      ? focused.getBoundingClientRect() : null;
    if (!this.grid) this.buildGrid(board);
    const full = this.verbosity !== "short";
    const previous = this.slots.map((el) => el.dataset.card || null);
    board.slots.forEach((slot, index) => {
      const el = this.slots[index];
      const code = slot.face_up && isCode(slot.card) ? slot.card : null;
      const name = code ? cardName(code) : null;
      // A face is redrawn when its card changes, or its language (the letter on it).
      if ((el.dataset.card || null) !== code || (code && el.dataset.lang !== this.lang())) {
        setAttr(el, "data-lang", code ? this.lang() : null);
        if (code) drawFace(el, code, name);
        else clearFace(el);
      }
      const gone = Boolean(slot.removed);
      if (gone && !el.classList.contains("gone")) {
        // A removed card keeps catching taps for a moment, so the second tap
        // of a double tap never lands on the card it uncovered.
        el.classList.add("leaving");
        setTimeout(() => el.classList.remove("leaving"), 450);
      }
      setAttr(el, "data-card", code);
      setAttr(el, "data-removed", gone);
      setAttr(el, "data-playable", !gone && slot.fits && live);
      el.classList.toggle("back", !gone && !code);
      el.classList.toggle("gone", gone);
      el.classList.toggle("blocked", Boolean(code) && !slot.free);
      el.disabled = gone || !(this.interactive || this.early);
      if (!this.grid) el.tabIndex = !gone && slot.fits && live ? 0 : -1; // else rove() decides
      setAttr(el, "aria-hidden", gone ? "true" : null);
      // Said as well as shown: where it lies, whether it can be played now (the
      // board's "fits"), what covers it or what playing it turns over.
      // A face-up card is named by a text of its own (not aria-label), so the
      // name never leaves out what the card shows.
      const label = gone ? null : cardLabel(board, slot, { full, live });
      setAttr(el, "aria-label", code ? null : label);
      let more = el.querySelector(":scope > .more");
      if (code && label) {
        if (!more) {
          more = this.doc.createElement("span");
          more.className = "sr-only more";
          el.append(more);
        }
        if (more.textContent !== label) more.textContent = label;
        for (const said of el.querySelectorAll(":scope > .sr-only:not(.more)")) setAttr(said, "aria-hidden", "true"); // drawFace's name: in the label already
      } else if (more) more.remove();
      const cell = el.parentElement;
      if (cell && cell.getAttribute("role") === "gridcell") {
        setAttr(cell, "aria-label", gone ? emptyCell(slot.row, slot.column, true) : null);
      }
    });
    if (this.grid) this.rove();

    const stock = Number(board.stock.count) || 0;
    setAttr(this.stock, "data-count", stock);
    this.stock.disabled = !live || stock === 0 || board.over;
    this.stock.setAttribute("aria-label", words.stock(stock));
    this.stock.classList.toggle("empty", stock === 0);
    const waste = isCode(board.waste.card) ? board.waste.card : null;
    if ((this.waste.dataset.card || null) !== waste || (waste && this.waste.dataset.lang !== this.lang())) {
      setAttr(this.waste, "data-lang", waste ? this.lang() : null);
      if (waste) drawFace(this.waste, waste);
      else clearFace(this.waste);
    }
    setAttr(this.waste, "data-card", waste);
    this.waste.classList.toggle("empty", !waste);
    this.waste.setAttribute("aria-label", wasteLabel(board));

    this.drawStatus(board);
    const b = this.buttons;
    const set = (name, off) => { if (b[name]) b[name].disabled = off; };
    set("new", !this.interactive);
    set("restart", !this.interactive || board.moves === 0);
    set("undo", !live || !board.can_undo);
    set("redo", !live || !board.can_redo);
    set("hint", !live || !this.interactive || board.over);
    set("watch", !this.interactive);
    this.html.classList.toggle("over", Boolean(board.over));
    this.showHint(null);
    if (leaving && (focused.disabled || focused.hasAttribute("data-removed"))) this.keepFocus(leaving);
    if (motion) animateMove(this, board, motion, previous);
  }

  /** Give the keyboard a place on the table when the control it was on went
   * away (a closed panel's opener, the AI's bar): the stock, where Space still
   * draws as it does with nothing focused, else the first playable card, else
   * the table. */
  focusTable() {
    const target = !this.stock.disabled ? this.stock
      : this.slots.find((el) => el.hasAttribute("data-playable") && !el.disabled)
        || (this.grid && this.cursor && !this.html.classList.contains("over") ? this.cellTarget(this.cursor) : null);
    (target || this.peaks.closest("main")).focus({ preventScroll: true }); // the table itself when nothing is playable
  }

  /** Whether the keyboard has nowhere useful: on the page, or on a control now hidden
   * (a closed panel's button, a card under the pause cover). */
  focusLost() {
    const active = this.doc.activeElement;
    return !active || active === this.doc.body
      || (typeof active.checkVisibility === "function" && !active.checkVisibility({ visibilityProperty: true }));
  }

  // -- the grid ------------------------------------------------------------------------

  /** Build the 4x10 grid once the view says where each slot lies (an older
   * save's board does not: the cards stay a plain group until the engine's). */
  buildGrid(board) {
    const slots = board.slots || [];
    if (slots.length !== this.slots.length || !slots.every((s) => Number.isInteger(s.row) && Number.isInteger(s.column))) return;
    const rows = 1 + Math.max(...slots.map((s) => s.row));
    const columns = 1 + Math.max(...slots.map((s) => s.column));
    this.grid = [];
    const rowEls = [];
    for (let r = 0; r < rows; r++) {
      const row = this.doc.createElement("div");
      row.setAttribute("role", "row");
      row.className = "peak-row";
      const cells = [];
      for (let c = 0; c < columns; c++) {
        const cell = this.doc.createElement("div");
        cell.setAttribute("role", "gridcell");
        cell.className = "cell";
        cell.style.setProperty("--x", String(c)); // where an empty cell's focus ring is drawn
        cell.style.setProperty("--row", String(r));
        setAttr(cell, "aria-label", emptyCell(r, c, false));
        cells.push(cell);
      }
      row.append(...cells);
      rowEls.push(row);
      this.grid.push(cells);
    }
    slots.forEach((slot, i) => {
      const cell = this.grid[slot.row][slot.column];
      cell.classList.add("holds");
      cell.removeAttribute("aria-label");
      cell.append(this.slots[i]);
    });
    this.peaks.setAttribute("role", "grid");
    this.peaks.replaceChildren(...rowEls);
  }

  /** What takes focus in a cell: its card, or the cell itself when it is empty. */
  cellTarget(cell) {
    const card = cell.querySelector("[data-slot]");
    return card && !card.hasAttribute("data-removed") ? card : cell;
  }

  /** The roving tabindex: one cell of the grid in the tab order. It stays where
   * the keyboard is; once the keyboard has left the grid, a cell whose card
   * cannot be played gives its place to the first playable card. */
  rove() {
    if (!this.grid) return;
    const cells = this.grid.flat();
    const active = this.doc.activeElement;
    const focusedHere = active && this.peaks.contains(active);
    let cursor = this.cursor;
    const playable = (cell) => cell && this.cellTarget(cell).hasAttribute("data-playable");
    if (!cursor || (!focusedHere && !playable(cursor))) {
      // Tab into the peaks lands on a playable card (the first, row by row) if there is one.
      const first = this.slots.find((el) => el.hasAttribute("data-playable"));
      cursor = first ? first.parentElement : cursor || cells.find((c) => this.cellTarget(c) !== c) || cells[0];
    }
    this.cursor = cursor;
    for (const cell of cells) {
      const target = this.cellTarget(cell);
      const stop = cell === cursor ? 0 : -1;
      if (target === cell) {
        cell.tabIndex = stop;
        const gone = cell.querySelector("[data-slot]");
        if (gone) gone.tabIndex = -1;
      } else {
        cell.removeAttribute("tabindex");
        target.tabIndex = stop;
      }
    }
  }

  // -- what a screen reader is told ---------------------------------------------------------

  get full() { return this.verbosity !== "short"; }

  /** The language the faces are drawn in (a change redraws them: rankLetter). */
  lang() { return language(); }

  /** Say what a move did (after each move: the player's, the AI's, a line's or a replay's). */
  announceMove(move, board, before = null, { who = null } = {}) {
    const text = moveWords(move, board, before, { full: this.full, who });
    // The last move is said with the end (the player's) or before the AI's end notice.
    if (board.over && !who) this.announce(`${text} ${board.won ? words.won(board.score) : stuck()}`);
    else this.announce(text);
  }

  announceDeal(board) {
    this.announce(dealWords(board, this.full));
  }

  /** Beyond the engine's reason (said by the notice): what blocks the card. */
  refusal(move, reason, { spoken = false } = {}) {
    const more = refusalWords(this.board, move, { full: this.full });
    const text = spoken ? more : [reason, more].filter(Boolean).join(" ");
    if (text) this.announce(text);
  }

  /** Answer a question key: "waste", "figures", "playable", "board". */
  tell(what) {
    const board = this.board;
    if (!board) return;
    const time = this.fields.clock.textContent;
    const text = what === "waste" ? wasteWords(board)
      : what === "figures" ? figures(board, time)
        : what === "playable" ? playable(board, this.full)
          : what === "board" ? boardWords(board, this.full) : "";
    this.announce(text);
  }

  /** After the focused card is played (or the stock's last card drawn), focus
   * the playable card nearest to where it was, so the next key stays on the
   * table instead of falling to the page, where Space would draw. */
  keepFocus(from) {
    // A playable card first (the keyboard stays on the peaks), else the stock,
    // else the grid's cell: nothing to play, but still on the table.
    const stops = this.slots.filter((el) => el.hasAttribute("data-playable") && !el.disabled);
    if (!stops.length && !this.stock.disabled) stops.push(this.stock);
    if (!stops.length && this.cursor && this.grid) stops.push(this.cellTarget(this.cursor));
    const centre = (r) => [r.left + r.width / 2, r.top + r.height / 2];
    const [x, y] = centre(from);
    let best = null;
    let bestDistance = Infinity;
    for (const el of stops) {
      const [ex, ey] = centre(el.getBoundingClientRect());
      const distance = Math.hypot(ex - x, ey - y);
      if (distance < bestDistance) [best, bestDistance] = [el, distance];
    }
    if (best) best.focus({ preventScroll: true });
  }

  /** The status line: only what this game's rules score (the engine's
   * "scores"), each figure a small label over its value. */
  drawStatus(board) {
    const f = this.fields;
    const counts = board.scores || { points: board.score !== null && board.score !== undefined, streaks: false };
    const scored = Boolean(counts.points) && board.score !== null && board.score !== undefined;
    f.score.hidden = !scored;
    if (scored) cell(f.score, t("table-figure-score"), board.score);
    else f.score.replaceChildren();
    f.streak.hidden = !counts.streaks;
    if (counts.streaks) cell(f.streak, t("table-figure-streak"), t("table-figure-streak-value", { streak: board.streak || 0 }));
    else f.streak.replaceChildren();
    cell(f.moves, t("table-figure-moves"), formatNumber(board.moves));
    cell(f.left, t("table-figure-left"), formatNumber(board.cards_left));
    if (board.deal_code) {
      // "Deal " is only read out on the narrowest phones, where the code, its class
      // and the title share one line.
      const word = this.doc.createElement("span");
      word.className = "deal-word";
      word.textContent = t("table-deal-word");
      f.deal.replaceChildren(word, board.deal_code);
    } else {
      f.deal.textContent = t("table-custom-deal");
    }
    // A finished game has nothing to pause: the clock is shown, not offered.
    const over = Boolean(board.over);
    f.clock.disabled = over;
    f.clock.classList.toggle("stopped", over);
  }

  /** The deal's class beside its code: the engine's class ("Easy", "Not winnable"), worded. */
  setRating(label) {
    const badge = this.fields.rating;
    if (!badge) return;
    this.ratingLabel = label; // worded again when the language changes (constructor)
    const level = label ? String(label).toLowerCase().replace(/\s+/g, "-") : "";
    const shown = level ? t(`deal-class-${level}`) : "";
    badge.hidden = !level;
    badge.textContent = shown;
    badge.dataset.level = level;
    if (level) badge.setAttribute("aria-label", t("table-difficulty", { level: shown }));
    else badge.removeAttribute("aria-label");
  }

  setClock(ms, paused) {
    const text = formatTime(ms);
    const clock = this.fields.clock;
    if (clock.textContent !== text) clock.textContent = text;
    // Its name does not change every second while a screen reader is on it.
    if (this.doc.activeElement === clock && clock.getAttribute("aria-label") && this.clockPaused === paused) return;
    this.clockPaused = paused;
    clock.setAttribute("aria-label", t(clock.disabled ? "time-clock" : paused ? "time-clock-resume" : "time-clock-pause", { time: text }));
  }

  setPaused(on) {
    this.html.classList.toggle("paused", on);
  }

  /** A card (or the stock) that cannot be played shakes. */
  shake(move) {
    const el = move === DRAW ? this.stock : this.slots[move];
    if (!el) return;
    el.classList.remove("shake");
    void el.offsetWidth; // restart the animation
    el.classList.add("shake");
    setTimeout(() => el.classList.remove("shake"), 500);
  }

  showHint(move) {
    for (const el of this.slots) setAttr(el, "data-hint", false);
    setAttr(this.stock, "data-hint", false);
    if (move === null || move === undefined) return;
    const target = move === DRAW ? this.stock : this.slots[move];
    if (target) {
      setAttr(target, "data-hint", true);
      if (target !== this.stock && this.grid) this.cursor = target.parentElement;
      target.focus({ preventScroll: true });
    }
  }

  /** Say something to a screen reader (the live region), once. */
  announce(text) {
    if (!text) return;
    this.live.textContent = "";
    // A change of text is what a screen reader reads; set it on the next frame.
    // (The same words twice in a row are still read: the region was emptied.)
    // Of two said in one frame, only the later is read (the end of a game, then its last move with it).
    cancelAnimationFrame(this.saying);
    this.saying = requestAnimationFrame(() => { this.live.textContent = text; });
  }
}
