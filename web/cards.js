// Card faces: rank and suit for the eye (aria-hidden), the card's name for a
// screen reader. Text only, from the two-character code (docs/notation.md).

const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const SUIT_CLASS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const RANKS = { T: "10" };

function span(doc, className, text) {
  const el = doc.createElement("span");
  el.className = className;
  el.textContent = text;
  el.setAttribute("aria-hidden", "true");
  return el;
}

export const isCode = (code) => typeof code === "string" && /^[A2-9TJQK][CDHS]$/.test(code);

/** Draw a face on ``element`` (a button or a div); a bad code draws a blank.
 * ``name`` ("seven of spades") is the text a screen reader reads. */
export function drawFace(element, code, name = null) {
  const doc = element.ownerDocument;
  for (const name of Object.values(SUIT_CLASS)) element.classList.remove(name);
  if (!isCode(code)) {
    element.replaceChildren();
    return;
  }
  const rank = RANKS[code[0]] || code[0];
  const suit = SUITS[code[1]];
  element.classList.add(SUIT_CLASS[code[1]]);
  element.replaceChildren(
    span(doc, "idx", ""),
    span(doc, "pip", suit),
  );
  const idx = element.firstChild;
  idx.append(span(doc, "rank", rank), span(doc, "suit", suit));
  if (name) {
    const said = doc.createElement("span");
    said.className = "sr-only";
    said.textContent = name;
    element.append(said);
  }
}

export function clearFace(element) {
  for (const name of Object.values(SUIT_CLASS)) element.classList.remove(name);
  element.replaceChildren();
}
