// Dealing: New game, Restart, the daily deal, a typed deal, a deal of a difficulty; the next
// deals got ready in the background, and each deal's difficulty class.

import { gameRequest } from "./options.js";
import { isoDate } from "./dialogs.js";
import { words } from "./words.js";

const idle = (run) => (globalThis.requestIdleCallback
  ? requestIdleCallback(run, { timeout: 3000 })
  : setTimeout(run, 100));

export class Dealing {
  constructor(app) {
    this.app = app;
    this.preparing = false; // a prepare request is on its way, or waits for the page to be idle
    this.prepareAgain = false;
    this.difficulty = null; // the class the player last asked Deals for
    this.ratedDay = null;
  }

  /** Deal (or restart) and draw; ``closing`` names panels that close with the new board,
   * as does a confirm panel held open by its yes. */
  async deal(request, { daily = null, command = "new_game", closing = [] } = {}) {
    const app = this.app;
    closing = [...closing, "confirm"];
    await app.session.leaveGame();
    let state;
    try {
      state = await app.engine.call(command, request);
    } catch (error) {
      for (const name of closing) app.dialogs.close(name); // the refusal is said on the table
      throw error;
    }
    app.notices.dismiss("options"); // "rule changes apply from your next new game": now they have
    app.session.show(state, { fresh: true, daily, closing });
    app.renderer.announceDeal(state.board); // not each face-down card
    if (command !== "restart") app.doc.dispatchEvent(new CustomEvent("tripeaks:deal")); // for web/install.js
    if (command === "new_game") this.prepareSoon(); // the one after this one
  }

  /** A new deal under the player's options; options the engine refuses are reset, with a notice. */
  async dealFromOptions() {
    const app = this.app;
    try {
      await this.deal({ ...gameRequest(app.options), next: true }); // the deal prepareSoon got ready
    } catch (error) {
      if (!error || error.kind !== "bad-rules") throw error;
      app.settings.reset();
      app.notices.show(`Your saved options could not be used (${error.message}), so they were reset to the defaults.`, { id: "options-problem", kind: "error" });
      await this.deal(gameRequest(app.options));
    }
  }

  newGame(request = null, dealing = null) {
    const app = this.app;
    app.dialogs.close("result");
    return app.enqueue(async () => {
      await app.watcher.stop();
      if (!(await app.confirmLeave("New game", { hold: true }))) return;
      if (dealing) dealing();
      try {
        if (request) await this.deal(request);
        else await this.dealFromOptions();
      } finally {
        app.dialogs.close("confirm"); // held open for the board: closed whatever happened
        app.notices.dismiss("difficulty");
      }
      // A waiting update is applied now, between games, with the new one saved.
      if (app.sw.waiting) app.updates.apply();
    });
  }

  restart() {
    const app = this.app;
    app.dialogs.close("result");
    return app.enqueue(async () => {
      await app.watcher.stop();
      if (!app.save || app.save.board.moves === 0) return;
      if (!(await app.confirmLeave("Restart", { hold: true }))) return;
      try {
        await this.deal({}, { command: "restart", daily: app.save.daily });
      } finally {
        app.dialogs.close("confirm"); // the panel held open for the board: closed whatever happened
      }
    });
  }

  /** The daily deal of ``date`` (today by default): the same for everyone on the same rules. */
  playDaily(date = null) {
    const app = this.app;
    const today = isoDate(new Date());
    const day = date || today;
    app.dialogs.close("result");
    return app.enqueue(async () => {
      await app.watcher.stop();
      if (!(await app.confirmLeave("New game"))) { app.dialogs.close("deals"); return; }
      // The Deals panel stays until the day's board is drawn, and closes with it.
      await this.deal({ ...gameRequest(app.options), date: day }, { command: "daily", daily: day, closing: ["deals"] });
      const which = day === today ? `Today’s deal, ${day}` : `The deal of ${day}`;
      app.notices.show(`${which}: the same for everyone on these rules, and it can be won.`, { id: "daily", timeout: 5000 });
    });
  }

