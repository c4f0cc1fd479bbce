// The one render path: draw(board) brings the DOM in line with the engine's
// board, Game.view() (tripeaks/game.py). Only attributes and textContent are
// written; nothing from a save, a link or the engine is ever parsed as HTML.

const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const RANKS = { T: "10" };
const RED = new Set(["D", "H"]);

function span(doc, className, text, hidden) {
  const el = doc.createElement("span");
  el.className = className;
  el.textContent = text;
  if (hidden) el.setAttribute("aria-hidden", "true");
  return el;
}

/** A card's face: the glyphs for the eye, its name for a screen reader. */
function face(element, code, name) {
  const rank = RANKS[code[0]] || code[0];
  const suit = SUITS[code[1]] || "?";
  const doc = element.ownerDocument;
  element.replaceChildren(
    span(doc, "corner", rank + suit, true),
    span(doc, "pip", suit, true),
    span(doc, "sr-only", name || code, false),
  );
  element.classList.toggle("red", RED.has(code[1]));
}

function setAttr(element, name, value) {
  if (value === null || value === undefined || value === false) {
    if (element.hasAttribute(name)) element.removeAttribute(name);
  } else if (element.getAttribute(name) !== String(value)) {
    element.setAttribute(name, value === true ? "" : String(value));
  }
}

export class Renderer {
  constructor(root = document) {
    this.root = root;
    this.doc = root.ownerDocument || root;
    this.peaks = root.querySelector("[data-testid=peaks]");
    this.stock = root.querySelector("[data-testid=stock]");
    this.waste = root.querySelector("[data-testid=waste]");
    this.score = root.querySelector("[data-testid=score]");
    this.left = root.querySelector("[data-testid=cards-left]");
    this.deal = root.querySelector("[data-testid=deal]");
    this.buttons = Object.fromEntries(
      [...root.querySelectorAll(".actions [data-action]")].map((b) => [b.dataset.action, b]),
    );
    this.slots = [];
    for (let slot = 0; slot < 28; slot++) {
      const card = this.doc.createElement("button");
      card.type = "button";
      card.className = "card";
      card.dataset.slot = String(slot);
      this.slots.push(card);
    }
    this.peaks.replaceChildren(...this.slots);
    this.board = null;
    this.interactive = false;
  }

  /** Whether taps reach the engine (false while Python boots). */
  setInteractive(on) {
    this.interactive = on;
    if (this.buttons.new) this.buttons.new.disabled = !on;
    if (this.board) this.draw(this.board);
  }

  draw(board) {
    this.board = board;
    const live = this.interactive;
    board.slots.forEach((slot, index) => {
      const el = this.slots[index];
      const code = slot.face_up ? slot.card : null;
      if (el.dataset.card !== (code || undefined)) {
        if (code) face(el, code, slot.name);
        else el.replaceChildren();
      }
      setAttr(el, "data-card", code);
      setAttr(el, "data-removed", slot.removed);
      setAttr(el, "data-playable", slot.fits);
      el.classList.toggle("back", !slot.removed && !code);
      el.classList.toggle("gone", slot.removed);
      el.classList.toggle("red", Boolean(code && RED.has(code[1])));
      el.disabled = !live || !code || slot.removed;
      setAttr(el, "aria-hidden", slot.removed ? "true" : null);
      setAttr(el, "aria-label", slot.removed || code ? null : "Face-down card");
    });
    const stock = board.stock.count;
    setAttr(this.stock, "data-count", stock);
    this.stock.disabled = !live || stock === 0 || board.over;
    this.stock.setAttribute("aria-label", `Stock: ${stock} card${stock === 1 ? "" : "s"}; draw`);
    this.stock.classList.toggle("empty", stock === 0);
    const waste = board.waste.card;
    if (this.waste.dataset.card !== (waste || undefined)) {
      if (waste) face(this.waste, waste, board.waste.name);
      else this.waste.replaceChildren();
    }
    setAttr(this.waste, "data-card", waste);
    this.waste.classList.toggle("empty", !waste);
    this.waste.setAttribute("aria-label", waste ? `Waste: ${board.waste.name}` : "Waste: empty");
    this.score.textContent = board.score === null || board.score === undefined ? "" : `Score ${board.score}`;
    const left = board.cards_left;
    this.left.textContent = `${left} card${left === 1 ? "" : "s"} left`;
    this.deal.textContent = board.deal_code ? `Deal ${board.deal_code}` : "Custom deal";
    if (this.buttons.undo) this.buttons.undo.disabled = !live || !board.can_undo;
    if (this.buttons.redo) this.buttons.redo.disabled = !live || !board.can_redo;
    if (this.buttons.hint) this.buttons.hint.disabled = !live || board.over;
    this.showHint(null);
  }

  showHint(move) {
    for (const el of this.slots) setAttr(el, "data-hint", false);
    setAttr(this.stock, "data-hint", false);
    if (move === null || move === undefined) return;
    const target = move === 28 ? this.stock : this.slots[move];
    if (target) {
      setAttr(target, "data-hint", true);
      target.focus({ preventScroll: true });
    }
  }
}
