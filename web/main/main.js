// The composition root: each part built with the collaborators it uses, then the start.
//
// Views (views/) draw and listen; the model (model/) is plain data, the saves and the engine's
// client; the parts (parts/) answer the player, and the session among them owns the game.
// Nothing imports this file; globalThis.tripeaks (below) is for the console, tests and benchmarks.

import "./views/zoom.js"; // first: the page zoom, before a card is drawn
import { FIRST_DEAL } from "../first-deal.js"; // written by build.py
import { Clock } from "./model/clock.js";
import { chooseLanguage, fetchCatalog, keepOffline, translate, useCatalog } from "./model/i18n.js";
import { EngineClient } from "./model/engine-client.js";
import { Storage } from "./model/storage.js";
import { SITE_ROOT } from "./model/site.js";
import { ServiceWorkerClient } from "./model/sw-client.js";
import { BootScreen } from "./views/boot-screen.js";
import { Dialogs } from "./views/dialogs.js";
import { Effects } from "./views/effects.js";
import { IdleNudge } from "./views/idle-nudge.js";
import { Input } from "./views/input.js";
import { Notices } from "./views/notices.js";
import { RaceStrip } from "./views/race-strip.js";
import { Renderer } from "./views/render.js";
import { Sound } from "./views/sound.js";
import { Fit } from "./views/fit.js";
import { WatchStrip } from "./views/watch-strip.js";
import { MoneyTable } from "./views/money-table.js";
import { Advice } from "./parts/advice.js";
import { Backups } from "./parts/backups.js";
import { Bankroll } from "./parts/bankroll.js";
import { DailyGoals } from "./parts/daily-goals.js";
import { listen } from "./parts/commands.js";
import { Dealing } from "./parts/dealing.js";
import { Installer } from "./parts/install.js";
import { Links } from "./parts/links.js";
import { OptionsKeeper } from "./parts/options-keeper.js";
import { Play } from "./parts/play.js";
import { Race } from "./parts/race.js";
import { Results } from "./parts/results.js";
import { Session } from "./parts/session.js";
import { Startup } from "./parts/startup.js";
import { Updates } from "./parts/updates.js";
import { Watching } from "./parts/watching.js";

// ?snapshot=off boots Python without the kept memory snapshot (for comparison);
// boot.js reads the same switch when it starts the worker early.
const workerUrl = new URL("worker/engine-worker.js", SITE_ROOT);
if (new URLSearchParams(location.search).get("snapshot") === "off") workerUrl.search = "?snapshot=off";

// -- views and the model ------------------------------------------------------------------------
const doc = document;
const engine = new EngineClient(workerUrl);
const storage = new Storage();

/** The language kept with the options, read without a word: damaged options are
 * reported (and set aside) later, by the options keeper, in the player's language. */
function savedLanguage() {
  try {
    const saved = JSON.parse(storage.raw("options"));
    return (saved && typeof saved.language === "string" && saved.language) || "auto";
  } catch {
    return "auto";
  }
}

// The player's language first: every view words itself from its catalog. ?lang=xx chooses one
// for this visit; then the one chosen in Options; then the browser's. A catalog that cannot be
// fetched falls back to English; when neither can be, the boot line says so (boot.js).
{
  const asked = new URLSearchParams(location.search).get("lang");
  const code = chooseLanguage({ asked, chosen: savedLanguage(), browser: navigator.languages });
  try {
    useCatalog(await fetchCatalog(code));
  } catch (error) {
    console.warn(`the ${code} catalog could not be read:`, error);
    useCatalog(await fetchCatalog("en").catch((again) => {
      if (globalThis.tripeaksUnreadable) globalThis.tripeaksUnreadable();
      throw again;
    }));
  }
  translate(doc);
}
const sw = new ServiceWorkerClient("./service-worker.js");
const renderer = new Renderer(doc);
const clock = new Clock({ onTick: (ms) => renderer.setClock(ms, clock.paused) });
const bootScreen = new BootScreen(doc, (text) => renderer.announce(text));
const input = new Input(doc);
const notices = new Notices();
const dialogs = new Dialogs(doc);
const effects = new Effects(renderer, doc);
const watchStrip = new WatchStrip(doc);
const nudge = new IdleNudge(doc);
const raceStrip = new RaceStrip(doc);
new Fit(doc); // the table and its bars in the window, in every language
let options = null; // the options keeper, built below: sound asks it whether to play
const sound = new Sound({ doc, enabled: () => !options || options.options.sound !== false });
const playerOptions = () => options.options;

