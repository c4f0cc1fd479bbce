// The wiring: each event of the input (views/input.js), the panels and the page, sent to the
// part that answers it. Nothing is decided here but where an event goes.

import { DRAW } from "../model/vocabulary.js";
import { words } from "../model/words.js";

/** Listen to everything the player and the page do (called once, by Startup). */
export function listen({ doc, input, dialogs, renderer, clock, session, play, dealing, options, results, backups, watching, links, updates, race, advice }) {
  // Moves reach the game once the engine has dealt it; before that, the board drawn early
  // keeps them for it (Play.hold).
  const moves = { play: ({ slot }) => slot, draw: () => DRAW, undo: () => "undo", redo: () => "redo" };
  const on = (type, handler, always = false) => input.addEventListener(type, (event) => {
    if (type !== "menu") dialogs.close("menu");
    if (moves[type] && play.holding) return play.tap(moves[type](event.detail || {}));
    if (always || renderer.interactive) handler(event.detail);
  });
  // Fields of the panels: heard as they change, whatever the state of the table.
  const field = (type, handler) => input.addEventListener(type, (event) => handler(event.detail));

  on("play", ({ slot }) => play.tap(slot));
  on("draw", () => play.tap(DRAW));
  on("undo", () => play.tap("undo"));
  on("redo", () => play.tap("redo"));
  on("new", () => dealing.newGame());
  on("restart", () => dealing.restart());
  on("deal-again", () => dealing.dealAgain());
  on("hint", () => (advice.wanted() ? advice.hint() : play.hint())); // the money game's draw: draw or deal again?
  on("pause", () => play.pause(), true);
  on("sound", () => options.toggleSound(), true);
  on("menu", () => dialogs.open("menu"), true);
  on("options", () => options.show(), true);
  on("stats", () => results.showStats(), true);
  on("rules", () => options.showRules(), true);
  on("deals", () => dealing.showDeals());
  on("daily", ({ source } = {}) => dealing.playDaily(source && source.dataset.date));
  on("deal-code", () => dealing.playTyped("code"));
  on("deal-cards", () => dealing.playTyped("cards"));
  on("share", () => links.share());
  on("share-game", () => links.shareGame());
  on("deal-difficulty", ({ source }) => dealing.dealDifficulty(source.dataset.difficulty));
  on("replay-play", () => watching.playReplayed());
  on("read", () => play.readBoard(), true);
  on("ask", ({ what }) => renderer.tell(what), true); // W, S, L, B: said, nothing changes
  on("watch", () => watching.start());
  on("ai-step", () => watching.step());
  on("ai-run", () => watching.run());
  on("watch-from-start", () => watching.fromTheStart());
  on("ai-stop", () => session.enqueue(async () => {
    const was = watching.current;
    await watching.stop();
    if (was) renderer.announce(words.watchStopped);
  }));
  on("replay", () => watching.winningLine());
  on("close-result", () => dialogs.close("result"), true);
  on("result", () => results.reopen(), true);
  on("undo-result", () => { dialogs.close("result"); play.tap("undo"); });
  on("stats-export", () => backups.exportAll(), true);
  on("stats-reset", () => results.resetStats(), true);

  field("option-change", ({ field: changed }) => options.changed(changed));
  field("stats-preset", ({ value }) => results.showPreset(value));
  field("stats-file", ({ file }) => backups.importFile(file));
  field("watch-speed", ({ value }) => { watching.speedChosen = value; });
  field("day-focus", ({ date }) => dealing.rateDay(date));
  field("deal-code-enter", () => dealing.playTyped("code"));

  dialogs.onchange = (open) => clock.hold(open); // reading a panel is not playing time
  dialogs.onclose = (name) => {
    if (name === "pause") play.resume();
    if (name === "options") options.closed();
    if (name === "result") results.closed();
    // Focus goes back to the panel's opener; if that is gone, to the table.
    requestAnimationFrame(() => { if (!dialogs.anyOpen() && renderer.focusLost()) renderer.focusTable(); });
  };
  race.listen();
  window.addEventListener("hashchange", () => links.open());
  window.addEventListener("storage", (event) => updates.otherTab(event));
  window.addEventListener("pagehide", () => session.keepTime());
  doc.addEventListener("visibilitychange", () => session.keepTime());
}
