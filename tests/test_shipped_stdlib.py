"""The site ships only the standard-library modules the game runs
(requirements/python-stdlib.txt, written by bench/trace_stdlib.py), without their comments.
Inside Pyodide, the test stage (tests/pyodide/run_tests.mjs) checks the engine
imports nothing else; these checks run on the host."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import build

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="the build runs on the host")

ROOT = Path(build.__file__).resolve().parent


@pytest.fixture(scope="module")
def pyodide_zip() -> zipfile.ZipFile:
    with zipfile.ZipFile(build.fetch_pyodide() / "python_stdlib.zip") as zf:
        yield zf


@pytest.fixture(scope="module")
def shipped(pyodide_zip) -> zipfile.ZipFile:
    data = build.trimmed_stdlib(Path(pyodide_zip.filename))
    return zipfile.ZipFile(__import__("io").BytesIO(data))


def test_the_shipped_library_holds_the_listed_modules_and_nothing_else(shipped, pyodide_zip):
    listed = build.stdlib_modules()
    files = set(build.stdlib_files(listed, set(pyodide_zip.namelist())))
    assert set(shipped.namelist()) == files
    # Pyodide's own start-up and the engine's first needs are there; the rest is not.
    for needed in ("encodings/__init__.py", "json/__init__.py", "traceback.py",
                   "pyodide/__init__.py", "_pyodide/_base.py"):
        assert needed in files
    for dropped in ("unittest/__init__.py", "pdb.py", "doctest.py", "xml/__init__.py",
                    "multiprocessing/__init__.py", "http/client.py"):
        assert dropped in pyodide_zip.namelist() and dropped not in files
    assert len(zipfile.ZipFile(pyodide_zip.filename).read("json/__init__.py")) > len(
        shipped.read("json/__init__.py"))


def test_the_shipped_files_keep_every_line_and_lose_only_comments_and_docstrings(
        shipped, pyodide_zip):
    for name in ("json/__init__.py", "traceback.py", "dataclasses.py"):
        original = pyodide_zip.read(name).decode()
        cut = shipped.read(name).decode()
        # a traceback's lines are the library's
        assert cut.count("\n") == original.count("\n"), name
        for before, after in zip(original.splitlines(), cut.splitlines(), strict=True):
            if after == before or before[len(after):].lstrip().startswith("#"):
                continue  # kept, or a comment cut off
            # else a docstring's line: emptied, or where one opens or closes
            assert after.strip() in ("", '""', '"""') or after.rstrip().endswith('"""'), (
                name, before, after)
    assert "JSON (JavaScript Object Notation)" in pyodide_zip.read("json/__init__.py").decode()
    assert "JSON (JavaScript Object Notation)" not in shipped.read("json/__init__.py").decode()


def test_docstrings_go_and_every_other_string_stays():
    source = (b'"""The module."""\n'
              b'def f():\n    """Its words,\n    on lines."""  # a comment\n    return "kept"\n'
              b'class A:\n    "one" \'two\'\n    b"bytes stay"\n    f"{1}"\n    x = "kept"\n'
              b'g = lambda: "kept"\n'
              b'def h(): "a one-line def keeps it"\n'
              b'name = t"a template, Python 3.14\'s"\n')
    assert build.without_docstrings(source) == (
        b'""\n'
        b'def f():\n    """\n"""  # a comment\n    return "kept"\n'
        b'class A:\n    ""\n    b"bytes stay"\n    f"{1}"\n    x = "kept"\n'
        b'g = lambda: "kept"\n'
        b'def h(): "a one-line def keeps it"\n'
        b'name = t"a template, Python 3.14\'s"\n')


def test_comments_go_but_a_hash_inside_a_string_stays():
    source = (b"# a comment\nx = '# not one'  # one\n"
              b"y = \"\"\"\n# inside a string\n\"\"\"\nz = 1\r\n")
    assert build.without_comments(source) == (
        b"\nx = '# not one'\ny = \"\"\"\n# inside a string\n\"\"\"\nz = 1\r\n")


def test_a_module_pyodide_lacks_fails_the_build(pyodide_zip):
    with pytest.raises(build.BuildError, match="bench/trace_stdlib.py"):
        build.stdlib_files(["json", "no_such_module"], set(pyodide_zip.namelist()))


def test_the_list_is_written_by_its_script():
    text = (ROOT / "requirements" / "python-stdlib.txt").read_text()
    assert "Written by bench/trace_stdlib.py" in text
    assert re.search(r"Dropped: \d+ files, [\d.]+ MB", text)


def _page_engine_modules() -> set[str]:
    """The engine's modules the page's worker imports (web/worker/engine-imports.js), and
    every engine module those import in turn, at test time."""
    imports = (ROOT / "web" / "worker" / "engine-imports.js").read_text()
    todo = {f"tripeaks.{name}" for name in re.findall(r"tripeaks\.(\w+)", imports)} | {"tripeaks"}
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        path = ROOT / (name.replace(".", "/") + ".py")
        if not path.exists():
            path = ROOT / name.replace(".", "/") / "__init__.py"
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level:
                base = "tripeaks" if path.name == "__init__.py" or "." in name else name
                if node.module:
                    todo.add(f"{base}.{node.module}")
                else:
                    todo.update(f"{base}.{alias.name}" for alias in node.names
                                if (ROOT / base.replace(".", "/") / f"{alias.name}.py").exists())
    return seen


def test_every_library_module_the_page_engine_imports_is_listed(pyodide_zip):
    """A cheap guard beside the Pyodide stage's: each module the page's engine modules
    import by name, where Pyodide has it as a file, is in the list."""
    available = set(pyodide_zip.namelist())
    listed = set(build.stdlib_modules())
    wanted = set()
    for name in _page_engine_modules():
        path = ROOT / (name.replace(".", "/") + ".py")
        path = path if path.exists() else ROOT / name.replace(".", "/") / "__init__.py"
        for node in ast.walk(ast.parse(path.read_text())):
            names = ([alias.name for alias in node.names] if isinstance(node, ast.Import) else
                     [node.module] if isinstance(node, ast.ImportFrom) and not node.level else [])
            wanted.update(n for n in names if n and not n.startswith("tripeaks"))
    as_files = {n for n in wanted if {n.replace(".", "/") + end for end in
                                      (".py", "/__init__.py")} & available}
    assert as_files, wanted
    assert as_files - listed == set()


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node, as the Pyodide stage does")
def test_the_pyodide_stage_fails_when_the_shipped_library_lacks_a_module_the_engine_imports(
        tmp_path, monkeypatch):
    """The guard can fail: a site built without urllib.parse (which the engine's replay
    links import, and Pyodide's own start-up does not) fails the stage's boot checks,
    which name the module."""
    listed = build.stdlib_modules()
    assert "urllib.parse" in listed
    monkeypatch.setattr(build, "stdlib_modules", lambda listing=None: [
        name for name in listed if name not in ("urllib", "urllib.parse")])
    site = tmp_path / "site"
    build.build(site, quiet=True)
    run = subprocess.run(
        ["node", str(ROOT / "tests" / "pyodide" / "run_tests.mjs"), str(site), "-", "--boot-only"],
        capture_output=True, text=True, timeout=600)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "No module named 'urllib'" in run.stderr
    assert "lacks modules the engine imports" in run.stderr
