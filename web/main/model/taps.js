// The taps that wait, in one queue: made while the engine starts, or while the move before them
// is still being played and saved. Played in order, never dropped; a second tap on a card already
// waiting (a double tap) counts once; each tap belongs to the game it was made on.

import { DRAW } from "./vocabulary.js";

export class Taps {
  constructor() {
    this.waiting = []; // [{move, game}]: game names the game the tap was made on
    this.moving = null; // the move on its way to the engine
  }

  get length() { return this.waiting.length; }

  get moves() { return this.waiting.map((tap) => tap.move); }

  /** Keep a tap for ``game``; false when it is a double tap's second tap, or one more than
   * ``most`` (more than a finger makes: the rest is noise). */
  add(move, game, most = Infinity) {
    if (this.isAgain(move)) return false;
    if (this.waiting.length >= most) return false;
    this.waiting.push({ move, game });
    return true;
  }

  /** A card already in flight, or waiting since the last undo: the stock, tapped twice, draws twice. */
  isAgain(move) {
    if (!Number.isInteger(move) || move === DRAW) return false;
    if (move === this.moving) return true;
    const since = this.moves.lastIndexOf("undo");
    return this.waiting.slice(since + 1).some((tap) => tap.move === move);
  }

  /** The next tap, taken out of the queue. */
  next() { return this.waiting.shift() || null; }

  /** Every tap made on ``from`` now belongs to ``to`` (the same board, now the engine's game). */
  adopt(from, to) {
    for (const tap of this.waiting) if (tap.game === from) tap.game = to;
  }

  /** Forget every tap; how many there were. */
  clear() {
    const n = this.waiting.length;
    this.waiting = [];
    return n;
  }
}
