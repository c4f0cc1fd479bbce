// Dealing: New game, Restart, the daily deal, a typed deal, a deal of a difficulty; the next
// deals got ready in the background, and each deal's difficulty class.

import { gameRequest, nextDealClass } from "../model/options.js";
import { isoDate } from "../model/dates.js";
import { mendDaily } from "../model/medals.js";
import { formatDate, has, t } from "../model/i18n.js";

const QUIET = 1200; // ms without a move before the worker does spare work (the next deals)

const idle = (run) => (globalThis.requestIdleCallback
  ? requestIdleCallback(run, { timeout: 3000 })
  : setTimeout(run, 100));

export class Dealing extends EventTarget {
  constructor({ engine, session, storage, renderer, dialogs, notices, options, watching, updates, dailyGoals = null }) {
    super();
    Object.assign(this, { engine, session, storage, renderer, dialogs, notices, options, watching, updates, dailyGoals });
    this.preparing = false; // a prepare request is on its way, or waits for the page to be idle
    this.prepareAgain = false;
    this.difficulty = null; // the class the player last asked Deals for
    this.nextClass = undefined; // the class of the next New game (Options "New games deal"), chosen ahead
    this.ratedDay = null;
    this.lastMove = -Infinity; // when the last board (a move, a deal) was drawn: spare work waits for a pause
    session.addEventListener("shown", ({ detail }) => {
      this.lastMove = performance.now();
      if (detail.fresh || detail.restored) this.rateSoon();
    });
    options.addEventListener("rules", () => { // the next deal under the new rules, or of the new class
      this.nextClass = undefined;
      if (renderer.interactive) this.prepareSoon();
    });
  }

  /** Deal (or restart) and draw; ``closing`` names panels that close with the new board,
   * as does a confirm panel held open by its yes; ``race``, a race that starts with it. */
  async deal(request, { daily = null, command = "new_game", closing = [], race = null } = {}) {
    closing = [...closing, "confirm"];
    let state;
    try {
      state = await this.session.deal(command, request, { daily, closing, race });
    } catch (error) {
      for (const name of closing) this.dialogs.close(name); // the refusal is said on the table
      throw error;
    }
    this.notices.dismiss("options"); // "rule changes apply from your next new game": now they have
    this.renderer.announceDeal(state.board); // not each face-down card
    if (command !== "restart") this.dispatchEvent(new Event("dealt")); // a game begun: the install offer counts them
    if (command === "new_game") this.prepareSoon(); // the one after this one
    return state;
  }

  /** The class the next New game deals from (chosen once, so the deal prepared ahead is of it). */
  dealClass() {
    if (this.nextClass === undefined) this.nextClass = nextDealClass(this.options.options);
    return this.nextClass;
  }

  /** A new deal under the player's options, of the class they deal from; options the engine
   * refuses are reset, with a notice; a class with no deal under these rules, any deal. */
  async dealFromOptions() {
    const difficulty = this.dealClass();
    this.nextClass = undefined; // the one after is chosen afresh
    try {
      await this.deal({ ...gameRequest(this.options.options), ...(difficulty ? { difficulty } : {}), next: true }); // the deal prepareSoon got ready
    } catch (error) {
      if (error && error.kind === "not-found") return void await this.deal(gameRequest(this.options.options));
      if (!error || error.kind !== "bad-rules") throw error;
      this.options.reset();
      this.notices.show(t("save-options-refused", { reason: error.message }), { id: "options-problem", kind: "error" });
      await this.deal(gameRequest(this.options.options));
    }
  }

  newGame(request = null, before = null) {
    const { session, dialogs } = this;
    dialogs.close("result");
    return session.enqueue(async () => {
      await this.watching.stop();
      if (!(await session.confirmLeave("new", { hold: true }))) return;
      if (before) before();
      try {
        if (request) await this.deal(request);
        else await this.dealFromOptions();
      } finally {
        dialogs.close("confirm"); // held open for the board: closed whatever happened
        this.notices.dismiss("difficulty");
      }
      this.updates.applyWaiting(); // a waiting update is applied now, between games, with the new one saved
    });
  }

  /** The money game's Deal again: the deal ends now and keeps its money (the session's
   * leaving adds it to the bankroll), so nothing is asked; the next deal of its rules follows. */
  dealAgain() {
    const { session, dialogs } = this;
    dialogs.close("result");
    return session.enqueue(async () => {
      await this.watching.stop();
      const game = session.game;
      if (game && game.preset !== this.options.options.preset) await this.deal({ preset: game.preset });
      else await this.dealFromOptions();
      this.updates.applyWaiting(); // between deals, as New game does
    });
  }

  restart() {
    const { session, dialogs } = this;
    dialogs.close("result");
    return session.enqueue(async () => {
      await this.watching.stop();
      const game = session.game;
      if (!game || game.board.moves === 0) return;
      if (!(await session.confirmLeave("restart", { hold: true }))) return;
      try {
        await this.deal({}, { command: "restart", daily: game.daily });
      } finally {
        dialogs.close("confirm"); // the panel held open for the board: closed whatever happened
      }
    });
  }

  /** The daily deal of ``date`` (today by default): the same for everyone on the same rules. */
  playDaily(date = null) {
    const { session, dialogs } = this;
    const today = isoDate(new Date());
    const day = date || today;
    dialogs.close("result");
    return session.enqueue(async () => {
      await this.watching.stop();
      if (!(await session.confirmLeave("new"))) { dialogs.close("deals"); return; }
      // The Deals panel stays until the day's board is drawn, and closes with it.
      await this.deal({ ...gameRequest(this.options.options), date: day }, { command: "daily", daily: day, closing: ["deals"] });
      this.notices.show(t(day === today ? "daily-today" : "daily-day", { date: day }), { id: "daily", timeout: 5000 });
    });
  }

