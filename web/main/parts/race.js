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

import { countRace } from "../model/statistics.js";
import { isLevel, raceWords } from "../views/race-strip.js";
import { t } from "../model/i18n.js";

const TICK = 200; // ms between looks at the race clock

export class Race {
  constructor({ session, storage, input, dialogs, notices, renderer, clock, strip, dealing, watching, isReady }) {
    Object.assign(this, { session, storage, input, dialogs, notices, renderer, clock, dealing, watching });
    this.view = strip;
    this.isReady = isReady; // () => whether the engine has dealt the first game
    this.pending = null; // {level, plan}: attached to the next fresh game
    this.current = null; // the race of the game on the table
    this.timer = null;
    this.judging = false;
    this.compared = new Map(); // deal key -> {results, par}
    const pace = Number(new URLSearchParams(location.search).get("race-pace"));
    this.pace = Number.isFinite(pace) && pace > 0 ? pace : 1; // a test's fast race
    session.addEventListener("shown", ({ detail }) => this.shown(detail));
    session.addEventListener("covered", ({ detail }) => { if (detail.on) this.stop(); }); // the race waits
  }

  /** Wire the buttons (called once the page listens). */
  listen() {
    const on = (type, handler) => this.input.addEventListener(type, (event) => {
      this.dialogs.close("menu");
      if (this.isReady()) handler(event.detail || {});
    });
    on("race-open", () => this.open());
    on("race-start", ({ source }) => this.start(source.dataset.level));
    on("race-again", () => { this.dialogs.close("race-over"); this.start(this.lastLevel || "normal"); });
    on("race-keep", () => this.dialogs.close("race-over"));
    on("race-new", () => { this.dialogs.close("race-over"); this.dealing.newGame(); });
  }

  get game() { return this.session.game; }

  get on() { return Boolean(this.current && !this.session.covered); }

  // -- the Race panel: how each AI does on this deal, and a level to race ----------------

  open() {
    if (!this.session.board) return;
    this.dialogs.open("race");
    this.compare();
  }

  /** The three AI players and par on the deal on the table, from its start (in the background). */
  compare() {
    const game = this.game;
    const key = JSON.stringify([game.board.deal_code, game.record && game.record.cards, game.board.rules]);
    const known = this.compared.get(key);
    if (known) { this.view.compared(known); return; }
    this.view.comparing();
    this.session.enqueue(async () => {
      const found = { results: null, par: null };
      try {
        found.results = (await this.session.ask("ai_results")).results;
        found.par = await this.session.ask("par", { max_seconds: 3 }).catch(() => null);
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
    const { session, dialogs, notices } = this;
    if (!isLevel(level)) return null;
    dialogs.close("race");
    dialogs.close("result");
    return session.enqueue(async () => {
      await this.watching.stop();
      if (!session.game) return;
      if (!(await session.confirmLeave("race"))) return;
      notices.show(raceWords.preparing(level), { id: "race" });
      let plan;
      try {
        plan = await session.ask("race", { op: "plan", level, pace: this.pace });
      } catch (error) {
        notices.show(t("race-could-not-start", { reason: error.message }), { id: "race", kind: "error" });
        return;
      }
      this.pending = { level, pace: this.pace, plan, result: null };
      await this.dealing.deal({}, { command: "restart", race: this.pending });
      this.lastLevel = level;
      notices.show(raceWords.ready(level), { id: "race", timeout: 6000 });
      this.renderer.announce(raceWords.ready(level));
    });
  }

  /** The session showed a game: a race starts with it, is left with the last one, comes back
   * with a restored game, or is judged when the player's game ends. */
  shown({ game, fresh, restored }) {
    if (fresh) {
      const left = this.current && !this.current.result && this.current !== this.pending;
      this.pending = null;
      if (left) this.notices.show(raceWords.left(), { id: "race", timeout: 6000 });
    }
    this.current = game.race || null;
    if (!this.current) { this.stop(); this.view.winner(null); return; }
    if (restored || fresh) this.view.winner(this.current.result);
    if (restored && !this.current.result) this.warm();
    this.run();
    if (game.board.over && !this.current.result) this.judge();
  }

  /** After a reload the engine plans the AI's game again (it is seeded: the same game), now, not mid-play. */
  warm() {
    const race = this.current;
    this.session.enqueue(() => this.session.ask("race", { op: "plan", level: race.level, pace: race.pace || 1 })
      .catch(() => null));
  }

  run() {
    this.draw();
    if (!this.timer && this.on && !this.current.result) this.timer = setInterval(() => this.tick(), TICK);
  }

  stop() {
    clearInterval(this.timer);
    this.timer = null;
    this.view.hideStrip();
  }

  /** The race time: the game clock (it stops with the game). */
  now() { return this.clock.elapsed(); }

  tick() {
    if (!this.on) { this.stop(); return; }
    const race = this.current;
    if (race.result) { clearInterval(this.timer); this.timer = null; this.draw(); return; }
    this.draw();
    const plan = race.plan;
    if (plan.won && this.now() >= plan.finish_at) this.judge(); // the AI's last move: has it won?
  }

  /** Ask the engine who won (once at a time); a decided race is counted and said. */
  judge() {
    if (this.judging) return;
    const { session } = this;
    const game = this.game;
    const race = this.current;
    this.judging = true;
    session.enqueue(async () => {
      try {
        if (!session.isCurrent(game.gameId) || race.result) return;
        const board = session.board;
        const elapsed = Math.round(board.over ? session.game.elapsed || this.now() : this.now());
        const result = await session.ask("race", { op: "judge", level: race.level, pace: race.pace || 1, elapsed });
        if (!result.winner || !session.isCurrent(game.gameId)) return;
        this.current = { ...race, result };
        session.note({ race: this.current }, { now: true }); // a decided race survives a reload
        this.draw();
        clearInterval(this.timer);
        this.timer = null;
        await this.storage.updateStats((stats) => countRace(stats, { id: `race:${game.gameId}`, level: race.level, winner: result.winner }));
        this.view.winner(result);
        this.renderer.announce(t("race-announce", { title: raceWords.title(result), detail: raceWords.detail(result) }));
        if (!board.over) this.raceOver(result); // the AI cleared first: the race panel says so
      } catch (error) {
        console.warn("the race could not be judged:", error && error.message);
      } finally {
        this.judging = false;
      }
    });
  }

  /** The AI cleared while the player still plays: the race is over, the game goes on. */
  raceOver(result) {
    this.lastLevel = result.level;
    this.view.over(this.dialogs.get("race-over"), result);
    this.dialogs.open("race-over");
  }

  /** The strip: the AI's cards left, its last move, and how far it has got. */
  draw() {
    if (!this.on) { this.stop(); return; }
    const race = this.current;
    const board = this.session.board;
    const plan = race.plan;
    const t = this.now();
    let shown = 0;
    while (shown < plan.steps.length && plan.steps[shown].at <= t) shown += 1;
    if (race.result) shown = plan.steps.length; // decided: the AI's game as it ends
    const step = plan.steps[shown - 1];
    const stopped = this.clock.since === null;
    this.view.showStrip({
      level: race.level,
      left: step ? step.cards_left : plan.start_cards_left,
      start: plan.start_cards_left,
      over: Boolean(race.result),
      last: raceWords.last({
        result: race.result, step, stuck: shown === plan.steps.length && !plan.won,
        paused: stopped && board.moves > 0, waiting: stopped && !board.over,
      }),
    });
  }
}
