"""The game's wheel ships as Pyodide expects: named in the site's
pyodide-lock.json with its sha256, installed by name and hash-checked."""

from __future__ import annotations

import hashlib
import json
import shutil
import zipfile

from tests.e2e.app import notices


def test_the_lock_file_lists_the_wheel_with_its_hash_and_nothing_else(site_dir):
    lock = json.loads((site_dir / "pyodide" / "pyodide-lock.json").read_text())
    assert list(lock["packages"]) == ["tripeaks"]  # nothing that could send Pyodide to a CDN
    entry = lock["packages"]["tripeaks"]
    wheel = (site_dir / "pyodide" / entry["file_name"]).resolve()
    assert wheel.parent == (site_dir / "wheels").resolve()
    assert entry["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()
    assert entry["imports"] == ["tripeaks"]


def test_a_wheel_that_does_not_match_its_hash_is_refused(page, site_dir, make_site, tmp_path):
    """A valid wheel with other bytes than the lock names (a stale or tampered
    deploy) must not run: the engine says it could not start."""
    changed = tmp_path / "changed"
    shutil.copytree(site_dir, changed)
    wheel = next((changed / "wheels").glob("*.whl"))
    with zipfile.ZipFile(wheel, "a") as zf:
        zf.writestr("tripeaks/extra.py", "# not in the lock's hash\n")
    live = make_site(changed)
    page.goto(live.url)
    page.wait_for_selector("html[data-engine=failed]", state="attached", timeout=120_000)
    assert "could not start" in " ".join(notices(page))
