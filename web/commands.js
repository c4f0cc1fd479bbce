// The wiring: each event of the input (web/input.js), the panels and the page, sent to the
// part of the app that answers it. Nothing is decided here but where an event goes.

import { DRAW } from "./vocabulary.js";
import { words } from "./words.js";

/** Listen to everything the player and the page do (called once, from Startup.start). */
export function listen(app) {
  const { input, dialogs, renderer, startup, play, dealing, settings, tally, backup, watcher, linking, updates, session } = app;
  // Taps and keys reach the game only once the engine has dealt it.
  const kept = { play: ({ slot }) => slot, draw: () => DRAW, undo: () => "undo", redo: () => "redo" };
  const on = (type, handler, always = false) => input.addEventListener(type, (event) => {
    if (type !== "menu") dialogs.close("menu");
    // Before the engine is ready (and until what was kept is played), moves wait in order.
    if (kept[type] && startup.kept) return startup.keep(kept[type](event.detail || {}));
    if (always || renderer.interactive) handler(event.detail);
  });
  // Fields of the panels: heard as they change, whatever the state of the table.
  const field = (type, handler) => input.addEventListener(type, (event) => handler(event.detail));

  on("play", ({ slot }) => app.move(slot));
  on("draw", () => app.move(DRAW));
  on("undo", () => app.move("undo"));
  on("redo", () => app.move("redo"));
  on("new", () => app.newGame());
  on("restart", () => dealing.restart());
  on("hint", () => play.hint());
  on("pause", () => play.pause(), true);
  on("sound", () => settings.toggleSound(), true);
  on("menu", () => dialogs.open("menu"), true);
  on("options", () => settings.show(), true);
  on("stats", () => tally.showStats(), true);
  on("rules", () => settings.showRules(), true);
  on("deals", () => dealing.showDeals());
  on("daily", ({ source } = {}) => dealing.playDaily(source && source.dataset.date));
  on("deal-code", () => dealing.playTyped("code"));
  on("deal-cards", () => dealing.playTyped("cards"));
  on("share", () => linking.share());
  on("share-game", () => linking.shareGame());
  on("deal-difficulty", ({ source }) => dealing.dealDifficulty(source.dataset.difficulty));
  on("replay-play", () => watcher.playReplayed());
  on("read", () => play.readBoard(), true);
  on("ask", ({ what }) => renderer.tell(what), true); // W, S, L, B: said, nothing changes
  on("watch", () => watcher.start());
  on("ai-step", () => watcher.step());
  on("ai-run", () => watcher.run());
  on("ai-stop", () => app.enqueue(async () => {
    const was = watcher.current;
    await watcher.stop();
    if (was) renderer.announce(words.watchStopped);
  }));
  on("replay", () => watcher.winningLine());
  on("close-result", () => dialogs.close("result"), true);
  on("undo-result", () => { dialogs.close("result"); app.move("undo"); });
  on("stats-export", () => backup.exportAll(), true);
  on("stats-reset", () => tally.resetStats(), true);

  field("option-change", ({ field: changed }) => settings.changed(changed));
  field("stats-preset", ({ value }) => tally.showPreset(value));
  field("stats-file", ({ file }) => backup.importFile(file));
  field("watch-speed", ({ value }) => { watcher.speedChosen = value; });
  field("day-focus", ({ date }) => dealing.rateDay(date));
  field("deal-code-enter", () => dealing.playTyped("code"));

  dialogs.onchange = (open) => app.clock.hold(open); // reading a panel is not playing time
  dialogs.onclose = (name) => {
    if (name === "pause") play.resume();
    if (name === "options") settings.closed();
    // Focus goes back to the panel's opener; if that is gone, to the table.
    requestAnimationFrame(() => { if (!dialogs.anyOpen() && renderer.focusLost()) renderer.focusTable(); });
  };
  app.race.listen();
  window.addEventListener("hashchange", () => linking.open());
  window.addEventListener("storage", (event) => updates.otherTab(event));
  window.addEventListener("pagehide", () => session.keepTime());
  app.doc.addEventListener("visibilitychange", () => session.keepTime());
}
