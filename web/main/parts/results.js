// What a finished game records and shows: the game counted (a win at once, a stuck game when it
// is left), the result panel with par, the loss analysis and the AI's results, and the Statistics
// panel. It hears of a game's end from the session ("shown" with finishing).

import { emptyStats } from "../model/storage.js";
import { RACE_LEVELS, countResult, presetStats, resetPreset, resultOf } from "../model/statistics.js";
import { presetTitle } from "../model/options.js";
import { STUCK, words } from "../model/words.js";

export class Results extends EventTarget {
  constructor({ session, storage, dialogs, notices, renderer, options, raceStrip, effects = null }) {
    super();
    Object.assign(this, { session, storage, dialogs, notices, renderer, options, raceStrip, effects });
    session.addEventListener("shown", ({ detail }) => { if (detail.finishing) this.finish(detail.game); });
  }

  /** The game on the table has just ended. */
  async finish(game) {
    const { session, storage, notices } = this;
    const won = game.board.won;
    const board = { ...game.board, elapsed: game.elapsed };
    this.renderer.announce(won ? words.won(board.score) : STUCK);
    this.dispatchEvent(new CustomEvent("finished", { detail: { won } })); // the install offer counts wins
    // A win counts at once; a stuck game counts when it is left, since undo may
    // still save it (and at once when the rules have no undo). The panel shows
    // the figures with this game in them either way.
    const pending = !won && board.can_undo;
    const before = presetStats(storage.load("stats").value || emptyStats(), game.preset);
    if (!pending) {
      const { saved } = await this.count(game, won);
      if (!saved) {
        notices.show("This result is not saved: storage is full. It is kept on this page, and saved as soon as there is room.", { id: "result-unsaved", kind: "error" });
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
    const { session, dialogs } = this;
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

  showStats(preset = null) {
    const stats = this.storage.load("stats").value || {};
    const game = this.session.game;
    this.dialogs.setText("stats-message", "");
    this.dialogs.showStats(stats, preset || (game && game.preset) || this.options.options.preset);
    this.raceStrip.stats(RACE_LEVELS, stats.race || {});
  }

  /** The panel's rules chosen: that preset's figures. */
  showPreset(preset) {
    this.dialogs.showStats(this.storage.load("stats").value || {}, preset);
  }

  async resetStats() {
    const { dialogs } = this;
    const preset = dialogs.statsPreset();
    const title = presetTitle(preset, this.options.presets);
    const sure = await dialogs.confirm(`Reset ${title} statistics?`, `Every number kept for ${title} games goes. This cannot be undone (export a backup first to keep them).`, "Reset", "Keep them");
    if (sure) await this.storage.updateStats((stats) => resetPreset(stats, preset));
    this.showStats(preset);
    if (sure) dialogs.setText("stats-message", `${title} statistics reset.`);
  }
}
