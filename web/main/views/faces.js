// Which face a card shows (styles.css): the small one (a big index and one pip) or,
// once the card is LARGE_FACE px wide inside its border, the large one (an index in
// two corners, the pips, the court pictures): data-faces=large on the card.
//
// Each card the table keeps is watched for its size (a ResizeObserver reports it
// after layout and before paint, so a first frame never shows the wrong face). A size
// container per card did this before, at a cost: each card's subtree was styled and
// laid out apart (a saved board's first layout at 4x CPU: 74 ms then, 23 ms now).

export const LARGE_FACE = 72;

const observer = typeof ResizeObserver === "function"
  ? new ResizeObserver((entries) => {
    for (const entry of entries) {
      const box = entry.contentBoxSize && entry.contentBoxSize[0];
      sizeFaces(entry.target, box ? box.inlineSize : entry.contentRect.width);
    }
  })
  : null;

/** Show ``card``'s large face or its small one by its width inside its border (px). */
export function sizeFaces(card, width) {
  const large = width >= LARGE_FACE;
  if ((card.dataset.faces === "large") !== large) {
    if (large) card.dataset.faces = "large";
    else delete card.dataset.faces;
  }
}

/** Keep ``card``'s face the size its width asks for, from now on. */
export function watchFaces(card) {
  if (observer) observer.observe(card);
  else sizeFaces(card, card.clientWidth);
}
