// The offline service worker. build.py injects the precache list below:
// {build, files: [{url, revision, size, gz?, gzSize?, type?}]}, every URL
// relative to this file; revision is the hash of the file's own bytes.
//
// install   fills cache tripeaks@<path>#<build> with every file; a file whose
//           revision is unchanged is copied from the previous cache, not
//           downloaded again. A file with a gz copy (the large runtime files)
//           is downloaded as that copy and decoded here, where the browser has
//           DecompressionStream; the original is the fallback. Every file is
//           checked against its revision once decoded, and cached under its own
//           URL. The pages are told the bytes received of the bytes to download.
// activate  deletes this copy's older caches and engine snapshots, and only this
//           copy's: another copy of the app on the same origin (another <path>)
//           keeps its own.
//           A language's catalog is installed only if an older cache holds it
//           (a language in use); the others are fetched and kept when first asked.
// fetch     cache-first for the site's own files; a navigation to the app gets
//           index.html, and one to a deeper path (/tripeaks/a/b) is sent to the
//           app's own address, where its files are found.
// A new version waits until the page asks it to take over (SKIP_WAITING), which
// the page does only between moves, with the game saved.
// STATUS    is answered (on the message's port) with what this worker is doing:
//           its build, how far its activation got and the fetches it is
//           answering; a page that never gets going can say why (a bug report).

const PRECACHE = /*__PRECACHE__*/ { build: "dev", files: [] } /*__END__*/;
const SCOPE = new URL("./", self.location).href;
const PREFIX = `tripeaks@${new URL(SCOPE).pathname}#`;
const CACHE = PREFIX + PRECACHE.build;
const FIRST_NAMES = /^tripeaks-[0-9a-z]+$/; // caches named before names had a path
const MANIFEST_KEY = "__precache-manifest__";

let opened = null; // the open cache, shared by every fetch of this worker's life
// What this worker is doing (STATUS): its activation's step and problems, and the
// requests it is answering ({what, since}).
const status = { activation: "not begun", problems: [], answering: new Set() };
const url = (path) => new URL(path, self.location).href;

// This copy's previous caches: named with its path, or named the first way and
// holding a manifest at its path. Each with its {url: revision} manifest; one with
// its path and no manifest (a build never installed, whose first visit's engine kept
// its runtime there: runtime-download.js) has nothing to give but is deleted too.
async function oldCaches() {
  const found = [];
  for (const name of await caches.keys()) {
    if (name === CACHE || !(name.startsWith(PREFIX) || FIRST_NAMES.test(name))) continue;
    const cache = await caches.open(name);
    const manifest = await cache.match(url(MANIFEST_KEY));
    if (manifest) found.push({ name, cache, revisions: await manifest.json() });
    else if (name.startsWith(PREFIX)) found.push({ name, cache, revisions: {} });
  }
  return found;
}

async function fromOldCaches(olds, entry) {
  for (const { cache, revisions } of olds) {
    if (revisions[entry.url] !== entry.revision) continue;
    const hit = await cache.match(url(entry.url));
    if (hit) return hit;
  }
  return null;
}

async function announce(message) {
  for (const client of await self.clients.matchAll({ includeUncontrolled: true })) {
    client.postMessage(message);
  }
}

