// The offline service worker. build.py injects the precache list below:
// {build, files: [{url, revision}]}, every URL relative to this file.
//
// install   fills cache tripeaks@<path>#<build> with every file; a file whose
//           revision is unchanged is copied from the previous cache, not
//           downloaded again.
// activate  deletes this copy's older caches, and only this copy's: another
//           copy of the app on the same origin (another <path>) keeps its own.
// fetch     cache-first for the site's own files; a navigation to the app gets
//           index.html, and one to a deeper path (/tripeaks/a/b) is sent to the
//           app's own address, where its files are found.
// A new version waits until the page asks it to take over (SKIP_WAITING), which
// the page does only between moves, with the game saved.

const PRECACHE = /*__PRECACHE__*/ { build: "dev", files: [] } /*__END__*/;
const SCOPE = new URL("./", self.location).href;
const PREFIX = `tripeaks@${new URL(SCOPE).pathname}#`;
const CACHE = PREFIX + PRECACHE.build;
const FIRST_NAMES = /^tripeaks-[0-9a-z]+$/; // caches named before names had a path
const MANIFEST_KEY = "__precache-manifest__";

let opened = null; // the open cache, shared by every fetch of this worker's life
const url = (path) => new URL(path, self.location).href;

// This copy's previous caches: named with its path, or named the first way and
// holding a manifest at its path. Each with its {url: revision} manifest.
async function oldCaches() {
  const found = [];
  for (const name of await caches.keys()) {
    if (name === CACHE || !(name.startsWith(PREFIX) || FIRST_NAMES.test(name))) continue;
    const cache = await caches.open(name);
    const manifest = await cache.match(url(MANIFEST_KEY));
    if (manifest) found.push({ name, cache, revisions: await manifest.json() });
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

// A file whose bytes match its revision. The HTTP cache is tried first (the page
// has just loaded the small files: no second download), then the network; a
// half-deployed site fails the install, and the old version keeps serving.
async function download(entry) {
  for (const mode of ["default", "reload"]) {
    const response = await fetch(url(entry.url), { cache: mode });
    if (!response.ok) throw new Error(`precache ${entry.url}: HTTP ${response.status}`);
    const body = await response.arrayBuffer();
    if ((await revisionOf(body)) === entry.revision) {
      return new Response(body, { status: 200, headers: response.headers });
    }
  }
  throw new Error(`precache ${entry.url}: its content does not match revision ${entry.revision}`);
}

async function precache() {
  const cache = await caches.open(CACHE);
  const revisions = {};
  const total = PRECACHE.files.length;
  const olds = await oldCaches();
  let done = 0;
  await Promise.all(
    PRECACHE.files.map(async (entry) => {
      revisions[entry.url] = entry.revision;
      if (await cache.match(url(entry.url))) return;
      const response = (await fromOldCaches(olds, entry)) || (await download(entry));
      await cache.put(url(entry.url), response);
      done += 1;
      announce({ type: "precache-progress", build: PRECACHE.build, done, total });
    }),
  );
  await cache.put(
    url(MANIFEST_KEY),
    new Response(JSON.stringify(revisions), { headers: { "Content-Type": "application/json" } }),
  );
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const olds = await oldCaches();
      await Promise.all(olds.map(({ name }) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  const type = event.data && event.data.type;
  if (type === "SKIP_WAITING") self.skipWaiting();
  else if (type === "GET_BUILD" && event.ports[0]) event.ports[0].postMessage(PRECACHE.build);
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const target = new URL(request.url);
  if (target.origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
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
      }
      return fetch(request);
    })(),
  );
});
