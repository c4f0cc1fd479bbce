// Card faces, drawn in code: a large corner index (rank and suit) that stays
// legible on a 37 px card, and, on a card wide enough for them, the classic pip
// layout and framed two-headed court figures. Small cards show a big suit (or
// the court's portrait) instead of pips; which one shows is CSS's choice, by
// the card's own width (a container query in styles.css). Everything here is
// built with createElementNS from the constants below, from the two-character
// code only (docs/notation.md): nothing is ever parsed as markup. The back of
// the card is web/card-back.svg.

const NS = "http://www.w3.org/2000/svg";
const SUIT_CLASS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const RANKS = { T: "10" };

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

// The court palette of a traditional deck.
const INK = "#1d1d1d";
const RED = "#c62a32";
const BLUE = "#234a9c";
const GOLD = "#e9b43c";
const SKIN = "#f7dcbc";
const HAIR = { J: "#a8672a", Q: "#e3a83a", K: "#d8d2c4" };

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

/** The upper half of a court figure (the lower half is the same, turned). */
function figure(rank, suit) {
  const red = suit === "H" || suit === "D";
  const main = red ? RED : BLUE;
  const second = red ? BLUE : RED;
  const hair = HAIR[rank];
  const line = { stroke: INK, "stroke-width": 0.8, "stroke-linejoin": "round" };
  const parts = [];
  // What the figure holds, behind it: a sword, a rose, a halberd.
  if (rank === "K") {
    parts.push(["path", { d: "M27 63V18L28.5 14L30 18V63Z", fill: "#dfe3e8", ...line }],
      ["rect", { x: 22, y: 56, width: 13, height: 2.6, rx: 1, fill: GOLD, ...line }],
      ["rect", { x: 26.6, y: 58.6, width: 3.8, height: 7, fill: second, ...line }]);
  } else if (rank === "Q") {
    parts.push(["path", { d: "M64 60Q66 48 69 36", fill: "none", stroke: "#2f6b2f", "stroke-width": 1.4 }],
      ["path", { d: "M66 48Q72 44 74 47Q70 50 66 48Z", fill: "#3d8a3d", ...line, "stroke-width": 0.5 }],
      ["circle", { cx: 69.5, cy: 33, r: 4.6, fill: main, ...line }],
      ["circle", { cx: 69.5, cy: 33, r: 2, fill: GOLD, stroke: INK, "stroke-width": 0.5 }]);
  } else {
    parts.push(["path", { d: "M71 66V20", stroke: "#7a4a1e", "stroke-width": 2.2 }],
      ["path", { d: "M71 14L74 20L71 26Z M71 21C77 17 80 20 80 25C77 24 74 25 71 27Z", fill: "#dfe3e8", ...line }]);
  }
  parts.push(
    // Robe, its front panel, gold trim and dots, the collar.
    ["path", { d: "M21 70L23 53Q26 44.5 38 42.5H62Q74 44.5 77 53L79 70Z", fill: main, ...line }],
    ["path", { d: "M43.5 43H56.5L59 70H41Z", fill: second, ...line }],
    ["path", { d: "M43.5 43L41 70M56.5 43L59 70", stroke: GOLD, "stroke-width": 1.6 }],
    ...[[30, 57], [70, 57], [27, 65], [35, 64], [65, 64], [73, 65], [50, 55], [50, 63]].map(([x, y]) =>
      ["circle", { cx: x, cy: y, r: 1.1, fill: GOLD, stroke: INK, "stroke-width": 0.3 }]),
    ["path", { d: "M48 35H52V43H48Z", fill: SKIN, ...line, "stroke-width": 0.6 }],
    ["path", { d: "M37.5 42Q50 53 62.5 42L59.5 40.5Q50 47.5 40.5 40.5Z", fill: GOLD, ...line, "stroke-width": 0.6 }],
  );
  if (rank === "Q") { // long hair to the shoulders, behind the face
    parts.push(["path", { d: "M41.5 25Q38 40 35 46Q40 47 43 44Q42 36 43.5 30ZM58.5 25Q62 40 65 46Q60 47 57 44Q58 36 56.5 30Z", fill: hair, ...line, "stroke-width": 0.6 }]);
  }
  parts.push(["ellipse", { cx: 50, cy: 29.5, rx: 7.6, ry: 9.2, fill: SKIN, ...line, "stroke-width": 0.7 }]);
  if (rank === "K") { // beard and moustache
    parts.push(["path", { d: "M42.6 30Q43 41.5 50 44.5Q57 41.5 57.4 30Q55.5 36.5 50 37Q44.5 36.5 42.6 30Z", fill: hair, ...line, "stroke-width": 0.6 }],
      ["path", { d: "M46 34.2Q50 32.6 54 34.2Q50 35.4 46 34.2Z", fill: hair, stroke: INK, "stroke-width": 0.4 }]);
  } else {
    parts.push(["path", { d: "M47.8 35.3Q50 36.6 52.2 35.3", fill: "none", stroke: RED, "stroke-width": 0.8 }]);
  }
  parts.push(
    ["path", { d: "M45 26.4Q46.8 25.4 48.4 26.4M51.6 26.4Q53.2 25.4 55 26.4", fill: "none", stroke: INK, "stroke-width": 0.5 }],
    ["circle", { cx: 46.8, cy: 28.4, r: 0.85, fill: INK }],
    ["circle", { cx: 53.2, cy: 28.4, r: 0.85, fill: INK }],
    ["path", { d: "M50 29Q51.4 32 49.5 32.6", fill: "none", stroke: INK, "stroke-width": 0.5 }],
  );
  if (rank === "K") {
    parts.push(["path", { d: "M41 23V11.5L44.5 15.5L47.5 8.5L50 14.5L52.5 8.5L55.5 15.5L59 11.5V23Z", fill: GOLD, ...line }],
      ["rect", { x: 40.5, y: 19.5, width: 19, height: 4, fill: GOLD, ...line }],
      ...[44.5, 50, 55.5].map((x) => ["circle", { cx: x, cy: 21.5, r: 1.2, fill: second }]),
      ...[[41, 11.5], [47.5, 8.5], [52.5, 8.5], [59, 11.5]].map(([x, y]) => ["circle", { cx: x, cy: y, r: 1.1, fill: GOLD, ...line, "stroke-width": 0.4 }]));
  } else if (rank === "Q") {
    parts.push(["path", { d: "M42 22.5Q45 20 50 20.5Q55 20 58 22.5L58.5 14Q55.5 17.5 54 13Q52 17 50 12.5Q48 17 46 13Q44.5 17.5 41.5 14Z", fill: GOLD, ...line, "stroke-width": 0.6 }],
      ["path", { d: "M42.2 23Q50 18.5 57.8 23L58 25Q50 21 42 25Z", fill: hair, stroke: INK, "stroke-width": 0.4 }],
      ["circle", { cx: 50, cy: 18.3, r: 1.3, fill: second }]);
  } else {
    parts.push(["path", { d: "M42 31Q40.5 24 43 21H57Q59.5 24 58 31Q57 25 54 24H46Q43 25 42 31Z", fill: hair, stroke: INK, "stroke-width": 0.5 }],
      ["path", { d: "M39 24.5Q37.5 13.5 50 12.5Q62.5 12.5 61.5 22.5Q56 20.5 50 21Q44 21.3 39 24.5Z", fill: second, ...line, "stroke-width": 0.6 }],
      ["path", { d: "M40 23.5Q50 19 61 21.8L61.4 23.8Q50 21.5 40.3 25.6Z", fill: GOLD, stroke: INK, "stroke-width": 0.4 }],
      ["path", { d: "M56 15Q63 4 71 6Q64 8.5 58 17Z", fill: "#f4f1e8", stroke: INK, "stroke-width": 0.5 }]);
  }
  // The hand on what it holds.
  const hand = { K: [28.5, 54], Q: [64.5, 56], J: [71, 50] }[rank];
  parts.push(["circle", { cx: hand[0], cy: hand[1], r: 2.8, fill: SKIN, ...line, "stroke-width": 0.6 }]);
  return ["g", {}, ...parts];
}

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

/** The face's nodes for one card code, built once and cloned after. */
function template(doc, code) {
  const key = code;
  if (templates.has(key) && templates.get(key).ownerDocument === doc) return templates.get(key);
  const [rank, suit] = code;
  const court = "JQK".includes(rank);
  const frag = doc.createDocumentFragment();
  const index = (far) => {
    const idx = doc.createElement("span");
    idx.className = far ? "idx far" : "idx";
    const r = doc.createElement("span");
    r.className = "rank";
    r.textContent = RANKS[rank] || rank;
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
