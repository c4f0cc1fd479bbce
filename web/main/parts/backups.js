// Backups: every save exported as one file, and a backup (a file, or a code carried into the
// installed app) restored all or nothing, its game checked by the engine first.

import { exportData, readBackup, writeBackup } from "../model/storage.js";
import { isoDate } from "../model/dates.js";

export class Backups {
  constructor({ engine, session, storage, dialogs, options, watching, results }) {
    Object.assign(this, { engine, session, storage, dialogs, options, watching, results });
  }

  exportAll() {
    const data = exportData(this.storage);
    this.dialogs.download(`tripeaks-backup-${isoDate(new Date())}.json`, JSON.stringify(data, null, 1), "application/json");
    this.dialogs.setText("stats-message", "Backup saved: keep the file to bring your games back on any browser.");
  }

  /** The Statistics panel's Import: a backup file chosen. */
  async importFile(file) {
    if (!file) return;
    let text = "";
    try { text = await file.text(); } catch { /* read as empty: refused below */ }
    return this.importText(text);
  }

  /** Restore a backup's text (a file's, or a carried-over code's); resolves true once restored. */
  async importText(text, say = (line) => this.dialogs.setText("stats-message", line)) {
    const { session, storage, dialogs, results } = this;
    let backup;
    try {
      backup = readBackup(storage, text);
    } catch (error) {
      say(`Nothing was imported: ${error.message}.`);
      return false;
    }
    let restored = false;
    await session.enqueue(async () => {
      if (backup.game) {
        try { // the engine reads the backup's game before anything is asked or written
          await this.engine.call("check_record", { record: backup.game.record });
        } catch (error) {
          say(`Nothing was imported: the game in this backup cannot be played (${error.message}).`);
          return;
        }
        await this.watching.stop();
        if (session.inProgress() && !(await dialogs.confirm("Restore the backup?",
          "Its game takes the place of the one in progress, which will not be recorded.", "Restore", "Keep playing"))) {
          results.showStats();
          return;
        }
      }
      const stats = storage.load("stats").value;
      if (backup.stats && stats && stats.played > 0 && !(await dialogs.confirm("Replace your statistics?",
        `The backup's statistics (${backup.stats.played} games played) take the place of the ones kept here (${stats.played} games played).`, "Replace them", "Keep mine"))) {
        results.showStats();
        say("Nothing was imported: your statistics are kept.");
        return;
      }
      const written = writeBackup(storage, backup);
      if (!written.ok) { // all or nothing: what was there is back
        results.showStats();
        say(`Nothing was imported: the ${written.failed} could not be written (${written.error}). ${written.restored ? "Your game, options and statistics are as they were." : "Some of what was here could not be put back: export a backup now."}`);
        return;
      }
      if (backup.options) this.options.take(backup.options);
      if (backup.game) await session.restore(backup.game);
      results.showStats();
      const damaged = backup.damaged && backup.damaged.length ? ` Some of its statistics were damaged and were reset (${backup.damaged.slice(0, 6).join(", ")}).` : "";
      say(`Backup restored.${damaged}`);
      restored = true;
    });
    return restored;
  }
}
