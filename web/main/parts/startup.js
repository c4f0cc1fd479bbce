// The boot: from a loaded page to a playable game. The saved board (or the build's first deal)
// is drawn at once and takes taps, kept in order until the engine is ready to play them.

import { gameRequest } from "../model/options.js";
import { learn } from "../model/vocabulary.js";
import { formatNumber, t } from "../model/i18n.js";

const STEPS = ["fetch", "runtime", "engine", "import"]; // the engine's boot steps: start-<step> words each
const megabytes = (bytes) => formatNumber(bytes / 1e6, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
// No word from the download or the engine for this long: the player is told, and offered a reload.
const STALLED_MS = 30_000;

/** What identifies a position as the player sees it: moves tapped on one board are played only on the same one. */
const boardKey = (board) => JSON.stringify([
  board.deal_code, board.moves, board.waste && board.waste.card, board.stock && board.stock.count,
  (board.slots || []).map((s) => [s.card, Boolean(s.removed)]),
]);

export class Startup {
  constructor({ engine, sw, storage, renderer, bootScreen, notices, clock, session, play, options, updates, links, dealing, listen, firstDeal = null }) {
    Object.assign(this, { engine, sw, storage, renderer, bootScreen, notices, clock, session, play, options, updates, links, dealing, firstDeal });
    this.listen = listen; // wires every event of the page to the part that answers it
    this.ready = false; // the engine has dealt the first game: the table plays
    this.early = null; // {key, first}: the board drawn before the engine is ready, which takes taps
    this.downloaded = false; // the offline download came first: it fills the bar's first half
    this.fetching = false; // the engine's worker is downloading the runtime: its steps wait
    this.stallTimer = null;
    this.watching = true; // until the engine is ready or has failed
    this.booted = new Promise((resolve) => { this.bootOver = resolve; }); // the first game dealt, or failed
    this.registered = null; // the service worker's registration, once asked for (start)
  }

  async start() {
    const { engine, sw, renderer, session } = this;
    // A page the service worker already controls starts Python first thing (boot.js).
    // A first visit starts it too: its worker downloads the runtime's files itself
    // and keeps them for the service worker, which installs once the first game is
    // dealt and the player pauses (and downloads them no more). A browser that cannot
    // decode the files' gzip copies there waits instead until the service worker is in
    // control.
    const controlled = !sw.supported || Boolean(navigator.serviceWorker.controller);
    const direct = !controlled && typeof DecompressionStream === "function";
    this.watchForStall();
    this.fetching = direct;
    engine.on("progress", ({ step, done, total }) => this.fetching
      || this.progress(STEPS.includes(step) ? t(`start-${step}`) : null, (done + 1) / (total + 1)));
    engine.on("download", ({ received, total }) => this.downloading(received, total));
    if (controlled) this.startEngine();
    else if (direct) this.startEngine({ direct });

    this.updates.watchStorage();
    this.options.load();
    session.load("stats"); // only to report (and set aside) unreadable statistics now
    const save = session.loadSaved();
    if (save && save.board) {
      try {
        renderer.draw(save.board);
        this.clock.reset(save.elapsed || 0);
        if (save.paused && !save.board.over) renderer.setPaused(true); // no peek before the pause panel
        else this.early = { key: boardKey(save.board), first: false };
        performance.mark("tripeaks:saved-board-drawn");
      } catch (error) {
        console.warn("the saved board could not be drawn:", error);
      }
    } else if (!save) {
      this.drawFirstDeal();
    }
    if (this.early) this.play.hold(this.takeCarried()); // its cards take taps: kept until the engine is ready
    if (controlled || direct) { // the first game's questions, answered as soon as the engine is up
      this.options.askPresets();
      session.askRestore();
    }
    this.listen();

    this.updates.watchServiceWorker(this);
    // A first visit's service worker installs once the game is on the table (or the
    // engine has failed) and the player pauses: it finds the runtime kept, its progress
    // is not the boot's, and its work (the page's files checked and kept) is no tap's.
    this.registered = direct
      ? this.booted.then(() => new Promise((resolve) => this.dealing.whenQuiet(resolve))).then(() => sw.register())
      : sw.register();
    if (!controlled && !direct) {
      await this.registered;
      await sw.controlled();
      this.startEngine();
    }
    try {
      await engine.ready;
    } catch (error) {
      this.bootOver();
      return this.failed(error);
    }
    this.stopWatching(); // what is left is quick, or waits on the player (a link's question)
    learn(engine.info); // the draw move, the rule keys, the error kinds: the engine's own
    await session.enqueue(() => this.firstGame().catch((error) => this.failed(error)));
    this.bootOver();
    if (this.ready) await this.play.release(Boolean(this.early && session.board && boardKey(session.board) === this.early.key));
    this.early = null;
  }

  startEngine({ direct = false } = {}) {
    if (!globalThis.tripeaksEarlyEngine) performance.mark("tripeaks:engine-start");
    this.engine.start({ download: direct });
  }

  /** A new player's first game, dealt by build.py with the engine, drawn at once
   * while the runtime loads (the engine deals the same one: see firstGame). */
  drawFirstDeal() {
    const first = this.firstDeal;
    if (!first || !first.board || this.links.current()) return; // a link opens its own deal
    if (JSON.stringify(gameRequest(this.options.options)) !== JSON.stringify(first.request)) return; // not the options it was dealt for
    try {
      this.renderer.draw(first.board);
      this.early = { key: boardKey(first.board), first: true };
      performance.mark("tripeaks:first-deal-drawn");
    } catch (error) {
      console.warn("the first deal could not be drawn:", error);
    }
  }

  // -- taps made before the engine is ready, carried across a reload --------------------------

  /** Reload the page, the moves still waiting for the engine carried across it (in
   * this tab's session storage) to be kept again for the same board. */
  reloadKeepingWaiting(moves = this.play.taps.moves) {
    try {
      if (this.early && moves && moves.length) {
        sessionStorage.setItem(this.carriedKey(), JSON.stringify({ key: this.early.key, moves }));
      }
    } catch { /* no session storage here: the moves go with the page, as they would anyway */ }
    window.location.reload();
  }

  carriedKey() { return `${this.storage.prefix}waiting`; }

  /** The moves a reload carried (reloadKeepingWaiting), if the board is the one they were made on. */
  takeCarried() {
    let carried = null;
    try {
      carried = JSON.parse(sessionStorage.getItem(this.carriedKey()));
      sessionStorage.removeItem(this.carriedKey());
    } catch {
      return [];
    }
    if (!carried || carried.key !== this.early.key || !Array.isArray(carried.moves)) return [];
    return carried.moves;
  }

  // -- the boot screen ----------------------------------------------------------------

  /** The offline download (the service worker's install, or a first visit's runtime
   * downloaded by the engine's worker): the bar's first half, by bytes. Once a first
   * visit's runtime is in, the engine's steps are heard again (it says "runtime" then). */
  downloading(received, total) {
    this.progress(t("update-downloading", { received: megabytes(received), total: megabytes(total) }),
      total ? received / total : 1, "download");
    if (received >= total) this.fetching = false;
  }

  // The bar never goes back. When the game is downloaded first, the download fills
  // its first half, by bytes, and the engine's steps the second half.
  progress(text, fraction, part = "engine") {
    const screen = this.bootScreen;
    if (!screen.shown) return;
    this.watchForStall();
    if (part === "download") this.downloaded = true;
    if (text) screen.status(text); // spoken once a step, not at each count
    screen.advance(part === "download" ? fraction / 2 : this.downloaded ? 0.5 + fraction / 2 : fraction);
  }

  /** (Re)start the count to STALLED_MS: each word of progress starts it again, and
   * takes back a stall already said. */
  watchForStall() {
    if (!this.watching) return;
    clearTimeout(this.stallTimer);
    this.notices.dismiss("stalled");
    this.stallTimer = setTimeout(() => {
      if (!this.bootScreen.shown) return;
      this.notices.show(t("start-stalled"), {
        id: "stalled", lasting: true, action: { label: t("start-reload"), run: () => this.reloadKeepingWaiting() },
      });
    }, STALLED_MS);
  }

  /** The engine is ready, or has failed: no more waiting for it (a download of a
   * later version, which reports its progress here too, is no stall). */
  stopWatching() {
    this.watching = false;
    clearTimeout(this.stallTimer);
    this.notices.dismiss("stalled");
  }

  failed(error) {
    this.stopWatching();
    this.bootScreen.failed();
    const waiting = this.play.drop(); // nothing can play them now, but a try again can
    this.notices.show(t("start-failed", { reason: error.message }), {
      id: "boot", kind: "error", action: { label: t("start-try-again"), run: () => this.reloadKeepingWaiting(waiting) },
    });
  }

  /** The engine is ready: presets, the saved game restored (or set aside), a link's deal or replay, or a new deal. */
  async firstGame() {
    const { session, links, dealing } = this;
    await this.options.fetchPresets();
    const link = links.current();
    if (link && link.error) links.bad(link.error);
    if (await session.restoreSaved()) {
      const board = session.board;
      if (session.game.paused && !board.over) this.play.pause(); // paused when the page was left: still paused
      // A finished game's line (its result a tap away) is the results' (parts/results.js).
    }
    // A link opens its deal, once the player agrees to leave a game in progress.
    if (link && link.request) await links.openLinked(link.request);
    if (!session.game && this.early && this.early.first) await dealing.deal({ ...this.firstDeal.request, first: true });
    if (!session.game) await dealing.dealFromOptions();
    if (link && link.replay) await links.openReplay(link.replay);
    this.ready = true;
    this.bootScreen.done();
    performance.mark("tripeaks:engine-ready");
    this.renderer.setInteractive(true);
    dealing.prepareSoon();
  }
}
