// Run the engine's unit tests inside Pyodide under Node, against the site that
// ships: dist/pyodide (the same runtime and trimmed standard library the app
// loads) and the tripeaks wheel, installed by name through the site's
// pyodide-lock.json as the app installs it.
//
//   node tests/pyodide/run_tests.mjs <dist> <wheel-dir> [pytest args...]
//
// <wheel-dir> holds the wheels pinned in requirements.txt (micropip, pytest,
// hypothesis and what they need; tests/run fetches them). Each is checked
// against its pinned sha256, micropip is loaded from its wheel, and micropip
// installs the rest from those files alone (no index: nothing is fetched).
// Exits with pytest's status.

import { createHash } from "node:crypto";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [distArg, wheelsArg, ...pytestArgs] = process.argv.slice(2);
if (!distArg || !wheelsArg) {
  console.error("usage: node tests/pyodide/run_tests.mjs <dist> <wheel-dir> [pytest args...]");
  process.exit(2);
}
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

const wheels = checkedWheels(resolve(wheelsArg));
const { loadPyodide } = await import(pathToFileURL(join(dist, "pyodide", "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: join(dist, "pyodide") + "/" });
const quiet = { messageCallback: () => {} };
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
const status = pyodide.runPython(`
import json, os, sys
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
    "--ignore", "tests/test_site_build.py",
    # Reads web/, which is not copied into the runtime (it checks the page files).
    "--ignore", "tests/test_vocabulary.py",
    "--ignore", "tests/test_page_shape.py",
    # pyproject's timeout settings are pytest-timeout's, a host plugin (SIGALRM: none here).
    "-W", "ignore:Unknown config option:pytest.PytestConfigWarning",
    *json.loads(pytest_args_json),
]))
`);
pyodide.runPython("import sys; sys.stdout.flush(); sys.stderr.flush()");
process.exit(status);
