// Run the engine's unit tests inside Pyodide under Node, against the site that
// ships: dist/pyodide (the same runtime and trimmed standard library the app
// loads) and the tripeaks wheel from dist/wheels.
//
//   node tests/pyodide/run_tests.mjs <dist> <wheel-dir> [pytest args...]
//
// <wheel-dir> holds pytest, hypothesis and their pure-Python dependencies
// (see requirements.txt). Exits with pytest's status.

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
const { loadPyodide } = await import(pathToFileURL(join(dist, "pyodide", "pyodide.mjs")).href);
const { WHEEL } = await import(pathToFileURL(join(dist, "build-info.js")).href);

const pyodide = await loadPyodide({ indexURL: join(dist, "pyodide") + "/" });
const extractDir = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
const install = (path) => pyodide.unpackArchive(new Uint8Array(readFileSync(path)), "wheel", { extractDir });
install(join(dist, WHEEL));
for (const name of readdirSync(wheelsArg).filter((n) => n.endsWith(".whl")).sort()) {
  install(join(wheelsArg, name));
}

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
    *json.loads(pytest_args_json),
]))
`);
pyodide.runPython("import sys; sys.stdout.flush(); sys.stderr.flush()");
process.exit(status);
