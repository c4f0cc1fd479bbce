// Run the engine's unit tests inside Pyodide under Node, against the site that
// ships: dist/pyodide (the same runtime and trimmed standard library the app
// loads) and the tripeaks wheel, installed by name through the site's
// pyodide-lock.json as the app installs it.
//
//   node tests/pyodide/run_tests.mjs <dist> <wheel-dir> [--stdlib-extra=ZIP]
//        [--stdlib=ZIP] [--report=JSON] [pytest args...]
//   node tests/pyodide/run_tests.mjs <dist> - --boot-only    (the boot checks alone)
//
// <wheel-dir> holds the wheels pinned in requirements.txt (micropip, pytest,
// hypothesis and what they need; tests/run fetches them). Each is checked
// against its pinned sha256, micropip is loaded from its wheel, and micropip
// installs the rest from those files alone (no index: nothing is fetched).
//
// The site ships only the standard-library modules the game runs (build.py,
// requirements/python-stdlib.txt). So, before the tests, the engine is booted as the page's
// worker boots it (web/worker/engine-imports.js, the memory snapshot made, then
// restored in a second runtime, the bridge's hello and its internal-error path)
// with the shipped library alone. The tests then run with --stdlib-extra (the
// whole library Pyodide comes with) behind the shipped one, for pytest and
// hypothesis only: every import is put down to the code that asked for it
// (stdlib_imports.py), and a module the engine reaches there, not in the shipped
// library, fails the stage. Last, every module the engine reached is imported
// again in the restored runtime, with the shipped library alone (what each of
// them imports as it loads, too). --stdlib=ZIP boots with that library instead
// of the site's; --report writes what was imported where (bench/trace_stdlib.py
// makes requirements/python-stdlib.txt from it).
// Exits with pytest's status, or 1 when the shipped library lacks a module.

import { createHash } from "node:crypto";
import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [distArg, wheelsArg, ...rest] = process.argv.slice(2);
if (!distArg || !wheelsArg) {
  console.error("usage: node tests/pyodide/run_tests.mjs <dist> <wheel-dir> [--stdlib-extra=ZIP] "
    + "[--stdlib=ZIP] [--report=JSON] [pytest args...]");
  process.exit(2);
}
const option = (name) => {
  const found = rest.find((arg) => arg.startsWith(`--${name}=`));
  return found ? resolve(found.slice(name.length + 3)) : null;
};
const bootOnly = rest.includes("--boot-only");
const pytestArgs = rest.filter((arg) => !/^--(stdlib|stdlib-extra|report)=/.test(arg) && arg !== "--boot-only");
const root = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const dist = resolve(distArg);
process.on("uncaughtException", (error) => {
  console.error(`run_tests.mjs: ${error && error.message ? error.message : error}`);
  process.exit(1);
});

/** The sha256 digests requirements.txt allows for each pinned name. */
function pinnedHashes() {
  const text = readFileSync(join(root, "tests", "pyodide", "requirements.txt"), "utf8");
  const pins = new Map();
  let name = null;
  for (const line of text.split("\n")) {
    const pin = line.match(/^([A-Za-z0-9._-]+)==/);
    if (pin) pins.set(name = pin[1].toLowerCase().replace(/[-_.]+/g, "-"), new Set());
    const hash = line.match(/--hash=sha256:([0-9a-f]{64})/);
    if (hash && name) pins.get(name).add(hash[1]);
  }
  return pins;
}

/** The wheels in <wheel-dir> as file: URLs, each checked against its pin. */
function checkedWheels(dir) {
  const pins = pinnedHashes();
  const urls = new Map();
  for (const file of readdirSync(dir).filter((n) => n.endsWith(".whl")).sort()) {
    const name = file.split("-")[0].toLowerCase().replace(/[-_.]+/g, "-");
    const digest = createHash("sha256").update(readFileSync(join(dir, file))).digest("hex");
    if (!pins.get(name)?.has(digest)) {
      throw new Error(`${file} is not pinned with this sha256 in tests/pyodide/requirements.txt`);
    }
    urls.set(name, pathToFileURL(join(dir, file)).href);
  }
  for (const name of pins.keys()) {
    if (!urls.has(name)) throw new Error(`${name} is pinned but missing from ${dir}`);
  }
  return urls;
}

