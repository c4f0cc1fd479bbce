// Run bench/bench_solver.py inside Pyodide under Node, on the repository's
// own tripeaks package (mounted read-only from the working tree).
//
//   node bench/bench_solver_pyodide.mjs <pyodide-dir> [--deals N] [--start K] [--no-wrap]
//
// <pyodide-dir> holds pyodide.mjs (e.g. .cache/pyodide/314.0.7 after build.py,
// or the package/ folder of `npm pack pyodide@314.0.7`). Prints the same JSON
// object as the CPython benchmark.

import { repoPyodide } from "./pyodide_node.mjs";

const pyodide = await repoPyodide(
  "node bench/bench_solver_pyodide.mjs <pyodide-dir> [--deals N] [--start K] [--no-wrap]");
const out = pyodide.runPython(`
import json, sys
import bench_solver
args = list(ARGS)
deals = int(args[args.index("--deals") + 1]) if "--deals" in args else 1000
start = int(args[args.index("--start") + 1]) if "--start" in args else 0
result = bench_solver.bench(deals, "--no-wrap" not in args, start)
result["python"] = "Pyodide " + sys.version.split()[0]
json.dumps(result)
`);
console.log(out);
