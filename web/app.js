// The game controller: wires the engine, the saves, the renderer, the input,
// the panels, the clock and the service worker. Every engine call that changes
// the game goes through one queue, so a move, a restore and an update never
// interleave; after each one the game is saved, then drawn (Renderer.draw is
// the one render path). No rule is decided here: the engine answers.

import { parseLink } from "./links.js";
import { exportData, readBackup, writeBackup, emptyStats, recordId, DEFAULT_OPTIONS } from "./storage.js";
import { countResult, presetStats, resetPreset } from "./stats.js";
import { STUCK, words } from "./words.js";
import { TABLE_DEFAULTS, RULE_KEYS, effectiveRules, gameRequest, presetTitle } from "./options.js";
import { isoDate } from "./dialogs.js";
import { Race } from "./race.js";

const DRAW = 28;
const MOST_WAITING = 8; // taps kept while a move is played: more than a finger makes
const STEP_TEXT = {
  fetch: "Loading the game engine…",
  runtime: "Starting Python…",
  engine: "Installing the game…",
  import: "Dealing…",
};
const AI_DELAY = { slow: 900, normal: 600, fast: 300, off: 250 };
const idle = (run) => (globalThis.requestIdleCallback
  ? requestIdleCallback(run, { timeout: 3000 })
  : setTimeout(run, 100));

/** What identifies a position as the player sees it: moves tapped on one board are played only on the same one. */
const boardKey = (board) => JSON.stringify([
  board.deal_code, board.moves, board.waste && board.waste.card, board.stock && board.stock.count,
  (board.slots || []).map((s) => [s.card, Boolean(s.removed)]),
]);