const wheels = bootOnly ? null : checkedWheels(resolve(wheelsArg));
const { loadPyodide } = await import(pathToFileURL(join(dist, "pyodide", "pyodide.mjs")).href);
const { IMPORTS } = await import(pathToFileURL(join(dist, "worker", "engine-imports.js")).href);
const indexURL = join(dist, "pyodide") + "/";
const stdLibURL = option("stdlib") || join(dist, "pyodide", "python_stdlib.zip");
const extraStdlib = option("stdlib-extra");
const tracer = readFileSync(join(root, "tests", "pyodide", "stdlib_imports.py"), "utf8");
const quiet = { messageCallback: () => {} };
const report = { stdlib: stdLibURL };
const missing = []; // what the shipped library lacked: [where, message]

/** Run Python, a failure put down as `where` in `missing` (a module not found) or thrown. */
function attempt(where, run) {
  try {
    return run();
  } catch (error) {
    const message = String((error && error.message) || error);
    if (!/ModuleNotFoundError|ImportError/.test(message)) throw error;
    const lines = message.trim().split("\n");
    missing.push([where, lines.findLast((line) => /(ModuleNotFound|Import)Error/.test(line)) || lines.pop()]);
    return null;
  }
}

/** The bridge's hello and its internal-error path (a traceback), as the page meets them. */
function useBridge(runtime, where) {
  attempt(`${where}: hello`, () => runtime.runPython(`
import json, tripeaks.bridge as bridge
assert json.loads(bridge.handle_json('{"type": "hello"}'))["ok"]
bridge.COMMANDS["__fails__"] = lambda engine, message: 1 / 0
answer = json.loads(bridge.handle_json('{"type": "__fails__"}'))
del bridge.COMMANDS["__fails__"]
assert answer["error"]["kind"] == "internal" and "ZeroDivisionError" in answer["error"]["detail"]["traceback"]
`));
  try { runtime.runPython("raise LookupError('a Python error, as Pyodide reports it')"); } catch { /* expected */ }
}

/** The engine booted as the page's worker boots it, with the library the site ships. */
async function bootAsThePage() {
  const runtime = await loadPyodide({ indexURL, stdLibURL, _makeSnapshot: true });
  await runtime.loadPackage("tripeaks", quiet);
  attempt("boot", () => runtime.runPython(IMPORTS));
  loadTracer(runtime);
  engineFiles = runtime.runPython("import json, stdlib_imports; json.dumps(sorted(stdlib_imports.engine_files()))");
  for (const name of Object.keys(runtime.loadedPackages)) delete runtime.loadedPackages[name];
  const snapshot = runtime.makeMemorySnapshot();
  useBridge(runtime, "first boot");
  report.boot = libraryModules(runtime);
  return snapshot;
}

/** A second runtime restored from the snapshot, as a warm start does. */
async function restore(snapshot) {
  const { instantiate } = WebAssembly;
  // As the worker does (pyodide/pyodide#6254): the runtime's memory grown to the snapshot's size.
  WebAssembly.instantiate = async (...args) => {
    const result = await instantiate.apply(WebAssembly, args);
    const memory = (result.instance || result).exports.memory;
    const heap = snapshot.length - new Uint32Array(snapshot.buffer, snapshot.byteOffset, 2)[1];
    if (memory && heap > memory.buffer.byteLength) {
      memory.grow(Math.ceil((heap - memory.buffer.byteLength) / 65536));
    }
    return result;
  };
  try {
    const runtime = await loadPyodide({ indexURL, stdLibURL, _loadSnapshot: snapshot, createPyodideModule: await untouchedChecked() });
    useBridge(runtime, "warm start");
    report.restored = libraryModules(runtime);
    return runtime;
  } finally {
    WebAssembly.instantiate = instantiate;
  }
}

/**
 * The site's runtime factory, checking, as a snapshot is restored into the runtime it
 * makes, that its memory holds zeros from untouchedFrom on: the worker's restore writes no
 * empty page there (web/worker/snapshot-pack.js), so a runtime that wrote there before the
 * restore would keep its bytes where the snapshot has none.
 */
