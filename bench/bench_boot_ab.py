#!/usr/bin/env python3
"""First boot with the game's wheel unpacked by hand (the worker of REV) against
the current worker (installed by name through pyodide-lock.json), interleaved.

    .venv/bin/python bench/bench_boot_ab.py [--rev 56efccc] [--repeats 5]

Both sites come from the same build of everything else; only web/worker/engine-worker.js
differs. Per run: a cold first visit (fresh profile: navigation to engine
ready) and a boot with no snapshot (``?snapshot=off``: Python started and the
wheel installed, on a warm HTTP cache). Medians go to docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from bench.bench_app import cold_visit, launch, warm_visits  # noqa: E402
from tests.e2e.server import LiveSite  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rev", default="56efccc", help="the commit whose worker unpacks by hand")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        sites = {}
        for name in ("hand", "lock"):
            web = Path(tmp) / f"web-{name}"
            shutil.copytree(build.WEB, web)
            if name == "hand":
                old = subprocess.run(["git", "show", f"{args.rev}:web/worker/engine-worker.js"],
                                     cwd=ROOT, check=True, capture_output=True).stdout
                (web / "worker" / "engine-worker.js").write_bytes(old)
            build.WEB = web
            sites[name] = Path(tmp) / f"site-{name}"
            build.build(sites[name], quiet=True)
        lives = {name: LiveSite(path) for name, path in sites.items()}
        cold = {n: [] for n in sites}
        plain = {n: [] for n in sites}
        with sync_playwright() as playwright:
            browser = launch(playwright)
            for _ in range(args.repeats):
                for name in sites:
                    cold[name].append(cold_visit(browser, lives[name], sites[name])[0])
                    plain[name].append(
                        warm_visits(browser, lives[name], 1, "?snapshot=off")[0]["engine-ready"])
            browser.close()
    for name in sites:
        print(f"{name}: cold median {statistics.median(cold[name]) / 1000:.2f} s "
              f"({', '.join(f'{v / 1000:.2f}' for v in cold[name])}); "
              f"no snapshot median {statistics.median(plain[name]) / 1000:.2f} s "
              f"({', '.join(f'{v / 1000:.2f}' for v in plain[name])})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
