// Watching: the AI, the solver's winning line or a replay plays a game of its own in the engine
// ("watch" or "replay", beside the player's), drawn on the table with the watch strip, while the
// player's game waits, saved, until Stop watching.

import { words } from "../model/words.js";
import { t } from "../model/i18n.js";

const AI_DELAY = { slow: 900, normal: 600, fast: 300, off: 250 };

export class Watching {
  constructor({ engine, session, renderer, strip, notices, dialogs, options, effects = null, sound = null }) {
    Object.assign(this, { engine, session, renderer, strip, notices, dialogs, effects, sound });
    this.options = options; // () => the player's options
    this.current = null; // {name, running, line?, index?, replay?, board}: the game being watched
    this.speedChosen = null; // the strip's speed, once the player sets it there
  }

  /** Who plays the moves said now (watch-who-*): null for the player. */
  who() {
    const w = this.current;
    return !w ? null : w.replay ? "replay" : w.line ? "solver" : "ai";
  }

  ask(type, args = {}) { return this.engine.call(type, { ...args, game: this.current.name }); }

  /** The AI plays on from the player's position (from the deal's start when the game is over
   * or not begun; the strip offers the start too); the player's game waits, saved, until Stop watching. */
  start() {
    this.dialogs.close("result");
    return this.session.enqueue(async () => {
      const game = this.session.game;
      if (!game || this.current) return;
      const here = game.record.actions.length > 0 && !game.board.over;
      const moves = game.board.moves;
      const title = here ? () => words.aiFromHere(moves) : words.aiFromStart;
      await this.open({ name: "watch", running: false, line: null, from: here ? game.board.moves : 0 }, title, async () => {
        const state = await this.ask("restore", { record: game.record });
        return here ? state : this.ask("restart");
      });
    });
  }

  /** Take the table for ``watch``, whose first state ``deal`` asks of the engine; if the engine
   * refuses, the player's game comes back at once (and the refusal is said by the queue). */
  async open(watch, title, deal) {
    this.current = watch;
    this.session.cover();
    let state;
    try {
      state = await deal();
    } catch (error) {
      await this.stop();
      throw error;
    }
    if (this.current === watch) this.begin(state, title);
  }

  /** The strip's "From the start": the watched game (the AI's, the winning line) again from the deal's start. */
  fromTheStart() {
    return this.session.enqueue(async () => {
      const w = this.current;
      if (!w || !w.from || w.replay) return;
      const wasRunning = w.running;
      w.running = false; // the run under way stops at its next step
      const state = await this.ask("restart");
      if (this.current !== w) return;
      w.from = 0;
      if (w.line) w.index = 0;
      const length = w.line ? w.line.length : 0;
      this.begin(state, w.line ? () => words.winningLine(length) : words.aiFromStart);
      if (wasRunning) this.run();
    });
  }

  /** The watched game's first board drawn, with the strip (``title``: a function that words it). */
  begin(state, title) {
    this.current.board = state.board;
    this.renderer.draw(state.board);
    this.bar(true, title);
    this.renderer.announce(words.watchStarted(title()));
  }

  /** Show or hide the watch strip; the keyboard goes to its controls (Escape leaves them), then back to the table. */
  bar(on, title = null) {
    const { renderer, strip } = this;
    const w = this.current;
    strip.set(on, {
      title, line: Boolean(w && w.line), replay: Boolean(w && w.replay), speed: this.speed(), running: Boolean(w && w.running),
      from: Boolean(w && w.from && !w.replay),
    });
    renderer.setWatching(on);
    if (on) strip.focus();
    else if (renderer.focusLost() || strip.holdsFocus()) renderer.focusTable();
  }

  /** One move of the watched game; ``going``: asked by run(), which may have been paused since. */
  step(going = null) {
    if (!this.current) return null;
    return this.session.enqueue(async () => {
      const w = this.current;
      if (!w || !w.board || w.board.over) return;
      if (going && !going()) return; // paused (or stopped) while this step waited its turn
      const before = w.board;
      let state;
      let move;
      if (w.line) {
        move = w.line[w.index];
        if (move === undefined) return;
        w.index += 1;
        state = await this.ask("action", { move });
      } else {
        state = await this.ask("ai_step", { level: this.strip.level() });
        move = state.move;
      }
      if (this.current !== w) return; // stopped meanwhile
      w.board = state.board;
      const motion = this.renderer.motionOf(move);
      this.renderer.draw(state.board, motion);
      if (this.effects) this.effects.moved(state.board, motion);
      if (this.sound) this.sound.moved(state.board);
      this.renderer.announceMove(move, state.board, before, { who: this.who() });
      const ended = w.replay && w.index >= w.line.length;
      if (state.board.over || ended) {
        w.running = false;
        this.strip.running(false);
      }
      if (ended) this.replayEnded(state.board);
      else if (state.board.over) this.finished(state.board);
    });
  }

