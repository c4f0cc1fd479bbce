// Service-worker registration and the update offer.
//
// controlled()  resolves once a service worker controls the page (or at once
//               where there is none), so the worker's 9.6 MB wasm is fetched
//               through the precache instead of twice.
// onupdate      called when a new version has installed and is waiting.
// onprogress    called while a version installs: {received, total} bytes of
//               what it downloads, {done, files} files.
// applyUpdate() tells the waiting version to take over. The caller decides
//               when: never in the middle of a move. The tab reloads within
//               10 s whatever happens (an update that failed is offered again).
// Whenever a new version takes over (asked by this tab or another), every tab
// it controlled reloads into it, after beforeReload() has saved the game: no
// tab runs old code against the new version's files.

/** Whether a new version has begun to take over (its old caches go, it controls). */
const takingOver = (worker) => worker.state === "activating" || worker.state === "activated";

export class ServiceWorkerClient {
  constructor(url = "./service-worker.js") {
    this.url = url;
    this.registration = null;
    this.onupdate = () => {};
    this.onprogress = () => {};
    this.reloading = false;
    this.beforeReload = () => Promise.resolve();
  }

  get supported() {
    return "serviceWorker" in navigator && window.isSecureContext;
  }

  async register() {
    if (!this.supported) return null;
    let controller = navigator.serviceWorker.controller;
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      const had = controller; // the first control of a first visit is no update
      controller = navigator.serviceWorker.controller;
      if (had) this.reloadOnce();
    });
    navigator.serviceWorker.addEventListener("message", (event) => {
      if (event.data && event.data.type === "precache-progress") this.onprogress(event.data);
    });
    try {
      this.registration = await navigator.serviceWorker.register(this.url, { type: "classic" });
    } catch (error) {
      console.warn("service worker registration failed:", error);
      return null;
    }
    const registration = this.registration;
    // A new version that would replace the one in control is offered once installed, and
    // this tab reloads once it takes over (asked by this tab or another): seen by its own
    // state too, since WebKit does not always fire controllerchange (webkit.org/b/199110).
    const watch = (worker) => {
      if (!worker || !navigator.serviceWorker.controller) return; // a first visit's worker is no update
      const check = () => {
        if (worker.state === "installed") this.onupdate(worker);
        if (takingOver(worker)) this.reloadOnce();
      };
      worker.addEventListener("statechange", check);
      check();
    };
    watch(registration.waiting);
    watch(registration.installing);
    // A quick install may already be over when "updatefound" is handled: watch what waits then.
    registration.addEventListener("updatefound", () => watch(registration.installing || registration.waiting));
    // Look for a new version whenever the player comes back to the app.
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") registration.update().catch(() => {});
    });
    if (navigator.storage && navigator.storage.persist) {
      navigator.storage.persisted().then((done) => done || navigator.storage.persist()).catch(() => {});
    }
    return registration;
  }

  /** Resolves when a service worker controls this page, or none will. */
  controlled() {
    if (!this.registration || navigator.serviceWorker.controller) return Promise.resolve();
    return new Promise((resolve) => {
      navigator.serviceWorker.addEventListener("controllerchange", () => resolve(), { once: true });
      const reg = this.registration;
      const worker = reg.installing || reg.waiting ||
        (reg.active && reg.active.state === "activating" ? reg.active : null);
      if (!worker) return resolve(); // e.g. a hard reload, which bypasses the service worker
      worker.addEventListener("statechange", () => {
        if (worker.state === "redundant") resolve(); // install failed: run from the network
        if (worker.state === "activated") setTimeout(resolve, 50);
      });
    });
  }

  get waiting() {
    return this.registration && navigator.serviceWorker.controller ? this.registration.waiting : null;
  }

  /** Let the waiting version take over; every tab reloads once it controls. */
  applyUpdate() {
    const waiting = this.waiting;
    if (!waiting) return false;
    // Besides controllerchange and register()'s watch (both events), this tab looks for
    // itself: it reloads once the version it asked for is taking over (or gone), and after
    // 10 s in any case (a version that never took over is offered again after it).
    setInterval(() => { // runs until the reload ends the page
      if (takingOver(waiting) || this.registration.waiting !== waiting) this.reloadOnce();
    }, 500);
    setTimeout(() => this.reloadOnce(), 10000);
    waiting.postMessage({ type: "SKIP_WAITING" });
    return true;
  }

  /** Save the game, then reload into the version in control: once, whichever signal comes first. */
  reloadOnce() {
    if (this.reloading) return;
    this.reloading = true;
    Promise.resolve(this.beforeReload()).finally(() => window.location.reload());
  }
}
