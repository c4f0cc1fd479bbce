// The player's game: its one owner. Every change to the saved game is made here, on one queue of
// engine jobs; after each change the game is saved, drawn, and then announced ("shown"), and the
// parts that react to a game (the race, the statistics, dealing, effects, sound) listen for that.
//
// Other parts ask for a change (a move, a deal, a restored game, another tab's game, a note such
// as a hint taken) and read the game through ``game``, a frozen copy: none assigns to the save.
// No rule is decided here: the engine answers. The engine holds games by name; this one is
// "player" (a watched game, a race's or a replay's have names of their own).

import { recordId } from "../model/storage.js";
import { DRAW } from "../model/vocabulary.js";
import { t } from "../model/i18n.js";

export const PLAYER = "player"; // the engine's name for the player's own game

const newId = () =>
  (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

export class Session extends EventTarget {
  #save = null; // {gameId, record, board, preset, hints, elapsed, daily, paused, finished, race, rating, analysis}
  #asked = null; // {save, answer}: the saved game's restore, asked before the engine was ready

  constructor({ engine, storage, renderer, notices, dialogs, clock, recordLeft, keepMoney = null }) {
    super();
    Object.assign(this, { engine, storage, renderer, notices, dialogs, clock });
    this.recordLeft = recordLeft; // (game, won) => Promise: a game left stuck, or lost by leaving it, counted
    this.keepMoney = keepMoney; // (game) => Promise: a money game's deal left, its money kept in the bankroll
    this.queue = Promise.resolve();
    this.clockWaits = false; // a game brought back (reload, another tab) keeps its clock stopped until a move
    this.covered = false; // another game (watched, replayed) is on the table: this one waits, saved
  }

  // -- reading ---------------------------------------------------------------------------

  /** The player's game as it stands (a frozen copy), or null before there is one. */
  get game() { return this.#save ? Object.freeze({ ...this.#save }) : null; }

  get gameId() { return this.#save ? this.#save.gameId : null; }

  get board() { return this.#save ? this.#save.board : null; }

  /** Whether ``gameId`` is still the game on the table (not another deal by now). */
  isCurrent(gameId) { return Boolean(this.#save && this.#save.gameId === gameId); }

  /** Whether a saved game is the one held here (the same game, at the same point). */
  holds(value) {
    const save = this.#save;
    return Boolean(save && value && value.gameId === save.gameId && JSON.stringify(value.record) === JSON.stringify(save.record));
  }

  /** Whether leaving now loses something: a started game not yet over. */
  inProgress() {
    const board = this.board;
    return Boolean(board && board.moves > 0 && !board.over);
  }

  /** Ask the engine about the player's game (it names the game for the engine). */
  ask(type, args = {}) { return this.engine.call(type, { ...args, game: PLAYER }); }

  // -- the queue ---------------------------------------------------------------------------

  /** Run one engine job after the ones before it; failures become notices. */
  enqueue(job) {
    const run = this.queue.then(job).catch((error) => this.report(error));
    this.queue = run;
    return run;
  }

  report(error) {
    const message = error && error.message ? error.message : String(error);
    if (error && error.kind === "internal") console.error("engine error:", message);
    this.notices.show(message, { id: "move", kind: error && error.kind === "internal" ? "error" : "info", timeout: 4000 });
  }

  /** One saved kind, its problem (if any) said as a notice. */
  load(kind) {
    const { value, problem } = this.storage.load(kind);
    if (problem) this.notices.show(problem, { id: `${kind}-problem`, kind: "error" });
    return value;
  }

  // -- changes (each run inside a queued job) ----------------------------------------------

  /** The saved game, read at start-up before the engine is ready (drawn at once by Startup). */
  loadSaved() {
    let save = this.load("game");
    if (save && save.watched) save = null; // an AI's game saved by an older version
    this.#save = save;
    return this.game;
  }

  /** Ask the engine now to restore the saved game, while it starts: it answers the
   * moment it is ready, without waiting for the page to hear that it is (a busy
   * phone's page hears it late). restoreSaved takes the answer. */
  askRestore() {
    const save = this.#save;
    if (!save) return;
    const answer = this.ask("restore", { record: save.record });
    answer.catch(() => {}); // restoreSaved hears a failure
    this.#asked = { save, answer };
  }

  /** The saved game restored in the engine; false (and said) when it cannot be read. */
  async restoreSaved() {
    const save = this.#save;
    if (!save) return false;
    const asked = this.#asked && this.#asked.save === save ? this.#asked.answer : null;
    this.#asked = null;
    try {
      const state = await (asked || this.ask("restore", { record: save.record }));
      this.#show(state, { restored: true });
      return true;
    } catch (error) {
      const where = this.storage.setAside("game", JSON.stringify(save));
      this.notices.show(where
        ? t("save-game-unreadable", { reason: error.message, where })
        : t("save-game-unreadable-stuck", { reason: error.message }),
      { id: "game-problem", kind: "error" });
      this.#save = null;
      return false;
    }
  }

  /** Play one move (a slot, the draw move, "undo" or "redo"); the engine refuses what the rules do. */
  async play(move, motion = null) {
    const before = this.board;
    const state = await this.ask("action", { move });
    this.clockWaits = false; // the player is back: time counts again
    const last = state.board.last_action;
    if (motion && move === "undo" && last && last.kind === "undo") {
      motion.undo = last.move === DRAW ? -1 : last.move; // the card back on the peaks flies home
    }
    this.#show(state, { motion });
    return { state, before };
  }

  /** A new deal (``command`` new_game, daily or restart): the game being left is counted first.
   * ``closing`` names panels that close with the new board; ``race``, a race starting with it. */
  async deal(command, request, { daily = null, closing = [], race = null } = {}) {
    await this.leaveGame();
    const state = await this.ask(command, request);
    this.#show(state, { fresh: true, daily, closing, race, dealt: command });
    return state;
  }

  /** A game saved elsewhere (a backup's, or the one left for a replay) put on the table as it was. */
  async restore(save) {
    const state = await this.ask("restore", { record: save.record });
    this.#save = { ...save };
    this.#show(state, { restored: true });
  }

  /** A game another tab saved, taken up as it is: not saved again, not counted, its clock
   * stopped until a move. While another game covers the table it is kept, and drawn after. */
  async takeUp(value) {
    const state = await this.ask("restore", { record: value.record });
    this.clockWaits = true;
    this.#show(state, { taken: value });
  }

  /** Before a move: take up the game another tab saved since this tab's last save. */
  async catchUp() {
    if (!this.#save) return;
    const { value } = this.storage.load("game");
    if (!value || !value.record || this.holds(value)) return;
    await this.takeUp(value);
  }

  /** Keep facts about the game that are not the engine's (a hint taken, its rating, its
   * analysis, the race's result), saved with the next change, or at once with ``now``. */
  note(changes, { now = false } = {}) {
    if (!this.#save) return;
    Object.assign(this.#save, changes);
    if (now) this.storage.save("game", this.#save);
  }

  /** Another game takes the table (watching, a replay): this one waits, saved, its clock stopped. */
  cover() {
    if (this.covered) return;
    this.covered = true;
    this.keepGame();
    this.clock.want(false);
    this.dispatchEvent(new CustomEvent("covered", { detail: { on: true } }));
  }

  /** The table is this game's again: drawn as it was left (unless another deal follows at once). */
  uncover({ draw = true } = {}) {
    if (!this.covered) return;
    this.covered = false;
    this.dispatchEvent(new CustomEvent("covered", { detail: { on: false } }));
    if (draw && this.#save) this.#show({ board: this.#save.board, record: this.#save.record }, { restored: true });
  }

  // -- the one path from an engine state to the screen ---------------------------------------

  /**
   * Save, draw, announce. ``fresh``: a new game; ``restored``: the saved game brought back;
   * ``taken``: a game another tab saved (not saved again, not counted).
   */
  #show(state, { fresh = false, restored = false, taken = null, motion = null, daily = null, closing = [], race = null, dealt = null } = {}) {
    const { clock, renderer, notices } = this;
    const board = state.board;
    const before = this.#save;
    if (taken) {
      this.#save = { ...taken };
      clock.reset(taken.elapsed || 0);
    } else if (fresh || !before) {
      this.#save = { gameId: newId(), preset: board.preset, hints: 0, elapsed: 0, daily, finished: false };
      if (race) this.#save.race = race;
      clock.reset(0);
    } else if (restored) {
      // A save with no id (an older format) gets one from its record: counted once, however often restored.
      this.#save = { hints: 0, elapsed: 0, finished: false, ...before, gameId: before.gameId || recordId(before.record) };
      this.clockWaits = true; // time away does not count: the clock starts again at the next move
      if (!this.#save.preset || this.#save.preset === "custom") this.#save.preset = board.preset;
      clock.reset(this.#save.elapsed || 0);
    }
    const save = this.#save;
    save.record = state.record;
    save.board = board;
    if (this.covered) { // kept, saved, drawn when the table is this game's again
      if (!taken) this.storage.save("game", save);
      return;
    }
    if (!board.over) notices.dismiss("over"); // undone, or another game
    if (fresh) this.clockWaits = false;
    clock.want(board.moves > 0 && !board.over && !this.clockWaits && !taken);
    save.elapsed = Math.round(clock.elapsed());
    // Marked before saving, so a reload does not show the result panel again.
    const finishing = board.over && !save.finished && !taken;
    save.finished = Boolean(board.over);
    if (!taken) this.storage.save("game", save);
    renderer.draw(board, motion);
    // A panel that asked for this board closes with it: one style pass for both, not two.
    for (const name of closing) this.dialogs.close(name);
    performance.mark("tripeaks:drawn");
    const detail = { game: this.game, board, fresh, restored, taken: Boolean(taken), motion, finishing, dealt, before: before && before.board };
    this.dispatchEvent(new CustomEvent("shown", { detail }));
  }

  // -- keeping the save -----------------------------------------------------------------------

  /** Save the time played when the page hides (only our own game, only while it runs). */
  keepTime() {
    const { storage, clock } = this;
    if (!this.#save || !this.#save.board || clock.since === null) return;
    let raw = null;
    try { raw = storage.raw("game"); } catch { return; }
    if (!raw || !raw.includes(`"${this.#save.gameId}"`)) return; // another tab's game now
    this.#save.elapsed = Math.round(clock.elapsed());
    storage.save("game", this.#save);
  }

  /** Save the player's game as it stands (before a reload into a new version, or another game takes the table). */
  keepGame() {
    if (!this.#save) return;
    if (!this.covered) this.#save.elapsed = Math.round(this.clock.elapsed());
    this.storage.save("game", this.#save);
  }

  /** Save whether the game is paused, so a reload brings it back paused. */
  keepPaused(on) {
    if (!this.#save || Boolean(this.#save.paused) === on) return;
    this.#save.paused = on;
    this.#save.elapsed = Math.round(this.clock.elapsed());
    this.storage.save("game", this.#save);
  }

  // -- leaving a game -------------------------------------------------------------------------

  /** Ask before leaving a game in progress for ``what`` ("new", "restart", "link", "replay",
   * "race": the keys save-leave-<what> and save-leave-<what>-title); says what leaving records. */
  async confirmLeave(what, { hold = false } = {}) {
    if (!this.inProgress()) return true;
    const loss = this.board.rules && this.board.rules.abandon_is_loss;
    return this.dialogs.confirm(
      t(`save-leave-${what}-title`),
      t(loss ? "save-leave-loss" : "save-leave-unrecorded"),
      t(`save-leave-${what}`), t("save-keep-playing"), { hold },
    );
  }

  /** Count the game being left: a loss when it ended stuck, or when the rules say leaving loses;
   * a money game's deal keeps its money. */
  async leaveGame() {
    const save = this.#save;
    if (!save || !save.board || save.board.moves === 0) return;
    if (this.keepMoney) await this.keepMoney(this.game);
    if (save.board.won) return;
    if (save.board.stuck || save.board.rules.abandon_is_loss) await this.recordLeft(this.game, false);
  }
}
