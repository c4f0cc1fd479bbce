// The engine's module worker: boots Pyodide from the site's own files in named
// steps, installs the tripeaks wheel by name (the site's pyodide-lock.json lists
// it with its sha256, which the browser checks), then answers requests.
//
// Protocol (one shape in each direction):
//   page -> worker   {id, type, ...args}
//   worker -> page   {id, ok: true, result} | {id, ok: false, error: {kind, message}}
// and, unasked:      {type: "progress", step, done, total}
//                    {type: "download", received, total} (bytes; a first visit: runtime-download.js)
//                    {type: "ready", info} | {type: "boot-error", step, error}
// Only JSON text crosses into Python and back: no proxies leak.
//
// Fast start: the first boot on a device runs Python's start-up and imports the
// engine, then takes a memory snapshot of the interpreter and keeps it in this
// build's cache (deleted with the build by the service worker). Later boots
// restore that snapshot instead of starting Python again. A snapshot that
// cannot be read or fails to boot is dropped, Python starts the slow way, and
// this build makes no more snapshots on this device.

import { loadPyodide } from "../pyodide/pyodide.mjs";
import { BUILD, RUNTIME } from "../build-info.js";
import { pack, unpack } from "./snapshot-pack.js";
import { IMPORTS } from "./engine-imports.js";
import { RuntimeDownload, requestURL } from "./runtime-download.js";

const base = new URL("../", import.meta.url); // the site's root: this file is in worker/
const indexURL = new URL("pyodide/", base).href;
const SNAPSHOT = new URL("pyodide/snapshot.bin", base).href;
const SNAPSHOT_FAILED = new URL("pyodide/snapshot.failed", base).href;
const CACHE = `tripeaks@${base.pathname}#${BUILD}`; // the service worker's cache of this build (service-worker.js)
const STEPS = ["fetch", "runtime", "engine", "import"];

let handleJson = null;
const early = [];
const timings = {};
const params = new URL(self.location.href).searchParams;
const useSnapshots = params.get("snapshot") !== "off" && "caches" in self;
let makeSnapshots = useSnapshots; // false once a snapshot of this build failed to boot
const wasmURL = new URL("pyodide.asm.wasm", indexURL).href;
const loaderURL = new URL("pyodide.asm.mjs", indexURL).href;

// A page no service worker controls yet (a first visit) has this worker download
// the runtime's files itself, while the page loads (runtime-download.js), and says
// so in the worker's name (a query would make its URL another file to download):
// the loader's fetches get them from there.
const direct = self.name === "tripeaks-engine+download" && typeof DecompressionStream === "function"
  && self.crypto && crypto.subtle
  ? new RuntimeDownload(RUNTIME, base, CACHE, (bytes) => postMessage({ type: "download", ...bytes }))
  : null;
if (direct) self.fetch = direct.fetch;
// A warm start: loadPyodide asks for the library's zip (2.5 MB) and the lock file only
// once the snapshot is in, and the restore waits for both; they are asked for now.
else prefetch([new URL("python_stdlib.zip", indexURL).href, new URL("pyodide-lock.json", indexURL).href]);

/** Fetch these at once; the loader's first fetch of each gets that response. */
function prefetch(urls) {
  const plain = self.fetch.bind(self);
  const early = new Map(urls.map((url) => [url, plain(url)]));
  for (const response of early.values()) response.catch(() => {}); // failed: the loader's own fetch says so
  self.fetch = (input, init) => {
    const url = requestURL(input);
    const response = early.get(url);
    early.delete(url);
    return response || plain(input, init);
  };
}

// Where a boot's time goes, in ms from the worker's start (its time origin,
// `origin`, in ms since the epoch, so the page can put them on its own clock):
// fetch/runtime/engine/import when each step begins, snapshot-read when the
// kept snapshot's bytes are in, snapshot-unpacked once its empty pages are
// put back (snapshot-pack.js), compile-start/compile-end around the runtime's
// WebAssembly instantiation (fetch of the wasm from the cache and compile),
// loaded when loadPyodide returns (the snapshot restored), ready.
const mark = (name) => { timings[name] = Math.round(performance.now() * 10) / 10; };
timings.origin = performance.timeOrigin;

