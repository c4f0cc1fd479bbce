// The renderer's motion after a move is drawn: the card flying to the waste (or back, for an
// undo), revealed cards turning over, and the named bonuses rising from the waste.

import { DRAW } from "../model/vocabulary.js";
import { eventWords } from "../model/words.js";

/** Play the motion that led to ``board`` on the renderer's table. ``motion`` was measured
 * before the board changed (Renderer.motionOf); ``previous`` is each slot's card before it. */
export function animateMove(renderer, board, motion, previous) {
  const f = renderer.factor();
  const { waste, slots } = renderer;
  if (!f || typeof waste.animate !== "function") return;
  const { move, from, wasteRect } = motion;
  if (from && wasteRect && wasteRect.width && (move === DRAW || Number.isInteger(move))) {
    const dx = from.left - wasteRect.left;
    const dy = from.top - wasteRect.top;
    const s = from.width / wasteRect.width;
    const frames = move === DRAW
      ? [{ transform: `translate(${dx}px, ${dy}px) scale(${s}) rotateY(180deg)` }, { transform: "none" }]
      : [{ transform: `translate(${dx}px, ${dy}px) scale(${s})` }, { transform: "none" }];
    waste.animate(frames, { duration: 240 * f, easing: "cubic-bezier(.2,.8,.3,1)" });
  }
  if (motion.undo !== undefined && Number.isInteger(motion.undo) && motion.undo < DRAW) {
    const el = slots[motion.undo];
    if (el && wasteRect) {
      const to = el.getBoundingClientRect();
      el.animate([
        { transform: `translate(${wasteRect.left - to.left}px, ${wasteRect.top - to.top}px)` },
        { transform: "none" },
      ], { duration: 220 * f, easing: "ease-out" });
    }
  }
  for (const p of board.revealed || []) {
    const el = slots[p];
    if (el && !previous[p]) {
      el.animate([
        { transform: "perspective(600px) rotateY(90deg)" },
        { transform: "none" },
      ], { duration: 220 * f, delay: 140 * f, easing: "ease-out", fill: "backwards" });
    }
  }
  // The named bonuses rise from the waste; a move's own points rise from its card (effects.js).
  const labels = (board.events || []).filter((e) => e && !["undo", "streak", "card", "draw"].includes(e.kind));
  labels.map((event) => [eventWords(event, board), Number(event.points) || 0]).filter(([text]) => text)
    .forEach(([text, points], i) => floatLabel(renderer, text, points, i, f));
}

function floatLabel(renderer, text, points, index, f) {
  const label = renderer.doc.createElement("span");
  label.className = `float ${points < 0 ? "minus" : "plus"}`;
  label.textContent = text;
  label.setAttribute("aria-hidden", "true");
  renderer.pile.append(label);
  // Each label a line below the one before (which started first and rises ahead of it):
  // two bonuses of one move ("Peak +30", "Stock +70") never sit on each other.
  const below = index * 1.5;
  const run = label.animate([
    { opacity: 0, transform: `translate(-50%, ${below}em)` },
    { opacity: 1, transform: `translate(-50%, ${below - 1.2}em)`, offset: 0.25 },
    { opacity: 0, transform: `translate(-50%, ${below - 3}em)` },
  ], { duration: 900 * f, delay: index * 160 * f, easing: "ease-out", fill: "both" });
  run.onfinish = () => label.remove();
  setTimeout(() => label.remove(), (900 + index * 160) * f + 500);
}
