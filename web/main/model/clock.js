// The game clock: starts with the first move, stops while the page is hidden,
// while the game is paused or a panel covers the table, and when the game ends. It only counts; the app
// says when it may run and saves elapsed() with the game.

export class Clock {
  constructor({ now = () => performance.now(), onTick = () => {}, doc = document } = {}) {
    this.now = now;
    this.onTick = onTick;
    this.doc = doc;
    this.base = 0; // ms counted before the current run
    this.since = null; // when the current run started
    this.paused = false;
    this.held = false; // a panel covers the table
    this.wanted = false; // whether the game would have the clock run
    this.timer = null;
    doc.addEventListener("visibilitychange", () => this.update());
  }

  elapsed() {
    return this.base + (this.since === null ? 0 : this.now() - this.since);
  }

  /** Start again from ``ms`` (a restored game), stopped. */
  reset(ms = 0) {
    this.base = Number.isFinite(ms) && ms > 0 ? ms : 0;
    this.since = null;
    this.wanted = false;
    this.paused = false;
    this.update();
  }

  /** Whether the game wants time counted (started and not over). */
  want(on) {
    this.wanted = on;
    this.update();
  }

  pause(on) {
    this.paused = on;
    this.update();
  }

  /** Stop counting while a panel covers the table (moves stay allowed, unlike pause). */
  hold(on) {
    this.held = on;
    this.update();
  }

  update() {
    const run = this.wanted && !this.paused && !this.held && this.doc.visibilityState !== "hidden";
    if (run && this.since === null) {
      this.since = this.now();
      this.timer = setInterval(() => this.onTick(this.elapsed()), 250);
    } else if (!run && this.since !== null) {
      this.base = this.elapsed();
      this.since = null;
      clearInterval(this.timer);
      this.timer = null;
    }
    this.onTick(this.elapsed());
  }
}
