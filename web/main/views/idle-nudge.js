// Idle help: when no peak card fits and the player has not moved for a while, the stock pulses
// gently, to say where to tap (no pulse with reduced motion or animation off: styles.css).

const IDLE_MS = 8000; // how long a board with nothing to play waits before the stock pulses

export class IdleNudge {
  constructor(doc = document, wait = IDLE_MS) {
    this.stock = doc.querySelector("[data-testid=stock]");
    this.wait = wait;
    this.timer = null;
  }

  /** A board shown: any pulse stops; if no peak card fits and the stock has cards, it starts after a while. */
  seen(board) {
    this.stop();
    if (!board || board.over || !board.stock || !board.stock.count) return;
    if (board.slots.some((slot) => slot.fits)) return;
    this.timer = setTimeout(() => this.stock.classList.add("nudge"), this.wait);
  }

  stop() {
    clearTimeout(this.timer);
    this.timer = null;
    this.stock.classList.remove("nudge");
  }
}
