// Daily goals: while a daily deal is on the table, each move asks the engine which of
// the day's goals the game has met, and new medals are kept with the statistics (once
// per day and goal, under the lock every tab shares), with a short notice; the day is
// noted played at its first move. The Deals panel's list of today's goals is asked here.

import { awardMedals, mendDaily, medalNotice, notePlayed } from "../model/medals.js";
import { gameRequest } from "../model/options.js";
import { isoDate } from "../model/dates.js";
import { GoalCache } from "../model/goal-cache.js";

export class DailyGoals {
  constructor({ engine, session, storage, dialogs, notices, options }) {
    Object.assign(this, { engine, session, storage, dialogs, notices, options });
    this.cache = new GoalCache(storage.prefix, () => (engine.info && engine.info.build) || "");
    this.asked = new Map(); // "date rules" -> Promise of the engine's daily_goals reply
    this.checking = Promise.resolve(); // one check after another, in the order of the moves
    session.addEventListener("shown", ({ detail }) => {
      const { game, board, taken, restored } = detail;
      // Not another tab's game (that tab awards), nor one brought back (the next move checks it).
      if (!game || !game.daily || taken || restored || board.moves === 0) return;
      this.checking = this.checking.then(() => this.check(game)).catch((error) =>
        console.warn("the daily goals could not be checked:", error && error.message));
    });
  }

  /** The engine's goals of ``date`` under ``request`` ({preset, rules}), asked once on this
   * device (finding them takes the engine seconds: it plays the day's deal to par). */
  goalsOf(date, request) {
    const key = `${date} ${JSON.stringify(request)}`;
    if (!this.asked.has(key)) {
      const kept = this.cache.get(key); // found on an earlier visit: no engine time at all
      const asking = kept ? Promise.resolve(kept) : this.engine.call("daily_goals", { ...request, date });
      asking.then((reply) => { if (!kept) this.cache.put(key, reply); },
        () => this.asked.delete(key)); // asked again next time
      this.asked.set(key, asking);
    }
    return this.asked.get(key);
  }

  /** The goals of a daily game: those the Deals panel asked for its day under the same named
   * rule set (found, or on their way), else asked under the rules it was dealt under. */
  goalsOfGame(game) {
    const named = game.preset !== "custom" && game.preset === game.board.preset;
    const same = `${game.daily} ${JSON.stringify({ preset: game.preset })}`;
    if (named && this.asked.has(same)) return this.asked.get(same);
    return this.goalsOf(game.daily, { rules: game.board.rules });
  }

  /** The Deals panel's goals for today, under the player's rules (the calendar shows them). */
  async showToday() {
    const calendar = this.dialogs.calendar;
    if (!calendar) return;
    calendar.showGoals(null);
    try {
      calendar.showGoals(await this.goalsOf(isoDate(new Date()), gameRequest(this.options.options)));
    } catch (error) {
      console.warn("no daily goals:", error && error.message);
      calendar.showGoals(false);
    }
  }

  /** After a move in a daily deal: the day noted played, and each goal met now awarded once. */
  async check(game) {
    const day = game.daily;
    await this.keep((daily) => notePlayed(daily, day));
    const { goals, preset } = await this.goalsOfGame(game);
    if (!this.session.isCurrent(game.gameId)) return; // another game by now
    const { met } = await this.session.ask("goals_met", { goals });
    if (!this.session.isCurrent(game.gameId) || !met.length) return;
    let won = [];
    await this.keep((daily) => {
      const had = daily.medals[day] || [];
      const next = awardMedals(daily, day, met);
      won = next.medals[day].filter((medal) => !had.includes(medal));
      return next;
    });
    if (!won.length) return;
    // The best medal won by this move is said (not stacked up), for a while whatever moves follow.
    const goal = goals.find((g) => g.medal === won[won.length - 1]);
    this.notices.show(medalNotice(goal, preset), { id: "medal", timeout: 5000, scope: "page" });
  }

  /** Change the daily record with a fresh read of the statistics, under the lock every tab
   * shares; nothing is written when nothing changed. */
  keep(change) {
    return this.storage.updateStats((stats) => {
      const before = mendDaily(stats.daily);
      const after = change(before);
      const same = JSON.stringify(after) === JSON.stringify(before);
      return same && stats.daily && stats.daily.medals ? null : { ...stats, daily: after };
    });
  }
}
