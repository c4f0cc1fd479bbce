// What the page shows when a smoke run's wait fails: the engine, the version, the
// notices, the service workers and the errors recorded. Evaluated in the page (an
// expression: a promise of a plain object) by both drivers.
(async () => {
  const registration = await navigator.serviceWorker?.getRegistration();
  const worker = (w) => (w ? w.state : null);
  return {
    url: location.href,
    engine: document.documentElement.dataset.engine,
    build: window.tripeaks?.engine?.info?.build ?? null,
    bootText: document.querySelector(".boot-text")?.textContent ?? null,
    notices: [...document.querySelectorAll(".notice p")].map((p) => p.textContent),
    controlled: Boolean(navigator.serviceWorker?.controller),
    workers: registration ? { installing: worker(registration.installing),
      waiting: worker(registration.waiting), active: worker(registration.active) } : null,
    errors: [...(window.tripeaksErrors || []), ...(window.smokeErrors || [])],
  };
})()
