// Run bench/bench_solver.py inside Pyodide under Node, on the repository's
// own tripeaks package (mounted read-only from the working tree).
//
//   node bench/bench_solver_pyodide.mjs <pyodide-dir> [--deals N] [--start K] [--no-wrap]
//
// <pyodide-dir> holds pyodide.mjs (e.g. .cache/pyodide/314.0.7 after build.py,
// or the package/ folder of `npm pack pyodide@314.0.7`). Prints the same JSON
// object as the CPython benchmark.

import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [dirArg, ...rest] = process.argv.slice(2);
if (!dirArg) {
  console.error("usage: node bench/bench_solver_pyodide.mjs <pyodide-dir> [--deals N] [--start K] [--no-wrap]");
  process.exit(2);
}
const root = resolve(fileURLToPath(new URL("..", import.meta.url)));
const dir = resolve(dirArg);
const { loadPyodide } = await import(pathToFileURL(join(dir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: dir + "/" });
pyodide.FS.mkdirTree("/repo");
pyodide.mountNodeFS("/repo", root);
pyodide.globals.set("ARGS", rest);
const out = pyodide.runPython(`
import json, sys
sys.path.insert(0, "/repo")
sys.path.insert(0, "/repo/bench")
sys.dont_write_bytecode = True
import bench_solver
args = list(ARGS)
deals = int(args[args.index("--deals") + 1]) if "--deals" in args else 1000
start = int(args[args.index("--start") + 1]) if "--start" in args else 0
result = bench_solver.bench(deals, "--no-wrap" not in args, start)
result["python"] = "Pyodide " + sys.version.split()[0]
json.dumps(result)
`);
console.log(out);
