// Backups: every save exported as one file, and a backup (a file, or a code carried into the
// installed app) restored all or nothing, its game checked by the engine first.

import { exportData, readBackup, writeBackup } from "./storage.js";
import { isoDate } from "./dialogs.js";

export class Backup {
  constructor(app) {
    this.app = app;
  }

  exportAll() {
    const { storage, dialogs } = this.app;
    const data = exportData(storage);
    dialogs.download(`tripeaks-backup-${isoDate(new Date())}.json`, JSON.stringify(data, null, 1), "application/json");
    dialogs.setText("stats-message", "Backup saved: keep the file to bring your games back on any browser.");
  }

  /** The Statistics panel's Import: a backup file chosen. */
  async importFile(file) {
    if (!file) return;
    let text = "";
    try { text = await file.text(); } catch { /* read as empty: refused below */ }
    return this.importText(text);
  }

  /** Restore a backup's text (a file's, or a carried-over code's); resolves true once restored. */
  async importText(text, say = (line) => this.app.dialogs.setText("stats-message", line)) {
    const app = this.app;
    let backup;
    try {
      backup = readBackup(app.storage, text);
    } catch (error) {
      say(`Nothing was imported: ${error.message}.`);
      return false;
    }
    let restored = false;
    await app.enqueue(async () => {
      let state = null;
      if (backup.game) {
        try { // the engine reads the backup's game before anything is asked or written
          await app.engine.call("check_record", { record: backup.game.record });
        } catch (error) {
          say(`Nothing was imported: the game in this backup cannot be played (${error.message}).`);
          return;
        }
        await app.watcher.stop();
        if (app.session.inProgress() && !(await app.dialogs.confirm("Restore the backup?",
          "Its game takes the place of the one in progress, which will not be recorded.", "Restore", "Keep playing"))) {
          app.showStats();
          return;
        }
      }
      const stats = app.storage.load("stats").value;
      if (backup.stats && stats && stats.played > 0 && !(await app.dialogs.confirm("Replace your statistics?",
        `The backup's statistics (${backup.stats.played} games played) take the place of the ones kept here (${stats.played} games played).`, "Replace them", "Keep mine"))) {
        app.showStats();
        say("Nothing was imported: your statistics are kept.");
        return;
      }
      if (backup.game) state = await app.engine.call("restore", { record: backup.game.record });
      const written = writeBackup(app.storage, backup);
      if (!written.ok) { // all or nothing: what was there is back
        if (app.save) await app.engine.call("restore", { record: app.save.record });
        app.showStats();
        say(`Nothing was imported: the ${written.failed} could not be written (${written.error}). ${written.restored ? "Your game, options and statistics are as they were." : "Some of what was here could not be put back: export a backup now."}`);
        return;
      }
      if (backup.options) app.settings.take(backup.options);
      if (state) {
        app.session.save = { ...backup.game };
        app.session.show(state, { restored: true });
      }
      app.showStats();
      const damaged = backup.damaged && backup.damaged.length ? ` Some of its statistics were damaged and were reset (${backup.damaged.slice(0, 6).join(", ")}).` : "";
      say(`Backup restored.${damaged}`);
      restored = true;
    });
    return restored;
  }
}
