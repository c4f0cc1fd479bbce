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
import { plural } from "./words.js";

const LEVEL_NAME = { easy: "Easy", normal: "Normal", hard: "Hard" };
const TICK = 200; // ms between looks at the race clock

const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
/** "7♥" for the notation's "7H" (the strip's words; the card itself comes from the engine). */
const cardWords = (text) => text.replace(/^(10|[2-9TJQKA])([SHDC])$/, (_, rank, suit) => `${rank}${SUITS[suit]}`);

/** "1:05" from ms. */
const time = (ms) => {
  const s = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};

export const raceWords = {
  who: (level) => `${LEVEL_NAME[level] || level} AI`,
  waits: "waits for your first move",
  paused: "waits while the game is stopped",
  ready: (level) => `Race on: the ${LEVEL_NAME[level]} AI plays this deal too. It starts with your first move; clear the peaks before it does.`,
  preparing: (level) => `Getting the ${LEVEL_NAME[level]} AI ready…`,
  left: "The race was left unfinished: nothing is recorded.",
  title: (result) => (result.winner === "you" ? `You won the race against the ${raceWords.who(result.level)}`
    : result.winner === "ai" ? `The ${raceWords.who(result.level)} won the race`
      : `The race against the ${raceWords.who(result.level)} is a tie`),
  detail(result) {
    const you = result.you;
    const ai = result.ai;
    if (result.reason === "cleared" && result.winner === "you") {
      return ai.won ? `You cleared the peaks in ${time(you.elapsed)}; it needed ${time(ai.finish_at)}.`
        : `You cleared the peaks; it got stuck with ${plural(ai.cards_left, "card")} left.`;
    }
    if (result.reason === "cleared") {
      return `It cleared the peaks in ${time(ai.finish_at)} (${plural(ai.moves, "move")}); you had ${plural(you.cards_left, "card")} left.`;
    }
    if (result.winner === "tie" && you.won) return `You both cleared the peaks in ${time(you.elapsed)}.`;
    return `Both stuck: you with ${plural(you.cards_left, "card")} left, it with ${plural(ai.cards_left, "card")}.`;
  },
};

export class Race {
  constructor(app) {
    this.app = app;
    this.doc = app.doc;
    this.pending = null; // {level, plan}: attached to the next fresh game
    this.timer = null;
    this.judging = false;
    this.compared = new Map(); // deal key -> {results, par}
    this.strip = this.doc.querySelector("[data-testid=race-strip]");
    const pace = Number(new URLSearchParams(location.search).get("race-pace"));
    this.pace = Number.isFinite(pace) && pace > 0 ? pace : 1; // a test's fast race
  }