  /** The Deals panel's typed deal: ``kind`` "code" (a number or a code) or "cards" (52 cards). */
  playTyped(kind) {
    const { session, dialogs } = this;
    const text = dialogs.typedDeal(kind);
    if (!text) {
      dialogs.setText("deal-error", t(kind === "code" ? "deal-type-code-first" : "deal-paste-cards-first"));
      return null;
    }
    const request = { ...gameRequest(this.options.options), [kind]: text.replace(/^#/, "").replace(/,(?=\d{3}\b)/g, ""), from_options: true };
    return session.enqueue(async () => {
      try { // a typo is said at once, before anything is asked
        await this.engine.call("check_deal", request);
      } catch (error) {
        dialogs.setText("deal-error", error.message);
        return;
      }
      await this.watching.stop();
      if (!(await session.confirmLeave("new"))) return;
      try {
        await session.deal("new_game", request, { closing: ["deals"] });
        dialogs.clearTypedDeal(kind);
      } catch (error) {
        dialogs.open("deals");
        dialogs.setText("deal-error", error.message);
      }
    });
  }

  /** Deals panel, "Deal me": a winnable deal of a class under the player's rules ("any": as New game). */
  dealDifficulty(difficulty) {
    this.dialogs.close("deals");
    if (!difficulty || difficulty === "any") { // any deal the rules allow, whatever Options deal from
      this.difficulty = null;
      return this.newGame(gameRequest(this.options.options));
    }
    this.difficulty = difficulty;
    return this.newGame({ ...gameRequest(this.options.options), difficulty }, () =>
      this.notices.show(t(`deal-finding-${difficulty}`), { id: "difficulty" }));
  }

  /**
   * Get the next deal ready in the worker while the player plays: the next
   * random deal under the player's options (its solver search, when the rules
   * ask for winnable deals), so New game shows at once. The bridge tries one
   * deal per request, and each request waits until the page is idle and the
   * player has paused (QUIET ms since the last board was drawn), so taps in a run never
   * wait behind a search or a rating. (Today's deal is found when the Deals
   * panel opens and rates it: see rateDay.)
   */
  prepareSoon() {
    if (this.preparing) { this.prepareAgain = true; return; }
    this.preparing = true;
    const wanted = () => {
      const request = gameRequest(this.options.options);
      const difficulty = this.dealClass();
      const out = [difficulty ? { ...request, difficulty } : request];
      // The player who asked for a difficulty gets the next one of it at once, too.
      if (this.difficulty) out.push({ ...request, difficulty: this.difficulty });
      return out;
    };
    const step = (index) => this.whenQuiet(async () => {
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
    }, Infinity);
    step(0);
  }

  /** Run ``work`` once the page is idle and the player has paused (QUIET ms since the last
   * board was drawn), or after ``latest`` ms whatever happens. */
  whenQuiet(work, latest = 20_000) {
    const since = performance.now();
    const check = () => idle(() => {
      const rest = QUIET - (performance.now() - this.lastMove);
      if (rest > 0 && performance.now() - since < latest) setTimeout(check, rest);
      else work();
    });
    check();
  }

  // -- difficulty ---------------------------------------------------------------------

  /** The deal's class on the table, asked of the engine once the board is shown
   * (and the page idle), so it never holds up a deal; kept with the game. */
  rateSoon() {
    const { session, renderer } = this;
    const game = session.game;
    if (!game || !game.board || session.covered) return;
    if (game.rating) { renderer.setRating(game.rating); return; }
    renderer.setRating(null);
    const code = game.board.deal_code;
    idle(async () => {
      if (!session.isCurrent(game.gameId)) return; // another game by now
      try {
        const rating = await session.ask("rate", code ? { code } : {});
        if (!session.isCurrent(game.gameId)) return;
        session.note({ rating: rating.class });
        renderer.setRating(rating.class);
      } catch (error) {
        console.warn("no rating:", error && error.message);
      }
    });
  }

  /** The Deals panel: the class of a day's deal under the player's rules (today's, or the
   * day focused); the engine keeps the day's deal it finds, so playing it needs no search. */
  async rateDay(date) {
    const { dialogs } = this;
    this.ratedDay = date;
    const key = date === isoDate(new Date()) ? "daily-rating-today" : "daily-rating-day";
    const day = formatDate(new Date(`${date}T12:00:00Z`), { month: "long", day: "numeric" });
    dialogs.setText("daily-rating", t(`${key}-busy`, { date: day }));
    try {
      const rating = await this.engine.call("rate", { ...gameRequest(this.options.options), date });
      const name = `deal-class-${String(rating.class).toLowerCase().replace(/\s+/g, "-")}`;
      if (this.ratedDay === date) dialogs.setText("daily-rating", t(key, { date: day, rating: has(name) ? t(name) : rating.class }));
    } catch (error) {
      if (this.ratedDay === date) dialogs.setText("daily-rating", "");
    }
  }

  /** The Deals panel: the month's calendar with each day's medal, and today's goals. */
  showDeals() {
    const today = isoDate(new Date());
    const stats = this.storage.load("stats").value;
    this.dialogs.showDeals(mendDaily(stats && stats.daily), today);
    this.rateDay(today);
    if (this.dailyGoals) this.dailyGoals.showToday();
  }
}