  /** Play or pause: a step at the strip's speed until the game or the line ends. */
  async run() {
    const w = this.current;
    if (!w) return;
    w.running = !w.running;
    this.strip.running(w.running);
    if (!w.running) return;
    // Pause then Play within one step's wait: the newest loop alone goes on, not two at once.
    const turn = w.turn = (w.turn || 0) + 1;
    const going = () => this.current === w && w.running && w.turn === turn;
    while (going() && w.board && !w.board.over && !(w.line && w.index >= w.line.length)) {
      await this.step(going);
      await new Promise((resolve) => setTimeout(resolve, AI_DELAY[this.speed()] || 600));
    }
  }

  /** The watch strip's speed (the table's animation speed until it is changed there). */
  speed() {
    const speed = this.options().speed;
    return this.speedChosen || (["slow", "normal", "fast"].includes(speed) ? speed : "fast");
  }

  /** The AI's game (or the line) is over: said once, by a notice. */
  finished(board) {
    const who = this.current && this.current.line ? "line" : "ai";
    this.notices.show(board.won ? words.watchedWon(who, board.moves) : words.watchedStuck(who, board.cards_left), { id: "watch", timeout: 6000 });
  }

  /** Back to the player's own game, as it was left (run inside a queued job). */
  async stop({ draw = true } = {}) {
    const w = this.current;
    if (!w) return;
    w.running = false;
    // Only now: a tap while the player's game comes back is refused, not played on the watched one.
    this.current = null;
    this.engine.call("drop_game", { game: w.name }).catch(() => null); // the engine forgets it
    this.session.uncover({ draw });
    this.bar(false);
  }

  /** After a lost game: the solver's winning line, from the move that lost the game (the
   * player's own moves until then are the line's; the strip offers the start). */
  winningLine() {
    const game = this.session.game;
    const analysis = game && game.analysis;
    const line = analysis && analysis.line;
    if (!line) return null;
    const from = Math.min(analysis.line_start || 0, line.length);
    this.dialogs.close("result");
    return this.session.enqueue(async () => {
      if (this.current) return;
      const w = { name: "watch", running: false, line: [...line], index: 0, from };
      await this.open(w, from ? () => words.winningLineFrom(from) : () => words.winningLine(line.length), async () => {
        await this.ask("restore", { record: game.record });
        let state = await this.ask("restart");
        while (w.index < from && this.current === w) state = await this.ask("action", { move: line[w.index++] });
        return state;
      });
      if (this.current === w) this.run();
    });
  }

  // -- replays -------------------------------------------------------------------------

  /** Replay a checked replay link's game (run inside a queued job): see Links.openReplay. */
  async replay(replay) {
    const title = replay.deal_code ? () => t("replay-of-deal", { code: replay.deal_code }) : () => t("replay-of-custom-deal");
    await this.open({ name: "replay", running: false, line: [...replay.actions], index: 0, replay }, title,
      () => this.ask("new_game", replay.request));
    if (!replay.actions.length) this.replayEnded(this.current.board);
    else this.run();
  }

  replayEnded(board) {
    this.notices.show(words.replayEnded(board), {
      id: "replay", timeout: 15000, action: { label: t("replay-play-this-deal"), run: () => this.playReplayed() },
    });
  }

  /** After (or during) a replay: the replayed deal from its start, as the player's own game
   * (the game left for the replay, which the player agreed to leave, is counted as left). */
  playReplayed() {
    return this.session.enqueue(async () => {
      const w = this.current;
      if (!w || !w.replay) return;
      await this.stop({ draw: false });
      this.notices.dismiss("replay");
      const state = await this.session.deal("new_game", w.replay.request);
      this.renderer.announceDeal(state.board);
    });
  }
}
