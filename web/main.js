// The composition root: build each part, hand them to the app, start it.

import "./zoom.js"; // first: the page zoom, before a card is drawn
import { App } from "./app.js";
import { BootScreen } from "./boot-screen.js";
import { Clock } from "./clock.js";
import { Dialogs } from "./dialogs.js";
import { EngineClient } from "./engine-client.js";
import { FIRST_DEAL } from "./first-deal.js"; // written by build.py
import { Input } from "./input.js";
import { Installer } from "./install.js";
import { Notices } from "./notices.js";
import { Effects } from "./effects.js";
import { Renderer } from "./render.js";
import { Sound } from "./sound.js";
import { Storage } from "./storage.js";
import { ServiceWorkerClient } from "./sw-client.js";
import { WatchBar } from "./watch-bar.js";

// ?snapshot=off boots Python without the kept memory snapshot (for comparison);
// boot.js reads the same switch when it starts the worker early.
const workerUrl = new URL("./worker/engine-worker.js", import.meta.url);
if (new URLSearchParams(location.search).get("snapshot") === "off") workerUrl.search = "?snapshot=off";

const renderer = new Renderer(document);
const app = new App({
  engine: new EngineClient(workerUrl),
  storage: new Storage(),
  renderer,
  bootScreen: new BootScreen(document, (text) => renderer.announce(text)),
  watchBar: new WatchBar(document),
  input: new Input(document),
  sw: new ServiceWorkerClient("./service-worker.js"),
  notices: new Notices(),
  dialogs: new Dialogs(document),
  clock: new Clock(),
  sound: new Sound({ doc: document, enabled: () => !app.options || app.options.sound !== false }),
  effects: new Effects(renderer, document),
  firstDeal: FIRST_DEAL,
});
globalThis.tripeaks = app; // for the console, the tests and the benchmark
const installer = new Installer({ app, storage: app.storage, dialogs: app.dialogs, notices: app.notices, input: app.input });
try {
  installer.start();
} catch (error) {
  console.warn("the install offer could not start:", error); // the game plays on without it
}
app.start().then(() => installer.afterStart(), (error) => {
  console.error(error);
  app.bootFailed(error);
});
