// What a game records: a finished game counted (a win at once, a stuck game when it is left),
// the end-of-game panel with par, the loss analysis and the AI's results, and the Statistics panel.

import { emptyStats } from "./storage.js";
import { countResult, presetStats, resetPreset } from "./stats.js";
import { presetTitle } from "./options.js";
import { STUCK, words } from "./words.js";

export class Tally {
  constructor(app) {
    this.app = app;
  }

  /** The game on the table has just ended (called once, from Session.show). */
  async finish(won) {
    const app = this.app;
    const save = app.save;
    const board = { ...save.board, elapsed: save.elapsed };
    if (save.watched) { // the AI's end: its notice says it
      app.watcher.finished(won, board);
      return;
    }
    app.renderer.announce(won ? words.won(board.score) : STUCK);
    app.doc.dispatchEvent(new CustomEvent("tripeaks:finish", { detail: { won } })); // for web/install.js
    // A win counts at once; a stuck game counts when it is left, since undo may
    // still save it (and at once when the rules have no undo). The panel shows
    // the figures with this game in them either way.
    const pending = !won && board.can_undo;
    const before = presetStats(app.storage.load("stats").value || emptyStats(), save.preset);
    if (!pending) {
      const { saved } = await this.count(save, won);
      if (!saved) {
        app.notices.show("This result is not saved: storage is full. It is kept on this page, and saved as soon as there is room.", { id: "result-unsaved", kind: "error" });
      }
    }
    let stats = app.storage.load("stats").value;
    if (pending) stats = countResult(stats || emptyStats(), this.resultOf(save, won)) || stats;
    // Par (a win) or what lost the game (a loss) is asked for now, while the panel opens.
    const verdict = (won
      ? app.engine.call("par", { max_seconds: 3 })
      : app.engine.call("analyse", { max_seconds: 3, par: false }).then((a) => { save.analysis = a; return a; })
    ).catch(() => null);
    if (won && app.effects) { // the panel waits for the celebration (or the player's tap)
      await app.effects.celebrate(board);
      if (app.save !== save) return;
    }
    this.openResult({ won, board, stats, before, pending, presetName: save.preset, presets: app.presets, gameId: save.gameId, verdict });
  }

  /** Open the end-of-game panel (a win celebration may come first): the figures
   * at once, par or the loss analysis when the engine answers. */
  openResult(result) {
    const app = this.app;
    app.dialogs.result(result);
    const current = () => app.save && app.save.gameId === result.gameId;
    result.verdict.then((answer) => {
      if (!current()) return;
      if (result.won) app.dialogs.par(answer);
      else app.dialogs.analysis(answer);
    }).then(() => (current() ? app.engine.call("ai_results") : null)) // after par: the AI on the same deal
      .then((answer) => { if (answer && current()) app.dialogs.resultPanel.aiResults(answer.results, result.board); })
      .catch((error) => { if (current()) app.dialogs.resultPanel.aiResults(null, result.board, error); });
  }

  count(save, won) {
    return this.app.storage.updateStats((stats) => countResult(stats, this.resultOf(save, won)));
  }

  /** What the statistics record of a finished game. */
  resultOf(save, won) {
    const board = save.board;
    return {
      gameId: save.gameId, won, score: board.score, preset: save.preset, time: save.elapsed,
      clean: !board.used_undo && !save.hints, cardStreak: board.best_streak, cardsLeft: board.cards_left,
      daily: save.daily,
    };
  }

  // -- the Statistics panel ----------------------------------------------------------------

  showStats(preset = null) {
    const app = this.app;
    const stats = app.storage.load("stats").value || {};
    app.dialogs.setText("stats-message", "");
    app.dialogs.showStats(stats, preset || (app.save && app.save.preset) || app.options.preset);
    app.race.showStats(stats);
  }

  /** The panel's rules chosen: that preset's figures. */
  showPreset(preset) {
    this.app.dialogs.showStats(this.app.storage.load("stats").value || {}, preset);
  }

  async resetStats() {
    const app = this.app;
    const preset = app.dialogs.statsPreset();
    const title = presetTitle(preset, app.presets);
    const sure = await app.dialogs.confirm(`Reset ${title} statistics?`, `Every number kept for ${title} games goes. This cannot be undone (export a backup first to keep them).`, "Reset", "Keep them");
    if (sure) await app.storage.updateStats((stats) => resetPreset(stats, preset));
    this.showStats(preset);
    if (sure) app.dialogs.setText("stats-message", `${title} statistics reset.`);
  }

  /** The Deals panel's marks: each daily deal won or played. */
  dailyMarks() {
    const stats = this.app.storage.load("stats").value;
    return (stats && stats.daily) || {};
  }
}
