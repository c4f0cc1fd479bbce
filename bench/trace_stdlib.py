#!/usr/bin/env python3
"""Write requirements/python-stdlib.txt: the standard-library modules the site ships.

    .venv/bin/python bench/trace_stdlib.py [pytest args...]
    .venv/bin/python bench/trace_stdlib.py --from-report REPORT.json   (run_tests.mjs --report)

Traced inside Pyodide (Node), with the whole library Pyodide comes with, by
tests/pyodide/run_tests.mjs: the modules loaded when the engine boots as the
page's worker boots it (Pyodide's own start-up, the wheel installed, the
worker's imports, the memory snapshot made and restored, the bridge's hello
and its internal-error traceback), and every module the engine reaches over
its whole test suite (an import put down to the nearest caller outside the
library), each imported afresh so what it loads is counted too. Pytest's and
hypothesis's own imports are not counted: the test stage adds the rest of the
library for them. Run it after tests/run has fetched the test wheels
(.cache/pyodide-wheels), whenever Pyodide or the engine's imports change; the
Pyodide test stage fails when the engine imports a module the list lacks.
Pytest arguments (-k, -x) narrow the suite, for a quick look only: the list
committed comes from the whole suite.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

WHEELS = ROOT / ".cache" / "pyodide-wheels"


def trace(site: Path, full: Path, pytest_args: list[str]) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.json"
        run = subprocess.run(
            ["node", str(ROOT / "tests" / "pyodide" / "run_tests.mjs"), str(site), str(WHEELS),
             f"--stdlib={full}", f"--stdlib-extra={full}", f"--report={report}", "-q",
             *pytest_args], cwd=ROOT)
        if not report.exists():
            raise SystemExit(f"run_tests.mjs wrote no report (exit status {run.returncode})")
        if run.returncode:
            print(f"warning: the tests exited with status {run.returncode}; the list is made "
                  "from what they imported all the same", file=sys.stderr)
        return json.loads(report.read_text())


def main() -> int:
    pyodide = build.fetch_pyodide()
    full = pyodide / "python_stdlib.zip"
    if sys.argv[1:2] == ["--from-report"]:
        write_list(full, json.loads(Path(sys.argv[2]).read_text()))
        return 0
    if not WHEELS.is_dir():
        print(f"{WHEELS} is missing: run `tests/run -k nothing` once to fetch the test wheels",
              file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        build.stdlib_modules = lambda listing=None: []  # the list is being made: ship none
        build.build(site, quiet=True)
        report = trace(site, full, sys.argv[1:])
    write_list(full, report)
    return 0


def write_list(full: Path, report: dict) -> None:
    with zipfile.ZipFile(full) as zf:
        infos = {info.filename: info for info in zf.infolist()}
    traced = set(report["boot"]) | set(report["restored"]) | set(report["closure"])
    names = sorted(n for n in traced if {f"{n.replace('.', '/')}{end}" for end in
                                         (".py", "/__init__.py")} & infos.keys())
    kept = set(build.stdlib_files(names, set(infos)))
    shipped = build.trimmed_stdlib(full, names)
    packed = len(build.gzipped(shipped))
    dropped = [info for name, info in infos.items() if name not in kept and not name.endswith("/")]
    engine = sorted(set(report["asked"]) & set(names))
    header = [
        "# The standard-library modules the site ships (build.py: python_stdlib.zip), one a line.",
        "# Written by bench/trace_stdlib.py (never by hand), which traces inside Pyodide what",
        "# Pyodide's start-up, the engine (booted as the page's worker boots it, and over its",
        "# whole test suite), the memory snapshot's restore and the error paths import.",
        f"# Pyodide {build.PYODIDE_VERSION}, {time.strftime('%Y-%m-%d')}: "
        f"{len(names)} modules kept of {sum(1 for n in infos if n.endswith('.py'))} files; "
        f"{len(engine)} of them asked for by the engine itself.",
        f"# Kept: {sum(infos[f].file_size for f in kept) / 1e6:.2f} MB of source, shipped "
        f"{len(shipped) / 1e6:.2f} MB without comments, {packed / 1e6:.2f} MB gzipped.",
        f"# Dropped: {len(dropped)} files, {sum(i.file_size for i in dropped) / 1e6:.2f} MB of "
        f"source ({sum(i.compress_size for i in dropped) / 1e6:.2f} MB as Pyodide zips them); "
        f"Pyodide's whole zip is {full.stat().st_size / 1e6:.2f} MB.",
    ]
    (ROOT / "requirements" / "python-stdlib.txt").write_text("\n".join(header + names) + "\n")
    print("\n".join(header), file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
