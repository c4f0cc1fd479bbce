// Input only emits: "play" {slot}, "draw", and each toolbar or dialog action by
// its data-action name ("undo", "hint", "new", "restart", "pause", ...), and the
// panels' fields as they change ("option-change", "stats-preset", "stats-file",
// "watch-speed", "day-focus", "deal-code-enter"). It never touches the game;
// web/main/parts/commands.js sends each one to the part of the app that answers it.
//
// Tap or click a card or the stock; drag a card onto the waste; keys (the
// Rules panel lists them, from KEY_HELP):
// Enter or Space plays the focused card, or draws on the stock (they are
// buttons); with no card focused Space draws. D draws, U or Ctrl+Z undoes,
// Ctrl+Y / Ctrl+Shift+Z redoes, H hint, N new game, R restart, P pause.
// Questions ("ask"): W the waste, S the score and what is left, L the playable
// cards, B the whole board. On the peaks (a grid) the arrow keys move by row
// and column, Home and End to a row's ends, Ctrl+Home and Ctrl+End to the
// grid's; elsewhere the arrows move between the playable cards and the stock.
// The one-letter keys can be limited to the table or turned off (the
// document's data-shortcuts, set from Options by render.js).

import { onLanguage, t } from "../model/i18n.js";

const KEYS = { d: "draw", " ": "draw", u: "undo", h: "hint", n: "new", r: "restart", p: "pause" };
const ASK = { w: "waste", s: "figures", l: "playable", b: "board" };

/** Every key, as the Rules panel says it: a live binding, worded again on a change of
 * language (table-keys-*; the keys themselves stay the same in every language). */
const KEY_HELP_KEYS = ["table-keys-grid", "table-keys-tab", "table-keys-moves", "table-keys-game", "table-keys-questions", "table-keys-watching", "table-keys-options"];
export let KEY_HELP = []; // filled from the catalog as soon as one is in use (main.js loads it first)
onLanguage(() => { KEY_HELP = KEY_HELP_KEYS.map((key) => t(key)); });
/** Whether a select's list of choices is open (where the browser can say). */
function isOpen(select) {
  try { return select.matches(":open"); } catch { return false; }
}

const DRAG_START = 8; // px a pointer moves before a press becomes a drag
const TARGET = 44; // px: the least touch target of a playable card (Apple's and Google's minimum)

export class Input extends EventTarget {
  constructor(root = document) {
    super();
    this.root = root;
    this.drag = null;
    this.suppressClick = false;
    root.addEventListener("click", (event) => this.click(event));
    root.addEventListener("keydown", (event) => this.key(event));
    root.addEventListener("pointerdown", (event) => this.pointerDown(event));
    root.addEventListener("pointermove", (event) => this.pointerMove(event));
    root.addEventListener("pointerup", (event) => this.pointerUp(event));
    root.addEventListener("pointercancel", () => this.cancelDrag());
    // While a finger drags a card the page must not scroll, zoom or go Back:
    // the cards say so in CSS (touch-action: none); this covers browsers that
    // ignore it. Not passive, so preventDefault takes effect.
    root.addEventListener("touchmove", (event) => { if (this.drag) event.preventDefault(); }, { passive: false });
    root.addEventListener("change", (event) => this.fieldChanged(event.target));
    root.addEventListener("submit", (event) => {
      if (event.target.closest("[data-testid=options-form]")) event.preventDefault(); // its fields act as they change
    });
    root.addEventListener("focusin", (event) => {
      const day = event.target.closest && event.target.closest("[data-testid=days] [data-date]");
      if (day) this.emit("day-focus", { date: day.dataset.date }); // Deals: the class of the day focused
    });
  }

  /** A panel's field changed: an option, the statistics' rules, a backup file, the watch speed. */
  fieldChanged(field) {
    if (!field || !field.closest) return;
    if (field.closest("[data-testid=options-form]")) this.emit("option-change", { field });
    else if (field.matches("[data-testid=stats-preset]")) this.emit("stats-preset", { value: field.value });
    else if (field.matches("[data-testid=watch-speed]")) this.emit("watch-speed", { value: field.value });
    else if (field.matches("[data-testid=stats-import]")) {
      const file = field.files && field.files[0];
      field.value = ""; // the same file chosen again is a change again
      this.emit("stats-file", { file });
    }
  }

