// The boot screen drawn while the engine starts: its steps (spoken once each), its bar, the
// moves waiting for the engine, and the page's data-engine state (booting, ready, failed).
import { t } from "../model/i18n.js";

export class BootScreen {
  /** ``say`` speaks a line to a screen reader (Renderer.announce). */
  constructor(doc = document, say = () => {}) {
    this.doc = doc;
    this.say = say;
    this.box = doc.querySelector("[data-testid=boot]");
    this.step = null;
  }

  /** Whether the screen is still up. */
  get shown() { return Boolean(this.box && !this.box.hidden); }

  /** The line: shown as it counts, spoken once a step (the polite region), not at each
   * count (the line itself is no longer a live region). */
  status(text) {
    const box = this.box;
    if (box.getAttribute("role") === "status") box.removeAttribute("role");
    const line = box.querySelector(".boot-text");
    if (line.textContent !== text) line.textContent = text;
    const step = text.replace(/[\d.,]+/g, "#");
    if (step === this.step) return;
    this.step = step;
    this.say(text);
  }

  /** Move the bar on to ``value`` (0 to 1); it never goes back. */
  advance(value) {
    const bar = this.box.querySelector("progress");
    bar.value = Math.max(bar.value, Math.min(1, value));
  }

  /** "3 moves waiting": the taps kept until the engine is ready (none: the line hides). */
  waiting(count) {
    const line = this.box && this.box.querySelector(".boot-waiting");
    if (!line) return;
    line.hidden = !count;
    line.textContent = count ? t("move-waiting", { count }) : "";
  }

  /** The engine is ready: the screen goes, and the page says so. */
  done() {
    this.box.hidden = true;
    this.doc.documentElement.dataset.engine = "ready";
  }

  /** The engine could not start. */
  failed() {
    this.doc.documentElement.dataset.engine = "failed";
    this.box.querySelector(".boot-text").textContent = t("boot-engine-failed");
  }
}
