// Watching: the AI, the solver's winning line or a replay plays a copy of the deal in the
// watch strip, while the player's own game waits aside, saved, until Stop watching.

import { presetTitle } from "./options.js";
import { words } from "./words.js";

const AI_DELAY = { slow: 900, normal: 600, fast: 300, off: 250 };

export class Watcher {
  constructor(app) {
    this.app = app;
    this.current = null; // {running, line?, index?, replay?}: what plays the copy of the deal
    this.ownSave = null; // the player's game, kept aside while watching
    this.speedChosen = null; // the strip's speed, once the player sets it there
  }

  /** Who plays the moves said now: null for the player. */
  who() {
    const w = this.current;
    return !w ? null : w.replay ? "The replay" : w.line ? "The solver" : "The AI";
  }

  /** A tap or key meant for the player's game while the AI plays: say why nothing happens. */
  refuse() {
    this.app.notices.show("The AI is playing this deal: Stop watching to play your own game.", { id: "watching", timeout: 3000 });
    return null;
  }

  /** The AI plays this deal from its start; the player's game waits, saved, until Stop watching. */
  start() {
    const app = this.app;
    app.dialogs.close("result");
    return app.enqueue(async () => {
      if (!app.save || this.current) return;
      await this.fromStart({ running: false, line: null }, "The AI plays this deal");
    });
  }

  /** Set the player's game aside and deal the copy to watch (run inside a queued job). */
  async fromStart(watch, title, command = "restart", request = {}) {
    const app = this.app;
    this.ownSave = { ...app.save, elapsed: Math.round(app.clock.elapsed()) };
    app.storage.save("game", this.ownSave);
    const state = await app.engine.call(command, request);
    this.current = watch;
    app.session.show(state, { fresh: true, watched: true });
    this.bar(true, title);
    app.renderer.announce(words.watchStarted(title));
  }

  /** Show or hide the watch strip; the keyboard goes to its controls (Escape leaves them), then back to the table. */
  bar(on, title = "") {
    const { renderer, watchBar } = this.app;
    const w = this.current;
    watchBar.set(on, {
      title, line: Boolean(w && w.line), replay: Boolean(w && w.replay), speed: this.speed(), running: Boolean(w && w.running),
    });
    renderer.setWatching(on);
    if (on) watchBar.focus();
    else if (renderer.focusLost() || watchBar.holdsFocus()) renderer.focusTable();
  }

  /** One move of the copy; ``going``: asked by run(), which may have been paused since. */
  step(going = null) {
    const app = this.app;
    if (!this.current) return null;
    return app.enqueue(async () => {
      if (!this.current || !app.save || app.save.board.over) return;
      if (going && !going()) return; // paused (or stopped) while this step waited its turn
      const w = this.current;
      let state;
      let move;
      if (w.line) {
        move = w.line[w.index];
        if (move === undefined) return;
        w.index += 1;
        state = await app.engine.call("action", { move });
      } else {
        state = await app.engine.call("ai_step", { level: app.watchBar.level() });
        move = state.move;
      }
      app.session.show(state, { motion: app.renderer.motionOf(move) });
      app.play.announce(move, state.board);
      const ended = w.replay && w.index >= w.line.length;
      if (state.board.over || ended) {
        w.running = false;
        app.watchBar.running(false);
      }
      if (ended) this.replayEnded(state.board);
    });
  }

  /** Play or pause: a step at the strip's speed until the game or the line ends. */
  async run() {
    const w = this.current;
    const app = this.app;
    if (!w) return;
    w.running = !w.running;
    app.watchBar.running(w.running);
    if (!w.running) return;
    // Pause then Play within one step's wait: the newest loop alone goes on, not two at once.
    const turn = w.turn = (w.turn || 0) + 1;
    const going = () => this.current === w && w.running && w.turn === turn;
    while (going() && app.save && !app.save.board.over && !(w.line && w.index >= w.line.length)) {
      await this.step(going);
      await new Promise((resolve) => setTimeout(resolve, AI_DELAY[this.speed()] || 600));
    }
  }

  /** The watch strip's speed (the table's animation speed until it is changed there). */
  speed() {
    const speed = this.app.options.speed;
    return this.speedChosen || (["slow", "normal", "fast"].includes(speed) ? speed : "fast");
  }

  /** The AI's game (or the line) is over: said once, by a notice (a replay's end says more). */
  finished(won, board) {
    if (this.current && this.current.replay) return; // replayEnded says it, with "Play this deal"
    const who = this.current && this.current.line ? "The winning line" : "The AI";
    this.app.notices.show(won ? words.watchedWon(who, board.moves) : words.watchedStuck(who, board.cards_left), { id: "watch", timeout: 6000 });
  }

  /** Back to the player's own game, as it was left (run inside a queued job). */
  async stop() {
    const app = this.app;
    if (!this.current) return;
    this.current.running = false;
    const own = this.ownSave;
    if (own) {
      const state = await app.engine.call("restore", { record: own.record });
      app.session.save = own;
      app.session.show(state, { restored: true });
      app.renderer.setPreset(presetTitle(own.preset, app.presets));
    }
    // Only now: a tap while the player's game comes back is dropped, not played on the AI's.
    this.ownSave = null;
    this.current = null;
    this.bar(false);
  }

  /** After a lost game: replay the solver's winning line from the start. */
  winningLine() {
    const app = this.app;
    const line = app.save && app.save.analysis && app.save.analysis.line;
    if (!line) return null;
    app.dialogs.close("result");
    return app.enqueue(async () => {
      if (this.current) return;
      await this.fromStart({ running: false, line: [...line], index: 0 }, words.winningLine(line.length));
      this.run();
    });
  }

  // -- replays -------------------------------------------------------------------------

  /** Replay a checked replay link's game (run inside a queued job): see Linking.openReplay. */
  async replay(replay) {
    const title = replay.deal_code ? `Replay of deal ${replay.deal_code}` : "Replay of a custom deal";
    await this.fromStart({ running: false, line: [...replay.actions], index: 0, replay }, title, "new_game", replay.request);
    if (!replay.actions.length) this.replayEnded(this.app.save.board);
    else this.run();
  }

  replayEnded(board) {
    this.app.notices.show(words.replayEnded(board), {
      id: "replay", timeout: 15000, action: { label: "Play this deal", run: () => this.playReplayed() },
    });
  }

  /** After (or during) a replay: the replayed deal from its start, as the player's own game. */
  playReplayed() {
    const app = this.app;
    return app.enqueue(async () => {
      const w = this.current;
      if (!w || !w.replay) return;
      w.running = false;
      const own = this.ownSave;
      if (own) { // the game left for the replay (the player agreed to leave it) is counted as left
        app.session.save = own;
        await app.session.leaveGame();
      }
      const state = await app.engine.call("new_game", w.replay.request);
      this.ownSave = null;
      this.current = null;
      this.bar(false);
      app.notices.dismiss("replay");
      app.session.show(state, { fresh: true });
      app.renderer.announceDeal(state.board);
    });
  }
}
