// Effects that reward play: the streak counter swells a little more with each
// card of a streak, a move's points rise from the card that scored them, a
// cleared peak gets a burst of light and words, and a win gets a cascade of
// cards before the result panel opens. What happened comes from the engine's
// view (board.last_action: points, streak_grew, peak_cleared; board.won),
// never from a rule decided here. With prefers-reduced-motion (or animation
// off) each effect is a short fade in place instead, and a win a brief glow.

import { drawFace } from "./cards.js";
import { sizeFaces } from "./faces.js";
import { DRAW } from "../model/vocabulary.js";
import { t } from "../model/i18n.js";

const CASCADE_CARDS = ["KH", "QS", "JD", "AC", "KS", "QH", "JC", "AD", "KD", "QC", "JS", "AH", "KC", "QD"];

export class Effects {
  /** ``renderer`` gives the table's elements and the motion factor. */
  constructor(renderer, doc = document) {
    this.renderer = renderer;
    this.doc = doc;
    this.layer = null;
    this.celebrating = null;
  }

  /** A layer over the page for effects: fixed, and never in a tap's way. */
  fx() {
    if (!this.layer || !this.layer.isConnected) {
      this.layer = this.doc.createElement("div");
      this.layer.className = "fx";
      this.layer.setAttribute("aria-hidden", "true");
      this.doc.body.append(this.layer);
    }
    return this.layer;
  }

  factor() {
    return this.renderer.factor();
  }

  /** After a board is drawn: the streak counter's glow, and when a move led
   * there (``motion``: the rectangles measured before it) that move's effects. */
  moved(board, motion = null) {
    this.glow(board);
    const last = board && board.last_action;
    if (!motion || !last || last.kind === "undo") return;
    if (last.streak_grew) this.streak(board.streak);
    const scored = board.score !== null && board.score !== undefined;
    if (scored && last.points) this.points(last.points, last.move === DRAW ? motion.wasteRect : motion.from || motion.wasteRect);
    if (last.peak_cleared !== null && last.peak_cleared !== undefined) this.peak(last.peak_cleared, motion.from);
  }

  /** The counter glows brighter as a scoring streak grows (levels 1-3). */
  glow(board) {
    const field = this.doc.querySelector("[data-testid=streak]");
    if (!field || !board) return;
    const n = Number(board.streak) || 0;
    const level = n >= 8 ? "3" : n >= 5 ? "2" : n >= 3 ? "1" : null;
    if ((field.dataset.level || null) === level) return;
    if (level) field.dataset.level = level;
    else delete field.dataset.level;
  }

  /** The streak counter swells, more with each card of the streak. */
  streak(length) {
    const field = this.doc.querySelector("[data-testid=streak]");
    if (!field || field.hidden || typeof field.animate !== "function") return;
    field.dataset.streak = String(Math.min(length, 10));
    const f = this.factor();
    if (!f) {
      field.animate([{ backgroundColor: "rgb(255 209 102 / 0.55)" }, { backgroundColor: "transparent" }], { duration: 300 });
      return;
    }
    const grow = 1.12 + Math.min(length, 10) * 0.04;
    field.animate([
      { transform: "scale(1)" },
      { transform: `scale(${grow})`, color: "#ffe08a", offset: 0.35 },
      { transform: "scale(1)" },
    ], { duration: 320 * f, easing: "cubic-bezier(.2,.9,.3,1.3)" });
  }

  /** "+7" rising from where the card was. */
  points(points, rect) {
    if (!rect) return;
    const pop = this.doc.createElement("span");
    pop.className = `points-pop ${points < 0 ? "minus" : "plus"}`;
    pop.dataset.testid = "points-pop";
    pop.textContent = points > 0 ? `+${points}` : String(points);
    pop.style.left = `${rect.left + rect.width / 2}px`;
    pop.style.top = `${rect.top + rect.height * 0.3}px`;
    this.fx().append(pop);
    const f = this.factor();
    const frames = f
      ? [
          { opacity: 0, transform: "translate(-50%, 0) scale(0.6)" },
          { opacity: 1, transform: "translate(-50%, -0.9em) scale(1.15)", offset: 0.2 },
          { opacity: 1, transform: "translate(-50%, -1.6em) scale(1)", offset: 0.6 },
          { opacity: 0, transform: "translate(-50%, -2.6em) scale(1)" },
        ]
      : [{ opacity: 0, transform: "translate(-50%, 0)" }, { opacity: 1, transform: "translate(-50%, 0)", offset: 0.3 }, { opacity: 0, transform: "translate(-50%, 0)" }];
    this.run(pop, frames, f ? 850 * f : 700);
  }

  /** A burst of light where the peak stood, and its name. */
  peak(peak, rect) {
    const tip = this.renderer.slots[peak];
    const box = rect || (tip && tip.getBoundingClientRect());
    if (!box) return;
    const burst = this.doc.createElement("div");
    burst.className = "peak-burst";
    burst.dataset.testid = "peak-burst";
    burst.dataset.peak = String(peak);
    burst.style.left = `${box.left + box.width / 2}px`;
    burst.style.top = `${box.top + box.height / 2}px`;
    const words = this.doc.createElement("span");
    words.textContent = t("event-peak-cleared");
    burst.append(words);
    this.fx().append(burst);
    const f = this.factor();
    const frames = f
      ? [
          { opacity: 0, transform: "translate(-50%, -50%) scale(0.3)" },
          { opacity: 1, transform: "translate(-50%, -50%) scale(1.1)", offset: 0.25 },
          { opacity: 1, transform: "translate(-50%, -60%) scale(1)", offset: 0.7 },
          { opacity: 0, transform: "translate(-50%, -75%) scale(1)" },
        ]
      : [{ opacity: 0, transform: "translate(-50%, -50%)" }, { opacity: 1, transform: "translate(-50%, -50%)", offset: 0.3 }, { opacity: 0, transform: "translate(-50%, -50%)" }];
    this.run(burst, frames, f ? 1300 * f : 900);
  }

