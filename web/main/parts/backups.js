// Backups: every save exported as one file, and a backup (a file, or a code carried into the
// installed app) restored all or nothing, its game checked by the engine first.

import { exportData, readBackup, writeBackup } from "../model/storage.js";
import { isoDate } from "../model/dates.js";
import { t } from "../model/i18n.js";

export class Backups {
  constructor({ engine, session, storage, dialogs, options, watching, results }) {
    Object.assign(this, { engine, session, storage, dialogs, options, watching, results });
  }

  exportAll() {
    const data = exportData(this.storage);
    this.dialogs.download(`tripeaks-backup-${isoDate(new Date())}.json`, JSON.stringify(data, null, 1), "application/json");
    this.dialogs.setText("stats-message", t("backup-saved"));
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
      say(t("backup-import-failed", { reason: error.message }));
      return false;
    }
    let restored = false;
    await session.enqueue(async () => {
      if (backup.game) {
        try { // the engine reads the backup's game before anything is asked or written
          await this.engine.call("check_record", { record: backup.game.record });
        } catch (error) {
          say(t("backup-game-unplayable", { reason: error.message }));
          return;
        }
        await this.watching.stop();
        if (session.inProgress() && !(await dialogs.confirm(t("backup-restore-title"),
          t("backup-restore-text"), t("backup-restore-yes"), t("backup-restore-no")))) {
          results.showStats();
          return;
        }
      }
      const stats = storage.load("stats").value;
      const played = (count) => t("backup-games-played", { count });
      // Something to lose: games counted, or money game deals (walked away from, they count only there).
      const kept = stats && (stats.played > 0 || (stats.bankroll && stats.bankroll.played > 0));
      if (backup.stats && kept && !(await dialogs.confirm(t("backup-replace-title"),
        t("backup-replace-text", { backup: played(backup.stats.played), here: played(stats.played) }),
        t("backup-replace-yes"), t("backup-replace-no")))) {
        results.showStats();
        say(t("backup-stats-kept"));
        return;
      }
      const written = writeBackup(storage, backup);
      if (!written.ok) { // all or nothing: what was there is back
        results.showStats();
        say(t("backup-sentences", {
          first: t(`backup-write-failed-${written.failed}`, { reason: written.error }),
          second: t(written.restored ? "backup-put-back" : "backup-not-put-back"),
        }));
        return;
      }
      if (backup.options) this.options.take(backup.options);
      if (backup.game) await session.restore(backup.game);
      results.showStats();
      const damaged = backup.damaged && backup.damaged.length;
      say(damaged ? t("backup-restored-damaged", { fields: backup.damaged.slice(0, 6).join(", ") }) : t("backup-restored"));
      restored = true;
    });
    return restored;
  }
}
