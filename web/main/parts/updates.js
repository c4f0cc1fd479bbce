// What changes under the page: a new version from the service worker, saves another tab
// made (its game, its options), and storage that fills up or frees again.

import { t } from "../model/i18n.js";

/** Megabytes with one decimal, written the language's way. */

export class Updates {
  constructor({ sw, storage, notices, dialogs, session, options, isReady }) {
    Object.assign(this, { sw, storage, notices, dialogs, session, options });
    this.isReady = isReady; // () => whether the engine has dealt the first game
  }

  /** Hear the saves' problems and whether saving works (before anything is loaded). */
  watchStorage() {
    const { storage, notices } = this;
    storage.onproblem = (message, { id = "storage" } = {}) => notices.show(message, { id, kind: "error" });
    storage.onfull = (full, reason) => this.storageFull(full, reason);
    if (storage.full) this.storageFull(true);
    else if (!storage.persistent) {
      notices.show(t("storage-refused"), { id: "storage", kind: "error", lasting: true });
    }
  }

  /** Hear the service worker: the offline download's progress (told to ``startup``), a new version, a reload another tab asked for. */
  watchServiceWorker(startup) {
    const { sw, session } = this;
    sw.onprogress = ({ received, total }) => startup.downloading(received, total);
    sw.onupdate = () => this.offer();
    sw.beforeReload = () => session.enqueue(() => session.keepGame()); // another tab applied an update
  }

  offer() {
    this.notices.show(t("update-ready"), {
      id: "update",
      action: { label: t("update-now"), run: () => this.apply() },
    });
  }

  /** A new version waiting is applied now (called between games). */
  applyWaiting() {
    if (this.sw.waiting) this.apply();
  }

  apply() {
    const { session, sw, notices } = this;
    // Queued behind any move in flight; the game was saved after it.
    return session.enqueue(async () => {
      session.keepGame();
      if (sw.applyUpdate()) { // the tap is answered at once: the reload follows
        notices.show(t("update-applying"), { id: "updating", lasting: true });
      }
    });
  }

  /** Saving stopped (storage full) or works again: said at once, and for as long as it lasts. */
  storageFull(full, reason = null) {
    const notices = this.notices;
    if (full) {
      notices.show(reason ? t("storage-full-reason", { reason: String(reason) }) : t("storage-full"),
      { id: "storage", kind: "error", lasting: true });
    } else {
      notices.dismiss("storage");
      notices.dismiss("result-unsaved");
      notices.show(t("storage-works-again"), { id: "storage", timeout: 4000 });
    }
  }

  /** Another tab saved something (a storage event): its options are taken up, its game shown. */
  otherTab(event) {
    const { storage, session, options, dialogs, notices } = this;
    if (event.key === storage.key("options")) {
      if (options.catchUp() && dialogs.isOpen("options")) options.show();
      return;
    }
    if (event.key !== storage.key("game") || !event.newValue || !this.isReady()) return;
    const same = (value) => !value || session.holds(value);
    if (same(storage.load("game").value)) return;
    session.enqueue(async () => {
      // Read again: a move of this tab may have come after that change, and saved a later game.
      const { value } = storage.load("game");
      if (same(value)) return;
      await session.takeUp(value); // while another game is watched, kept for Stop watching
      if (!session.covered) notices.show(t("save-other-tab"), { id: "other-tab", timeout: 5000 });
    });
  }
}
