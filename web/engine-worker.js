// The engine's module worker: boots Pyodide from the site's own files in named
// steps, installs the tripeaks wheel, then answers requests.
//
// Protocol (one shape in each direction):
//   page -> worker   {id, type, ...args}
//   worker -> page   {id, ok: true, result} | {id, ok: false, error: {kind, message}}
// and, unasked:      {type: "progress", step, done, total}
//                    {type: "ready", info} | {type: "boot-error", step, error}
// Only JSON text crosses into Python and back: no proxies leak.

import { loadPyodide } from "./pyodide/pyodide.mjs";
import { BUILD, WHEEL } from "./build-info.js";

const base = new URL("./", import.meta.url);
const STEPS = ["fetch", "runtime", "engine", "import"];
let handleJson = null;
const early = [];

function progress(step) {
  postMessage({ type: "progress", step, done: STEPS.indexOf(step), total: STEPS.length });
}

async function boot() {
  let step = "fetch";
  try {
    progress(step);
    // The wheel downloads while the runtime boots: no extra round trip.
    const wheel = fetch(new URL(WHEEL, base)).then((r) => {
      if (!r.ok) throw new Error(`${WHEEL}: HTTP ${r.status}`);
      return r.arrayBuffer();
    });
    step = "runtime";
    progress(step);
    const pyodide = await loadPyodide({
      indexURL: new URL("pyodide/", base).href,
      packages: [],
      stdout: () => {},
      stderr: (line) => console.warn("[python]", line),
    });
    step = "engine";
    progress(step);
    pyodide.unpackArchive(await wheel, "wheel");
    step = "import";
    progress(step);
    const bridge = pyodide.pyimport("tripeaks.bridge");
    const fn = bridge.handle_json;
    handleJson = (text) => fn(text);
    const hello = JSON.parse(handleJson(JSON.stringify({ type: "hello" })));
    postMessage({ type: "ready", info: { ...hello.result, build: BUILD } });
    for (const message of early.splice(0)) answer(message);
  } catch (error) {
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
    reply = { ok: false, error: { kind: "internal", message: String(error && error.message || error) } };
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
