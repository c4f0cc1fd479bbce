// Time the fair "draw or deal again?" advice inside Pyodide under Node, on the
// repository's own tripeaks package, as the app's worker would run it: the calls
// a player who follows the advice makes on deals 1..N of the money game.
//
//   node bench/bench_advice_pyodide.mjs <pyodide-dir> [--deals N] [--first K]
//
// Prints the same JSON object as its CPython twin,
// `python bench/bench_advice.py --part timing --deals N` (CPU ms per call).

import { repoPyodide } from "./pyodide_node.mjs";

const pyodide = await repoPyodide(
  "node bench/bench_advice_pyodide.mjs <pyodide-dir> [--deals N] [--first K]", { cpuTime: true });
const out = pyodide.runPython(`
import json, sys
import bench_advice
args = list(ARGS)
deals = int(args[args.index("--deals") + 1]) if "--deals" in args else 50
first = int(args[args.index("--first") + 1]) if "--first" in args else 1
json.dumps(bench_advice.timing(first, deals, "Pyodide " + sys.version.split()[0]))
`);
console.log(out);