async function revisionOf(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return [...digest.slice(0, 8)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const DECODES = typeof self.DecompressionStream === "function";

// What the install downloads, told to every page as it arrives: bytes received
// of the bytes to download (a retry adds what it fetches again), files done.
class Meter {
  constructor(entries) {
    this.total = entries.reduce((sum, entry) => sum + wireSize(entry), 0);
    this.received = 0;
    this.files = entries.length;
    this.done = 0;
    this.told = 0;
  }

  /** A counter for one response of `expected` bytes: it counts no more than those. */
  counter(expected, again) {
    if (again) this.total += expected;
    let seen = 0;
    return (bytes) => {
      const counted = Math.max(0, Math.min(bytes, expected - seen));
      seen += counted;
      this.received += counted;
      if (Date.now() - this.told >= 50) this.tell();
    };
  }

  fileDone() {
    this.done += 1;
    this.tell();
  }

  finish() {
    this.received = this.total; // every file is in: nothing more comes
    return this.files ? this.tell() : null;
  }

  tell() {
    this.told = Date.now();
    return announce({ type: "precache-progress", build: PRECACHE.build, received: this.received,
      total: this.total, done: this.done, files: this.files });
  }
}

const wireSize = (entry) => (entry.gz && DECODES ? entry.gzSize : entry.size) || 0;

async function readCounted(response, count) {
  const reader = response.body.getReader();
  const chunks = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.byteLength;
    count(value.byteLength);
  }
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

async function gunzip(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// A file whose bytes match its revision. Its gz copy first, where it has one and
// this browser decodes gzip: a host that sends the copy with Content-Encoding has
// had the browser decode it already, so the bytes as received are checked too.
// Then the file itself. Each is tried from the HTTP cache first (the page has just
// loaded the small files: no second download), then from the network. A
// half-deployed site fails the install, and the old version keeps serving.
async function download(entry, meter) {
  const tries = [];
  if (entry.gz && DECODES) tries.push({ path: entry.gz, size: entry.gzSize, gz: true });
  tries.push({ path: entry.url, size: entry.size, gz: false });
  let again = false;
  for (const { path, size, gz } of tries) {
    for (const mode of ["default", "reload"]) {
      const response = await fetch(url(path), { cache: mode });
      const count = meter.counter(size || 0, again);
      again = true;
      if (!response.ok) {
        if (gz) break; // no copy on this host: the file itself
        throw new Error(`precache ${entry.url}: HTTP ${response.status}`);
      }
      const received = await readCounted(response, count);
      if (gz) {
        const decoded = received[0] === 0x1f && received[1] === 0x8b
          ? await gunzip(received).catch(() => null) : null;
        for (const body of [decoded, received]) {
          if (body && (await revisionOf(body)) === entry.revision) return decodedResponse(entry, body);
        }
      } else if ((await revisionOf(received)) === entry.revision) {
        return new Response(received, { status: 200, headers: response.headers });
      }
    }
    if (gz) console.warn(`precache ${entry.url}: its gzip copy does not match, downloading the file itself`);
  }
  throw new Error(`precache ${entry.url}: its content does not match revision ${entry.revision}`);
}

// The decoded file, as the host would have sent it: WebAssembly.instantiateStreaming
// takes a response only with the type application/wasm.
function decodedResponse(entry, body) {
  return new Response(body, {
    status: 200,
    headers: { "Content-Type": entry.type || "application/octet-stream", "Content-Length": String(body.byteLength) },
  });
}

// The languages a player has used: those an older cache of this copy holds, and the one a
// first visit's page has fetched already (in the browser's HTTP cache: installed from
// there, nothing downloaded again). A language's catalog (an entry with "language") is
// installed only then, so a first visit downloads one catalog and an update brings the new
// version of each language already in use. Another, asked for later, is kept by `answer`.
async function languagesInUse(olds) {
  const urls = new Set();
  for (const entry of PRECACHE.files) {
    if (!entry.language) continue;
    for (const { cache } of olds) if (await cache.match(url(entry.url))) urls.add(entry.url);
    if (!urls.has(entry.url) && (await fetchedAlready(entry))) urls.add(entry.url);
  }
  return urls;
}

async function fetchedAlready(entry) {
  for (const path of [entry.gz, entry.url].filter(Boolean)) {
    try {
      const response = await fetch(url(path), { cache: "only-if-cached", mode: "same-origin" });
      if (response.ok) return true;
    } catch { /* not in the HTTP cache */ }
  }
  return false;
}

async function precache() {
  const cache = await caches.open(CACHE);
  const revisions = {};
  const olds = await oldCaches();
  const inUse = await languagesInUse(olds);
  const needed = [];
  for (const entry of PRECACHE.files) {
    if (entry.language && !inUse.has(entry.url)) continue;
    revisions[entry.url] = entry.revision;
    if (await cache.match(url(entry.url))) continue;
    const kept = await fromOldCaches(olds, entry);
    if (kept) await cache.put(url(entry.url), kept);
    else needed.push(entry);
  }
  const meter = new Meter(needed);
  await Promise.all(
    needed.map(async (entry) => {
      await cache.put(url(entry.url), await download(entry, meter));
      meter.fileDone();
    }),
  );
  await meter.finish();
  await cache.put(
    url(MANIFEST_KEY),
    new Response(JSON.stringify(revisions), { headers: { "Content-Type": "application/json" } }),
  );
}

self.addEventListener("install", (event) => {
  routeFromCache(event);
  event.waitUntil(precache());
});

// Where the browser can (Chromium's static routing), the site's files are served
// from this build's cache without starting this worker or running its script for
// each: a warm start's fifty-odd files no longer queue behind one thread. Left to
// the fetch handler: navigations (index.html for any address), anything with a
// query, and the languages' catalogs (kept on demand). A file not in the cache
// goes to the network, as the fetch handler would send it.
function routeFromCache(event) {
  if (typeof event.addRoutes !== "function" || typeof URLPattern !== "function") return;
  const home = new URL(SCOPE).pathname;
  const files = (pathname) => ({ urlPattern: new URLPattern({ pathname: home + pathname, search: "" }) });
  event.addRoutes([
    { condition: files("locales/*"), source: "fetch-event" },
    { condition: { or: ["*.js", "*.mjs", "*.css", "*.svg", "*.png", "*.wasm", "*.zip", "*.whl", "*.json"].map(files) },
      source: { cacheName: CACHE } },
  ]).catch((error) => console.warn("static routes refused:", error && error.message));
}

// The engine's memory snapshots of this copy's older builds, kept beside their caches
// in the origin private file system (web/worker/snapshot-store.js names them: the
// build's cache name, encoded). One a tab is still reading is left to the next activation.
const SNAPSHOTS = "tripeaks-engine";

async function deleteOldSnapshots() {
  let directory = null;
  try {
    directory = await (await navigator.storage.getDirectory()).getDirectoryHandle(SNAPSHOTS);
  } catch {
    return; // no file system here, or no snapshot kept in it
  }
  if (typeof directory.keys !== "function") return; // a browser that cannot list it
  const mine = encodeURIComponent(PREFIX);
  const current = `${encodeURIComponent(CACHE)}.snapshot`;
  for await (const name of directory.keys()) {
    if (name.startsWith(mine) && name !== current) await directory.removeEntry(name).catch(() => {});
  }
}

// While this worker activates, every request of its pages waits: the activation
// must not hang on the housekeeping. Each step gets ACTIVATION_STEP_MS, then the
// activation goes on (caches left behind are deleted by the next one).
const ACTIVATION_STEP_MS = 10_000;

async function activationStep(name, work) {
  status.activation = name;
  let timer = null;
  const late = new Promise((resolve) => { timer = setTimeout(resolve, ACTIVATION_STEP_MS, `${name}: took too long`); });
  const problem = await Promise.race([work().then(() => null, (error) => `${name}: ${error}`), late]);
  clearTimeout(timer);
  if (problem) {
    console.warn(`activation: ${problem}; going on`);
    status.problems.push(problem);
  }
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      await activationStep("deleting older caches", async () => {
        const olds = await oldCaches();
        await Promise.all(olds.map(({ name }) => caches.delete(name)));
      });
      await activationStep("deleting older engine snapshots", deleteOldSnapshots);
      await activationStep("claiming the pages", () => self.clients.claim());
      status.activation = "done";
    })(),
  );
});

