// Does the engine's memory stay flat over a long session? Plays games through
// the app's own protocol (tripeaks.bridge.handle_json, the text the worker
// passes) in the runtime and wheel the site ships, under Node: each game is a
// new deal ("new_game", with "prepare" for the next one as the page asks), the
// normal AI's moves ("ai_step") to the end, then "par" and "analyse" as the
// result panel asks them (web/main/parts/results.js: the analysis without par). After 10
// games and at every checkpoint after, it records the WebAssembly memory and the
// Python heap (allocated blocks, live objects); it also lists every growth of the
// WebAssembly memory with the game and the message that caused it.
//
//   node bench/bench_memory.mjs SITE [--games 200] [--preset standard]
//
// Prints one JSON object: the checkpoints, the growth from 10 games to the last, and
// the growths.

import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const args = process.argv.slice(2);
const site = args[0] && !args[0].startsWith("--") ? resolve(args[0]) : null;
if (!site) {
  console.error("usage: node bench/bench_memory.mjs SITE [--games 200] [--preset standard]");
  process.exit(2);
}
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at > 0 ? args[at + 1] : fallback;
};
const games = Number(option("games", "200"));
const preset = option("preset", "standard");

const { loadPyodide } = await import(pathToFileURL(join(site, "pyodide", "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: join(site, "pyodide") + "/" });
await pyodide.loadPackage("tripeaks", { messageCallback: () => {} });
const handle = pyodide.runPython("import tripeaks.bridge; tripeaks.bridge.handle_json");
const measure = pyodide.runPython(`
import gc, sys
def measure():
    gc.collect()
    return [sys.getallocatedblocks(), len(gc.get_objects())]  # blocks: 0 where the allocator does not count
measure`);

// Every time the WebAssembly memory grows: after which game and message.
const growths = [];
let played = 0;
let wasmBytes = pyodide._module.HEAP8.buffer.byteLength;

function call(message) {
  // Every request about a game names it (tripeaks/bridge.py); the others ignore the name.
  const answer = JSON.parse(handle(JSON.stringify({ game: "player", ...message })));
  if (!answer.ok) throw new Error(`${message.type}: ${answer.error.message}`);
  const now = pyodide._module.HEAP8.buffer.byteLength;
  if (now !== wasmBytes) growths.push({ game: played, message: message.type, from: wasmBytes, to: now });
  wasmBytes = now;
  return answer.result;
}

const checkpoints = [];
function checkpoint(played) {
  const [blocks, objects] = measure().toJs();
  checkpoints.push({ games: played, wasm_bytes: pyodide._module.HEAP8.buffer.byteLength,
    python_blocks: blocks, python_objects: objects });
}

const started = Date.now();
for (played = 1; played <= games; played += 1) {
  let state = call({ type: "new_game", preset, number: 1000 + played });
  call({ type: "prepare", preset });
  while (!state.board.over) state = call({ type: "ai_step", level: "normal" });
  call({ type: "par" });
  call({ type: "analyse", par: false });
  if (played === 10 || played % 50 === 0 || played === games) checkpoint(played);
}
const first = checkpoints.find((c) => c.games === 10) || checkpoints[0];
const last = checkpoints[checkpoints.length - 1];
const growth = (key) => Number(((last[key] - first[key]) / first[key] * 100).toFixed(1));
console.log(JSON.stringify({
  preset, games, seconds: Math.round((Date.now() - started) / 1000), checkpoints,
  growth_percent_from_10: { wasm_bytes: growth("wasm_bytes"), python_blocks: growth("python_blocks"),
    python_objects: growth("python_objects") },
  growths,
}, null, 1));
