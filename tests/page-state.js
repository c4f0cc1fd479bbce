// What the page shows when a test's wait fails: the engine and what it said so
// far, the version, the notices, the service workers (each one's state and what
// it says it is doing: its STATUS), the errors recorded. Evaluated in the page (an
// expression: a promise of a plain object) by every driver: Playwright
// (tests/e2e/app.py), Selenium (WebKit) and Puppeteer (Firefox).
(async () => {
  const container = navigator.serviceWorker;
  const registration = await container?.getRegistration();
  const ask = (target) => new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data);
    setTimeout(resolve, 2000, "no answer in 2 s");
    try {
      target.postMessage({ type: "STATUS" }, [channel.port2]);
    } catch (error) { // a worker gone redundant meanwhile
      resolve(`not asked: ${error}`);
    }
  });
  const describe = async (w) => (w ? { state: w.state, status: await ask(w) } : null);
  const app = window.tripeaks;
  return {
    url: location.href,
    engine: document.documentElement.dataset.engine,
    build: app?.engine?.info?.build ?? null,
    bootText: document.querySelector(".boot-text")?.textContent ?? null,
    engineHeard: app ? (app.engine.worker ? app.engine.heard : "no worker started")
      : "the app never started",
    notices: [...document.querySelectorAll(".notice p")].map((p) => p.textContent),
    controlled: Boolean(container?.controller),
    workers: registration ? Object.fromEntries(await Promise.all(["installing", "waiting", "active"]
      .map(async (kind) => [kind, await describe(registration[kind])]))) : null,
    errors: [...(window.tripeaksErrors || []), ...(window.smokeErrors || [])],
  };
})()
