// Pyodide under Node with this repository mounted read-only at /repo (its
// tripeaks package and bench/ on sys.path), for the benchmarks that run the
// engine inside WebAssembly. The command line's first argument is the folder
// holding pyodide.mjs (e.g. .cache/pyodide/314.0.7 after build.py); the rest
// reach Python as ARGS. With {cpuTime: true}, time.process_time reads Node's CPU
// time for the process (Pyodide's own is the wall clock).

import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** Start Pyodide from process.argv's first argument, or print `usage` and exit 2. */
export async function repoPyodide(usage, { cpuTime = false } = {}) {
  const [dirArg, ...rest] = process.argv.slice(2);
  if (!dirArg) {
    console.error(`usage: ${usage}`);
    process.exit(2);
  }
  const root = resolve(fileURLToPath(new URL("..", import.meta.url)));
  const dir = resolve(dirArg);
  const { loadPyodide } = await import(pathToFileURL(join(dir, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({ indexURL: dir + "/" });
  pyodide.FS.mkdirTree("/repo");
  pyodide.mountNodeFS("/repo", root);
  pyodide.globals.set("ARGS", rest);
  pyodide.runPython(`
import sys
sys.path.insert(0, "/repo")
sys.path.insert(0, "/repo/bench")
sys.dont_write_bytecode = True
`);
  if (cpuTime) pyodide.runPython(`
import time
from js import process

def _cpu_seconds():  # Node's CPU time for this process: Pyodide's process_time is the wall clock
    used = process.cpuUsage()
    return (used.user + used.system) / 1e6

time.process_time = _cpu_seconds
`);
  return pyodide;
}
