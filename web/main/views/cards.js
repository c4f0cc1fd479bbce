// Card faces, drawn in code: a large corner index (rank and suit) that stays
// legible on a 37 px card, and, on a card wide enough for them, the classic pip
// layout and framed two-headed court figures. Small cards show a big suit (or
// the court's portrait) instead of pips; which one shows is CSS's choice, by
// the card's own width (a container query in styles.css). Everything here is
// built with createElementNS from the constants below, from the two-character
// code only (docs/notation.md): nothing is ever parsed as markup. The court
// figures themselves are pictures in web/courts.svg, and the back of the card
// is web/card-back.svg.

import { rankLetter } from "../model/i18n.js";
import { SITE_ROOT } from "../model/site.js";

const NS = "http://www.w3.org/2000/svg";
const SUIT_CLASS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };

// Suit shapes in a 100 x 100 box.
const SUIT_PATH = {
  H: "M50 94C34 76 4 58 4 31C4 14 16 4 29 4C39 4 46 10 50 20C54 10 61 4 71 4C84 4 96 14 96 31C96 58 66 76 50 94Z",
  D: "M50 2C60 20 74 36 90 50C74 64 60 80 50 98C40 80 26 64 10 50C26 36 40 20 50 2Z",
  S: "M50 3C62 24 96 40 96 64C96 78 86 86 74 86C65 86 58 81 54 74C55 84 59 91 67 97H33C41 91 45 84 46 74C42 81 35 86 26 86C14 86 4 78 4 64C4 40 38 24 50 3Z",
  C: "M50 4A21 21 0 0 1 67.5 36.6A21 21 0 1 1 56 75C57 85 61 91 68 97H32C39 91 43 85 44 75A21 21 0 1 1 32.5 36.6A21 21 0 0 1 50 4Z",
};

// Pip centres in a 100 x 140 card: columns 33/50/67, rows from the top.
const L = 33; const M = 50; const R = 67;
const PIPS = {
  2: [[M, 30], [M, 110]],
  3: [[M, 30], [M, 70], [M, 110]],
  4: [[L, 30], [R, 30], [L, 110], [R, 110]],
  5: [[L, 30], [R, 30], [M, 70], [L, 110], [R, 110]],
  6: [[L, 30], [R, 30], [L, 70], [R, 70], [L, 110], [R, 110]],
  7: [[L, 30], [R, 30], [M, 50], [L, 70], [R, 70], [L, 110], [R, 110]],
  8: [[L, 30], [R, 30], [M, 50], [L, 70], [R, 70], [M, 90], [L, 110], [R, 110]],
  9: [[L, 30], [R, 30], [L, 56.7], [R, 56.7], [M, 70], [L, 83.3], [R, 83.3], [L, 110], [R, 110]],
  10: [[L, 30], [R, 30], [M, 43.3], [L, 56.7], [R, 56.7], [L, 83.3], [R, 83.3], [M, 96.7], [L, 110], [R, 110]],
};

// The frame's gold line.
const GOLD = "#e9b43c";

/** One SVG element: ``[tag, attrs, ...children]``. */
function build(doc, [tag, attrs, ...children]) {
  const el = doc.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) el.setAttribute(k, String(v));
  for (const child of children) el.append(build(doc, child));
  return el;
}

const suitAt = (suit, x, y, size, flip = false, fill = "currentColor") => ["path", {
  d: SUIT_PATH[suit], fill,
  transform: `translate(${x - size / 2} ${y - size / 2}) scale(${size / 100})${flip ? " rotate(180 50 50)" : ""}`,
}];

/** The upper half of a court figure (web/courts.svg: one picture for red suits, one
 * for black), as an image in card units: 100 x 72, the same for the lower half, turned.
 * An image is one node to style and lay out, where the drawing is eighty. */
const FIGURES = new URL("courts.svg", SITE_ROOT).href;
const figure = (rank, suit) => ["image", {
  href: `${FIGURES}#${rank}-${suit === "H" || suit === "D" ? "red" : "black"}`, width: 100, height: 72,
}];