self.addEventListener("message", (event) => {
  const type = event.data && event.data.type;
  if (type === "SKIP_WAITING") self.skipWaiting();
  if (type === "STATUS" && event.ports[0]) {
    const now = Date.now();
    event.ports[0].postMessage({ build: PRECACHE.build, activation: status.activation, problems: status.problems,
      answering: [...status.answering].map(({ what, since }) => `${what} (${now - since} ms)`) });
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const target = new URL(request.url);
  if (target.origin !== self.location.origin) return;
  const asked = { what: `${request.mode === "navigate" ? "page " : ""}${target.pathname}`, since: Date.now() };
  status.answering.add(asked);
  event.respondWith(answer(request, target).finally(() => status.answering.delete(asked)));
});

async function answer(request, target) {
  const cache = await (opened ||= caches.open(CACHE));
  if (request.mode === "navigate") {
    const path = target.pathname;
    const home = new URL(SCOPE).pathname;
    if (path.startsWith(home) && path !== home && path !== home + "index.html"
      && !(await cache.match(request, { ignoreSearch: true }))) {
      return Response.redirect(SCOPE + target.search, 302); // the fragment (a deal link) is kept
    }
    const page = await cache.match(url("index.html"));
    if (page) return page;
  } else {
    const hit = await cache.match(request, { ignoreSearch: true });
    if (hit) return hit;
    const language = PRECACHE.files.find((e) => e.language && url(e.url) === url(target.pathname));
    if (language) return keepLanguage(cache, language);
  }
  return fetch(request);
}

// A language's catalog asked for the first time: downloaded as the install downloads
// (its gz copy, checked against its revision) and kept, so it works offline from now on.
const UNCOUNTED = { counter: () => () => {} }; // not part of an install: no progress to tell

async function keepLanguage(cache, entry) {
  let response;
  try {
    response = await download(entry, UNCOUNTED);
  } catch (error) {
    console.warn(`${entry.url}: ${error.message}`);
    return fetch(url(entry.url));
  }
  await cache.put(url(entry.url), response.clone());
  return response;
}
