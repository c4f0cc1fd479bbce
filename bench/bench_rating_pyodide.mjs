// Time the difficulty rating inside Pyodide under Node, on the repository's own
// tripeaks package (mounted read-only from the working tree), as the app's worker
// runs it: each deal rated from scratch (no solver cache), after the lattice is built.
//
//   node bench/bench_rating_pyodide.mjs <pyodide-dir> [--deals N] [--start K] [--preset P]
//
// <pyodide-dir> holds pyodide.mjs (e.g. .cache/pyodide/314.0.7 after build.py).
// Prints one JSON object: wall time per rating (mean, median, p95, p99, max, in ms),
// the mean CPU time (Node's process.cpuUsage: Pyodide's own process_time is the
// wall clock) and the playouts won per deal, the same
// object as its CPython twin, `python bench/bench_rating.py --timing` (both time
// bench_rating.run: the same deals, the same code).

import { repoPyodide } from "./pyodide_node.mjs";

const pyodide = await repoPyodide(
  "node bench/bench_rating_pyodide.mjs <pyodide-dir> [--deals N] [--start K] [--preset P]", { cpuTime: true });
const out = pyodide.runPython(`
import json, sys
import bench_rating
args = list(ARGS)
deals = int(args[args.index("--deals") + 1]) if "--deals" in args else 100
start = int(args[args.index("--start") + 1]) if "--start" in args else 0
preset = args[args.index("--preset") + 1] if "--preset" in args else "standard"
json.dumps(bench_rating.summary(bench_rating.run((preset, start, deals, False)),
                                "Pyodide " + sys.version.split()[0], preset))
`);
console.log(out);