const newId = () =>
  (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

export class App {
  constructor({ engine, storage, renderer, input, sw, notices, dialogs, clock, sound = null, effects = null, firstDeal = null, doc = document }) {
    Object.assign(this, { engine, storage, renderer, input, sw, notices, dialogs, clock, sound, effects, firstDeal, doc });
    this.queue = Promise.resolve();
    // Moves tapped on the board drawn before the engine is ready (a new
    // player's first deal, computed by build.py, or the saved game), played in
    // order once it is: [{move}], or null when nothing is being kept.
    this.kept = null;
    this.early = null; // {key, first}: the board those moves are meant for
    this.save = null; // {gameId, record, board, preset, hints, elapsed, daily, watched}
    this.options = null;
    this.presets = [];
    this.busy = false; // a move is on its way to the engine
    this.moving = null; // that move
    this.waiting = []; // taps made while it was being played and saved: played next, in order
    this.watch = null; // {running, line?, index?}: the AI or a winning line plays a copy of the deal
    this.ownSave = null; // the player's game, kept aside while watching
    this.clockWaits = false; // a game brought back (reload, another tab) keeps its clock stopped until a move
    this.boot = doc.querySelector("[data-testid=boot]");
    clock.onTick = (ms) => renderer.setClock(ms, clock.paused);
    this.race = new Race(this); // race mode (web/race.js): hooks in listen, show and showStats
  }

  async start() {
    // A page the service worker already controls starts Python first thing; a
    // first visit waits until the worker is in control, so the big files
    // download once, into the precache.
    const controlled = !this.sw.supported || Boolean(navigator.serviceWorker.controller);
    this.engine.on("progress", ({ step, done, total }) => this.progress(STEP_TEXT[step], (done + 1) / (total + 1)));
    if (controlled) this.startEngine();

    this.storage.onproblem = (message, { id = "storage" } = {}) => this.notices.show(message, { id, kind: "error" });
    this.storage.onfull = (full, reason) => this.storageFull(full, reason);
    if (this.storage.full) this.storageFull(true);
    else if (!this.storage.persistent) {
      this.notices.show("This browser does not let TriPeaks save (private mode or blocked storage): your game lasts as long as this page.", { id: "storage", kind: "error", lasting: true });
    }
    this.options = { ...DEFAULT_OPTIONS, ...TABLE_DEFAULTS, ...(this.loadKind("options") || {}) };
    this.options.rules = { ...(this.options.rules || {}) };
    this.renderer.applyOptions(this.options);
    if (this.sound) this.sound.show();
    this.loadKind("stats"); // only to report (and set aside) unreadable statistics now
    this.save = this.loadKind("game");
    if (this.save && this.save.watched) this.save = null; // an AI's game saved by an older version
    if (this.save && this.save.board) {
      try {
        this.renderer.draw(this.save.board);
        this.clock.reset(this.save.elapsed || 0);
        if (this.save.paused && !this.save.board.over) this.renderer.setPaused(true); // no peek before the pause panel
        else this.early = { key: boardKey(this.save.board), first: false };
        performance.mark("tripeaks:saved-board-drawn");
      } catch (error) {
        console.warn("the saved board could not be drawn:", error);
      }
    } else if (!this.save) {
      this.drawFirstDeal();
    }
    if (this.early) {
      this.kept = [];
      this.renderer.setEarly(true); // its cards take taps: kept until the engine is ready
    }
    this.listen();

    this.sw.onprogress = ({ received, total }) => this.progress(
      `Downloading the game for offline play… ${(received / 1e6).toFixed(1)} of ${(total / 1e6).toFixed(1)} MB`,
      total ? received / total : 1, "download");
    this.sw.onupdate = () => this.offerUpdate();
    this.sw.beforeReload = () => this.enqueue(() => this.keepGame()); // another tab applied an update
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
    if (this.doc.documentElement.dataset.engine === "ready") await this.playWaiting();
  }

  /** A new player's first game, dealt by build.py with the engine, drawn at once
   * while the runtime loads (the engine deals the same one: see firstGame). */
  drawFirstDeal() {
    const first = this.firstDeal;
    if (!first || !first.board || parseLink(window.location.hash)) return; // a link opens its own deal
    if (JSON.stringify(gameRequest(this.options)) !== JSON.stringify(first.request)) return; // not the options it was dealt for
    try {
      this.renderer.draw(first.board);
      this.early = { key: boardKey(first.board), first: true };
      performance.mark("tripeaks:first-deal-drawn");
    } catch (error) {
      console.warn("the first deal could not be drawn:", error);
    }
  }

  /** Keep a move tapped before the engine is ready; a second tap on a card
   * already waiting (a double tap) counts once, as a played card's would. */
  keepWaiting(move) {
    const since = this.kept.map((w) => w.move).lastIndexOf("undo");
    if (Number.isInteger(move) && move !== DRAW && this.kept.slice(since + 1).some((w) => w.move === move)) return;
    this.kept.push({ move });
    this.showWaiting();
  }

  showWaiting() {
    const waiting = this.kept || [];
    this.renderer.setWaiting(waiting.map((w) => w.move));
    const line = this.boot && this.boot.querySelector(".boot-waiting");
    if (!line) return;
    line.hidden = !waiting.length;
    line.textContent = waiting.length ? `${waiting.length} move${waiting.length === 1 ? "" : "s"} waiting` : "";
  }

  /** Once the engine is ready: play the kept moves in order, on the game they
   * were made on; if the engine's game is another one (a link, a saved game
   * that could not be restored, another tab's), they are dropped, and said so. */
  async playWaiting() {
    if (!this.kept) return;
    const same = this.save && this.save.board && this.early && boardKey(this.save.board) === this.early.key;
    if (!same && this.kept.length) {
      const n = this.kept.length;
      this.notices.show(`${n === 1 ? "The move" : `The ${n} moves`} you made while the game was starting ${n === 1 ? "was" : "were"} not played: another game is on the table now.`, { id: "waiting", timeout: 6000 });
      this.kept = [];
    }
    while (this.kept.length) {
      const { move } = this.kept[0];
      await this.move(move);
      this.kept.shift();
      this.showWaiting();
    }
    this.kept = null;
    this.early = null;
    this.renderer.setEarly(false);
    this.showWaiting();
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
    const kept = { play: ({ slot }) => slot, draw: () => DRAW, undo: () => "undo", redo: () => "redo" };
    const on = (type, handler, always = false) => this.input.addEventListener(type, (event) => {
      if (type !== "menu") this.dialogs.close("menu");
      // Before the engine is ready (and until what was kept is played), moves wait in order.
      if (kept[type] && this.kept) return this.keepWaiting(kept[type](event.detail || {}));
      if (always || this.renderer.interactive) handler(event.detail);
    });
    on("play", ({ slot }) => this.move(slot));
    on("draw", () => this.move(DRAW));
    on("undo", () => this.move("undo"));
    on("redo", () => this.move("redo"));
    on("new", () => this.newGame());
    on("restart", () => this.restart());
    on("hint", () => this.hint());
    on("pause", () => this.pause(), true);
    on("sound", () => this.toggleSound(), true);
    on("menu", () => this.dialogs.open("menu"), true);
    on("options", () => this.showOptions(), true);
    on("stats", () => this.showStats(), true);
    on("rules", () => this.showRules(), true);
    on("deals", () => {
      this.dialogs.showDeals(this.dailyMarks(), isoDate(new Date()));
      this.rateDay(isoDate(new Date()));
    });
    on("daily", ({ source } = {}) => this.playDaily(source && source.dataset.date));
    on("deal-code", () => this.playTyped("code"));
    on("deal-cards", () => this.playTyped("cards"));
    on("share", () => this.share());
    on("share-game", () => this.shareGame());
    on("deal-difficulty", ({ source }) => this.dealDifficulty(source.dataset.difficulty));
    on("replay-play", () => this.playReplayed());
    on("read", () => this.readBoard(), true);
    on("ask", ({ what }) => this.renderer.tell(what), true); // W, S, L, B: said, nothing changes
    on("watch", () => this.startWatching());
    on("ai-step", () => this.aiStep());
    on("ai-run", () => this.aiRun());
    on("ai-stop", () => this.enqueue(async () => {
      const was = this.watch;
      await this.stopWatching();
      if (was) this.renderer.announce(words.watchStopped);
    }));
    on("replay", () => this.replay());
    on("close-result", () => this.dialogs.close("result"), true);
    on("undo-result", () => { this.dialogs.close("result"); this.move("undo"); });
    on("stats-export", () => this.exportAll(), true);
    on("stats-reset", () => this.resetStats(), true);
    this.dialogs.onchange = (open) => this.clock.hold(open); // reading a panel is not playing time
    this.dialogs.onclose = (name) => {
      if (name === "pause") this.resume();
      if (name === "options" && this.rulesChanged) {
        this.rulesChanged = false;
        this.notices.show("Rule changes apply from your next new game.", { id: "options", timeout: 4000 });
      }
      // Focus goes back to the panel's opener; if that is gone, to the table.
      requestAnimationFrame(() => { if (!this.dialogs.anyOpen() && this.focusLost()) this.renderer.focusTable(); });
    };
    const form = this.doc.querySelector("[data-testid=options-form]");
    form.addEventListener("change", (event) => this.optionChanged(event.target));
    form.addEventListener("submit", (event) => event.preventDefault());
    this.doc.querySelector("[data-testid=stats-preset]").addEventListener("change", (event) =>
      this.dialogs.showStats(this.storage.load("stats").value || {}, event.target.value));
    this.doc.querySelector("[data-testid=stats-import]").addEventListener("change", (event) => this.importAll(event.target));
    this.doc.querySelector("[data-testid=watch-speed]").addEventListener("change", (event) => { this.speedChosen = event.target.value; });
    this.doc.querySelector("[data-testid=days]").addEventListener("focusin", (event) => {
      const day = event.target.closest("[data-date]");
      if (day) this.rateDay(day.dataset.date);
    });
    this.doc.querySelector("[data-testid=deal-code]").addEventListener("keydown", (event) => {
      if (event.key === "Enter") { event.preventDefault(); this.playTyped("code"); }
    });
    this.race.listen();
    window.addEventListener("hashchange", () => this.openLink());
    window.addEventListener("storage", (event) => this.otherTab(event));
    window.addEventListener("pagehide", () => this.keepTime());
    this.doc.addEventListener("visibilitychange", () => this.keepTime());
  }

  // The bar never goes back. When the game is downloaded first, the download fills
  // its first half, by bytes, and the engine's steps the second half.
  progress(text, fraction, part = "engine") {
    if (!this.boot || this.boot.hidden) return;
    if (part === "download") this.downloaded = true;
    if (text) this.renderer.bootStatus(this.boot, text); // spoken once a step, not at each count
    const bar = this.boot.querySelector("progress");
    const value = part === "download" ? fraction / 2 : this.downloaded ? 0.5 + fraction / 2 : fraction;
    bar.value = Math.max(bar.value, Math.min(1, value));
  }

  bootFailed(error) {
    this.doc.documentElement.dataset.engine = "failed";
    if (this.kept) { this.kept = null; this.showWaiting(); } // nothing can play them now
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
    try {
      this.presets = (await this.engine.call("presets")).presets || [];
      this.dialogs.fillPresets(this.presets);
    } catch (error) {
      console.warn("no presets:", error);
    }
    const link = parseLink(window.location.hash);
    if (link && link.error) this.badLink(link.error);
    if (this.save) {
      try {
        const state = await this.engine.call("restore", { record: this.save.record });
        this.show(state, { restored: true });
        if (this.save.paused && !state.board.over) this.pause(); // paused when the page was left: still paused
        if (state.board.over) { // its panel was seen before the reload: a line is enough
          this.notices.show(state.board.won ? "This game is won." : "This game is over: no more moves.", {
            id: "over", action: { label: "New game", run: () => this.newGame() },
          });
        }
      } catch (error) {
        const where = this.storage.setAside("game", JSON.stringify(this.save));
        this.notices.show(where
          ? `Your saved game could not be read (${error.message}). It was set aside (kept as ${where}), and a new game has started.`
          : `Your saved game could not be read (${error.message}). There is no room to keep a copy, so it stays where it is and this game is not saved: free some space in your browser, then reload.`,
        { id: "game-problem", kind: "error" });
        this.save = null;
      }
    }
    // A link opens its deal, once the player agrees to leave a game in progress.
    if (link && link.request) await this.openLinked(link.request);
    if (!this.save && this.early && this.early.first) await this.deal({ ...this.firstDeal.request, first: true });
    if (!this.save) await this.dealFromOptions();
    this.renderer.setPreset(presetTitle(this.save.preset, this.presets));
    if (link && link.replay) await this.openReplay(link.replay);
    this.boot.hidden = true;
    this.doc.documentElement.dataset.engine = "ready";
    performance.mark("tripeaks:engine-ready");
    this.renderer.setInteractive(true);
    this.prepareSoon();
  }

  /**
   * Get the next deals ready in the worker while the player plays: the next
   * random deal under the player's options (its solver search, when the rules
   * ask for winnable deals) and today's daily deal, so New game and the daily
   * deal show at once. The bridge tries one deal per request, and each request
   * waits until the page is idle, so a tap waits for one search at most.
   */
  prepareSoon() {
    if (this.preparing) { this.prepareAgain = true; return; }
    this.preparing = true;
    const wanted = () => {
      const request = gameRequest(this.options);
      const out = [request, { ...request, date: isoDate(new Date()) }];
      // The player who asked for a difficulty gets the next one of it at once, too.
      if (this.difficulty) out.push({ ...request, difficulty: this.difficulty });
      return out;
    };
    const step = (index) => idle(async () => {
      const requests = wanted();
      if (this.prepareAgain) { this.prepareAgain = false; index = 0; }
      if (index >= requests.length) { this.preparing = false; return; }
      try {
        const { ready } = await this.engine.call("prepare", requests[index]);
        step(ready ? index + 1 : index);
      } catch (error) { // options the engine refuses: New game says so, not this
        console.warn("could not prepare the next deal:", error && error.message);
        this.preparing = false;
      }
    });
    step(0);
  }

  async startFromLink(request) {
    try {
      const state = await this.engine.call("new_game", request);
      this.clearLink();
      return state;
    } catch (error) {
      this.badLink(`This link does not open a deal: ${error.message}`);
      return null;
    }
  }

  /** Say why a link opens nothing, and take it out of the address bar so a reload does not repeat it. */
  badLink(message) {
    this.notices.show(message, { id: "link", kind: "error" });
    this.clearLink();
  }

  clearLink() {
    history.replaceState(null, "", window.location.pathname + window.location.search);
  }

  openLink() {
    const link = parseLink(window.location.hash);
    if (!link) return;
    if (link.error) return this.badLink(link.error);
    if (link.replay) {
      this.enqueue(async () => {
        await this.stopWatching();
        await this.openReplay(link.replay);
      });
      return;
    }
    // Many links in a row ask once, about the last: one job opens whichever is
    // last, and a question already open answers for the newest link.
    this.linkWanted = link.request;
    if (this.linkQueued || this.linkAsking) return;
    this.linkQueued = true;
    this.enqueue(async () => {
      this.linkQueued = false;
      const request = this.linkWanted;
      this.linkWanted = null;
      if (!request) return;
      await this.stopWatching();
      await this.openLinked(request);
    });
  }

  async openLinked(request) {
    // A link that names no rules plays under the player's own options; a deal
    // code's own rules (wrap, face-up, empty waste) win over those (the engine decides).
    if (!request.preset && !request.rules) request = { ...gameRequest(this.options), ...request, from_options: true };
    // Checked before anything is asked or counted: a link the engine refuses leaves the game as it was.
    try {
      await this.engine.call("check_deal", request);
    } catch (error) {
      this.badLink(`This link does not open a deal: ${error.message}`);
      return;
    }
    this.linkAsking = true;
    const sure = await this.confirmLeave("Open the linked deal").finally(() => { this.linkAsking = false; });
    if (this.linkWanted) { // newer links came while asking: the answer is about the last of them
      request = this.linkWanted;
      this.linkWanted = null;
      try {
        await this.engine.call("check_deal", request);
      } catch (error) {
        this.badLink(`This link does not open a deal: ${error.message}`);
        return;
      }
    }
    if (!sure) {
      this.clearLink();
      return;
    }
    await this.leaveGame();
    const state = await this.startFromLink(request);
    if (!state) return;
    this.notices.dismiss("link"); // about an earlier link
    this.show(state, { fresh: true });
  }

  // -- the one path from an engine state to the screen ---------------------------------

  /** Save, then draw; a finished game is counted and its panel shown. */
  show(state, { fresh = false, restored = false, motion = null, daily = null, watched = false, closing = [] } = {}) {
    const board = state.board;
    const before = this.save;
    if (fresh || !before) {
      this.save = {
        gameId: newId(), preset: board.preset, hints: 0, elapsed: 0,
        daily, watched, finished: false,
      };
      this.clock.reset(0);
      this.renderer.setPreset(presetTitle(this.save.preset, this.presets));
    } else if (restored) {
      // A save with no id (an older format) gets one from its record: counted once, however often restored.
      this.save = { hints: 0, elapsed: 0, finished: false, ...before, gameId: before.gameId || recordId(before.record) };
      this.clockWaits = true; // time away does not count: the clock starts again at the next move
      if (!this.save.preset || this.save.preset === "custom") this.save.preset = board.preset;
      this.clock.reset(this.save.elapsed || 0);
      this.renderer.setPreset(presetTitle(this.save.preset, this.presets));
    }
    this.save.record = state.record;
    this.save.board = board;
    if (!board.over) this.notices.dismiss("over"); // undone, or another game
    if (fresh) this.clockWaits = false;
    this.clock.want(board.moves > 0 && !board.over && !this.save.watched && !this.clockWaits);
    this.save.elapsed = Math.round(this.clock.elapsed());
    // Marked before saving, so a reload does not show the result panel again.
    const finishing = board.over && !this.save.finished;
    this.save.finished = Boolean(board.over);
    this.race.shown(this.save, { fresh, restored }); // a race starts, goes on or is judged with the game
    if (!this.save.watched) this.storage.save("game", this.save); // the player's game stays saved while watching
    this.renderer.draw(board, motion);
    // A panel that asked for this board closes with it: one style pass for both, not two.
    for (const name of closing) this.dialogs.close(name);
    performance.mark("tripeaks:drawn");
    // What the move earned, seen and heard (from the engine's last_action).
    if (this.effects) this.effects.moved(board, motion);
    if (motion && this.sound) this.sound.moved(board);
    if (finishing) this.finish(board.won);
    if (fresh || restored) this.rateSoon();
  }

  // -- difficulty ---------------------------------------------------------------------

  /** The deal's class on the table, asked of the engine once the board is shown
   * (and the page idle), so it never holds up a deal; kept with the game. */
  rateSoon() {
    const save = this.save;
    if (!save || !save.board) return;
    if (save.rating) { this.renderer.setRating(save.rating); return; }
    this.renderer.setRating(null);
    const code = save.board.deal_code;
    idle(async () => {
      if (this.save !== save) return; // another game by now
      try {
        const rating = await this.engine.call("rate", code ? { code } : {});
        if (this.save !== save) return;
        save.rating = rating.class;
        this.renderer.setRating(rating.class);
      } catch (error) {
        console.warn("no rating:", error && error.message);
      }
    });
  }

  /** The Deals panel: the class of a day's deal under the player's rules (today's, or the day focused). */
  async rateDay(date) {
    this.ratedDay = date;
    const line = this.doc.querySelector("[data-testid=daily-rating]");
    const today = date === isoDate(new Date());
    const which = today ? "Today’s deal" : `The deal of ${new Date(`${date}T12:00:00`).toLocaleDateString(undefined, { month: "long", day: "numeric" })}`;
    line.textContent = `${which}: rating…`;
    try {
      const rating = await this.engine.call("rate", { ...gameRequest(this.options), date });
      if (this.ratedDay === date) line.textContent = `${which}: ${rating.class}`;
    } catch (error) {
      if (this.ratedDay === date) line.textContent = "";
    }
  }

  /** Deals panel, "Deal me": a winnable deal of a class under the player's rules ("any": as New game). */
  dealDifficulty(difficulty) {
    this.dialogs.close("deals");
    if (!difficulty || difficulty === "any") {
      this.difficulty = null;
      return this.newGame();
    }
    const label = difficulty[0].toUpperCase() + difficulty.slice(1);
    this.difficulty = difficulty;
    return this.newGame({ ...gameRequest(this.options), difficulty }, () =>
      this.notices.show(words.findingDeal(label), { id: "difficulty" }));
  }

  /** Save the time played when the page hides (only our own game, only while it runs). */
  keepTime() {
    if (!this.save || !this.save.board || this.clock.since === null) return;
    let raw = null;
    try { raw = this.storage.raw("game"); } catch { return; }
    if (!raw || !raw.includes(`"${this.save.gameId}"`)) return; // another tab's game now
    this.save.elapsed = Math.round(this.clock.elapsed());
    this.storage.save("game", this.save);
  }

  async finish(won) {
    const save = this.save;
    const board = { ...save.board, elapsed: save.elapsed };
    if (!save.watched) this.renderer.announce(won ? words.won(board.score) : STUCK); // the AI's end: its notice says it
    if (save.watched) {
      if (this.watch && this.watch.replay) return; // replayEnded says it, with "Play this deal"
      const who = this.watch && this.watch.line ? "The winning line" : "The AI";
      this.notices.show(won ? words.watchedWon(who, board.moves) : words.watchedStuck(who, board.cards_left), { id: "watch", timeout: 6000 });
      return;
    }
    this.doc.dispatchEvent(new CustomEvent("tripeaks:finish", { detail: { won } })); // for web/install.js
    // A win counts at once; a stuck game counts when it is left, since undo may
    // still save it (and at once when the rules have no undo). The panel shows
    // the figures with this game in them either way.
    const pending = !won && board.can_undo;
    const before = presetStats(this.storage.load("stats").value || emptyStats(), save.preset);
    if (!pending) {
      const { saved } = await this.count(save, won);
      if (!saved) {
        this.notices.show("This result is not saved: storage is full. It is kept on this page, and saved as soon as there is room.", { id: "result-unsaved", kind: "error" });
      }
    }
    let stats = this.storage.load("stats").value;
    if (pending) stats = countResult(stats || emptyStats(), this.resultOf(save, won)) || stats;
    // Par (a win) or what lost the game (a loss) is asked for now, while the panel opens.
    const verdict = (won
      ? this.engine.call("par", { max_seconds: 3 })
      : this.engine.call("analyse", { max_seconds: 3, par: false }).then((a) => { save.analysis = a; return a; })
    ).catch(() => null);
    if (won && this.effects) { // the panel waits for the celebration (or the player's tap)
      await this.effects.celebrate(board);
      if (this.save !== save) return;
    }
    this.openResult({ won, board, stats, before, pending, presetName: save.preset, presets: this.presets, gameId: save.gameId, verdict });
  }

  /** Open the end-of-game panel (a win celebration may come first): the figures
   * at once, par or the loss analysis when the engine answers. */
  openResult(result) {
    this.dialogs.result(result);
    const current = () => this.save && this.save.gameId === result.gameId;
    result.verdict.then((answer) => {
      if (!current()) return;
      if (result.won) this.dialogs.par(answer);
      else this.dialogs.analysis(answer);
    }).then(() => (current() ? this.engine.call("ai_results") : null)) // after par: the AI on the same deal
      .then((answer) => { if (answer && current()) this.dialogs.resultPanel.aiResults(answer.results, result.board); })
      .catch((error) => { if (current()) this.dialogs.resultPanel.aiResults(null, result.board, error); });
  }

  count(save, won) {
    return this.storage.updateStats((stats) => countResult(stats, this.resultOf(save, won)));
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

  /** Whether leaving now loses something: a started game not yet over. */
  inProgress() {
    const s = this.save;
    return Boolean(s && s.board && s.board.moves > 0 && !s.board.over && !s.watched);
  }

  /** Ask before leaving a game in progress; says what leaving records. */
  async confirmLeave(what, { hold = false } = {}) {
    if (!this.inProgress()) return true;
    const loss = this.save.board.rules && this.save.board.rules.abandon_is_loss;
    return this.dialogs.confirm(
      `${what}?`,
      loss ? "This game is not finished: leaving it counts as a loss." : "This game is not finished. It will not be recorded.",
      what, "Keep playing", { hold },
    );
  }

  /** Count the game being left: a loss when it ended stuck, or when the rules say leaving loses. */
  async leaveGame() {
    const save = this.save;
    if (!save || !save.board || save.watched || save.board.won || save.board.moves === 0) return;
    if (save.board.stuck || save.board.rules.abandon_is_loss) await this.count(save, false);
  }

  // -- playing ------------------------------------------------------------------------

  move(move, { forGame = null } = {}) {
    if (this.watch) return this.watching();
    if (this.clock.paused) return null;
    if (this.busy) return this.later(move);
    performance.mark("tripeaks:input");
    this.renderer.showHint(null);
    this.notices.dismiss("hint"); // a hint is about the position it was asked in
    this.busy = true;
    this.moving = move;
    const motion = this.renderer.motionOf(move);
    const before = this.save && this.save.board;
    return this.enqueue(async () => {
      try {
        if (forGame && !(this.save && this.save.gameId === forGame)) { // another game now: its taps are void
          this.waiting = [];
          return;
        }
        // One tab at a time plays on the saved game, from its latest save.
        await this.storage.withGameLock(async () => {
          await this.catchUp();
          const state = await this.engine.call("action", { move });
          this.clockWaits = false; // the player is back: time counts again
          if (move === "undo" && before) {
            motion.undo = state.board.slots.findIndex((s, i) => !s.removed && before.slots[i].removed);
          }
          this.show(state, { motion });
          this.announceMove(move, state.board, before);
          performance.measure("tripeaks:move", "tripeaks:input", "tripeaks:drawn");
        });
      } catch (error) {
        if (error && (error.kind === "illegal-move" || error.kind === "illegal-undo")) {
          if (Number.isInteger(move)) this.renderer.shake(move);
          if (this.sound) this.sound.play("illegal");
          const shown = this.options.errorHelp !== false || error.kind === "illegal-undo";
          if (shown) this.notices.show(error.message, { id: "move", timeout: 3000 });
          this.renderer.refusal(move, error.message, { spoken: shown }); // the notice says the reason; this, what blocks
        } else {
          throw error;
        }
      } finally {
        this.busy = false;
        this.moving = null;
        if (this.waiting.length) this.move(this.waiting.shift(), { forGame: this.save && this.save.gameId });
      }
    });
  }

  /** A tap made while the move before it is still being played and saved (the
   * board is drawn before the save is done): played after it, in order, never
   * dropped. The same card again is a double tap's second tap: played once
   * (the stock, tapped twice, draws twice). */
  later(move) {
    const again = Number.isInteger(move) && move !== DRAW && (move === this.moving || this.waiting.includes(move));
    if (!again && this.waiting.length < MOST_WAITING) this.waiting.push(move);
    return null;
  }

  announceMove(move, board, before = null) {
    const w = this.watch; // the AI's, the solver's or the replay's move, never said as the player's
    const who = !w ? null : w.replay ? "The replay" : w.line ? "The solver" : "The AI";
    this.renderer.announceMove(move, board, before, { who }); // words.js
  }

  /** A tap or key meant for the player's game while the AI plays: say why nothing happens. */
  watching() {
    this.notices.show("The AI is playing this deal: Stop watching to play your own game.", { id: "watching", timeout: 3000 });
    return null;
  }

  hint() {
    if (this.watch) return this.watching();
    return this.enqueue(async () => {
      // The engine says which hint applies: the fair one (only the cards you can
      // see) under Challenge, or in any game when the player chose it in Options.
      const { move, reason, fair } = await this.engine.call("hint", { fair: this.options.fairHint === true });
      const which = fair ? "Fair hint: " : "";
      if (this.save) this.save.hints = (this.save.hints || 0) + 1;
      if (move === null || move === undefined) {
        this.notices.show(`${which}${reason || "No move helps now."}`, { id: "hint", timeout: 4000 });
        return;
      }
      const board = this.save.board;
      const what = move === DRAW ? "Draw from the stock." : `Play the ${board.slots[move].name}.`;
      this.notices.show(`${which}${what} ${reason || ""}`.trim(), { id: "hint", timeout: 5000 }); // said once, by the notice
      this.renderer.showHint(move);
    });
  }

  /** Deal (or restart) and draw; ``closing`` names panels that close with the new board,
   * as does a confirm panel held open by its yes. */
  async deal(request, { daily = null, command = "new_game", closing = [] } = {}) {
    closing = [...closing, "confirm"];
    await this.leaveGame();
    let state;
    try {
      state = await this.engine.call(command, request);
    } catch (error) {
      for (const name of closing) this.dialogs.close(name); // the refusal is said on the table
      throw error;
    }
    this.notices.dismiss("options"); // "rule changes apply from your next new game": now they have
    this.show(state, { fresh: true, daily, closing });
    this.renderer.announceDeal(state.board); // not each face-down card
    if (command !== "restart") this.doc.dispatchEvent(new CustomEvent("tripeaks:deal")); // for web/install.js
    if (command === "new_game") this.prepareSoon(); // the one after this one
  }

  /** A new deal under the player's options; options the engine refuses are reset, with a notice. */
  async dealFromOptions() {
    try {
      await this.deal({ ...gameRequest(this.options), next: true }); // the deal prepareSoon got ready
    } catch (error) {
      if (!error || error.kind !== "bad-rules") throw error;
      this.options = { ...DEFAULT_OPTIONS, ...TABLE_DEFAULTS, rules: {} };
      this.storage.save("options", this.options);
      this.renderer.applyOptions(this.options);
      if (this.sound) this.sound.show();
      this.notices.show(`Your saved options could not be used (${error.message}), so they were reset to the defaults.`, { id: "options-problem", kind: "error" });
      await this.deal(gameRequest(this.options));
    }
  }

  newGame(request = null, dealing = null) {
    this.dialogs.close("result");
    return this.enqueue(async () => {
      await this.stopWatching();
      if (!(await this.confirmLeave("New game", { hold: true }))) return;
      if (dealing) dealing();
      try {
        if (request) await this.deal(request);
        else await this.dealFromOptions();
      } finally {
        this.dialogs.close("confirm"); // held open for the board: closed whatever happened
        this.notices.dismiss("difficulty");
      }
      // A waiting update is applied now, between games, with the new one saved.
      if (this.sw.waiting) this.sw.applyUpdate();
    });
  }

  restart() {
    this.dialogs.close("result");
    return this.enqueue(async () => {
      await this.stopWatching();
      if (!this.save || this.save.board.moves === 0) return;
      if (!(await this.confirmLeave("Restart", { hold: true }))) return;
      try {
        await this.deal({}, { command: "restart", daily: this.save.daily });
      } finally {
        this.dialogs.close("confirm"); // the panel held open for the board: closed whatever happened
      }
    });
  }

  /** The daily deal of ``date`` (today by default): the same for everyone on the same rules. */
  playDaily(date = null) {
    const today = isoDate(new Date());
    const day = date || today;
    this.dialogs.close("result");
    return this.enqueue(async () => {
      await this.stopWatching();
      if (!(await this.confirmLeave("New game"))) { this.dialogs.close("deals"); return; }
      // The Deals panel stays until the day's board is drawn, and closes with it.
      await this.deal({ ...gameRequest(this.options), date: day }, { command: "daily", daily: day, closing: ["deals"] });
      const which = day === today ? `Today’s deal, ${day}` : `The deal of ${day}`;
      this.notices.show(`${which}: the same for everyone on these rules, and it can be won.`, { id: "daily", timeout: 5000 });
    });
  }

  playTyped(kind) {
    const field = this.doc.querySelector(kind === "code" ? "[data-testid=deal-code]" : "[data-testid=deal-cards]");
    field.closest("section").append(this.doc.querySelector("[data-testid=deal-error]")); // said next to its field
    const text = field.value.trim();
    if (!text) {
      this.dialogs.setText("deal-error", kind === "code" ? "Type a deal number or a code first." : "Paste the 52 cards first.");
      return null;
    }
    const request = { ...gameRequest(this.options), [kind]: text.replace(/^#/, "").replace(/,(?=\d{3}\b)/g, ""), from_options: true };
    return this.enqueue(async () => {
      try { // a typo is said at once, before anything is asked
        await this.engine.call("check_deal", request);
      } catch (error) {
        this.dialogs.setText("deal-error", error.message);
        return;
      }
      await this.stopWatching();
      if (!(await this.confirmLeave("New game"))) return;
      try {
        await this.leaveGame();
        const state = await this.engine.call("new_game", request);
        this.dialogs.close("deals");
        this.show(state, { fresh: true });
        field.value = "";
      } catch (error) {
        this.dialogs.open("deals");
        this.dialogs.setText("deal-error", error.message);
      }
    });
  }

  // -- pause ---------------------------------------------------------------------------

  pause() {
    if (this.clock.paused) return;
    if (!this.save || !this.save.board || this.save.board.over || this.watch) {
      this.notices.show("Nothing to pause: the clock runs only while you play.", { id: "pause", timeout: 3000 });
      return;
    }
    this.clock.pause(true);
    this.renderer.setPaused(true);
    this.dialogs.open("pause");
    this.keepPaused(true);
  }

  resume() {
    this.clock.pause(false);
    this.renderer.setPaused(false);
    this.keepPaused(false);
  }

  /** Save whether the game is paused, so a reload brings it back paused. */
  keepPaused(on) {
    if (!this.save || this.save.watched || Boolean(this.save.paused) === on) return;
    this.save.paused = on;
    this.save.elapsed = Math.round(this.clock.elapsed());
    this.storage.save("game", this.save);
  }

  /** The table's sound button: the same option as Options' "Sound". */
  toggleSound() {
    this.options.sound = this.options.sound === false;
    this.storage.save("options", this.options);
    if (this.sound) {
      this.sound.show();
      if (this.options.sound) this.sound.unlock();
    }
  }

  // -- panels -----------------------------------------------------------------------------

  showOptions() {
    this.dialogs.showOptions(this.options, effectiveRules(this.options, this.presets), this.presets);
    const sound = this.doc.querySelector("[data-testid=opt-sound]");
    if (sound) sound.checked = this.options.sound !== false;
  }

  optionChanged(field) {
    const [name, value] = this.dialogs.readField(field);
    this.catchUpOptions(); // change the latest options, not a stale copy: another tab's change stays
    const o = this.options;
    if (name === "preset") {
      o.preset = value;
      o.rules = {};
    } else if (RULE_KEYS.includes(name)) {
      const preset = this.presets.find((p) => p.name === o.preset);
      if (preset && preset.rules[name] === value) delete o.rules[name];
      else o.rules[name] = value;
    } else {
      o[name] = value;
      this.renderer.applyOptions(o);
      if (this.sound) this.sound.show();
    }
    this.storage.save("options", o);
    if (name === "preset" || RULE_KEYS.includes(name)) {
      this.showOptions(); // show the preset's values
      this.dialogs.get("options").querySelector(`[name=${name}]`).focus();
      this.rulesChanged = true; // said when the panel closes (the panel says it already)
      if (this.renderer.interactive) this.prepareSoon(); // the next deal under the new rules
    }
  }

  showStats(preset = null) {
    const stats = this.storage.load("stats").value || {};
    this.dialogs.setText("stats-message", "");
    this.dialogs.showStats(stats, preset || (this.save && this.save.preset) || this.options.preset);
    this.race.showStats(stats);
  }

  async resetStats() {
    const preset = this.doc.querySelector("[data-testid=stats-preset]").value;
    const title = presetTitle(preset, this.presets);
    const sure = await this.dialogs.confirm(`Reset ${title} statistics?`, `Every number kept for ${title} games goes. This cannot be undone (export a backup first to keep them).`, "Reset", "Keep them");
    if (sure) await this.storage.updateStats((stats) => resetPreset(stats, preset));
    this.showStats(preset);
    if (sure) this.dialogs.setText("stats-message", `${title} statistics reset.`);
  }

  exportAll() {
    const data = exportData(this.storage);
    const blob = new Blob([JSON.stringify(data, null, 1)], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const a = this.doc.createElement("a");
    a.href = url;
    a.download = `tripeaks-backup-${isoDate(new Date())}.json`;
    this.doc.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    this.dialogs.setText("stats-message", "Backup saved: keep the file to bring your games back on any browser.");
  }

  async importAll(input) {
    const file = input.files && input.files[0];
    if (!file) return;
    let text = "";
    try { text = await file.text(); } catch { /* read as empty: refused below */ } finally { input.value = ""; }
    return this.importText(text);
  }

  /** Restore a backup's text (a file's, or a carried-over code's); resolves true once restored. */
  async importText(text, say = (line) => this.dialogs.setText("stats-message", line)) {
    let backup;
    try {
      backup = readBackup(this.storage, text);
    } catch (error) {
      say(`Nothing was imported: ${error.message}.`);
      return false;
    }
    let restored = false;
    await this.enqueue(async () => {
      let state = null;
      if (backup.game) {
        try { // the engine reads the backup's game before anything is asked or written
          await this.engine.call("check_record", { record: backup.game.record });
        } catch (error) {
          say(`Nothing was imported: the game in this backup cannot be played (${error.message}).`);
          return;
        }
        await this.stopWatching();
        if (this.inProgress() && !(await this.dialogs.confirm("Restore the backup?",
          "Its game takes the place of the one in progress, which will not be recorded.", "Restore", "Keep playing"))) {
          this.showStats();
          return;
        }
      }
      const stats = this.storage.load("stats").value;
      if (backup.stats && stats && stats.played > 0 && !(await this.dialogs.confirm("Replace your statistics?",
        `The backup's statistics (${backup.stats.played} games played) take the place of the ones kept here (${stats.played} games played).`, "Replace them", "Keep mine"))) {
        this.showStats();
        say("Nothing was imported: your statistics are kept.");
        return;
      }
      if (backup.game) state = await this.engine.call("restore", { record: backup.game.record });
      const written = writeBackup(this.storage, backup);
      if (!written.ok) { // all or nothing: what was there is back
        if (this.save) await this.engine.call("restore", { record: this.save.record });
        this.showStats();
        say(`Nothing was imported: the ${written.failed} could not be written (${written.error}). ${written.restored ? "Your game, options and statistics are as they were." : "Some of what was here could not be put back: export a backup now."}`);
        return;
      }
      if (backup.options) {
        this.options = { ...DEFAULT_OPTIONS, ...TABLE_DEFAULTS, ...backup.options, rules: { ...(backup.options.rules || {}) } };
        this.renderer.applyOptions(this.options);
        if (this.sound) this.sound.show();
      }
      if (state) {
        this.save = { ...backup.game };
        this.show(state, { restored: true });
      }
      this.showStats();
      const damaged = backup.damaged && backup.damaged.length ? ` Some of its statistics were damaged and were reset (${backup.damaged.slice(0, 6).join(", ")}).` : "";
      say(`Backup restored.${damaged}`);
      restored = true;
    });
    return restored;
  }

  showRules() {
    const board = this.save && this.save.board;
    const rules = board ? board.rules : effectiveRules(this.options, this.presets);
    const name = this.save ? this.save.preset : this.options.preset;
    this.dialogs.showRules(presetTitle(name, this.presets), rules);
  }

  readBoard() {
    const board = this.save && this.save.board;
    if (!board) return;
    this.dialogs.setText("reader-text", board.description || "");
    this.dialogs.open("reader");
  }

  dailyMarks() {
    const stats = this.storage.load("stats").value;
    return (stats && stats.daily) || {};
  }

  shareLink() {
    const board = this.save && this.save.board;
    if (!board) return null;
    const base = window.location.origin + window.location.pathname;
    const preset = this.save.preset && this.save.preset !== "custom" ? `&preset=${this.save.preset}` : "";
    if (board.deal_code) return `${base}#deal=${board.deal_code}${preset}`;
    const cards = this.save.record && this.save.record.deal;
    return cards ? `${base}#cards=${cards.replace(/\s+/g, "")}${preset}` : null;
  }

  async share() {
    const link = this.shareLink();
    if (!link) return;
    const board = this.save.board;
    const text = board.won
      ? words.share(board.score, board.moves)
      : "Try this TriPeaks deal:";
    return this.sendLink(link, text);
  }

  /** "Share this game": the replay link of the game so far (the engine writes it). */
  shareGame() {
    if (this.watch) return this.watching();
    return this.enqueue(async () => {
      if (!this.save || !this.save.board) return;
      let link;
      try {
        ({ link } = await this.engine.call("share_game", { base: window.location.origin + window.location.pathname }));
      } catch (error) {
        this.notices.show(error.message, { id: "share", timeout: 8000 });
        return;
      }
      const board = this.save.board;
      const text = board.won ? `${words.share(board.score, board.moves)} Watch how:` : "Watch my TriPeaks game:";
      await this.sendLink(link, text);
    });
  }

  /** The share sheet, or the clipboard and a notice, or the link in a notice. */
  async sendLink(link, text) {
    let copied = false;
    try {
      if (navigator.share) {
        await navigator.share({ title: "TriPeaks", text, url: link });
        return;
      }
      if (navigator.clipboard) {
        await navigator.clipboard.writeText(`${text} ${link}`);
        copied = true;
      }
    } catch {
      // no share sheet or clipboard here: the notice shows the link instead
    }
    this.notices.show(`${copied ? "Link copied: " : "Share this link: "}${link}`, { id: "share", timeout: 12000 });
  }

  // -- the AI and the solver's line -------------------------------------------------------

  /** The AI plays this deal from its start; the player's game waits, saved, until Stop watching. */
  startWatching() {
    this.dialogs.close("result");
    return this.enqueue(async () => {
      if (!this.save || this.watch) return;
      await this.watchFromStart({ running: false, line: null }, "The AI plays this deal");
    });
  }

  async watchFromStart(watch, title, command = "restart", request = {}) {
    this.ownSave = { ...this.save, elapsed: Math.round(this.clock.elapsed()) };
    this.storage.save("game", this.ownSave);
    const state = await this.engine.call(command, request);
    this.watch = watch;
    this.show(state, { fresh: true, watched: true });
    this.watchBar(true, title);
    this.renderer.announce(words.watchStarted(title));
  }

  watchBar(on, title = "") {
    const bar = this.doc.querySelector("[data-testid=watch]");
    bar.hidden = !on;
    if (title) bar.querySelector(".watch-title").textContent = title;
    bar.querySelector("label").hidden = Boolean(this.watch && this.watch.line);
    bar.querySelector("[data-testid=replay-play]").hidden = !(this.watch && this.watch.replay);
    bar.querySelector("[data-testid=watch-speed]").value = this.watchSpeed();
    this.renderer.setWatching(on);
    this.setRunLabel();
    // The keyboard goes to the AI's controls (Escape leaves them), then back to the table.
    const active = this.doc.activeElement;
    if (on) bar.querySelector("[data-testid=ai-run]").focus();
    else if (!on && (this.focusLost() || bar.contains(active))) this.renderer.focusTable();
  }

  /** Whether the keyboard has nowhere useful: on the page, or on a control now hidden
   * (a closed panel's button, a card under the pause cover). */
  focusLost() {
    const active = this.doc.activeElement;
    return !active || active === this.doc.body
      || (typeof active.checkVisibility === "function" && !active.checkVisibility({ visibilityProperty: true }));
  }

  setRunLabel() {
    const button = this.doc.querySelector("[data-testid=ai-run]");
    button.textContent = this.watch && this.watch.running ? "Pause" : "Play";
  }

  aiStep() {
    if (!this.watch) return null;
    return this.enqueue(async () => {
      if (!this.watch || !this.save || this.save.board.over) return;
      const w = this.watch;
      let state;
      let move;
      if (w.line) {
        move = w.line[w.index];
        if (move === undefined) return;
        w.index += 1;
        state = await this.engine.call("action", { move });
      } else {
        const level = this.doc.querySelector("[data-testid=ai-level]").value;
        state = await this.engine.call("ai_step", { level });
        move = state.move;
      }
      this.show(state, { motion: this.renderer.motionOf(move) });
      this.announceMove(move, state.board);
      const ended = w.replay && w.index >= w.line.length;
      if (state.board.over || ended) {
        w.running = false;
        this.setRunLabel();
      }
      if (ended) this.replayEnded(state.board);
    });
  }

  async aiRun() {
    const w = this.watch;
    if (!w) return;
    w.running = !w.running;
    this.setRunLabel();
    while (this.watch === w && w.running && this.save && !this.save.board.over && !(w.line && w.index >= w.line.length)) {
      await this.aiStep();
      await new Promise((resolve) => setTimeout(resolve, AI_DELAY[this.watchSpeed()] || 600));
    }
  }

  /** The watch strip's speed (the table's animation speed until it is changed there). */
  watchSpeed() {
    return this.speedChosen || (["slow", "normal", "fast"].includes(this.options.speed) ? this.options.speed : "fast");
  }

  // -- replay links -------------------------------------------------------------------

  /** A #replay= link: checked by the engine first (a bad one: one notice, nothing else),
   * then, once the player agrees to leave a game in progress, replayed move by move
   * in the watch strip; the player's game waits aside, as for Watch AI (run in a queued job). */
  async openReplay(text) {
    let replay;
    try {
      replay = await this.engine.call("check_replay", { link: text });
    } catch (error) {
      this.badLink(error.message);
      return;
    }
    const sure = await this.confirmLeave("Watch the replay");
    this.clearLink();
    if (!sure || !this.save) return;
    this.notices.dismiss("link");
    const title = replay.deal_code ? `Replay of deal ${replay.deal_code}` : "Replay of a custom deal";
    await this.watchFromStart({ running: false, line: [...replay.actions], index: 0, replay }, title, "new_game", replay.request);
    if (!replay.actions.length) this.replayEnded(this.save.board);
    else this.aiRun();
  }

  replayEnded(board) {
    this.notices.show(words.replayEnded(board), {
      id: "replay", timeout: 15000, action: { label: "Play this deal", run: () => this.playReplayed() },
    });
  }

  /** After (or during) a replay: the replayed deal from its start, as the player's own game. */
  playReplayed() {
    return this.enqueue(async () => {
      const w = this.watch;
      if (!w || !w.replay) return;
      w.running = false;
      const own = this.ownSave;
      if (own) { // the game left for the replay (the player agreed to leave it) is counted as left
        this.save = own;
        await this.leaveGame();
      }
      const state = await this.engine.call("new_game", w.replay.request);
      this.ownSave = null;
      this.watch = null;
      this.watchBar(false);
      this.notices.dismiss("replay");
      this.show(state, { fresh: true });
      this.renderer.announceDeal(state.board);
    });
  }

  /** Back to the player's own game, as it was left (run inside a queued job). */
  async stopWatching() {
    if (!this.watch) return;
    this.watch.running = false;
    const own = this.ownSave;
    if (own) {
      const state = await this.engine.call("restore", { record: own.record });
      this.save = own;
      this.show(state, { restored: true });
      this.renderer.setPreset(presetTitle(own.preset, this.presets));
    }
    // Only now: a tap while the player's game comes back is dropped, not played on the AI's.
    this.ownSave = null;
    this.watch = null;
    this.watchBar(false);
  }

  /** After a lost game: replay the solver's winning line from the start. */
  replay() {
    const line = this.save && this.save.analysis && this.save.analysis.line;
    if (!line) return null;
    this.dialogs.close("result");
    return this.enqueue(async () => {
      if (this.watch) return;
      await this.watchFromStart({ running: false, line: [...line], index: 0 }, words.winningLine(line.length));
      this.aiRun();
    });
  }

  // -- updates and other tabs -----------------------------------------------------------------

  offerUpdate() {
    this.notices.show("A new version of TriPeaks is ready. Your game is kept.", {
      id: "update",
      action: { label: "Update now", run: () => this.applyUpdate() },
    });
  }

  applyUpdate() {
    // Queued behind any move in flight; the game was saved after it.
    return this.enqueue(async () => {
      this.keepGame();
      this.sw.applyUpdate();
    });
  }

  /** Save the player's own game as it stands (before a reload into a new version). */
  keepGame() {
    const own = this.save && this.save.watched ? this.ownSave : this.save;
    if (!own) return;
    if (own === this.save) own.elapsed = Math.round(this.clock.elapsed());
    this.storage.save("game", own);
  }

  /** Saving stopped (storage full) or works again: said at once, and for as long as it lasts. */
  storageFull(full, reason = null) {
    if (full) {
      this.notices.show(reason
        ? `Nothing can be saved now (${reason}): your game and statistics are shown but not kept. Export a backup from Statistics to keep them.`
        : "Storage is full: nothing can be saved now, neither this game nor your statistics. Free some space for this site in your browser's settings, or export a backup from Statistics to keep them.",
      { id: "storage", kind: "error", lasting: true });
    } else {
      this.notices.dismiss("storage");
      this.notices.dismiss("result-unsaved");
      this.notices.show("Saving works again: your game and statistics are saved.", { id: "storage", timeout: 4000 });
    }
  }

  /** Before a move: take up the game another tab saved since this tab's last save (run in a queued job). */
  async catchUp() {
    if (this.watch || !this.save || this.doc.documentElement.dataset.engine !== "ready") return;
    const { value } = this.storage.load("game");
    if (!value || !value.record || (value.gameId === this.save.gameId && JSON.stringify(value.record) === JSON.stringify(this.save.record))) return;
    const state = await this.engine.call("restore", { record: value.record });
    this.save = { ...value, record: state.record, board: state.board };
    this.clock.reset(value.elapsed || 0);
    this.renderer.draw(state.board);
    this.renderer.setPreset(presetTitle(this.save.preset, this.presets));
  }

  /** The options another tab saved, taken up here. */
  catchUpOptions() {
    const { value } = this.storage.load("options");
    if (!value) return false;
    const next = { ...DEFAULT_OPTIONS, ...TABLE_DEFAULTS, ...value, rules: { ...(value.rules || {}) } };
    if (JSON.stringify(next) === JSON.stringify(this.options)) return false;
    this.options = next;
    this.renderer.applyOptions(next);
    return true;
  }

  otherTab(event) {
    if (event.key === this.storage.key("options")) {
      if (this.catchUpOptions() && this.dialogs.isOpen("options")) this.showOptions();
      return;
    }
    if (event.key !== this.storage.key("game") || !event.newValue || this.doc.documentElement.dataset.engine !== "ready") return;
    const same = (value) => !value || (this.save && value.gameId === this.save.gameId && JSON.stringify(value.record) === JSON.stringify(this.save.record));
    if (same(this.storage.load("game").value)) return;
    this.enqueue(async () => {
      // Read again: a move of this tab may have come after that change, and saved a later game.
      const { value } = this.storage.load("game");
      if (same(value)) return;
      if (this.watch) {
        this.ownSave = value; // Stop watching returns to the game the other tab left
        return;
      }
      const state = await this.engine.call("restore", { record: value.record });
      this.save = { ...value, record: state.record, board: state.board };
      this.clock.reset(value.elapsed || 0);
      this.clock.want(false);
      this.clockWaits = true;
      this.renderer.draw(state.board);
      this.notices.show("Your game was changed in another tab: this is where it stands now.", { id: "other-tab", timeout: 5000 });
    });
  }
}
