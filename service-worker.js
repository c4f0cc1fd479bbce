// The offline service worker. build.py injects the precache list below:
// {build, files: [{url, revision}]}, every URL relative to this file.
//
// install   fills cache tripeaks-<build> with every file; a file whose revision
//           is unchanged is copied from the previous cache, not downloaded again.
// activate  deletes every other tripeaks-* cache.
// fetch     cache-first for the site's own files; navigations get index.html.
// A new version waits until the page asks it to take over (SKIP_WAITING), which
// the page does only between moves, with the game saved.

const PRECACHE = /*__PRECACHE__*/ { build: "dev", files: [] } /*__END__*/;
const PREFIX = "tripeaks-";
const CACHE = PREFIX + PRECACHE.build;
const MANIFEST_KEY = "__precache-manifest__";

let opened = null; // the open cache, shared by every fetch of this worker's life
const url = (path) => new URL(path, self.location).href;

// The previous versions' caches, each with its {url: revision} manifest.
async function oldCaches() {
  const found = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const cache = await caches.open(name);
    const manifest = await cache.match(url(MANIFEST_KEY));
    if (manifest) found.push({ cache, revisions: await manifest.json() });
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
      const names = await caches.keys();
      await Promise.all(
        names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n)),
      );
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
