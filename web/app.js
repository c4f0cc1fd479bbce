// The game controller: wires the engine, the saves, the renderer, the input
// and the service worker. Every engine call that changes the game goes through
// one queue, so a move, a restore and an update never interleave; after each
// one the game is saved, then drawn.

import { parseLink } from "./links.js";
import { countResult } from "./storage.js";

const STEP_TEXT = {
  fetch: "Loading the game engine…",
  runtime: "Starting Python…",
  engine: "Installing the game…",
  import: "Dealing…",
};

const newId = () =>
  (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

export class App {
  constructor({ engine, storage, renderer, input, sw, notices, doc = document }) {
    Object.assign(this, { engine, storage, renderer, input, sw, notices, doc });
    this.queue = Promise.resolve();
    this.save = null; // {gameId, record, board}
    this.options = null;
    this.dialog = doc.querySelector("[data-testid=result]");
    this.boot = doc.querySelector("[data-testid=boot]");
  }

  async start() {
    // A page the service worker already controls starts Python first thing; a
    // first visit waits until the worker is in control, so the big files
    // download once, into the precache.
    const controlled = !this.sw.supported || Boolean(navigator.serviceWorker.controller);
    this.engine.on("progress", ({ step, done, total }) => this.progress(STEP_TEXT[step], (done + 1) / (total + 1)));
    if (controlled) this.startEngine();

    this.storage.onproblem = (message) => this.notices.show(message, { id: "storage", kind: "error" });
    this.options = this.loadKind("options") || { preset: "standard" };
    this.loadKind("stats"); // only to report (and set aside) unreadable statistics now
    this.save = this.loadKind("game");
    if (this.save && this.save.board) {
      try {
        this.renderer.draw(this.save.board);
        performance.mark("tripeaks:saved-board-drawn");
      } catch (error) {
        console.warn("the saved board could not be drawn:", error);
      }
    }
    this.listen();

    this.sw.onprogress = ({ done, total }) =>
      this.progress(`Saving the game for offline play… ${done} of ${total} files`, 0.5 * done / total);
    this.sw.onupdate = () => this.offerUpdate();
    const registered = this.sw.register();
    if (!controlled) {
      await registered;
      await this.sw.controlled();
      this.startEngine();
    }
    try {
      await this.engine.ready;
    } catch (error) {
      return this.bootFailed(error);
    }
    await this.enqueue(() => this.firstGame().catch((error) => this.bootFailed(error)));
  }

  startEngine() {
    if (!globalThis.tripeaksEarlyEngine) performance.mark("tripeaks:engine-start");
    this.engine.start();
  }

  loadKind(kind) {
    const { value, problem } = this.storage.load(kind);
    if (problem) this.notices.show(problem, { id: `${kind}-problem`, kind: "error" });
    return value;
  }

  listen() {
    // Taps and keys reach the game only once the engine has dealt it.
    const on = (type, handler) => this.input.addEventListener(type, (event) => {
      if (this.renderer.interactive) handler(event.detail);
    });
    on("play", ({ slot }) => this.move(slot));
    on("draw", () => this.move("draw"));
    on("undo", () => this.move("undo"));
    on("redo", () => this.move("redo"));
    on("new", () => this.newGame());
    on("hint", () => this.hint());
    on("close-result", () => this.dialog.open && this.dialog.close());
    window.addEventListener("hashchange", () => this.openLink());
    window.addEventListener("storage", (event) => this.otherTab(event));
  }

  progress(text, fraction) {
    if (!this.boot || this.boot.hidden) return;
    if (text) this.boot.querySelector(".boot-text").textContent = text;
    const bar = this.boot.querySelector("progress");
    bar.value = Math.max(bar.value, Math.min(1, fraction));
  }

  bootFailed(error) {
    this.doc.documentElement.dataset.engine = "failed";
    this.boot.querySelector(".boot-text").textContent = "The game engine could not start.";
    this.notices.show(`The game engine could not start: ${error.message}`, {
      id: "boot", kind: "error", action: { label: "Try again", run: () => window.location.reload() },
    });
  }

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

  async firstGame() {
    const link = parseLink(window.location.hash);
    let state = null;
    if (link && link.error) this.notices.show(link.error, { id: "link", kind: "error" });
    if (link && link.request) state = await this.startFromLink(link.request);
    if (!state && this.save) {
      try {
        state = await this.engine.call("restore", { record: this.save.record });
      } catch (error) {
        this.storage.setAside("tripeaks.game", JSON.stringify(this.save));
        this.notices.show(`Your saved game could not be restored and was set aside (${error.message}). A new game has started.`, { id: "game-problem", kind: "error" });
        this.save = null;
      }
    }
    if (state) {
      this.show(state, { gameId: this.save ? this.save.gameId || newId() : newId() });
    } else {
      await this.deal({ preset: this.options.preset });
    }
    this.boot.hidden = true;
    this.doc.documentElement.dataset.engine = "ready";
    performance.mark("tripeaks:engine-ready");
    this.renderer.setInteractive(true);
  }

  async startFromLink(request) {
    try {
      const state = await this.engine.call("new_game", request);
      this.save = null;
      history.replaceState(null, "", window.location.pathname + window.location.search);
      return state;
    } catch (error) {
      this.notices.show(`This link does not open a deal: ${error.message}`, { id: "link", kind: "error" });
      return null;
    }
  }

  openLink() {
    const link = parseLink(window.location.hash);
    if (!link) return;
    if (link.error) return this.notices.show(link.error, { id: "link", kind: "error" });
    this.enqueue(async () => {
      const state = await this.startFromLink(link.request);
      if (state) {
        await this.leaveGame();
        this.show(state, { gameId: newId() });
      }
    });
  }

  /** Save, then draw; count the result once when the game is won. */
  show(state, { gameId = this.save && this.save.gameId } = {}) {
    const board = state.board;
    this.save = { gameId, record: state.record, board };
    this.storage.save("game", this.save);
    this.renderer.draw(board);
    performance.mark("tripeaks:drawn");
    if (board.won) this.finish(true);
    else if (board.stuck) this.finish(false);
  }

  async finish(won) {
    const board = this.save.board;
    if (won) {
      await this.storage.updateStats((stats) => countResult(stats, { gameId: this.save.gameId, won: true, score: board.score }));
    }
    const stats = this.storage.load("stats").value;
    this.dialog.querySelector("h2").textContent = won ? "You cleared the peaks!" : "No moves left";
    const parts = [];
    if (board.score !== null && board.score !== undefined) parts.push(`Score ${board.score}.`);
    if (stats) parts.push(`Won ${stats.won} of ${stats.played}; streak ${stats.streak}, best ${stats.bestStreak}.`);
    if (!won && board.can_undo) parts.push("You can undo and try another way.");
    this.dialog.querySelector(".result-text").textContent = parts.join(" ");
    if (!this.dialog.open) this.dialog.showModal();
  }

  /** Count the game being left: a loss when it ended stuck, or when the rules say leaving loses. */
  async leaveGame() {
    const save = this.save;
    if (!save || !save.board || save.board.won || save.board.moves === 0) return;
    if (save.board.stuck || (save.board.rules.abandon_is_loss)) {
      await this.storage.updateStats((stats) => countResult(stats, { gameId: save.gameId, won: false }));
    }
  }

  move(move) {
    performance.mark("tripeaks:input");
    this.renderer.showHint(null);
    return this.enqueue(async () => {
      const state = await this.engine.call("action", { move });
      this.show(state);
      performance.measure("tripeaks:move", "tripeaks:input", "tripeaks:drawn");
    });
  }

  hint() {
    return this.enqueue(async () => {
      const { move, reason } = await this.engine.call("hint");
      if (move === null || move === undefined) this.notices.show(reason || "No move helps now.", { id: "hint", timeout: 4000 });
      else if (reason) this.notices.show(reason, { id: "hint", timeout: 4000 });
      this.renderer.showHint(move);
    });
  }

  async deal(request) {
    await this.leaveGame();
    const state = await this.engine.call("new_game", request);
    this.show(state, { gameId: newId() });
  }

  newGame() {
    if (this.dialog.open) this.dialog.close();
    return this.enqueue(async () => {
      await this.deal({ preset: this.options.preset });
      // A waiting update is applied now, between games, with the new one saved.
      if (this.sw.waiting) this.sw.applyUpdate();
    });
  }

  offerUpdate() {
    this.notices.show("A new version of TriPeaks is ready. Your game is kept.", {
      id: "update",
      action: { label: "Update now", run: () => this.applyUpdate() },
    });
  }

  applyUpdate() {
    // Queued behind any move in flight; the game was saved after it.
    return this.enqueue(async () => {
      if (this.save) this.storage.save("game", this.save);
      this.sw.applyUpdate();
    });
  }

  otherTab(event) {
    if (event.key !== "tripeaks.game" || !event.newValue || this.doc.documentElement.dataset.engine !== "ready") return;
    const { value } = this.storage.load("game");
    if (!value || (this.save && value.gameId === this.save.gameId && JSON.stringify(value.record) === JSON.stringify(this.save.record))) return;
    this.enqueue(async () => {
      const state = await this.engine.call("restore", { record: value.record });
      this.save = { gameId: value.gameId, record: state.record, board: state.board };
      this.renderer.draw(state.board);
    });
  }
}
