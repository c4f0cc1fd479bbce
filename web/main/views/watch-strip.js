// The watch strip under the table while the AI, the solver's line or a replay plays: its
// title (who plays, from where), its controls (level, Play or Pause, speed, From the start, Play
// this deal) and where the keyboard is.

import { onLanguage, t } from "../model/i18n.js";

export class WatchStrip {
  constructor(doc = document) {
    this.doc = doc;
    this.bar = doc.querySelector("[data-testid=watch]");
    this.title = null; // () => the title, worded again on a change of language
    this.isRunning = false;
    onLanguage(() => {
      if (this.title) this.bar.querySelector(".watch-title").textContent = this.title();
      this.running(this.isRunning);
    });
    // The strip's height (one row or two, as its controls wrap) tells the stylesheet
    // how much the table gives up for it and how high the notices go (--strip, in rem).
    if (globalThis.ResizeObserver) {
      new ResizeObserver(() => this.measure()).observe(this.bar);
    }
  }

  measure() {
    if (this.bar.hidden) return;
    const rem = parseFloat(getComputedStyle(this.doc.documentElement).fontSize) || 16;
    const strip = (this.bar.offsetHeight / rem).toFixed(2);
    if (this.doc.documentElement.style.getPropertyValue("--strip") !== strip) {
      this.doc.documentElement.style.setProperty("--strip", strip);
    }
  }

  $(id) { return this.bar.querySelector(`[data-testid=${id}]`); }

  /** Show the strip (or hide it): a line (the solver's, a replay's) has no level to choose
   * and no AI to compare with; only a replay offers "Play this deal"; a game watched from the
   * player's position (or a line from its turning point) offers its start. ``title``: its
   * words, or a function that words them (again on a change of language). */
  set(on, { title = "", line = false, replay = false, speed = "fast", running = false, from = false } = {}) {
    this.bar.hidden = !on;
    if (title) {
      this.title = typeof title === "function" ? title : () => title;
      this.bar.querySelector(".watch-title").textContent = this.title();
    }
    this.bar.querySelector("label").hidden = line;
    this.$("watch-race").hidden = line;
    this.$("replay-play").hidden = !replay;
    this.$("watch-from-start").hidden = !from;
    this.$("watch-speed").value = speed;
    this.running(running);
  }

  /** The Play button says Pause while the moves run. */
  running(on) {
    this.isRunning = on;
    this.$("ai-run").textContent = on ? t("watch-pause") : t("watch-play");
  }

  /** The AI level chosen in the strip. */
  level() { return this.$("ai-level").value; }

  focus() { this.$("ai-run").focus(); }

  /** Whether the keyboard is on one of the strip's controls. */
  holdsFocus() { return this.bar.contains(this.doc.activeElement); }
}
