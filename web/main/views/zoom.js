// The page zoom, told to the stylesheet as --zoom (styles.css keeps a card as
// wide on the screen at every zoom as at 100%). main.js imports it first, before
// any card is drawn.
//
// CSS alone cannot tell 150% zoom from a smaller window on a 1.5x screen: both
// are the same CSS pixels at the same device pixel ratio. The window's outer
// width can: Chromium keeps it in screen pixels while zoom shrinks the inner
// width (Safari is thought to, Firefox to zoom it too and so read 1). Only a ratio
// within 2% of a browser's zoom step counts; a side panel or docked developer
// tools (an inner width narrower for another reason) seldom land there.

const STEPS = [1.1, 1.15, 1.25, 1.5, 1.75, 2, 2.5, 3, 4, 5];

/** The zoom step the window's outer and inner widths show, or 1. */
export function pageZoom(outer, inner) {
  const ratio = outer / inner;
  return STEPS.find((step) => Math.abs(ratio / step - 1) < 0.02) || 1;
}

function tell() {
  const root = document.documentElement;
  const zoom = String(pageZoom(outerWidth, innerWidth));
  if (root.style.getPropertyValue("--zoom") !== zoom) root.style.setProperty("--zoom", zoom);
}

tell();
addEventListener("resize", tell); // a zoom step is a resize
