// The game on the table and its save: one queue for every engine job, and the one path
// from an engine state to the screen (show: save, then draw).
//
// Every engine call that changes the game goes through the queue, so a move, a restore and
// an update never interleave; after each one the game is saved, then drawn (Renderer.draw).
// No rule is decided here: the engine answers.

import { recordId } from "./storage.js";
import { presetTitle } from "./options.js";

const newId = () =>
  (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

export class Session {
  constructor(app) {
    this.app = app;
    this.queue = Promise.resolve();
    this.save = null; // {gameId, record, board, preset, hints, elapsed, daily, watched, paused, race, rating}
    this.clockWaits = false; // a game brought back (reload, another tab) keeps its clock stopped until a move
  }

  /** Run one engine job after the ones before it; failures become notices. */
  enqueue(job) {
    const run = this.queue.then(job).catch((error) => this.report(error));
    this.queue = run;
    return run;
  }

  report(error) {
    const message = error && error.message ? error.message : String(error);
    if (error && error.kind === "internal") console.error("engine error:", message);
    this.app.notices.show(message, { id: "move", kind: error && error.kind === "internal" ? "error" : "info", timeout: 4000 });
  }

  /** One saved kind, its problem (if any) said as a notice. */
  load(kind) {
    const { value, problem } = this.app.storage.load(kind);
    if (problem) this.app.notices.show(problem, { id: `${kind}-problem`, kind: "error" });
    return value;
  }

  /** Whether a saved game is the one on the table (the same game, at the same point). */
  holds(value) {
    const save = this.save;
    return Boolean(save && value && value.gameId === save.gameId && JSON.stringify(value.record) === JSON.stringify(save.record));
  }

  // -- the one path from an engine state to the screen ---------------------------------

  /**
   * Save, then draw; a finished game is counted and its panel shown. ``fresh``: a new
   * game; ``restored``: the saved game brought back; ``taken``: a game another tab saved,
   * taken up as it is (not saved again, not counted, its clock stopped until a move).
   */
  show(state, { fresh = false, restored = false, taken = null, motion = null, daily = null, watched = false, closing = [] } = {}) {
    const { clock, renderer, notices, presets } = this.app;
    const board = state.board;
    const before = this.save;
    if (taken) {
      this.save = { ...taken };
      clock.reset(taken.elapsed || 0);
      renderer.setPreset(presetTitle(this.save.preset, presets));
    } else if (fresh || !before) {
      this.save = {
        gameId: newId(), preset: board.preset, hints: 0, elapsed: 0,
        daily, watched, finished: false,
      };
      clock.reset(0);
      renderer.setPreset(presetTitle(this.save.preset, presets));
    } else if (restored) {
      // A save with no id (an older format) gets one from its record: counted once, however often restored.
      this.save = { hints: 0, elapsed: 0, finished: false, ...before, gameId: before.gameId || recordId(before.record) };
      this.clockWaits = true; // time away does not count: the clock starts again at the next move
      if (!this.save.preset || this.save.preset === "custom") this.save.preset = board.preset;
      clock.reset(this.save.elapsed || 0);
      renderer.setPreset(presetTitle(this.save.preset, presets));
    }
    const save = this.save;
    save.record = state.record;
    save.board = board;
    if (!board.over) notices.dismiss("over"); // undone, or another game
    if (fresh) this.clockWaits = false;
    clock.want(board.moves > 0 && !board.over && !save.watched && !this.clockWaits && !taken);
    save.elapsed = Math.round(clock.elapsed());
    // Marked before saving, so a reload does not show the result panel again.
    const finishing = board.over && !save.finished && !taken;
    save.finished = Boolean(board.over);
    if (!taken) {
      this.app.race.shown(save, { fresh, restored }); // a race starts, goes on or is judged with the game
      if (!save.watched) this.app.storage.save("game", save); // the player's game stays saved while watching
    }
    renderer.draw(board, motion);
    // A panel that asked for this board closes with it: one style pass for both, not two.
    for (const name of closing) this.app.dialogs.close(name);
    performance.mark("tripeaks:drawn");
    // What the move earned, seen and heard (from the engine's last_action).
    const { effects, sound } = this.app;
    if (effects) effects.moved(board, motion);
    if (motion && sound) sound.moved(board);
    if (finishing) this.app.tally.finish(board.won);
    if (fresh || restored) this.app.dealing.rateSoon();
  }

  /** Before a move: take up the game another tab saved since this tab's last save (run in a queued job). */
  async catchUp() {
    const app = this.app;
    if (app.watch || !this.save || !app.engineReady) return;
    const { value } = app.storage.load("game");
    if (!value || !value.record || this.holds(value)) return;
    const state = await app.engine.call("restore", { record: value.record });
    this.show(state, { taken: value });
  }

  // -- keeping the save -----------------------------------------------------------------

  /** Save the time played when the page hides (only our own game, only while it runs). */
  keepTime() {
    const { storage, clock } = this.app;
    if (!this.save || !this.save.board || clock.since === null) return;
    let raw = null;
    try { raw = storage.raw("game"); } catch { return; }
    if (!raw || !raw.includes(`"${this.save.gameId}"`)) return; // another tab's game now
    this.save.elapsed = Math.round(clock.elapsed());
    storage.save("game", this.save);
  }

  /** Save the player's own game as it stands (before a reload into a new version). */
  keepGame() {
    const own = this.save && this.save.watched ? this.app.watcher.ownSave : this.save;
    if (!own) return;
    if (own === this.save) own.elapsed = Math.round(this.app.clock.elapsed());
    this.app.storage.save("game", own);
  }

  /** Save whether the game is paused, so a reload brings it back paused. */
  keepPaused(on) {
    if (!this.save || this.save.watched || Boolean(this.save.paused) === on) return;
    this.save.paused = on;
    this.save.elapsed = Math.round(this.app.clock.elapsed());
    this.app.storage.save("game", this.save);
  }

  // -- leaving a game -------------------------------------------------------------------

  /** Whether leaving now loses something: a started game not yet over. */
  inProgress() {
    const s = this.save;
    return Boolean(s && s.board && s.board.moves > 0 && !s.board.over && !s.watched);
  }

  /** Ask before leaving a game in progress; says what leaving records. */
  async confirmLeave(what, { hold = false } = {}) {
    if (!this.inProgress()) return true;
    const loss = this.save.board.rules && this.save.board.rules.abandon_is_loss;
    return this.app.dialogs.confirm(
      `${what}?`,
      loss ? "This game is not finished: leaving it counts as a loss." : "This game is not finished. It will not be recorded.",
      what, "Keep playing", { hold },
    );
  }

  /** Count the game being left: a loss when it ended stuck, or when the rules say leaving loses. */
  async leaveGame() {
    const save = this.save;
    if (!save || !save.board || save.watched || save.board.won || save.board.moves === 0) return;
    if (save.board.stuck || save.board.rules.abandon_is_loss) await this.app.tally.count(save, false);
  }
}