  run(el, frames, duration) {
    if (typeof el.animate !== "function") {
      setTimeout(() => el.remove(), duration);
      return;
    }
    const animation = el.animate(frames, { duration, easing: "ease-out", fill: "both" });
    animation.onfinish = () => el.remove();
    setTimeout(() => el.remove(), duration + 500); // a hidden page may never finish it
  }

  /** The win: cards cascade from the waste and bounce off the bottom of the
   * window (a glow under reduced motion). Resolves when it ends or when the
   * player taps or presses a key; the result panel opens then. */
  celebrate() {
    if (this.celebrating) return this.celebrating.done;
    const f = this.factor();
    const layer = this.fx();
    const show = this.doc.createElement("div");
    show.className = "celebration";
    show.dataset.testid = "celebration";
    show.dataset.style = f ? "cascade" : "fade";
    const words = this.doc.createElement("p");
    words.className = "celebration-words";
    words.textContent = t("say-won");
    show.append(words);
    layer.append(show);
    // The words in the middle of the cleared peaks, above the waste the cards fly from
    // (they never rise above it): never over the flying cards.
    const waste = this.renderer.waste.getBoundingClientRect();
    if (waste.height) words.style.top = `${Math.max(4, (waste.top - words.offsetHeight) / 2)}px`;
    let finish;
    const done = new Promise((resolve) => { finish = resolve; });
    const animations = [];
    const end = () => {
      if (!this.celebrating || this.celebrating.done !== done) return;
      this.celebrating = null;
      this.doc.removeEventListener("pointerdown", end, true);
      this.doc.removeEventListener("keydown", end, true);
      clearTimeout(timer);
      for (const a of animations) a.cancel();
      show.remove();
      finish();
    };
    this.celebrating = { done, end };
    this.doc.addEventListener("pointerdown", end, true);
    this.doc.addEventListener("keydown", end, true);
    const animate = (el, frames, options) => {
      if (typeof el.animate === "function") animations.push(el.animate(frames, options));
    };
    animate(words, f
      ? [{ opacity: 0, transform: "scale(0.6)" }, { opacity: 1, transform: "scale(1.08)", offset: 0.2 }, { opacity: 1, transform: "scale(1)" }]
      : [{ opacity: 0 }, { opacity: 1, offset: 0.3 }, { opacity: 1 }],
    { duration: f ? 900 : 500, fill: "both", easing: "ease-out" });
    let length = 700;
    if (f) length = this.cascade(show, animate, f);
    const timer = setTimeout(end, length);
    return done;
  }

  /** The classic cascade: each card falls from the waste along an arc and
   * bounces, a few at a time. Returns how long it lasts (ms). */
  cascade(show, animate, f) {
    const view = this.doc.documentElement;
    const width = view.clientWidth;
    const height = view.clientHeight;
    const waste = this.renderer.waste.getBoundingClientRect();
    const w = Math.max(36, Math.min(waste.width || 60, 120));
    const h = w * 1.4;
    const stagger = 110 * f;
    const fall = 1600 * f;
    let inside = null; // the cards' width inside their border (the theme's: 1 or 2 px), read once
    CASCADE_CARDS.forEach((code, i) => {
      const card = this.doc.createElement("div");
      card.className = "card cascade-card";
      card.style.width = `${w}px`;
      card.style.height = `${h}px`;
      card.style.setProperty("--face-w", `${w}px`);
      drawFace(card, code);
      show.append(card);
      inside ??= w - 2 * (parseFloat(getComputedStyle(card).borderLeftWidth) || 1);
      sizeFaces(card, inside);
      const x0 = (waste.left || width / 2) + (i % 4) * 4;
      const y0 = waste.top || height / 3;
      const dir = i % 2 ? 1 : -1;
      const reach = (0.35 + (i % 5) * 0.12) * width * dir;
      const floor = height - h;
      // A bouncing fall: down to the floor, up a little less each time.
      const frames = [];
      const bounces = [0, 0.45, 0.7, 0.86, 1];
      const heights = [y0, floor, floor - (floor - y0) * 0.45, floor, floor - (floor - y0) * 0.15];
      bounces.forEach((t, k) => frames.push({
        transform: `translate(${x0 + reach * t}px, ${k === bounces.length - 1 ? height + h : heights[k]}px) rotate(${dir * t * 200}deg)`,
        offset: t,
        easing: k % 2 ? "cubic-bezier(.3,.6,.6,1)" : "cubic-bezier(.5,0,.9,.6)",
      }));
      animate(card, frames, { duration: fall, delay: i * stagger, fill: "both" });
    });
    return CASCADE_CARDS.length * stagger + fall + 100;
  }

  /** Whether the win is still being celebrated (the result panel waits). */
  get busy() {
    return Boolean(this.celebrating);
  }
}
