// The boot: from a loaded page to a playable game. The saved board (or the build's first deal)
// is drawn at once and takes taps, kept in order until the engine is ready to play them.

import { gameRequest, presetTitle } from "./options.js";
import { DRAW, learn } from "./vocabulary.js";

const STEP_TEXT = {
  fetch: "Loading the game engine…",
  runtime: "Starting Python…",
  engine: "Installing the game…",
  import: "Dealing…",
};
// No word from the download or the engine for this long: the player is told, and offered a reload.
const STALLED_MS = 30_000;

/** What identifies a position as the player sees it: moves tapped on one board are played only on the same one. */
const boardKey = (board) => JSON.stringify([
  board.deal_code, board.moves, board.waste && board.waste.card, board.stock && board.stock.count,
  (board.slots || []).map((s) => [s.card, Boolean(s.removed)]),
]);

export class Startup {
  constructor(app) {
    this.app = app;
    // Moves tapped on the board drawn before the engine is ready (a new
    // player's first deal, computed by build.py, or the saved game), played in
    // order once it is: [{move}], or null when nothing is being kept.
    this.kept = null;
    this.early = null; // {key, first}: the board those moves are meant for
    this.downloaded = false; // the offline download came first: it fills the bar's first half
    this.stallTimer = null;
    this.watching = true; // until the engine is ready or has failed
  }

  async start() {
    const app = this.app;
    const { engine, sw, renderer, session } = app;
    // A page the service worker already controls starts Python first thing; a
    // first visit waits until the worker is in control, so the big files
    // download once, into the precache.
    const controlled = !sw.supported || Boolean(navigator.serviceWorker.controller);
    this.watchForStall();
    engine.on("progress", ({ step, done, total }) => this.progress(STEP_TEXT[step], (done + 1) / (total + 1)));
    if (controlled) this.startEngine();

    app.updates.watchStorage();
    app.settings.load();
    session.load("stats"); // only to report (and set aside) unreadable statistics now
    let save = session.load("game");
    if (save && save.watched) save = null; // an AI's game saved by an older version
    session.save = save;
    if (save && save.board) {
      try {
        renderer.draw(save.board);
        app.clock.reset(save.elapsed || 0);
        if (save.paused && !save.board.over) renderer.setPaused(true); // no peek before the pause panel
        else this.early = { key: boardKey(save.board), first: false };
        performance.mark("tripeaks:saved-board-drawn");
      } catch (error) {
        console.warn("the saved board could not be drawn:", error);
      }
    } else if (!save) {
      this.drawFirstDeal();
    }
    if (this.early) {
      this.kept = [];
      renderer.setEarly(true); // its cards take taps: kept until the engine is ready
      this.takeCarried();
    }
    app.listen();

    app.updates.watchServiceWorker();
    const registered = sw.register();
    if (!controlled) {
      await registered;
      await sw.controlled();
      this.startEngine();
    }
    try {
      await engine.ready;
    } catch (error) {
      return this.failed(error);
    }
    this.stopWatching(); // what is left is quick, or waits on the player (a link's question)
    learn(engine.info); // the draw move, the rule keys, the error kinds: the engine's own
    await app.enqueue(() => this.firstGame().catch((error) => this.failed(error)));
    if (app.engineReady) await this.playWaiting();
  }

  startEngine() {
    if (!globalThis.tripeaksEarlyEngine) performance.mark("tripeaks:engine-start");
    this.app.engine.start();
  }

  /** A new player's first game, dealt by build.py with the engine, drawn at once
   * while the runtime loads (the engine deals the same one: see firstGame). */
  drawFirstDeal() {
    const app = this.app;
    const first = app.firstDeal;
    if (!first || !first.board || app.linking.current()) return; // a link opens its own deal
    if (JSON.stringify(gameRequest(app.options)) !== JSON.stringify(first.request)) return; // not the options it was dealt for
    try {
      app.renderer.draw(first.board);
      this.early = { key: boardKey(first.board), first: true };
      performance.mark("tripeaks:first-deal-drawn");
    } catch (error) {
      console.warn("the first deal could not be drawn:", error);
    }
  }

  // -- moves made before the engine is ready ----------------------------------------

  /** Keep a move tapped before the engine is ready; a second tap on a card
   * already waiting (a double tap) counts once, as a played card's would. */
  keep(move) {
    const since = this.kept.map((w) => w.move).lastIndexOf("undo");
    if (Number.isInteger(move) && move !== DRAW && this.kept.slice(since + 1).some((w) => w.move === move)) return;
    this.kept.push({ move });
    this.showWaiting();
  }

  /** Reload the page, the moves still waiting for the engine carried across it (in
   * this tab's session storage) to be kept again for the same board. */
  reloadKeepingWaiting(moves = this.kept) {
    try {
      if (this.early && moves && moves.length) {
        sessionStorage.setItem(this.carriedKey(), JSON.stringify({ key: this.early.key, moves: moves.map((w) => w.move) }));
      }
    } catch { /* no session storage here: the moves go with the page, as they would anyway */ }
    window.location.reload();
  }

