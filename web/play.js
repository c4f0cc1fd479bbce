// The player's moves on the table: a tap becomes one engine action, in order, never dropped;
// and the hint, the pause and the board read aloud.

import { DRAW } from "./vocabulary.js";

const MOST_WAITING = 8; // taps kept while a move is played: more than a finger makes

export class Play {
  constructor(app) {
    this.app = app;
    this.busy = false; // a move is on its way to the engine
    this.moving = null; // that move
    this.waiting = []; // taps made while it was being played and saved: played next, in order
  }

  move(move, { forGame = null } = {}) {
    const app = this.app;
    if (app.watch) return app.watcher.refuse();
    if (app.clock.paused) return null;
    if (this.busy) return this.later(move);
    performance.mark("tripeaks:input");
    app.renderer.showHint(null);
    app.notices.dismiss("hint"); // a hint is about the position it was asked in
    this.busy = true;
    this.moving = move;
    const motion = app.renderer.motionOf(move);
    const before = app.save && app.save.board;
    return app.enqueue(async () => {
      try {
        if (forGame && !(app.save && app.save.gameId === forGame)) { // another game now: its taps are void
          this.waiting = [];
          return;
        }
        // One tab at a time plays on the saved game, from its latest save.
        await app.storage.withGameLock(async () => {
          await app.session.catchUp();
          const state = await app.engine.call("action", { move });
          app.session.clockWaits = false; // the player is back: time counts again
          if (move === "undo" && before) {
            motion.undo = state.board.slots.findIndex((s, i) => !s.removed && before.slots[i].removed);
          }
          app.session.show(state, { motion });
          this.announce(move, state.board, before);
          performance.measure("tripeaks:move", "tripeaks:input", "tripeaks:drawn");
        });
      } catch (error) {
        if (error && (error.kind === "illegal-move" || error.kind === "illegal-undo")) {
          if (Number.isInteger(move)) app.renderer.shake(move);
          if (app.sound) app.sound.play("illegal");
          const shown = app.options.errorHelp !== false || error.kind === "illegal-undo";
          if (shown) app.notices.show(error.message, { id: "move", timeout: 3000 });
          app.renderer.refusal(move, error.message, { spoken: shown }); // the notice says the reason; this, what blocks
        } else {
          throw error;
        }
      } finally {
        this.busy = false;
        this.moving = null;
        if (this.waiting.length) this.move(this.waiting.shift(), { forGame: app.save && app.save.gameId });
      }
    });
  }

  /** A tap made while the move before it is still being played and saved (the
   * board is drawn before the save is done): played after it, in order, never
   * dropped. The same card again is a double tap's second tap: played once
   * (the stock, tapped twice, draws twice). */
  later(move) {
    const again = Number.isInteger(move) && move !== DRAW && (move === this.moving || this.waiting.includes(move));
    if (!again && this.waiting.length < MOST_WAITING) this.waiting.push(move);
    return null;
  }

  /** Say what a move did: the player's, or the AI's, the solver's or the replay's. */
  announce(move, board, before = null) {
    this.app.renderer.announceMove(move, board, before, { who: this.app.watcher.who() }); // words.js
  }

  hint() {
    const app = this.app;
    if (app.watch) return app.watcher.refuse();
    return app.enqueue(async () => {
      // The engine says which hint applies: the fair one (only the cards you can
      // see) under Challenge, or in any game when the player chose it in Options.
      const { move, reason, fair } = await app.engine.call("hint", { fair: app.options.fairHint === true });
      const which = fair ? "Fair hint: " : "";
      if (app.save) app.save.hints = (app.save.hints || 0) + 1;
      if (move === null || move === undefined) {
        app.notices.show(`${which}${reason || "No move helps now."}`, { id: "hint", timeout: 4000 });
        return;
      }
      const board = app.save.board;
      const what = move === DRAW ? "Draw from the stock." : `Play the ${board.slots[move].name}.`;
      app.notices.show(`${which}${what} ${reason || ""}`.trim(), { id: "hint", timeout: 5000 }); // said once, by the notice
      app.renderer.showHint(move);
    });
  }

  // -- pause ---------------------------------------------------------------------------

  pause() {
    const app = this.app;
    if (app.clock.paused) return;
    if (!app.save || !app.save.board || app.save.board.over || app.watch) {
      app.notices.show("Nothing to pause: the clock runs only while you play.", { id: "pause", timeout: 3000 });
      return;
    }
    app.clock.pause(true);
    app.renderer.setPaused(true);
    app.dialogs.open("pause");
    app.session.keepPaused(true);
  }

  resume() {
    this.app.clock.pause(false);
    this.app.renderer.setPaused(false);
    this.app.session.keepPaused(false);
  }

  /** The board in words, in its panel (B says it; this shows it). */
  readBoard() {
    const board = this.app.save && this.app.save.board;
    if (!board) return;
    this.app.dialogs.setText("reader-text", board.description || "");
    this.app.dialogs.open("reader");
  }
}
