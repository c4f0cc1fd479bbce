// The player's moves on the table: a tap becomes one engine action, in order, never dropped (taps
// made while the engine starts or while a move is on its way wait in one queue); and the hint, the
// pause and the board read aloud.

import { DRAW } from "../model/vocabulary.js";
import { Taps } from "../model/taps.js";
import { boardWords, hintReason, words } from "../model/words.js";
import { t } from "../model/i18n.js";

const MOST_WAITING = 8; // taps kept while a move is played: more than a finger makes
const BOOT = "boot"; // the game taps belong to while the engine starts: the board drawn early

export class Play {
  constructor({ session, renderer, notices, dialogs, clock, bootScreen, sound = null, options }) {
    Object.assign(this, { session, renderer, notices, dialogs, clock, bootScreen, sound });
    this.options = options; // () => the player's options
    this.taps = new Taps();
    this.holding = false; // the engine is starting: taps wait for it
    this.heldFor = BOOT; // the game held taps belong to: the early board's, then the engine's
    this.busy = false; // a move is on its way to the engine
  }

  /** The taps kept while the engine starts ({move} each), or null when none are being kept. */
  get kept() { return this.holding ? this.taps.waiting.map(({ move }) => ({ move })) : null; }

  /** A tap or key on the table: a slot 0..27, DRAW, "undo" or "redo". */
  tap(move) {
    if (this.holding) {
      this.taps.add(move, this.heldFor);
      this.showWaiting();
      return null;
    }
    if (this.session.covered) return this.refuse();
    if (this.clock.paused) return null;
    if (this.busy) {
      this.taps.add(move, this.session.gameId, MOST_WAITING);
      return null;
    }
    return this.play(move); // on the game on the table when its turn comes (as a tap made before a deal link lands)
  }

  /** A tap meant for the player's game while another game is on the table: say why nothing happens. */
  refuse() {
    this.notices.show(words.watchingRefusal, { id: "watching", timeout: 3000 });
    return null;
  }

  /** Play ``move`` in its turn on the queue; ``gameId``: only on that game (a tap that waited). */
  play(move, gameId = null) {
    const { session, renderer, notices } = this;
    performance.mark("tripeaks:input");
    renderer.showHint(null);
    notices.clear(); // the game's notices (a hint, a refusal) were about the position they came in
    this.busy = true;
    this.taps.moving = move;
    const motion = renderer.motionOf(move);
    return session.enqueue(async () => {
      try {
        if (gameId && !session.isCurrent(gameId)) return; // another game now: taps made on the last one are void
        // One tab at a time plays on the saved game, from its latest save.
        await session.storage.withGameLock(async () => {
          await session.catchUp();
          const { state, before } = await session.play(move, motion);
          renderer.announceMove(move, state.board, before);
          performance.measure("tripeaks:move", "tripeaks:input", "tripeaks:drawn");
        });
      } catch (error) {
        if (!error || (error.kind !== "illegal-move" && error.kind !== "illegal-undo")) throw error;
        this.refused(move, error);
      } finally {
        this.busy = false;
        this.taps.moving = null;
        if (!this.holding) this.playNext(); // while the engine starts, release() plays them
      }
    });
  }

  /** The next tap waiting, if it was made on the game on the table (else every one is void). */
  playNext() {
    const tap = this.taps.next();
    if (!tap) return;
    if (!this.session.isCurrent(tap.game)) { this.taps.clear(); return; }
    this.play(tap.move, tap.game);
  }

  refused(move, error) {
    if (Number.isInteger(move)) this.renderer.shake(move);
    if (this.sound) this.sound.play("illegal");
    if (this.options().vibrate !== false && navigator.vibrate) navigator.vibrate(40); // felt, where the device can
    const shown = this.options().errorHelp !== false || error.kind === "illegal-undo";
    const reason = error.message; // the engine's refusal (its reason), worded from the catalog
    if (shown) this.notices.show(reason, { id: "move", timeout: 3000 });
    this.renderer.refusal(move, reason, { spoken: shown }); // the notice says the reason; this, what blocks
  }

  // -- while the engine starts ----------------------------------------------------------------

  /** The board drawn before the engine is ready takes taps: they wait, in order, for it. */
  hold(carried = []) {
    this.holding = true;
    this.renderer.setEarly(true);
    for (const move of carried) this.taps.add(move, BOOT);
    this.showWaiting();
  }

  /** The engine is ready: the taps kept play in order on the game they were made on; if the
   * engine's game is another one (a link, a saved game that could not be restored, another
   * tab's), they are dropped, and said so. */
  async release(sameBoard) {
    if (!this.holding) return;
    if (!sameBoard) {
      const n = this.taps.clear();
      if (n) this.notices.show(t("move-waiting-dropped", { count: n }), { id: "waiting", timeout: 6000 });
    }
    this.heldFor = this.session.gameId;
    this.taps.adopt(BOOT, this.heldFor);
    for (let tap = this.taps.waiting[0]; tap; tap = this.taps.waiting[0]) {
      await this.play(tap.move, tap.game);
      this.taps.next();
      this.showWaiting();
    }
    this.holding = false;
    this.renderer.setEarly(false);
    this.showWaiting();
  }

  /** The engine could not start: nothing can play the taps now (a try again can: they are returned). */
  drop() {
    const moves = this.taps.moves;
    this.taps.clear();
    this.holding = false;
    this.showWaiting();
    return moves;
  }

  showWaiting() {
    const moves = this.holding ? this.taps.moves : [];
    this.renderer.setWaiting(moves);
    this.bootScreen.waiting(moves.length);
  }

  // -- help -----------------------------------------------------------------------------------

  hint() {
    const { session, notices, renderer } = this;
    if (session.covered) return this.refuse();
    return session.enqueue(async () => {
      // The engine says which hint applies: the fair one (only the cards you can
      // see) under Challenge, or in any game when the player chose it in Options.
      const reply = await session.ask("hint", { fair: this.options().fairHint === true });
      const { move, fair } = reply;
      const reason = hintReason(reply);
      const game = session.game;
      if (game) session.note({ hints: (game.hints || 0) + 1 });
      if (move === null || move === undefined) {
        notices.show(words.noHint(fair), { id: "hint", timeout: 4000 });
        if (reason) renderer.announce(reason);
        return;
      }
      // The card itself shows the hint; one short line names it. The engine's reason
      // (the line it keeps) is for a screen reader, said after the line.
      notices.show(words.hint(fair, move === DRAW ? null : game.board.slots[move].card), { id: "hint", timeout: 5000 });
      renderer.showHint(move);
      if (reason) renderer.announce(reason);
    });
  }

  // -- pause ----------------------------------------------------------------------------------

  pause() {
    const { clock, session, renderer } = this;
    if (clock.paused) return;
    const board = session.board;
    if (!board || board.over || session.covered) {
      this.notices.show(t("notice-nothing-to-pause"), { id: "pause", timeout: 3000 });
      return;
    }
    clock.pause(true);
    renderer.setPaused(true);
    this.dialogs.open("pause");
    session.keepPaused(true);
  }

  resume() {
    this.clock.pause(false);
    this.renderer.setPaused(false);
    this.session.keepPaused(false);
  }

  /** The board in words, in its panel: the same words the B key says. */
  readBoard() {
    const board = this.session.board;
    if (!board) return;
    this.dialogs.setText("reader-text", boardWords(board, this.renderer.full));
    this.dialogs.open("reader");
  }
}