  carriedKey() { return `${this.app.storage.prefix}waiting`; }

  /** The moves a reload carried (reloadKeepingWaiting), kept again if the board is the one they were made on. */
  takeCarried() {
    let carried = null;
    try {
      carried = JSON.parse(sessionStorage.getItem(this.carriedKey()));
      sessionStorage.removeItem(this.carriedKey());
    } catch {
      return;
    }
    if (!carried || carried.key !== this.early.key || !Array.isArray(carried.moves)) return;
    for (const move of carried.moves) this.keep(move);
  }

  showWaiting() {
    const waiting = this.kept || [];
    this.app.renderer.setWaiting(waiting.map((w) => w.move));
    this.app.bootScreen.waiting(waiting.length);
  }

  /** Once the engine is ready: play the kept moves in order, on the game they
   * were made on; if the engine's game is another one (a link, a saved game
   * that could not be restored, another tab's), they are dropped, and said so. */
  async playWaiting() {
    const app = this.app;
    if (!this.kept) return;
    const save = app.save;
    const same = save && save.board && this.early && boardKey(save.board) === this.early.key;
    if (!same && this.kept.length) {
      const n = this.kept.length;
      app.notices.show(`${n === 1 ? "The move" : `The ${n} moves`} you made while the game was starting ${n === 1 ? "was" : "were"} not played: another game is on the table now.`, { id: "waiting", timeout: 6000 });
      this.kept = [];
    }
    while (this.kept.length) {
      const { move } = this.kept[0];
      await app.move(move);
      this.kept.shift();
      this.showWaiting();
    }
    this.kept = null;
    this.early = null;
    app.renderer.setEarly(false);
    this.showWaiting();
  }

  // -- the boot screen ----------------------------------------------------------------

  // The bar never goes back. When the game is downloaded first, the download fills
  // its first half, by bytes, and the engine's steps the second half.
  progress(text, fraction, part = "engine") {
    const screen = this.app.bootScreen;
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
    this.app.notices.dismiss("stalled");
    this.stallTimer = setTimeout(() => {
      if (!this.app.bootScreen.shown) return;
      this.app.notices.show("Starting is taking longer than usual. A reload may help; your game and moves are kept.", {
        id: "stalled", lasting: true, action: { label: "Reload", run: () => this.reloadKeepingWaiting() },
      });
    }, STALLED_MS);
  }

  /** The engine is ready, or has failed: no more waiting for it (a download of a
   * later version, which reports its progress here too, is no stall). */
  stopWatching() {
    this.watching = false;
    clearTimeout(this.stallTimer);
    this.app.notices.dismiss("stalled");
  }

  failed(error) {
    const app = this.app;
    this.stopWatching();
    app.bootScreen.failed();
    const waiting = this.kept;
    if (this.kept) { this.kept = null; this.showWaiting(); } // nothing can play them now, but a try again can
    app.notices.show(`The game engine could not start: ${error.message}`, {
      id: "boot", kind: "error", action: { label: "Try again", run: () => this.reloadKeepingWaiting(waiting) },
    });
  }

  /** The engine is ready: presets, the saved game restored (or set aside), a link's deal or replay, or a new deal. */
  async firstGame() {
    const app = this.app;
    const { engine, session, notices, storage } = app;
    await app.settings.fetchPresets();
    const link = app.linking.current();
    if (link && link.error) app.linking.bad(link.error);
    if (session.save) {
      try {
        const state = await engine.call("restore", { record: session.save.record });
        session.show(state, { restored: true });
        if (session.save.paused && !state.board.over) app.play.pause(); // paused when the page was left: still paused
        if (state.board.over) { // its panel was seen before the reload: a line is enough
          notices.show(state.board.won ? "This game is won." : "This game is over: no more moves.", {
            id: "over", action: { label: "New game", run: () => app.newGame() },
          });
        }
      } catch (error) {
        const where = storage.setAside("game", JSON.stringify(session.save));
        notices.show(where
          ? `Your saved game could not be read (${error.message}). It was set aside (kept as ${where}), and a new game has started.`
          : `Your saved game could not be read (${error.message}). There is no room to keep a copy, so it stays where it is and this game is not saved: free some space in your browser, then reload.`,
        { id: "game-problem", kind: "error" });
        session.save = null;
      }
    }
    // A link opens its deal, once the player agrees to leave a game in progress.
    if (link && link.request) await app.linking.openLinked(link.request);
    if (!session.save && this.early && this.early.first) await app.dealing.deal({ ...app.firstDeal.request, first: true });
    if (!session.save) await app.dealing.dealFromOptions();
    app.renderer.setPreset(presetTitle(session.save.preset, app.presets));
    if (link && link.replay) await app.linking.openReplay(link.replay);
    app.engineReady = true;
    app.bootScreen.done();
    performance.mark("tripeaks:engine-ready");
    app.renderer.setInteractive(true);
    app.dealing.prepareSoon();
  }
}
