// What a finished game records and shows: the game counted (a win at once, a stuck game when it
// is left), the result panel with par, the loss analysis and the AI's results, and the Statistics
// panel. It hears of a game's end from the session ("shown" with finishing).

import { emptyStats } from "../model/storage.js";
import { RACE_LEVELS, countResult, presetStats, resetPreset, resultOf } from "../model/statistics.js";
import { presetTitle } from "../model/options.js";
import { stuck, words } from "../model/words.js";
import { onLanguage, t } from "../model/i18n.js";

export class Results extends EventTarget {
  constructor({ session, storage, dialogs, notices, renderer, options, raceStrip, effects = null }) {
    super();
    Object.assign(this, { session, storage, dialogs, notices, renderer, options, raceStrip, effects });
    this.last = null; // the result last shown: opened again (Menu, the table's line) until the next game
    // The table's lasting line about a finished game, worded again in a new language (the
    // panel itself is filled again when it next opens).
    onLanguage(() => {
      const game = this.session.game;
      if (game && game.board.over && this.notices.root.querySelector("[data-notice=over]")) this.overLine(game.board);
    });
    session.addEventListener("shown", ({ detail }) => {
      if (detail.finishing) this.finish(detail.game);
      else if (detail.restored && detail.board.over) this.overLine(detail.board); // its panel was seen before the reload
      if (this.last && !session.isCurrent(this.last.gameId)) this.last = null;
    });
  }

  /** The table's line while a finished game is on it: its outcome, and its result a tap away. */
  overLine(board) {
    this.notices.show(words.gameOver(board.won), {
      id: "over", scope: "game", lasting: true, action: { label: words.seeResult, run: () => this.reopen() },
    });
  }

  /** The result panel was closed: the table keeps a way back to it while the game is on it. */
  closed() {
    const game = this.session.game;
    if (game && game.board.over && !this.session.covered) this.overLine(game.board);
  }

  /** Open the finished game's result again (the Menu's "Result", the table's line). */
  reopen() {
    const game = this.session.game;
    if (!game || !game.board.over) return;
    if (this.last && this.session.isCurrent(this.last.gameId)) {
      this.openResult(this.last);
      return;
    }
    // After a reload: the figures as they stand, par or the analysis asked again.
    const won = game.board.won;
    const stats = this.withPending(this.storage.load("stats").value || emptyStats(), game);
    const verdict = (won ? this.session.ask("par", { max_seconds: 3 }) : this.session.ask("analyse", { max_seconds: 3, par: false }))
      .catch(() => null);
    this.openResult({
      won, board: { ...game.board, elapsed: game.elapsed }, stats, before: null, pending: this.pending(stats, game) !== null,
      presetName: game.preset, presets: this.options.presets, gameId: game.gameId, verdict,
    });
  }

  /** The game on the table, stuck and not counted yet (it counts when it is left): the
   * statistics with it counted, or null when there is no such game. */
  pending(stats, game = this.session.game) {
    if (!game || !game.board.over || game.board.won) return null;
    return countResult(stats || emptyStats(), resultOf(game, false));
  }

  withPending(stats, game = this.session.game) {
    return this.pending(stats, game) || stats;
  }

  /** The game on the table has just ended. */
  async finish(game) {
    const { session, storage, notices } = this;
    const won = game.board.won;
    const board = { ...game.board, elapsed: game.elapsed };
    this.renderer.announce(won ? words.won(board.score) : stuck());
    this.dispatchEvent(new CustomEvent("finished", { detail: { won } })); // the install offer counts wins
    // A win counts at once; a stuck game counts when it is left, since undo may
    // still save it (and at once when the rules have no undo). The panel shows
    // the figures with this game in them either way.
    const pending = !won && board.can_undo;
    const before = presetStats(storage.load("stats").value || emptyStats(), game.preset);
    if (!pending) {
      const { saved } = await this.count(game, won);
      if (!saved) {
        notices.show(t("notice-result-unsaved"), { id: "result-unsaved", kind: "error" });
      }
    }
    let stats = storage.load("stats").value;
    if (pending) stats = countResult(stats || emptyStats(), resultOf(game, won)) || stats;
    // Par (a win) or what lost the game (a loss) is asked for now, while the panel opens.
    const verdict = (won
      ? session.ask("par", { max_seconds: 3 })
      : session.ask("analyse", { max_seconds: 3, par: false }).then((analysis) => {
        if (session.isCurrent(game.gameId)) session.note({ analysis });
        return analysis;
      })
    ).catch(() => null);
    if (won && this.effects) { // the panel waits for the celebration (or the player's tap)
      await this.effects.celebrate(board);
      if (!session.isCurrent(game.gameId)) return;
    }
    this.openResult({ won, board, stats, before, pending, presetName: game.preset, presets: this.options.presets, gameId: game.gameId, verdict });
  }

  /** Open the end-of-game panel (a win celebration may come first): the figures
   * at once, par or the loss analysis when the engine answers. */
  openResult(result) {
    const { session, dialogs, notices } = this;
    this.last = result;
    notices.dismiss("over");
    dialogs.result(result);
    const current = () => session.isCurrent(result.gameId);
    result.verdict.then((answer) => {
      if (!current()) return;
      if (result.won) dialogs.par(answer);
      else dialogs.analysis(answer);
    }).then(() => (current() ? session.ask("ai_results") : null)) // after par: the AI on the same deal
      .then((answer) => { if (answer && current()) dialogs.resultPanel.aiResults(answer.results, result.board); })
      .catch((error) => { if (current()) dialogs.resultPanel.aiResults(null, result.board, error); });
  }

  /** Count a finished (or left) game in the statistics, once. */
  count(game, won) {
    return this.storage.updateStats((stats) => countResult(stats, resultOf(game, won)));
  }

  // -- the Statistics panel ----------------------------------------------------------------

  /** The Statistics panel. A stuck game on the table, not counted until it is left, is
   * shown counted, and said so: the same figures as its result panel. */
  showStats(preset = null) {
    const stats = this.storage.load("stats").value || {};
    const game = this.session.game;
    this.dialogs.setText("stats-message", "");
    this.showPreset(preset || (game && game.preset) || this.options.options.preset);
    this.raceStrip.stats(RACE_LEVELS, stats.race || {});
  }

  /** The panel's rules chosen: that preset's figures. */
  showPreset(preset) {
    const stats = this.storage.load("stats").value || emptyStats();
    const game = this.session.game;
    const pending = !this.session.covered && this.pending(stats, game);
    const counted = pending && game.preset === preset;
    this.dialogs.setText("stats-pending", counted ? words.pendingLoss : "");
    this.dialogs.showStats(counted ? pending : stats, preset);
  }

  async resetStats() {
    const { dialogs } = this;
    const preset = dialogs.statsPreset();
    const title = presetTitle(preset, this.options.presets);
    const sure = await dialogs.confirm(t("result-reset-question", { preset: title }), t("result-reset-detail", { preset: title }), t("result-reset-yes"), t("result-reset-no"));
    if (sure) await this.storage.updateStats((stats) => resetPreset(stats, preset));
    this.showStats(preset);
    if (sure) dialogs.setText("stats-message", `${title} statistics reset.`);
  }
}
