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
// engine, then takes a memory snapshot of the interpreter and keeps it for this
// build (snapshot-store.js; deleted with the build by the service worker). Later boots
// restore that snapshot instead of starting Python again. A snapshot that
// cannot be read or fails to boot is dropped, Python starts the slow way, and
// this build makes no more snapshots on this device.

// The worker's file imports nothing before it runs: its modules are bundled into it,
// and build.py writes the build's facts in place of the import of build-info.js
// (inline_build_facts), so its start waits for no second level of requests. Pyodide's
// loader (pyodide.mjs) is imported from the first moment, beside the snapshot's lookup,
// and the engine's import list only by a boot that starts Python afresh.
import { BUILD, RUNTIME } from "../build-info.js";
import { opened, pack, untouchedFrom } from "./snapshot-pack.js";
import { SnapshotStore } from "./snapshot-store.js";
import { RuntimeDownload, requestURL } from "./runtime-download.js";

const pyodideLoader = import("../pyodide/pyodide.mjs");
pyodideLoader.catch(() => {}); // failed: the boot that awaits it says so

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
const store = new SnapshotStore(CACHE, { snapshot: SNAPSHOT, failed: SNAPSHOT_FAILED });

// A page no service worker controls yet (a first visit) has this worker download
// the runtime's files itself, while the page loads (runtime-download.js), and says
// so in the worker's name (a query would make its URL another file to download):
// the loader's fetches get them from there.
const direct = self.name === "tripeaks-engine+download" && typeof DecompressionStream === "function"
  && self.crypto && crypto.subtle
  ? new RuntimeDownload(RUNTIME, base, CACHE, (bytes) => postMessage({ type: "download", ...bytes }))
  : null;
// A warm start's fetches answered ahead (answerAhead): the loader's first fetch of a
// URL given here gets the response promised for it (null: it is fetched after all).
const ahead = new Map();
if (direct) self.fetch = direct.fetch;
else {
  const plain = self.fetch.bind(self);
  self.fetch = (input, init) => {
    const url = requestURL(input);
    const answer = ahead.get(url);
    if (!answer) return plain(input, init);
    ahead.delete(url);
    return answer.then((response) => response || plain(input, init));
  };
  // loadPyodide asks for the library's zip (1.9 MB) and the lock file only once the
  // snapshot is in, and the restore waits for both; they are asked for now.
  for (const name of ["python_stdlib.zip", "pyodide-lock.json"]) {
    const url = new URL(name, indexURL).href;
    answerAhead(url, plain(url));
  }
}

function answerAhead(url, response) {
  response.catch(() => {}); // failed: the loader's own fetch says so
  ahead.set(url, response);
}

// Where a boot's time goes, in ms from the worker's start (its time origin,
// `origin`, in ms since the epoch, so the page can put them on its own clock):
// fetch/runtime/engine/import when each step begins, snapshot-read when the
// kept snapshot is in hand (its file open, or its bytes from the cache),
// snapshot-checked once it is known whole (snapshot-pack.js), compile-start/compile-end around the runtime's
// WebAssembly instantiation (fetch of the wasm from the cache and compile),
// loaded when loadPyodide returns (the snapshot restored), ready.
const mark = (name) => { timings[name] = Math.round(performance.now() * 10) / 10; };
timings.origin = performance.timeOrigin;

// The runtime's wasm, compiled from the first moment (from the build's cache,
// through the service worker: Chromium reads the compiled code it keeps beside the
// file once a session has had enough of it optimised; docs/benchmarks.md, "The
// runtime's compiled code") while the snapshot is looked up and the loader fetches the
// runtime's script; null if that fails, and loadPyodide then compiles it itself.
// The kept snapshot looked up first of all.
const snapshotLookup = findSnapshot();
// On a first visit it compiles as the bytes arrive, and counts once they are checked.
const compiling = "compileStreaming" in WebAssembly ? precompile() : Promise.resolve(null);
// The loader fetches the wasm again as it starts (precompile has made its own fetch by
// now), though its compiled module is used (instantiating): a second read of its 9.6 MB
// from the cache, in the middle of the start, which it never reads. It is answered with
// nothing instead, or with the file itself if the compile failed.
const noWasm = () => new Response(new Uint8Array(0), { headers: { "Content-Type": "application/wasm" } });
if (!direct) answerAhead(wasmURL, compiling.then((module) => (module ? noWasm() : null)));

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