  /** The Deals panel's typed deal: ``kind`` "code" (a number or a code) or "cards" (52 cards). */
  playTyped(kind) {
    const app = this.app;
    const text = app.dialogs.typedDeal(kind);
    if (!text) {
      app.dialogs.setText("deal-error", kind === "code" ? "Type a deal number or a code first." : "Paste the 52 cards first.");
      return null;
    }
    const request = { ...gameRequest(app.options), [kind]: text.replace(/^#/, "").replace(/,(?=\d{3}\b)/g, ""), from_options: true };
    return app.enqueue(async () => {
      try { // a typo is said at once, before anything is asked
        await app.engine.call("check_deal", request);
      } catch (error) {
        app.dialogs.setText("deal-error", error.message);
        return;
      }
      await app.watcher.stop();
      if (!(await app.confirmLeave("New game"))) return;
      try {
        await app.session.leaveGame();
        const state = await app.engine.call("new_game", request);
        app.dialogs.close("deals");
        app.session.show(state, { fresh: true });
        app.dialogs.clearTypedDeal(kind);
      } catch (error) {
        app.dialogs.open("deals");
        app.dialogs.setText("deal-error", error.message);
      }
    });
  }

  /** Deals panel, "Deal me": a winnable deal of a class under the player's rules ("any": as New game). */
  dealDifficulty(difficulty) {
    const app = this.app;
    app.dialogs.close("deals");
    if (!difficulty || difficulty === "any") {
      this.difficulty = null;
      return this.newGame();
    }
    const label = difficulty[0].toUpperCase() + difficulty.slice(1);
    this.difficulty = difficulty;
    return this.newGame({ ...gameRequest(app.options), difficulty }, () =>
      app.notices.show(words.findingDeal(label), { id: "difficulty" }));
  }

  /**
   * Get the next deal ready in the worker while the player plays: the next
   * random deal under the player's options (its solver search, when the rules
   * ask for winnable deals), so New game shows at once. The bridge tries one
   * deal per request, and each request waits until the page is idle, so a tap
   * waits for one search at most. (Today's deal is found when the Deals panel
   * opens and rates it: see rateDay.)
   */
  prepareSoon() {
    if (this.preparing) { this.prepareAgain = true; return; }
    this.preparing = true;
    const wanted = () => {
      const request = gameRequest(this.app.options);
      const out = [request];
      // The player who asked for a difficulty gets the next one of it at once, too.
      if (this.difficulty) out.push({ ...request, difficulty: this.difficulty });
      return out;
    };
    const step = (index) => idle(async () => {
      const requests = wanted();
      if (this.prepareAgain) { this.prepareAgain = false; index = 0; }
      if (index >= requests.length) { this.preparing = false; return; }
      try {
        const { ready } = await this.app.engine.call("prepare", requests[index]);
        step(ready ? index + 1 : index);
      } catch (error) { // options the engine refuses: New game says so, not this
        console.warn("could not prepare the next deal:", error && error.message);
        this.preparing = false;
      }
    });
    step(0);
  }

  // -- difficulty ---------------------------------------------------------------------

  /** The deal's class on the table, asked of the engine once the board is shown
   * (and the page idle), so it never holds up a deal; kept with the game. */
  rateSoon() {
    const app = this.app;
    const save = app.save;
    if (!save || !save.board) return;
    if (save.rating) { app.renderer.setRating(save.rating); return; }
    app.renderer.setRating(null);
    const code = save.board.deal_code;
    idle(async () => {
      if (app.save !== save) return; // another game by now
      try {
        const rating = await app.engine.call("rate", code ? { code } : {});
        if (app.save !== save) return;
        save.rating = rating.class;
        app.renderer.setRating(rating.class);
      } catch (error) {
        console.warn("no rating:", error && error.message);
      }
    });
  }

  /** The Deals panel: the class of a day's deal under the player's rules (today's, or the
   * day focused); the engine keeps the day's deal it finds, so playing it needs no search. */
  async rateDay(date) {
    const app = this.app;
    this.ratedDay = date;
    const today = date === isoDate(new Date());
    const which = today ? "Today’s deal" : `The deal of ${new Date(`${date}T12:00:00`).toLocaleDateString(undefined, { month: "long", day: "numeric" })}`;
    app.dialogs.setText("daily-rating", `${which}: rating…`);
    try {
      const rating = await app.engine.call("rate", { ...gameRequest(app.options), date });
      if (this.ratedDay === date) app.dialogs.setText("daily-rating", `${which}: ${rating.class}`);
    } catch (error) {
      if (this.ratedDay === date) app.dialogs.setText("daily-rating", "");
    }
  }

  /** The Deals panel: the last two weeks, each day marked won or played. */
  showDeals() {
    const today = isoDate(new Date());
    this.app.dialogs.showDeals(this.app.tally.dailyMarks(), today);
    this.rateDay(today);
  }
}