  /** Wire the buttons (called once the app listens). */
  listen() {
    const on = (type, handler) => this.app.input.addEventListener(type, (event) => {
      this.app.dialogs.close("menu");
      if (this.doc.documentElement.dataset.engine === "ready") handler(event.detail || {});
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
    const table = this.doc.querySelector("[data-testid=race-compare]");
    const note = this.doc.querySelector("[data-testid=race-par]");
    const known = this.compared.get(key);
    if (known) { this.fillCompare(known); return; }
    table.querySelector("tbody").replaceChildren(this.row("—", "Working it out…", "", ""));
    table.setAttribute("aria-busy", "true");
    note.textContent = "";
    this.app.enqueue(async () => {
      const found = { results: null, par: null };
      try {
        found.results = (await this.app.engine.call("ai_results")).results;
        found.par = await this.app.engine.call("par", { max_seconds: 3 }).catch(() => null);
      } catch (error) {
        console.warn("no AI results:", error && error.message);
      }
      if (found.results) this.compared.set(key, found);
      this.fillCompare(found);
    });
  }

  row(who, result, moves, score) {
    const tr = this.doc.createElement("tr");
    const th = this.doc.createElement("th");
    th.scope = "row";
    th.textContent = who;
    tr.append(th);
    for (const text of [result, moves, score]) {
      const td = this.doc.createElement("td");
      td.textContent = text;
      tr.append(td);
    }
    return tr;
  }

  fillCompare({ results, par }) {
    const table = this.doc.querySelector("[data-testid=race-compare]");
    const note = this.doc.querySelector("[data-testid=race-par]");
    table.removeAttribute("aria-busy");
    if (!results) {
      table.querySelector("tbody").replaceChildren(this.row("—", "Not known", "", ""));
      return;
    }
    const scored = results.some((r) => typeof r.score === "number");
    table.classList.toggle("no-score", !scored);
    table.querySelector("tbody").replaceChildren(...results.map((r) => this.row(
      raceWords.who(r.level), r.won ? "Cleared" : `${plural(r.cards_left, "card")} left`,
      String(r.moves), typeof r.score === "number" ? String(r.score) : "—")));
    if (par && par.result === "win") {
      note.textContent = typeof par.score === "number"
        ? `Par (the solver, which sees every card): ${par.score_exact ? "" : "at least "}${plural(par.score, "point")}${typeof par.draws === "number" ? `, ${plural(par.draws, "draw")} at fewest` : ""}.`
        : `The solver, which sees every card, clears this deal${typeof par.draws === "number" ? ` with ${plural(par.draws, "draw")} at fewest` : ""}.`;
    } else if (par) {
      note.textContent = "The solver finds no line that clears this deal.";
    } else {
      note.textContent = "";
    }
  }

  // -- a race ---------------------------------------------------------------------------

  /** Race the AI of ``level`` on this deal, from its start. */
  start(level) {
    const app = this.app;
    if (!LEVEL_NAME[level]) return null;
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
    this.strip.hidden = true;
    this.doc.documentElement.classList.remove("racing");
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
    const line = this.doc.querySelector("[data-testid=race-winner]");
    line.hidden = !result;
    if (!result) return;
    line.dataset.winner = result.winner;
    line.replaceChildren();
    const strong = this.doc.createElement("strong");
    strong.textContent = `${raceWords.title(result)}.`;
    line.append(strong, ` ${raceWords.detail(result)}`);
  }

  /** The AI cleared while the player still plays: the race is over, the game goes on. */
  raceOver(result) {
    this.lastLevel = result.level;
    const dialog = this.app.dialogs.get("race-over");
    dialog.dataset.winner = result.winner;
    dialog.querySelector("[data-testid=race-over-title]").textContent = raceWords.title(result);
    dialog.querySelector("[data-testid=race-over-text]").textContent = raceWords.detail(result);
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
    const left = step ? step.cards_left : plan.start_cards_left;
    this.doc.documentElement.classList.add("racing");
    this.strip.hidden = false;
    this.strip.dataset.level = race.level;
    this.strip.querySelector("[data-testid=race-who]").textContent = raceWords.who(race.level);
    this.strip.querySelector("[data-testid=race-left]").textContent = `${plural(left, "card")} left`;
    this.strip.querySelector(".race-fill").style.width = `${Math.round((100 * (plan.start_cards_left - left)) / plan.start_cards_left)}%`;
    let last;
    if (race.result) last = race.result.winner === "you" ? "you won the race" : race.result.winner === "ai" ? "won the race" : "a tie";
    else if (!step) last = this.app.clock.since === null && (this.save.board.moves > 0) ? raceWords.paused : raceWords.waits;
    else if (shown === plan.steps.length && !plan.won) last = "stuck";
    else if (this.app.clock.since === null && !this.save.board.over) last = `${step.move === 28 ? "drew" : `played ${cardWords(step.text)}`} · waiting`;
    else last = step.move === 28 ? "drew a card" : `played ${cardWords(step.text)}`;
    this.strip.querySelector("[data-testid=race-last]").textContent = last;
    this.strip.dataset.state = race.result ? "over" : "on";
    if (race.shown !== shown) race.shown = shown;
  }

  // -- statistics ---------------------------------------------------------------------------

  /** The Statistics panel's race table: won, lost and tied against each level. */
  showStats(stats) {
    const box = this.doc.querySelector("[data-testid=race-stats]");
    if (!box) return;
    const race = (stats && stats.race) || {};
    const rows = RACE_LEVELS.map((level) => {
      const r = race[level] || { won: 0, lost: 0, tied: 0 };
      return this.row(raceWords.who(level), String(r.won), String(r.lost), String(r.tied));
    });
    box.querySelector("tbody").replaceChildren(...rows);
  }
}