// The runtime's loader script (pyodide.asm.mjs, 0.9 MB as built), imported from the
// first moment too: loadPyodide would import it only once the snapshot is found.
// Its factory is marked when loadPyodide calls it (factory), which is once the
// snapshot is in: what follows until compile-start is the runtime's own set-up.
// A restore's snapshot is written into the runtime's memory by `restoring` (see
// bootFromSnapshot) once the runtime exists, instead of by Pyodide from a copy.
let restoring = null;
const loaderScript = loaderSource().then((url) => import(url)).then((module) => {
  const createModule = module.default;
  return (settings) => {
    mark("factory");
    const created = createModule(settings);
    return restoring ? created.then(restoring) : created;
  };
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
 * The kept snapshot as {opening}, a promise of it opened (snapshot-pack.js): its
 * file opened and its form checked while the runtime's script and wasm load
 * (snapshot-store.js), its pages read at the restore. Null when none is kept.
 */
async function findSnapshot() {
  if (!useSnapshots) return null;
  try {
    const kept = await store.find();
    mark("snapshot-found");
    if (kept && kept.failed) {
      makeSnapshots = false; // never pay for a snapshot that cannot be used
      return null;
    }
    if (!kept) return null;
    const opening = kept.source.then((source) => {
      mark("snapshot-read");
      try {
        const snapshot = opened(source);
        mark("snapshot-checked");
        return snapshot;
      } catch (error) {
        if (source.close) source.close();
        throw error;
      }
    });
    opening.catch(() => {}); // a damaged one: bootFromSnapshot says so, when it gets there
    return { opening };
  } catch {
    return null;
  }
}

async function keepSnapshot(bytes) {
  try {
    await store.keep(pack(bytes));
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
 * a restore, its memory is grown to the snapshot's heap (`heap` bytes) as soon as it exists.
 * Every boot also times the instantiation (compile-start, compile-end), and
 * compiles each of the runtime's small alike modules once (see compiledOnce).
 */
async function instantiating(heap, boot) {
  const { instantiate, instantiateStreaming, Module } = WebAssembly;
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
    const memory = (result.instance || result).exports.memory;
    const missing = memory ? heap - memory.buffer.byteLength : 0;
    if (missing > 0) memory.grow(Math.ceil(missing / 65536));
    return result;
  };
  WebAssembly.instantiate = grown(instantiate);
  WebAssembly.instantiateStreaming = grown(instantiateStreaming);
  WebAssembly.Module = compiledOnce(Module);
  try {
    const pyodide = await boot();
    mark("loaded");
    return pyodide;
  } finally {
    WebAssembly.instantiate = instantiate;
    WebAssembly.instantiateStreaming = instantiateStreaming;
    WebAssembly.Module = Module;
  }
}

/**
 * WebAssembly.Module, but a small module's bytes compiled once: each JS function
 * the runtime puts in its function table gets a tiny wasm module of its own
 * (Emscripten's convertJsFunctionToWasm, 261 a boot), most of them alike byte
 * for byte, each compiled anew. A module is immutable, so alike ones can be one.
 */
function compiledOnce(Module) {
  const compiled = new Map();
  function Remembered(bytes, ...rest) {
    if (!new.target) return Module(bytes, ...rest); // a TypeError, as without the wrapper
    if (rest.length || !(bytes instanceof Uint8Array) || bytes.length > 256) return new Module(bytes, ...rest);
    const key = String.fromCharCode(...bytes);
    if (!compiled.has(key)) compiled.set(key, new Module(bytes));
    return compiled.get(key);
  }
  Remembered.prototype = Module.prototype;
  Object.setPrototypeOf(Remembered, Module); // its static methods
  return Remembered;
}

async function bootFromSnapshot(snapshot, loadPyodide) {
  let kept = null;
  try {
    // Checked whole before loadPyodide starts: a snapshot that cannot be opened
    // or is not whole must fail here, since a loadPyodide that failed half way leaves
    // the next one (the plain boot) waiting for ever. (Its pages are read later, at
    // the restore, from the file whose length and page map were checked here.) The
    // runtime's script and wasm are on their way meanwhile (see compiling and loaderScript).
    kept = await snapshot.opening;
    // Pyodide's snapshot: its header (its length in its second word), then the heap.
    // Pyodide is given the header alone, and the heap is written from the packed
    // pages straight into the runtime's memory once Pyodide has checked the header:
    // no 36 MiB unpacked copy made, and none copied again.
    const heapAt = new Uint32Array(kept.head(8).buffer)[1];
    const header = kept.head(heapAt);
    restoring = (module) => {
      const api = module.API;
      const check = api.restoreSnapshot;
      api.restoreSnapshot = (bytes) => {
        const result = check.call(api, bytes); // the header's checks; its empty heap copied
        kept.restore(new Uint8Array(module.HEAP8.buffer), heapAt, untouchedFrom(module));
        return result;
      };
      return module;
    };
    const boot = () => loadPyodide({ ...options, _loadSnapshot: header });
    const pyodide = await instantiating(kept.length - heapAt, boot).finally(() => {
      restoring = null;
      kept.close();
    });
    timings.snapshot = "used";
    return pyodide;
  } catch (error) {
    if (kept) kept.close(); // before its file is deleted
    const why = String((error && error.message) || error);
    console.warn("engine snapshot failed; starting Python afresh, and making no more:", why);
    await store.forget(why);
    makeSnapshots = false;
    return null;
  }
}

async function bootPlain(loadPyodide) {
  const engineImports = import("./engine-imports.js");
  engineImports.catch(() => {}); // failed: awaited below, which says so
  const pyodide = await instantiating(0, () => loadPyodide({ ...options, _makeSnapshot: makeSnapshots }));
  progress("engine");
  const failed = [];
  await pyodide.loadPackage("tripeaks", { messageCallback: () => {}, errorCallback: (m) => failed.push(m) });
  if (failed.length) throw new Error(failed.join("; "));
  pyodide.runPython((await engineImports).IMPORTS);
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
  let snapshot = null;
  try {
    progress(step);
    snapshot = await snapshotLookup;
    step = "runtime";
    if (direct) direct.downloaded.then(() => progress("runtime")); // said once the download is in
    else progress(step);
    const { loadPyodide } = await pyodideLoader;
    let pyodide = snapshot ? await bootFromSnapshot(snapshot, loadPyodide) : null;
    if (!pyodide) {
      step = "runtime";
      pyodide = await bootPlain(loadPyodide);
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
    if (snapshot) await snapshot.opening.then((kept) => kept.close(), () => {});
    if (step !== "fetch") await store.forget();
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
