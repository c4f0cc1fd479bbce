// Whether this copy of the app keeps the engine's memory snapshot (made after its
// first boot): a whole one in the origin private file system, or one in a cache
// (web/worker/snapshot-store.js). An async function, called in the page by every
// driver: Playwright (tests/e2e/app.py, bench/bench_boot.py), Selenium (WebKit) and
// Puppeteer (Firefox).
async () => {
  try {
    const root = await navigator.storage.getDirectory();
    const directory = await root.getDirectoryHandle("tripeaks-engine");
    const mine = encodeURIComponent(`tripeaks@${new URL("./", location.href).pathname}#`);
    for await (const [name, handle] of directory.entries()) {
      if (!name.startsWith(mine) || !name.endsWith(".snapshot")) continue;
      const file = await handle.getFile();
      // Its form's mark is written last: a file being written is not kept yet.
      if (await file.slice(0, 8).text() === "TPSNAPZ1") return true;
    }
  } catch { /* no file system, or no snapshot in it */ }
  const url = new URL("pyodide/snapshot.bin", location.href).href;
  for (const name of await caches.keys()) {
    if (await (await caches.open(name)).match(url)) return true;
  }
  return false;
}
