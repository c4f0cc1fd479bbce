#!/usr/bin/env python3
"""Run bench/bench_solver.py inside Pyodide in headless Chromium (the app's runtime).

    python bench/bench_solver_chromium.py --deals 1000              # wrap
    python bench/bench_solver_chromium.py --deals 1000 --no-wrap
    python bench/bench_solver_chromium.py --deals 1000 --start 5000

Builds the site into a temporary directory with build.py (plus one blank page
and one module worker, added to that build only), serves it on 127.0.0.1, and
opens Debian's Chromium (or CHROMIUM_PATH) through Playwright. The worker loads
Pyodide from the site's own pyodide/ files and installs the site's tripeaks
wheel, as web/worker/engine-worker.js does (same-origin URLs only), then runs
bench_solver.bench() itself, its source passed in unchanged. Prints the same
JSON object as the CPython benchmark, with "python" naming Pyodide and Chromium
and "trampoline" saying how Pyodide calls C function pointers: "wasm" (the
wasm-GC trampoline) or "js" (through _PyEM_TrampolineCall_JS).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from tests.e2e.browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402 - nothing leaves 127.0.0.1

PAGE = (b"<!doctype html><meta charset=utf-8><title>solver benchmark</title>"
        b"<link rel=icon href=\"data:,\">\n")

WORKER = """\
// Written by bench/bench_solver_chromium.py into its temporary build only.
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { WHEEL } from "./build-info.js";

const base = new URL("./", import.meta.url);

self.onmessage = async (event) => {
  const { source, deals, start, wrap } = event.data;
  try {
    const pyodide = await loadPyodide({
      indexURL: new URL("pyodide/", base).href,
      packages: [],
      stdout: () => {},
      stderr: (line) => console.warn("[python]", line),
    });
    const response = await fetch(new URL(WHEEL, base));
    if (!response.ok) throw new Error(`${WHEEL}: HTTP ${response.status}`);
    const extractDir = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
    pyodide.unpackArchive(await response.arrayBuffer(), "wheel", { extractDir });
    // Which trampoline Python's runtime was given for C function-pointer calls
    // (0: none, so _PyEM_TrampolineCall_JS).
    const m = pyodide._module;
    let trampoline = "unknown";
    try {
      const offset = m.HEAP32[m.__PyEM_EMSCRIPTEN_TRAMPOLINE_OFFSET / 4];
      trampoline = m.HEAP32[(m.__PyRuntime + offset) / 4] ? "wasm" : "js";
    } catch { /* private names moved: leave it unknown */ }
    pyodide.FS.mkdirTree("/bench");
    pyodide.FS.writeFile("/bench/bench_solver.py", source);
    pyodide.globals.set("DEALS", deals);
    pyodide.globals.set("START", start);
    pyodide.globals.set("WRAP", wrap);
    const out = pyodide.runPython(`
import json, sys
sys.path.insert(0, "/bench")
sys.dont_write_bytecode = True
import bench_solver
assert "site-packages" in bench_solver.solver.__file__, bench_solver.solver.__file__
result = bench_solver.bench(DEALS, WRAP, START)
result["python"] = "Python " + sys.version.split()[0]
json.dumps(result)
`);
    postMessage({ ok: true, result: out, pyodide: pyodide.version, trampoline });
  } catch (error) {
    postMessage({ ok: false, error: String((error && error.stack) || error) });
  }
};
"""

RUN = """async ({ source, deals, start, wrap }) => {
    const worker = new Worker("bench-solver-worker.js", { type: "module" });
    const reply = await new Promise((resolve) => {
        worker.onmessage = (event) => resolve(event.data);
        worker.onerror = (event) => resolve({ ok: false, error: "worker: " + event.message });
        worker.postMessage({ source, deals, start, wrap });
    });
    worker.terminate();
    return reply;
}"""


def run(deals: int, wrap: bool, start: int) -> dict:
    from playwright.sync_api import sync_playwright

    source = (ROOT / "bench" / "bench_solver.py").read_text()
    with tempfile.TemporaryDirectory(prefix="bench-solver-") as tmp:
        dist = Path(tmp) / "site"
        build.build(dist, quiet=True, extra={
            "bench-solver.html": PAGE,
            "bench-solver-worker.js": WORKER.encode(),
        })
        server = build.make_server(dist)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        url = f"http://127.0.0.1:{server.server_address[1]}/bench-solver.html"
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                try:
                    page = browser.new_page()
                    page.on("console", lambda m: m.type in ("warning", "error")
                            and print(f"[chromium {m.type}] {m.text}", file=sys.stderr))
                    page.goto(url)
                    reply = page.evaluate(RUN, {
                        "source": source, "deals": deals, "start": start, "wrap": wrap,
                    })
                    version = browser.version
                finally:
                    browser.close()
        finally:
            server.shutdown()
            server.server_close()
    if not reply.get("ok"):
        raise SystemExit(f"benchmark failed in Chromium: {reply.get('error')}")
    result = json.loads(reply["result"])
    result["python"] = (f"Pyodide {reply['pyodide']} ({result['python']}) "
                        f"in Chromium {version}")
    result["trampoline"] = reply["trampoline"]
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--no-wrap", action="store_true")
    args = parser.parse_args()
    print(json.dumps(run(args.deals, not args.no_wrap, args.start)))


if __name__ == "__main__":
    main()
