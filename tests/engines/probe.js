// Probes the browser features the app leans on that engines are known to
// treat differently. Evaluated in the page (an expression: a promise of a
// plain object) by both drivers, after the app is ready; the results go into
// docs/engines.md. A probe never throws: a failure becomes its answer.
(async () => {
  const out = {};
  const probe = async (name, fn) => {
    try { out[name] = await fn(); } catch (error) { out[name] = `error: ${error && error.message || error}`; }
  };
  await probe("userAgent", () => navigator.userAgent);
  await probe("localStorage", () => {
    localStorage.setItem("tripeaks.probe", "1");
    const kept = localStorage.getItem("tripeaks.probe") === "1";
    localStorage.removeItem("tripeaks.probe");
    return kept;
  });
  await probe("appStorage", () => (tripeaks.storage.persistent ? "localStorage" : "memory only"));
  await probe("storageManager", async () => {
    if (!navigator.storage) return "absent";
    const estimate = navigator.storage.estimate ? await navigator.storage.estimate() : null;
    return {
      persisted: navigator.storage.persisted ? await navigator.storage.persisted() : "absent",
      quotaMB: estimate ? Math.round(estimate.quota / 1e6) : null,
      usageMB: estimate ? Math.round(estimate.usage / 1e6) : null,
    };
  });
  await probe("serviceWorker", async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return { controlled: Boolean(navigator.serviceWorker.controller), active: registration && registration.active && registration.active.state };
  });
  await probe("cacheStorage", async () => (await caches.keys()).length);
  await probe("memorySnapshot", () => (tripeaks.engine.info && tripeaks.engine.info.timings.snapshot) || "none");
  await probe("touch", () => ({
    touchEvent: typeof TouchEvent !== "undefined",
    pointerEvent: typeof PointerEvent !== "undefined",
    maxTouchPoints: navigator.maxTouchPoints,
    coarsePointer: matchMedia("(pointer: coarse)").matches,
  }));
  await probe("decompressionStream", async () => {
    if (typeof DecompressionStream === "undefined") return "absent";
    const gzip = new Uint8Array([31, 139, 8, 0, 0, 0, 0, 0, 2, 3, 43, 41, 202, 44, 72, 77, 204, 46, 6, 0, 144, 11, 14, 234, 8, 0, 0, 0]);
    const text = await new Response(new Blob([gzip]).stream().pipeThrough(new DecompressionStream("gzip"))).text();
    let raw = true;
    try { new DecompressionStream("deflate-raw"); } catch { raw = false; }
    return { gzip: text === "tripeaks", deflateRaw: raw };
  });
  // Each court figure's view of web/courts.svg loads and decodes. (Whether it is painted
  // is checked in Chromium, tests/e2e/test_card_art_sounds_and_effects.py: WebKit's canvas draws an image of
  // an SVG view as the whole file, though its cards show the view, so no canvas here.)
  await probe("courtPictures", async () => {
    const seen = {};
    for (const view of ["K-red", "K-black", "Q-red", "Q-black", "J-red", "J-black"]) {
      const image = new Image();
      image.src = new URL(`courts.svg#${view}`, location.href).href;
      seen[view] = await image.decode().then(() => image.naturalWidth > 0, () => false);
    }
    return seen;
  });
  await probe("webLocks", async () => {
    if (!navigator.locks) return "absent";
    return navigator.locks.request("tripeaks.probe", () => "granted");
  });
  return out;
})()