  emit(type, detail = {}) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }

  click(event) {
    if (this.suppressClick) {
      this.suppressClick = false;
      event.preventDefault();
      return;
    }
    const target = event.target.closest("[data-slot], [data-testid=stock], [data-action]");
    const near = event.detail ? this.forgiven(event, target) : null;
    if (near) {
      this.emit("play", { slot: Number(near.dataset.slot), via: "pointer" });
      return;
    }
    if (!target || target.disabled) return;
    if (target.dataset.slot !== undefined) this.emit("play", { slot: Number(target.dataset.slot), via: event.detail ? "pointer" : "key" });
    else if (target.dataset.testid === "stock") this.emit("draw");
    else this.emit(target.dataset.action, { source: target });
  }

  /** A tap on the table that missed the playable cards (the felt beside one,
   * or a card that cannot be played) goes to the playable card whose
   * 44x44 px target holds it, the nearest by centre when two do. */
  forgiven(event, target) {
    if (target && (target.dataset.slot === undefined || target.hasAttribute("data-playable"))) return null;
    if (target && target.hasAttribute("data-removed")) return null; // a double tap's second tap: dropped
    if (!event.target.closest || event.target.closest("header, nav, dialog, .watch, .notices")) return null;
    let best = null;
    let bestDistance = Infinity;
    for (const card of this.root.querySelectorAll("[data-slot][data-playable]")) {
      if (card.disabled) continue;
      const r = card.getBoundingClientRect();
      const dx = Math.abs(event.clientX - (r.left + r.width / 2));
      const dy = Math.abs(event.clientY - (r.top + r.height / 2));
      if (dx > Math.max(r.width, TARGET) / 2 || dy > Math.max(r.height, TARGET) / 2) continue;
      const distance = Math.hypot(dx, dy);
      if (distance < bestDistance) [best, bestDistance] = [card, distance];
    }
    return best;
  }

  key(event) {
    const target = event.target;
    if (event.key === "Enter" && target && target.matches && target.matches("[data-testid=deal-code]")) {
      event.preventDefault(); // Enter in the Deals panel's number field plays it
      this.emit("deal-code-enter");
      return;
    }
    if (event.altKey || event.metaKey || event.defaultPrevented) return;
    if (event.key === "Escape" && !(target && target.closest && target.closest("dialog"))) {
      // While the AI (or a replay) plays, Escape stops watching, wherever focus is on the page
      // (but first it only closes a drop-down's open list).
      const select = target && target.closest ? target.closest("select") : null;
      if (select && isOpen(select)) return;
      const bar = this.root.querySelector("[data-testid=watch]");
      if (bar && !bar.hidden) {
        this.emit("ai-stop");
        event.preventDefault();
      }
      return;
    }
    if (target && target.closest && target.closest("dialog, input, textarea, select, label")) return;
    const tag = target && target.tagName;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    const grid = target && target.closest ? target.closest("[role=grid]") : null;
    if (grid && ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"].includes(key) && !event.shiftKey) {
      if (!this.moveInGrid(grid, target, key, event.ctrlKey)) return;
      event.preventDefault();
      return;
    }
    if ((key === "Enter" || key === " ") && target && target.getAttribute && target.getAttribute("role") === "gridcell") {
      this.emit("ask", { what: "playable" }); // an empty cell: nothing here, so say what can be played
      event.preventDefault();
      return;
    }
    if (key === "ArrowUp" && target && target.dataset && target.dataset.testid === "stock" && this.toGrid()) {
      event.preventDefault();
      return;
    }
    const single = !event.ctrlKey && key.length === 1;
    if (single && !this.shortcutsOn(target)) return;
    if (event.ctrlKey) {
      if (key === "z") this.emit(event.shiftKey ? "redo" : "undo");
      else if (key === "y") this.emit("redo");
      else return;
    } else if (key === " " && tag === "BUTTON") {
      return; // Space on a focused button clicks it
    } else if (key.startsWith && key.startsWith("Arrow")) {
      if (!this.moveFocus(target, key)) return;
    } else if (KEYS[key]) {
      this.emit(KEYS[key]);
    } else if (ASK[key] && !event.shiftKey) {
      this.emit("ask", { what: ASK[key] });
    } else {
      return;
    }
    event.preventDefault();
  }

  /** Whether one-letter keys act here: always, only on the table, or never (Options). */
  shortcutsOn(target) {
    const doc = target && target.ownerDocument ? target.ownerDocument : document;
    const mode = doc.documentElement.dataset.shortcuts || "on";
    if (mode === "off") return false;
    if (mode === "table") return Boolean(target && target.closest && target.closest("main"));
    return true;
  }

  /** Move focus on the peaks' grid by row and column; returns whether it moved
   * (or the key was used up at an edge, so the page does not scroll). */
  moveInGrid(grid, from, key, ctrl) {
    const rows = [...grid.querySelectorAll("[role=row]")];
    const cell = from.closest("[role=gridcell]");
    if (!cell) return false;
    let r = rows.indexOf(cell.parentElement);
    let c = [...cell.parentElement.children].indexOf(cell);
    const last = rows[r].children.length - 1;
    if (key === "ArrowLeft") c = Math.max(0, c - 1);
    else if (key === "ArrowRight") c = Math.min(last, c + 1);
    else if (key === "ArrowUp") r = Math.max(0, r - 1);
    else if (key === "ArrowDown") {
      if (r === rows.length - 1) { // below the bottom row: the stock
        const stock = this.root.querySelector("[data-testid=stock]");
        if (stock && !stock.disabled) stock.focus();
        return true;
      }
      r += 1;
    } else if (key === "Home") [r, c] = ctrl ? [0, 0] : [r, 0];
    else if (key === "End") [r, c] = ctrl ? [rows.length - 1, rows[rows.length - 1].children.length - 1] : [r, last];
    const next = rows[r].children[Math.min(c, rows[r].children.length - 1)];
    const card = next.querySelector("[data-slot]:not([data-removed])");
    const target = card && !card.disabled ? card : next;
    target.focus();
    return true;
  }

  /** From the stock up to the grid: its cell in the tab order. */
  toGrid() {
    const grid = this.root.querySelector("[role=grid]");
    const stop = grid && grid.querySelector("[tabindex='0']:not(:disabled)");
    if (!stop) return false;
    stop.focus();
    return true;
  }

  /** Arrow keys walk the playable cards and the stock: left and right in a
   * ring ordered left to right, up and down to the nearest one above or below. */
  moveFocus(from, key) {
    const stops = [...this.root.querySelectorAll("[data-slot][data-playable], [data-testid=stock]:not(:disabled)")];
    if (!stops.length) return false;
    const centre = new Map(stops.map((el) => {
      const r = el.getBoundingClientRect();
      return [el, { x: r.left + r.width / 2, y: r.top + r.height / 2 }];
    }));
    stops.sort((a, b) => centre.get(a).x - centre.get(b).x || centre.get(a).y - centre.get(b).y);
    const index = stops.indexOf(from);
    let next;
    if (index < 0) {
      next = stops[key === "ArrowLeft" || key === "ArrowUp" ? stops.length - 1 : 0];
    } else if (key === "ArrowLeft" || key === "ArrowRight") {
      next = stops[(index + (key === "ArrowRight" ? 1 : -1) + stops.length) % stops.length];
    } else {
      const here = centre.get(from);
      const sign = key === "ArrowDown" ? 1 : -1;
      let best = Infinity;
      for (const el of stops) {
        const c = centre.get(el);
        const dy = (c.y - here.y) * sign;
        if (dy < 8) continue; // not in that direction
        const cost = dy + 2 * Math.abs(c.x - here.x);
        if (cost < best) [next, best] = [el, cost];
      }
      if (!next) return false;
    }
    next.focus();
    return true;
  }

  // -- dragging a card onto the waste ------------------------------------------

  pointerDown(event) {
    if (event.button !== 0) return;
    const card = event.target.closest("[data-slot][data-card]");
    if (!card || card.disabled) return;
    this.drag = { card, x: event.clientX, y: event.clientY, id: event.pointerId, moving: false };
    // Keep the pointer from the first moment: a finger that slides off the
    // card (toward the screen's edge) still belongs to this drag.
    try { card.setPointerCapture(event.pointerId); } catch { /* the pointer is gone */ }
  }

  pointerMove(event) {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.id) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moving) {
      if (Math.hypot(dx, dy) < DRAG_START) return;
      drag.moving = true;
      drag.card.classList.add("dragging");
    }
    drag.card.style.transform = `translate(${dx}px, ${dy}px)`;
    const waste = this.root.querySelector("[data-testid=waste]");
    waste.classList.toggle("drop", this.overWaste(event, waste));
  }

  overWaste(event, waste) {
    const r = waste.getBoundingClientRect();
    const pad = r.width * 0.35;
    return event.clientX > r.left - pad && event.clientX < r.right + pad
      && event.clientY > r.top - pad && event.clientY < r.bottom + pad;
  }

  pointerUp(event) {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.id) return;
    this.drag = null;
    if (!drag.moving) return; // a tap: the click that follows plays it
    const waste = this.root.querySelector("[data-testid=waste]");
    const dropped = this.overWaste(event, waste);
    waste.classList.remove("drop");
    drag.card.classList.remove("dragging");
    drag.card.style.transform = "";
    this.suppressClick = true;
    setTimeout(() => { this.suppressClick = false; }, 0);
    if (dropped) this.emit("play", { slot: Number(drag.card.dataset.slot), via: "drag" });
  }

  cancelDrag() {
    if (!this.drag) return;
    this.drag.card.classList.remove("dragging");
    this.drag.card.style.transform = "";
    this.drag = null;
  }
}