// -- the parts, each given what it uses ---------------------------------------------------------
let results = null; // built below: the session counts a game left through it
let bankroll = null; // built below: the session keeps a money game's deal left through it
const session = new Session({
  engine, storage, renderer, notices, dialogs, clock,
  recordLeft: (game, won) => results.count(game, won), keepMoney: (game) => bankroll.keep(game),
});
bankroll = new Bankroll({ session, storage, notices });
const advice = new Advice({ session, table: new MoneyTable(doc), notices, renderer });
// What a move earned, seen and heard (from the engine's last_action).
session.addEventListener("shown", ({ detail }) => {
  effects.moved(detail.board, detail.motion);
  if (detail.motion) sound.moved(detail.board);
  nudge.seen(detail.board); // the stock pulses if nothing fits for a while
});
session.addEventListener("covered", ({ detail }) => { if (detail.on) nudge.stop(); }); // not over a watched game
options = new OptionsKeeper({ engine, session, storage, renderer, dialogs, notices, sound });
results = new Results({ session, storage, dialogs, notices, renderer, options, raceStrip, effects });
const play = new Play({ session, renderer, notices, dialogs, clock, bootScreen, sound, options: playerOptions });
const watching = new Watching({ engine, session, renderer, strip: watchStrip, notices, dialogs, options: playerOptions, effects, sound });
let startup = null; // built last: it starts everything
const isReady = () => Boolean(startup && startup.ready);
const updates = new Updates({ sw, storage, notices, dialogs, session, options, isReady });
const dailyGoals = new DailyGoals({ engine, session, storage, dialogs, notices, options }); // medals while a daily deal is played
const dealing = new Dealing({ engine, session, storage, renderer, dialogs, notices, options, watching, updates, dailyGoals });
const links = new Links({ engine, session, notices, options: playerOptions, watching });
const backups = new Backups({ engine, session, storage, dialogs, options, watching, results });
const race = new Race({ session, storage, input, dialogs, notices, renderer, clock, strip: raceStrip, dealing, watching, isReady });
startup = new Startup({
  engine, sw, storage, renderer, bootScreen, notices, clock, session, play, options, updates, links, dealing,
  firstDeal: FIRST_DEAL,
  listen: () => listen({ doc, input, dialogs, renderer, clock, session, play, dealing, options, results, backups, watching, links, updates, race, advice }),
});

// For the console, the tests and the benchmark: what they read, by name.
globalThis.tripeaks = {
  engine, storage, dialogs, notices, renderer, clock, startup, session,
  get save() { return session.game; },
  get queue() { return session.queue; },
  get options() { return options.options; },
  get kept() { return play.kept; },
  get busy() { return play.busy; },
  get preparing() { return dealing.preparing; },
  get dailyChecked() { return dailyGoals.checking; }, // settles once the daily goals of the moves so far are checked
  move: (move) => play.tap(move),
  newGame: () => dealing.newGame(),
  showStats: (preset = null) => results.showStats(preset),
};

const installer = new Installer({ storage, dialogs, notices, input, dealing, results, backups });
try {
  installer.start();
} catch (error) {
  console.warn("the install offer could not start:", error);
}
startup.start().then(() => {
  installer.afterStart();
  startup.registered.then(() => sw.controlled()).then(keepOffline); // the player's language, kept for offline visits
}, (error) => {
  console.error(error);
  startup.failed(error);
});
