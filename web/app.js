// The app: builds the parts that play, keep and show a game, each given the app to reach the others.
//
// Each part has one job (its file's first line says which); the state the parts share, the
// saved game above all, is the session's. What the console, the tests and the benchmark use
// (globalThis.tripeaks) is this object: its getters lead to the part that holds each thing.

import { Backup } from "./backup.js";
import { listen } from "./commands.js";
import { Dealing } from "./dealing.js";
import { Linking } from "./linking.js";
import { Play } from "./play.js";
import { Race } from "./race.js";
import { Session } from "./session.js";
import { Settings } from "./settings.js";
import { Startup } from "./startup.js";
import { Tally } from "./tally.js";
import { Updates } from "./updates.js";
import { Watcher } from "./watch.js";

export class App {
  constructor({ engine, storage, renderer, bootScreen, watchBar, input, sw, notices, dialogs, clock, sound = null, effects = null, firstDeal = null, doc = document }) {
    Object.assign(this, { engine, storage, renderer, bootScreen, watchBar, input, sw, notices, dialogs, clock, sound, effects, firstDeal, doc });
    this.engineReady = false; // the engine has dealt the first game: the table plays
    this.session = new Session(this);
    this.settings = new Settings(this);
    this.startup = new Startup(this);
    this.play = new Play(this);
    this.dealing = new Dealing(this);
    this.linking = new Linking(this);
    this.watcher = new Watcher(this);
    this.tally = new Tally(this);
    this.backup = new Backup(this);
    this.updates = new Updates(this);
    clock.onTick = (ms) => renderer.setClock(ms, clock.paused);
    this.race = new Race(this); // race mode (web/race.js): hooks in listen, show and showStats
  }

  start() { return this.startup.start(); }

  listen() { listen(this); }

  bootFailed(error) { this.startup.failed(error); }

  // -- what the parts (race.js, install.js), the console and the tests ask for --------------

  get save() { return this.session.save; }

  get queue() { return this.session.queue; }

  get options() { return this.settings.options; }

  get presets() { return this.settings.presets; }

  get watch() { return this.watcher.current; }

  get busy() { return this.play.busy; }

  get kept() { return this.startup.kept; }

  get preparing() { return this.dealing.preparing; }

  enqueue(job) { return this.session.enqueue(job); }

  move(move) { return this.play.move(move); }

  newGame(request = null, dealing = null) { return this.dealing.newGame(request, dealing); }

  deal(request, how) { return this.dealing.deal(request, how); }

  playDaily(date = null) { return this.dealing.playDaily(date); }

  confirmLeave(what, how) { return this.session.confirmLeave(what, how); }

  stopWatching() { return this.watcher.stop(); }

  showStats(preset = null) { return this.tally.showStats(preset); }

  importText(text, say) { return this.backup.importText(text, say); }
}
