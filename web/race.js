// Race the AI: the player and an AI of a chosen level play the same deal from its
// start. The engine plays the AI's whole game up front, each move timed at a
// human pace (tripeaks/race.py, bridge "race" op "plan"); this module shows the
// moves as the race clock passes their times, in a strip under the status line
// that covers no card, and asks the engine who won (op "judge") when the
// player's game ends or the AI's last move comes. It decides no rule itself.
//
// The race clock is the game clock (clock.js): it starts with the player's first
// move and stops while the game is paused, a panel is open or the page is
// hidden, so the AI waits whenever the player cannot play. The race is kept with
// the saved game (save.race), so a reload brings it back where it stood, the AI
// waiting, like the clock, for the player's next move. Leaving a race unfinished
// (New game, Restart, another deal) ends it and records nothing; the notice says so.
//
// Before a race, the Race panel (the Menu, the toolbar, or the Watch AI strip's
// "Compare & race") shows how each AI does on this deal and the solver's par,
// asked of the engine in the background (bridge "ai_results" and "par").

import { countRace, RACE_LEVELS } from "./stats.js";
import { RaceView, isLevel, raceWords } from "./race-view.js";

const TICK = 200; // ms between looks at the race clock

export class Race {
  constructor(app) {
    this.app = app;
    this.doc = app.doc;
    this.pending = null; // {level, plan}: attached to the next fresh game
    this.timer = null;
    this.judging = false;
    this.compared = new Map(); // deal key -> {results, par}
    this.view = new RaceView(this.doc);
    const pace = Number(new URLSearchParams(location.search).get("race-pace"));
    this.pace = Number.isFinite(pace) && pace > 0 ? pace : 1; // a test's fast race
  }

  /** Wire the buttons (called once the app listens). */
  listen() {
    const on = (type, handler) => this.app.input.addEventListener(type, (event) => {
      this.app.dialogs.close("menu");
      if (this.app.engineReady) handler(event.detail || {});
    });
    on("race-open", () => this.open());
    on("race-start", ({ source }) => this.start(source.dataset.level));
    on("race-again", () => { this.app.dialogs.close("race-over"); this.start(this.lastLevel || "normal"); });
    on("race-keep", () => this.app.dialogs.close("race-over"));
    on("race-new", () => { this.app.dialogs.close("race-over"); this.app.newGame(); });
  }

  get save() { return this.app.save; }

  get on() { return Boolean(this.save && this.save.race && !this.save.watched); }

  // -- the Race panel: how each AI does on this deal, and a level to race ----------------

  open() {
    const app = this.app;
    if (!app.save || !app.save.board) return;
    app.dialogs.open("race");
    this.compare();
  }

  /** The three AI players and par on the deal on the table, from its start (in the background). */
  compare() {
    const board = this.app.save.board;
    const key = JSON.stringify([board.deal_code, this.app.save.record && this.app.save.record.cards, board.rules]);
    const known = this.compared.get(key);
    if (known) { this.view.compared(known); return; }
    this.view.comparing();
    this.app.enqueue(async () => {
      const found = { results: null, par: null };
      try {
        found.results = (await this.app.engine.call("ai_results")).results;
        found.par = await this.app.engine.call("par", { max_seconds: 3 }).catch(() => null);
      } catch (error) {
        console.warn("no AI results:", error && error.message);
      }
      if (found.results) this.compared.set(key, found);
      this.view.compared(found);
    });
  }

  // -- a race ---------------------------------------------------------------------------

  /** Race the AI of ``level`` on this deal, from its start. */
  start(level) {
    const app = this.app;
    if (!isLevel(level)) return null;
    app.dialogs.close("race");
    app.dialogs.close("result");
    return app.enqueue(async () => {
      if (app.watch) await app.stopWatching();
      if (!app.save) return;
      if (!(await app.confirmLeave("Start the race"))) return;
      app.notices.show(raceWords.preparing(level), { id: "race" });
      let plan;
      try {
        plan = await app.engine.call("race", { op: "plan", level, pace: this.pace });
      } catch (error) {
        app.notices.show(`The race could not start: ${error.message}`, { id: "race", kind: "error" });
        return;
      }
      this.pending = { level, pace: this.pace, plan, shown: 0, result: null };
      await app.deal({}, { command: "restart" });
      this.lastLevel = level;
      app.notices.show(raceWords.ready(level), { id: "race", timeout: 6000 });
      app.renderer.announce(raceWords.ready(level));
    });
  }