async function untouchedChecked() {
  const factory = (await import(pathToFileURL(join(dist, "pyodide", "pyodide.asm.mjs")).href)).default;
  const { untouchedFrom } = await import(pathToFileURL(join(root, "web", "worker", "snapshot-pack.js")).href);
  return (settings) => factory(settings).then((runtime) => {
    const api = runtime.API;
    const restoreSnapshot = api.restoreSnapshot;
    api.restoreSnapshot = (bytes) => {
      const memory = runtime.HEAPU8;
      const from = untouchedFrom(runtime);
      if (from >= memory.length) throw new Error("untouchedFrom finds none of the new runtime's memory untouched");
      const written = memory.subarray(from).findIndex((byte) => byte !== 0);
      if (written !== -1) throw new Error(`the new runtime wrote at ${from + written}, above untouchedFrom (${from})`);
      report.untouched = { from, memory: memory.length };
      return restoreSnapshot.call(api, bytes);
    };
    return runtime;
  });
}

/** tests/pyodide/stdlib_imports.py as the module stdlib_imports. */
function loadTracer(runtime) {
  runtime.globals.set("tracer_source", tracer);
  runtime.runPython(`
import sys, types
module = types.ModuleType("stdlib_imports")
exec(compile(tracer_source, "stdlib_imports.py", "exec"), module.__dict__)
sys.modules["stdlib_imports"] = module
del tracer_source`);
}

function libraryModules(runtime) {
  return JSON.parse(runtime.runPython(`
import json, sys
json.dumps(sorted(n for n, m in list(sys.modules.items())
                  if (getattr(getattr(m, "__spec__", None), "origin", None) or "").startswith("/lib/python3")
                  and "site-packages" not in m.__spec__.origin))`));
}

let engineFiles = "[]"; // the page's engine modules (what the worker imports), as JSON
const restored = await restore(await bootAsThePage());
if (bootOnly) {
  for (const [where, message] of missing) console.error(`  ${where}: ${message}`);
  if (missing.length) console.error("The shipped standard library lacks modules the engine imports.");
  process.exit(missing.length ? 1 : 0);
}

const pyodide = await loadPyodide({ indexURL, stdLibURL });
loadTracer(pyodide);
if (extraStdlib) {
  pyodide.FS.writeFile(pyodide.runPython("import stdlib_imports; stdlib_imports.EXTRA"),
    readFileSync(extraStdlib));
  pyodide.runPython("import sys, stdlib_imports; sys.meta_path.append(stdlib_imports.ExtraLibrary)");
  // The shipped library is the original less its comments (build.py): the same syntax
  // trees, every line and column where it was.
  const changed = JSON.parse(pyodide.runPython("import json, stdlib_imports; json.dumps(stdlib_imports.unlike_the_original())"));
  for (const name of changed) missing.push([`shipped ${name}`, "its syntax tree is not the original's"]);
}
// The game, by name, from the site's lock file (as web/worker/engine-worker.js does).
await pyodide.loadPackage("tripeaks", quiet);
// micropip from its pinned wheel, by URL: the lock file's micropip entry names
// Pyodide's own build of it, whose sha256 is not PyPI's.
await pyodide.loadPackage(wheels.get("micropip"), quiet);
wheels.delete("micropip");
pyodide.globals.set("test_wheels_json", JSON.stringify([...wheels.values()]));
await pyodide.runPythonAsync(`
import json, micropip
# No index: every requirement must be met by the wheels given, or this fails.
await micropip.install(json.loads(test_wheels_json), index_urls=[])
`);

