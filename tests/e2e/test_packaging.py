"""The game's wheel ships as Pyodide expects: named in the site's
pyodide-lock.json with its sha256, installed by name and hash-checked; the page's
modules ship as one, with a source map back to each of them."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

import build
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


def test_the_runtime_script_is_pyodides_with_its_factory_compiled_with_it(site_dir):
    """The site's pyodide.asm.mjs is the pinned Pyodide's, but for the brackets that have V8
    compile its factory with the script (build.eager_factory) and the exports whose variable
    nothing reads put on Module by a loop (build.lean_exports): nothing else of it changed."""
    shipped = (site_dir / "pyodide" / "pyodide.asm.mjs").read_bytes()
    pinned = (build.fetch_pyodide() / "pyodide.asm.mjs").read_text(encoding="utf-8")
    assert shipped.startswith(b"var _createPyodideModule=(async function _createPyodideModule(")
    assert shipped.rstrip().endswith(b"return moduleRtn});export default _createPyodideModule;")
    unbracketed = shipped.removeprefix(b"var _createPyodideModule=(").replace(
        b";return moduleRtn});export default", b";return moduleRtn}export default", 1)
    assert unbracketed == build.lean_exports(pinned).encode("utf-8")
    assert len(shipped) < 0.75 * len(pinned.encode("utf-8"))


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node, as the Pyodide stage does")
def test_the_runtime_gives_pyodide_every_export_the_pinned_script_gives(site_dir, tmp_path):
    """Started under Node, the site's runtime script and the pinned one put the same
    functions and addresses on Module, which Pyodide and its packages call by name."""
    script = tmp_path / "exports.mjs"
    script.write_text("""
