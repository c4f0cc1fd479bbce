#!/usr/bin/env python3
"""The project's own Python environment: .venv/ in the checkout, holding exactly
the pinned, hash-checked tools of one lock file.

    python devenv.py test     # make or update .venv/ for the tests; print its python
    python devenv.py build    # the same, for what build.py needs

tests/run and build.py call this; it never installs into the Python that runs
it. A stamp in .venv/ names the lock installed (by its sha256), so a second
call when nothing changed installs nothing. The locks are made by
requirements/update (see the README).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
LOCKS = {"build": ROOT / "requirements" / "build.txt", "test": ROOT / "requirements" / "test.txt"}
# The test lock holds the build lock's packages at the same versions.
COVERED_BY = {"build": ("build", "test"), "test": ("test",)}
STAMP = VENV / "tripeaks-lock"


def python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def fingerprint(kind: str) -> str:
    return f"{kind} {hashlib.sha256(LOCKS[kind].read_bytes()).hexdigest()}"


def ready(kind: str) -> bool:
    """Whether .venv/ already holds a lock that covers ``kind``, as it is now."""
    try:
        stamp = STAMP.read_text().strip()
    except OSError:
        return False
    return python().exists() and any(stamp == fingerprint(k) for k in COVERED_BY[kind])


def ensure(kind: str) -> Path:
    """The python of .venv/, with ``kind``'s lock installed (only if it was not)."""
    if ready(kind):
        return python()
    lock = LOCKS[kind]
    print(f"setting up .venv/ from {lock.relative_to(ROOT)} (pinned, hash-checked)",
          file=sys.stderr, flush=True)
    if not python().exists():
        made = subprocess.run([sys.executable, "-m", "venv", "--clear", str(VENV)],
                              stdout=sys.stderr)
        if made.returncode:
            sys.exit(f"could not make .venv/ with {sys.executable} -m venv "
                     "(on Debian: apt-get install python3-venv)")
    STAMP.unlink(missing_ok=True)
    subprocess.run(
        [python(), "-m", "pip", "install", "-q", "--require-hashes", "--only-binary=:all:",
         "-r", str(lock)],
        check=True, stdout=sys.stderr,
    )
    # The game itself is imported from the checkout, as `pip install -e .` would
    # do, with no build step.
    purelib = subprocess.run(
        [python(), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
        check=True, capture_output=True, text=True,
    ).stdout.strip()
    (Path(purelib) / "tripeaks-checkout.pth").write_text(f"{ROOT}\n")
    STAMP.write_text(fingerprint(kind) + "\n")
    return python()


if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] not in LOCKS:
        sys.exit(f"usage: python devenv.py {{{'|'.join(LOCKS)}}}")
    try:
        print(ensure(sys.argv[1]))
    except subprocess.CalledProcessError as exc:
        sys.exit(f"installing into .venv/ failed (exit {exc.returncode})")