// The tests themselves, copied into the in-memory file system (not the
// package: that comes from the wheel, as in the app).
const work = "/home/pyodide/project";
function copyTree(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const rel = relative(root, path);
    if (name === "__pycache__" || rel.startsWith(join("tests", "e2e")) || rel.startsWith(join("tests", "pyodide"))) continue;
    if (statSync(path).isDirectory()) {
      pyodide.FS.mkdirTree(join(work, rel));
      copyTree(path);
    } else if (name.endsWith(".py") || name.endsWith(".txt") || name.endsWith(".json")) {
      pyodide.FS.writeFile(join(work, rel), readFileSync(path));
    }
  }
}
pyodide.FS.mkdirTree(join(work, "tests"));
copyTree(join(root, "tests"));
// The command line's modules and the catalogs (tripeaks/locale/) stay out of the site's
// wheel (build.py COMMAND_LINE_ONLY): the page's engine never imports them and the page
// reads its own JSON copy of one language. The command line's tests need them, so the
// test stage puts them beside the installed package.
const installed = pyodide.runPython("import os, tripeaks; os.path.dirname(tripeaks.__file__)");
const source = join(root, "tripeaks");
for (const name of readdirSync(source)) {
  if (name.endsWith(".py") && !pyodide.FS.analyzePath(join(installed, name)).exists) {
    pyodide.FS.writeFile(join(installed, name), readFileSync(join(source, name)));
  }
}
pyodide.FS.mkdirTree(join(installed, "locale"));
for (const name of readdirSync(join(source, "locale"))) {
  pyodide.FS.writeFile(join(installed, "locale", name), readFileSync(join(source, "locale", name)));
}
pyodide.FS.writeFile(join(work, "pyproject.toml"), readFileSync(join(root, "pyproject.toml")));
const shared = join(root, "..", "shared");
try {
  if (statSync(shared).isDirectory()) {
    pyodide.FS.mkdirTree("/home/pyodide/shared");
    pyodide.mountNodeFS("/home/pyodide/shared", shared);
  }
} catch { /* no shared/ beside the checkout: tests that need it skip */ }

const writer = (stream) => ({ write: (bytes) => { stream.write(bytes); return bytes.length; } });
pyodide.setStdout(writer(process.stdout));
pyodide.setStderr(writer(process.stderr));
pyodide.globals.set("pytest_args_json", JSON.stringify(pytestArgs));
pyodide.globals.set("engine_files_json", engineFiles);
const status = pyodide.runPython(`
import json, os, sys
import stdlib_imports
stdlib_imports.watch(frozenset(json.loads(engine_files_json)))
os.chdir("${work}")
sys.path.insert(0, "${work}")
import tripeaks, pytest
assert tripeaks.__file__.startswith("/lib/"), tripeaks.__file__  # the wheel, not a copy
print(f"Python {sys.version.split()[0]} in Pyodide; tripeaks from {os.path.dirname(tripeaks.__file__)}")
int(pytest.main([
    "-p", "no:cacheprovider", "tests",
    # A subprocess cannot be started inside Pyodide.
    "--deselect", "tests/test_cli.py::test_module_entry_point_exits_2_on_bad_input",
    # The site's build (build.py) runs on the host, never in the engine's runtime.
    "--ignore", "tests/test_site_build.py", "--ignore", "tests/test_shipped_stdlib.py",
    # Reads web/, which is not copied into the runtime (it checks the page files).
    "--ignore", "tests/test_vocabulary.py",
    "--ignore", "tests/test_page_shape.py",
    # The catalogs as translators and build.py read them (and the page's list of languages).
    "--ignore", "tests/test_catalogs.py",
    # pyproject's timeout settings are pytest-timeout's, a host plugin (SIGALRM: none here).
    "-W", "ignore:Unknown config option:pytest.PytestConfigWarning",
    *json.loads(pytest_args_json),
]))
`);
pyodide.runPython("import sys; sys.stdout.flush(); sys.stderr.flush()");

// What the engine reached in the tests, each imported again with the shipped library alone.
Object.assign(report, JSON.parse(pyodide.runPython(`
import json, stdlib_imports
json.dumps({"asked": sorted(stdlib_imports.asked), "from_extra": stdlib_imports.from_extra})`)));
for (const [name, asker] of Object.entries(report.from_extra)) {
  missing.push([`tests: ${asker.split("/site-packages/").pop()}`, `${name} is not in the shipped library`]);
}
for (const name of report.asked) {
  attempt(`warm start: import ${name}`, () => restored.runPython(`import importlib; importlib.import_module("${name}")`));
}
report.closure = libraryModules(restored);
report.missing = missing;
const reportPath = option("report");
if (reportPath) writeFileSync(reportPath, JSON.stringify(report, null, 1) + "\n");
console.log(`The engine reached ${report.asked.length} standard-library modules in the tests; `
  + `booted and restored as the page does, it loads ${report.closure.length} from ${stdLibURL}.`);
if (missing.length) {
  console.error("The shipped standard library lacks modules the engine imports "
    + "(requirements/python-stdlib.txt: run bench/trace_stdlib.py):");
  for (const [where, message] of missing) console.error(`  ${where}: ${message}`);
  process.exit(1);
}
process.exit(status);