/** The framed two-headed court picture, in card units (100 x 140). */
function courtArt(rank, suit) {
  const half = figure(rank, suit);
  const side = rank === "K" ? 71.5 : 28.5; // the suit sits on the free side of the head
  return ["g", {},
    ["rect", { x: 22, y: 13, width: 56, height: 114, rx: 2, fill: "#fbf3dc" }],
    ["g", { transform: "translate(7.5 10.5) scale(0.85)" }, half], // fits the crown in the frame
    ["g", { transform: "rotate(180 50 70) translate(7.5 10.5) scale(0.85)" }, half],
    suitAt(suit, side, 22, 10),
    suitAt(suit, 100 - side, 118, 10, true),
    ["path", { d: "M22 70H78", stroke: GOLD, "stroke-width": 1 }],
    ["rect", { x: 22, y: 13, width: 56, height: 114, rx: 2, fill: "none", stroke: "currentColor", "stroke-width": 1.2 }],
  ];
}

/** The pips of an ace to a ten (the lower ones turned, as printed). */
function pipArt(rank, suit) {
  if (rank === "A") return ["g", {}, suitAt(suit, 50, 70, suit === "S" ? 46 : 38)];
  const value = rank === "T" ? 10 : Number(rank);
  return ["g", {}, ...PIPS[value].map(([x, y]) => suitAt(suit, x, y, 18, y > 70))];
}

const templates = new Map();

/** The face's nodes for one card code, built once a language and cloned after (the
 * corner's letter is the language's: rankLetter, "R" for a French king). */
function template(doc, code) {
  const letter = rankLetter(code[0]);
  const key = `${code} ${letter}`;
  if (templates.has(key) && templates.get(key).ownerDocument === doc) return templates.get(key);
  const [rank, suit] = code;
  const court = "JQK".includes(rank);
  const frag = doc.createDocumentFragment();
  const index = (far) => {
    const idx = doc.createElement("span");
    idx.className = far ? "idx far" : "idx";
    const r = doc.createElement("span");
    r.className = "rank";
    r.textContent = letter;
    idx.append(r, build(doc, ["svg", { class: "suit", viewBox: "0 0 100 100" }, suitAt(suit, 50, 50, 100)]));
    return idx;
  };
  const art = build(doc, ["svg", { class: court ? "art court" : "art", viewBox: "0 0 100 140", preserveAspectRatio: "none" },
    court ? courtArt(rank, suit) : pipArt(rank, suit)]);
  // Small cards: a big suit, or for a court the head and shoulders.
  const small = court
    ? build(doc, ["svg", { class: "pip portrait", viewBox: "22 4 56 60" }, figure(rank, suit)])
    : build(doc, ["svg", { class: "pip", viewBox: "0 0 100 100" }, suitAt(suit, 50, 50, 100)]);
  frag.append(index(false), index(true), art, small);
  for (const el of frag.children) el.setAttribute("aria-hidden", "true");
  templates.set(key, frag);
  return frag;
}

export const isCode = (code) => typeof code === "string" && /^[A2-9TJQK][CDHS]$/.test(code);

/** Draw a face on ``element`` (a button or a div); a bad code draws a blank.
 * ``name`` ("seven of spades") is the text a screen reader reads. */
export function drawFace(element, code, name = null) {
  const doc = element.ownerDocument;
  for (const cls of Object.values(SUIT_CLASS)) element.classList.remove(cls);
  element.classList.remove("court");
  if (!isCode(code)) {
    element.replaceChildren();
    return;
  }
  element.classList.add(SUIT_CLASS[code[1]]);
  if ("JQK".includes(code[0])) element.classList.add("court");
  element.replaceChildren(template(doc, code).cloneNode(true));
  if (name) {
    const said = doc.createElement("span");
    said.className = "sr-only";
    said.textContent = name;
    element.append(said);
  }
}

export function clearFace(element) {
  for (const cls of Object.values(SUIT_CLASS)) element.classList.remove(cls);
  element.classList.remove("court");
  element.replaceChildren();
}
