// Fair advice in the money game (the original preset): draw and play on, or deal again?
// When a draw is the only move, the engine's ``advise`` is asked in the background (after a
// pause in play, once the page is idle, on the session's queue) and its answer shown in a
// quiet line under the stock; Hint asks it too and says it.

import { DRAW } from "../model/vocabulary.js";
import { isMoneyGame } from "../model/money.js";

// The advice waits for a pause in play (a question takes ~0.1-0.6 s in the worker on a
// busy machine): a player drawing card after card never waits behind one.
const PAUSE = 700; // ms after a board is shown
const afterPause = (run) => setTimeout(() => (globalThis.requestIdleCallback
  ? requestIdleCallback(run, { timeout: 1500 })
  : run()), PAUSE);

/** Whether the only move on ``board`` is a draw: no card fits, the stock not empty. */
export const drawOnly = (board) => Boolean(board && !board.over && board.stock.count > 0
  && !board.slots.some((slot) => slot.fits && !slot.removed));

export class Advice {
  constructor({ session, table, notices, renderer }) {
    Object.assign(this, { session, table, notices, renderer });
    session.addEventListener("shown", ({ detail }) => this.seen(detail.game, detail.board));
    session.addEventListener("covered", ({ detail }) => { if (detail.on) this.table.show(null, false); });
  }

  /** Whether the game on the table is a money game where only a draw is left. */
  wanted() {
    const game = this.session.game;
    return !this.session.covered && isMoneyGame(game) && drawOnly(game.board);
  }

  /** After each shown board: the toolbar's Deal again, and the advice line (asked in the background). */
  seen(game, board) {
    const money = isMoneyGame(game);
    this.table.show(null, money);
    if (!money || !drawOnly(board)) return;
    const same = () => this.session.isCurrent(game.gameId) && this.session.board === board && !this.session.covered;
    afterPause(() => {
      if (!same()) return; // a move came first: its own board asks
      this.session.enqueue(async () => {
        if (!same()) return;
        try {
          const answer = await this.session.ask("advise");
          if (same()) this.table.show(answer, true);
        } catch (error) {
          console.warn("no advice:", error && error.message);
        }
      });
    });
  }

  /** Hint when only a draw is left: the engine's advice, said, the stock marked. */
  hint() {
    const { session, notices, renderer } = this;
    return session.enqueue(async () => {
      const game = session.game;
      const answer = await session.ask("advise");
      if (!session.isCurrent(game.gameId)) return;
      session.note({ hints: (game.hints || 0) + 1 });
      const text = this.table.words(answer);
      notices.show(text, { id: "hint", timeout: 6000 });
      if (answer.advice === "play-on") renderer.showHint(DRAW);
      renderer.announce(text);
    });
  }
}