  /** From App.show, before the game is saved: attach a race starting now, drop one
   * left, bring one back with a restored game, and judge when the player's game ends. */
  shown(save, { fresh = false, restored = false } = {}) {
    if (save.watched) { this.stop(); return; } // the AI's copy while watching: the race waits
    if (fresh) {
      const left = this.current && !this.current.result && this.current !== this.pending;
      save.race = this.pending || undefined;
      this.pending = null;
      if (left) this.app.notices.show(raceWords.left, { id: "race", timeout: 6000 });
    }
    this.current = save.race || null;
    if (!save.race) { this.stop(); this.setWinnerLine(null); return; }
    if (restored || fresh) this.setWinnerLine(save.race.result);
    if (restored && !save.race.result) this.warm();
    this.run();
    if (save.board.over && !save.race.result) this.judge();
  }

  /** After a reload the engine plans the AI's game again (it is seeded: the same game), now, not mid-play. */
  warm() {
    const race = this.save.race;
    this.app.enqueue(() => this.app.engine.call("race", { op: "plan", level: race.level, pace: race.pace || 1 })
      .catch(() => null));
  }

  run() {
    this.draw();
    if (!this.timer && this.on && !this.save.race.result) this.timer = setInterval(() => this.tick(), TICK);
  }

  stop() {
    clearInterval(this.timer);
    this.timer = null;
    this.view.hideStrip();
  }

  /** The race time: the game clock (it stops with the game). */
  now() { return this.app.clock.elapsed(); }

  tick() {
    if (!this.on) { this.stop(); return; }
    const race = this.save.race;
    if (race.result) { clearInterval(this.timer); this.timer = null; this.draw(); return; }
    this.draw();
    const plan = race.plan;
    if (plan.won && this.now() >= plan.finish_at) this.judge(); // the AI's last move: has it won?
  }

  /** Ask the engine who won (once at a time); a decided race is counted and said. */
  judge() {
    if (this.judging) return;
    const save = this.save;
    const race = save.race;
    this.judging = true;
    this.app.enqueue(async () => {
      try {
        if (this.save !== save || race.result) return;
        const elapsed = Math.round(save.board.over ? save.elapsed || this.now() : this.now());
        const result = await this.app.engine.call("race", { op: "judge", level: race.level, pace: race.pace || 1, elapsed });
        if (!result.winner || this.save !== save) return;
        race.result = result;
        this.app.storage.save("game", save);
        this.draw();
        clearInterval(this.timer);
        this.timer = null;
        await this.app.storage.updateStats((stats) => countRace(stats, { id: `race:${save.gameId}`, level: race.level, winner: result.winner }));
        this.setWinnerLine(result);
        this.app.renderer.announce(`${raceWords.title(result)}. ${raceWords.detail(result)}`);
        if (!save.board.over) this.raceOver(result); // the AI cleared first: the race panel says so
      } catch (error) {
        console.warn("the race could not be judged:", error && error.message);
      } finally {
        this.judging = false;
      }
    });
  }

  /** The end-of-game panel's line naming the race's winner (hidden for a game that was no race). */
  setWinnerLine(result) {
    this.view.winner(result);
  }

  /** The AI cleared while the player still plays: the race is over, the game goes on. */
  raceOver(result) {
    this.lastLevel = result.level;
    this.view.over(this.app.dialogs.get("race-over"), result);
    this.app.dialogs.open("race-over");
  }

  /** The strip: the AI's cards left, its last move, and how far it has got. */
  draw() {
    if (!this.on) { this.stop(); return; }
    const race = this.save.race;
    const plan = race.plan;
    const t = this.now();
    let shown = 0;
    while (shown < plan.steps.length && plan.steps[shown].at <= t) shown += 1;
    if (race.result) shown = plan.steps.length; // decided: the AI's game as it ends
    const step = plan.steps[shown - 1];
    const stopped = this.app.clock.since === null;
    this.view.showStrip({
      level: race.level,
      left: step ? step.cards_left : plan.start_cards_left,
      start: plan.start_cards_left,
      over: Boolean(race.result),
      last: raceWords.last({
        result: race.result, step, stuck: shown === plan.steps.length && !plan.won,
        paused: stopped && this.save.board.moves > 0, waiting: stopped && !this.save.board.over,
      }),
    });
    if (race.shown !== shown) race.shown = shown;
  }

  // -- statistics ---------------------------------------------------------------------------

  /** The Statistics panel's race table: won, lost and tied against each level. */
  showStats(stats) {
    this.view.stats(RACE_LEVELS, (stats && stats.race) || {});
  }
}