// The runtime's wasm, compiled from the first moment (from the service
// worker's cache, so Chromium reuses its code cache) while the snapshot is
// read and the loader fetches the runtime's script; null if that fails, and
// loadPyodide then compiles it itself.
// The kept snapshot looked up first of all (the longest of the three reads).
const snapshotLookup = findSnapshot();
// On a first visit it compiles as the bytes arrive, and counts once they are checked.
const compiling = "compileStreaming" in WebAssembly ? precompile() : Promise.resolve(null);

async function precompile() {
  try {
    const streamed = direct && await direct.streamed(wasmURL);
    const module = await WebAssembly.compileStreaming(streamed || fetch(wasmURL));
    if (streamed && !(await direct.body(wasmURL))) return null; // not this build's bytes
    mark("precompiled");
    return module;
  } catch {
    return null;
  }
}

// The runtime's loader script (pyodide.asm.mjs, 1.25 MB), imported from the
// first moment too: loadPyodide would import it only once the snapshot is found.
// Its factory is marked when loadPyodide calls it (factory), which is once the
// snapshot is in: what follows until compile-start is the runtime's own set-up.
const loaderScript = loaderSource().then((url) => import(url)).then((module) => {
  const createModule = module.default;
  return (settings) => { mark("factory"); return createModule(settings); };
});

/** Where to import the runtime's script from: its downloaded bytes on a first visit. */
async function loaderSource() {
  const blob = direct && await direct.body(loaderURL);
  return blob ? URL.createObjectURL(new Blob([blob], { type: "text/javascript" })) : loaderURL;
}

function progress(step) {
  mark(step);
  postMessage({ type: "progress", step, done: STEPS.indexOf(step), total: STEPS.length });
}

/**
 * The kept snapshot as {bytes}, bytes a promise: they are read from the cache
 * (and unpacked: snapshot-pack.js) while the runtime's script and wasm load.
 * Null when none is kept.
 */
async function findSnapshot() {
  if (!useSnapshots) return null;
  try {
    const cache = await caches.open(CACHE);
    const [failed, hit] = await Promise.all([cache.match(SNAPSHOT_FAILED), cache.match(SNAPSHOT)]);
    mark("snapshot-found");
    if (failed) {
      makeSnapshots = false; // never pay for a snapshot that cannot be used
      return null;
    }
    if (!hit) return null;
    return {
      bytes: hit.arrayBuffer().then((buffer) => {
        mark("snapshot-read");
        const bytes = unpack(new Uint8Array(buffer));
        mark("snapshot-unpacked");
        return bytes;
      }),
    };
  } catch {
    return null;
  }
}

async function forgetSnapshot(why = null) {
  try {
    const cache = await caches.open(CACHE);
    await cache.delete(SNAPSHOT);
    if (why) await cache.put(SNAPSHOT_FAILED, new Response(why));
  } catch { /* nothing kept, nothing to forget */ }
}

async function keepSnapshot(bytes) {
  try {
    const cache = await caches.open(CACHE);
    await cache.put(SNAPSHOT, new Response(pack(bytes), { headers: { "Content-Type": "application/octet-stream" } }));
  } catch (error) {
    console.warn("could not keep the engine snapshot:", error && error.message);
  }
}

const options = {
  indexURL,
  ...(loaderScript ? { createPyodideModule: loaderScript } : {}),
  packages: [],
  stdout: () => {},
  stderr: (line) => console.warn("[python]", line),
};

/**
 * Pyodide 314 restores a snapshot by copying it over the new runtime's memory,
 * which it never grows first: a snapshot larger than the runtime's compiled
 * initial memory (30 MiB) fails with "offset is out of bounds"
 * (pyodide/pyodide#6254). Ours is 36 MiB (unpacked), so while the runtime is created for
 * a restore, its memory is grown to the snapshot's size as soon as it exists.
 * Every boot also times the instantiation (compile-start, compile-end).
 */