import { pathToFileURL } from "node:url";
const [pyodide, pinned] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pyodide + "/pyodide.mjs"));
async function onModule(path) {
  const createPyodideModule = (await import(pathToFileURL(path))).default;
  const { _module: module } = await loadPyodide({ indexURL: pyodide + "/", createPyodideModule });
  return Object.keys(module).filter((key) => key.startsWith("_")).sort()
    .map((key) => `${key} ${typeof module[key]}`);
}
const shipped = await onModule(pyodide + "/pyodide.asm.mjs");
console.log(JSON.stringify({ shipped, pinned: await onModule(pinned) }));
""")
    pinned = build.fetch_pyodide() / "pyodide.asm.mjs"
    answer = subprocess.run(["node", str(script), str(site_dir / "pyodide"), str(pinned)],
                            capture_output=True, text=True, timeout=120, check=True)
    on_module = json.loads(answer.stdout.strip().splitlines()[-1])
    assert len(on_module["pinned"]) > 6000
    assert on_module["shipped"] == on_module["pinned"]


def test_lean_exports_keeps_every_variable_something_reads():
    """An export's variable that the script reads anywhere else (even from another
    statement of assignWasmExports) is still set; one it never reads is left undeclared,
    and its export is put on Module by the loop alone."""
    script = ("var _read,_unread,_byNeighbour;function use(){return _read()}"
              "function assignWasmExports(wasmExports){"
              '_read=Module["_read"]=wasmExports["read"];'
              '_unread=Module["_unread"]=wasmExports["unread"];'
              '_byNeighbour=Module["_byNeighbour"]=wasmExports["byNeighbour"];'
              'memory=Module["memory"]=wasmExports["memory"];'
              '_other=Module["_other"]=_byNeighbour}')
    lean = build.lean_exports(script)
    assert lean.startswith("var _read,_byNeighbour;function use(){return _read()}")
    assert '_read=Module["_read"]=wasmExports["read"]' in lean
    assert '_byNeighbour=Module["_byNeighbour"]=wasmExports["byNeighbour"]' in lean
    assert 'memory=Module["memory"]=wasmExports["memory"]' in lean
    assert "_unread=" not in lean
    assert lean.endswith('for(var unreadExport of "unread".split(" "))'
                         'Module["_"+unreadExport]=wasmExports[unreadExport]}')


def test_a_runtime_script_of_another_shape_stops_the_build():
    """A Pyodide whose script is not one exported factory, or keeps its exports otherwise:
    the build says so, rather than shipping a script it changed blind."""
    with pytest.raises(build.BuildError, match="eager_factory"):
        build.eager_factory("export function createPyodideModule(){}\n")
    with pytest.raises(build.BuildError, match="eager_factory"):
        build.eager_factory(build.FACTORY_HEAD + "moduleArg={}){return 1}\n")
    with pytest.raises(build.BuildError, match="lean_exports"):
        build.lean_exports("var _f;function assignExports(wasmExports){_f=wasmExports.f}")
    with pytest.raises(build.BuildError, match="lean_exports"):
        build.lean_exports('var _f;_f();function assignWasmExports(wasmExports){'
                           '_f=Module["_f"]=wasmExports["f"]}')


LATER_IMPORT = re.compile(r"""\bimport\(["'](\.{1,2}/[^"']+)["']\)""")


def test_the_worker_carries_the_facts_of_its_own_build(site_dir):
    """The worker names its build's cache (where the snapshot and the runtime's files are
    kept) by the hash written into it: the hash the service worker caches the build under."""
    sw = (site_dir / "service-worker.js").read_text()
    injected = re.search(r"/\*__PRECACHE__\*/(.*?)/\*__END__\*/", sw, re.S)[1]
    build_hash = json.loads(injected)["build"]
    worker = (site_dir / build.WORKER_ENTRY).read_text()
    assert f'const BUILD = "{build_hash}", RUNTIME = {{' in worker
    info = (site_dir / build.BUILD_INFO).read_text()
    assert f'export const BUILD = "{build_hash}";' in info  # for tools; not precached
    assert f'"url": "{build.BUILD_INFO}"' not in sw


@pytest.mark.parametrize("entry", [build.PAGE_ENTRY, build.WORKER_ENTRY])
def test_the_page_and_the_worker_ship_as_one_module_each_with_a_map_back(site_dir, entry):
    """The page's modules bundled into main/main.js, the engine worker's into its own
    file: nothing left to load one by one, level by level, before the page draws or the
    worker starts, and every line of every module found again by the source map."""
    outside = build.WORKER_OUTSIDE if entry == build.WORKER_ENTRY else ()
    folder = Path(entry).parent
    shipped = sorted(p.relative_to(site_dir).as_posix() for p in (site_dir / folder).rglob("*.js*"))
    beside = [name for name in outside if Path(name).parent == folder]
    assert shipped == sorted([entry, f"{entry}.map", *beside])
    bundle = (site_dir / entry).read_text(encoding="utf-8")
    assert build.IMPORT.findall(bundle) == []  # nothing to wait for before it runs
    later = {os.path.normpath(folder / target) for target in LATER_IMPORT.findall(bundle)}
    assert later == set(outside) - {build.BUILD_INFO}  # the loader, the engine's import list
    assert bundle.rstrip().endswith(f"//# sourceMappingURL={Path(entry).name}.map")

    source_map = json.loads((site_dir / f"{entry}.map").read_text(encoding="utf-8"))
    generated = frozenset({"first-deal.js", *outside})
    modules = set(build.module_graph(build.WEB, entry, generated)) - set(outside)
    named = {os.path.normpath(folder / name) for name in source_map["sources"]}
    assert named == modules
    for name, text in zip(source_map["sources"], source_map["sourcesContent"], strict=True):
        checkout = build.WEB / folder / name
        if checkout.is_file():  # (first-deal.js is the build's own)
            assert text.count("\n") == checkout.read_text(encoding="utf-8").count("\n"), name
    # Only developer tools ask for the map: it is neither precached nor part of a first visit.
    assert f"{entry}.map" not in (site_dir / "service-worker.js").read_text()


def test_the_page_preloads_its_one_module(site_dir):
    page = (site_dir / "index.html").read_text()
    assert re.findall(r'rel="modulepreload" href="([^"]+)"', page) == [build.PAGE_ENTRY]