async function instantiating(snapshot, boot) {
  const { instantiate, instantiateStreaming } = WebAssembly;
  const grown = (create) => async (...args) => {
    mark("compile-start");
    let result = null;
    const module = create === instantiateStreaming ? await compiling : null;
    if (module) {
      Promise.resolve(args[0]).then((response) => response.body && response.body.cancel()).catch(() => {});
      result = { module, instance: await instantiate.call(WebAssembly, module, args[1]) };
    } else {
      result = await create.apply(WebAssembly, args);
    }
    mark("compile-end");
    let heap = 0;
    if (snapshot) {
      const bytes = await snapshot.bytes;
      const words = new Uint32Array(bytes.buffer, bytes.byteOffset, 2);
      heap = bytes.length - words[1]; // after the snapshot's header
    }
    const memory = (result.instance || result).exports.memory;
    const missing = memory ? heap - memory.buffer.byteLength : 0;
    if (missing > 0) memory.grow(Math.ceil(missing / 65536));
    return result;
  };
  WebAssembly.instantiate = grown(instantiate);
  WebAssembly.instantiateStreaming = grown(instantiateStreaming);
  try {
    const pyodide = await boot();
    mark("loaded");
    return pyodide;
  } finally {
    WebAssembly.instantiate = instantiate;
    WebAssembly.instantiateStreaming = instantiateStreaming;
  }
}

async function bootFromSnapshot(snapshot) {
  try {
    // Its bytes in hand before loadPyodide starts: a snapshot that cannot be read
    // or unpacked must fail here, since a loadPyodide that failed half way leaves
    // the next one (the plain boot) waiting for ever. The runtime's script and
    // wasm are on their way meanwhile (see compiling and loaderScript).
    const bytes = await snapshot.bytes;
    const pyodide = await instantiating({ bytes }, () => loadPyodide({ ...options, _loadSnapshot: bytes }));
    timings.snapshot = "used";
    return pyodide;
  } catch (error) {
    const why = String((error && error.message) || error);
    console.warn("engine snapshot failed; starting Python afresh, and making no more:", why);
    await forgetSnapshot(why);
    makeSnapshots = false;
    return null;
  }
}

async function bootPlain() {
  const pyodide = await instantiating(null, () => loadPyodide({ ...options, _makeSnapshot: makeSnapshots }));
  progress("engine");
  const failed = [];
  await pyodide.loadPackage("tripeaks", { messageCallback: () => {}, errorCallback: (m) => failed.push(m) });
  if (failed.length) throw new Error(failed.join("; "));
  pyodide.runPython(IMPORTS);
  mark("imported");
  if (makeSnapshots) {
    // Pyodide 314 will not snapshot while its record of loaded packages is not
    // empty ("Unexpected hiwire entry at index 6"). The wheel is installed and
    // imported by now and nothing loads it again, so the record can go.
    for (const name of Object.keys(pyodide.loadedPackages)) delete pyodide.loadedPackages[name];
    const bytes = pyodide.makeMemorySnapshot();
    mark("snapshot-made");
    timings.snapshot = "made";
    keepSnapshot(bytes);
  }
  return pyodide;
}

async function boot() {
  let step = "fetch";
  try {
    progress(step);
    const snapshot = await snapshotLookup;
    step = "runtime";
    if (direct) direct.downloaded.then(() => progress("runtime")); // said once the download is in
    else progress(step);
    let pyodide = snapshot ? await bootFromSnapshot(snapshot) : null;
    if (!pyodide) {
      step = "runtime";
      pyodide = await bootPlain();
    }
    step = "import";
    progress(step);
    const fn = pyodide.pyimport("tripeaks.bridge").handle_json;
    handleJson = (text) => fn(text);
    const hello = JSON.parse(handleJson(JSON.stringify({ type: "hello" })));
    if (!hello.ok) throw new Error(hello.error.message);
    if (direct) await direct.kept; // in the build's cache before the page installs the service worker
    mark("ready");
    postMessage({ type: "ready", info: { ...hello.result, build: BUILD, timings } });
    for (const message of early.splice(0)) answer(message);
  } catch (error) {
    if (step !== "fetch") await forgetSnapshot();
    postMessage({
      type: "boot-error",
      step,
      error: { kind: "boot", message: `${step}: ${error && error.message ? error.message : error}` },
    });
  }
}

function answer(message) {
  const { id } = message;
  let reply;
  try {
    reply = JSON.parse(handleJson(JSON.stringify(message)));
  } catch (error) {
    reply = { ok: false, error: { kind: "internal", message: String((error && error.message) || error) } };
  }
  postMessage({ id, ...reply });
}

self.addEventListener("message", (event) => {
  const message = event.data;
  if (!message || typeof message.id !== "number") return;
  if (handleJson) answer(message);
  else early.push(message);
});

boot();
