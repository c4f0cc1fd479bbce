"""The package's shape: every module imports alone, imports only at its top, and the
modules' imports of one another form no cycle."""

from __future__ import annotations

import ast
import pathlib
import subprocess
import sys

import pytest

import tripeaks
from tests.helpers import IN_WASM

PACKAGE = pathlib.Path(tripeaks.__file__).resolve().parent
"""The package's sources: the checkout's, or the installed wheel's (in Pyodide)."""
MODULES = sorted(p.stem for p in PACKAGE.glob("*.py") if p.stem != "__main__")
MAX_LINES = 520
"""About 500 lines a module at most: past that a module holds more than one job."""


def _tree(name: str) -> ast.Module:
    return ast.parse((PACKAGE / f"{name}.py").read_text(encoding="utf-8"))


def _imported(name: str) -> set[str]:
    """The package's modules that ``name`` imports."""
    found = set()
    for node in _tree(name).body:
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                found.add(node.module.split(".")[0])
            else:
                found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("tripeaks."):
            found.add(node.module.split(".")[1])
        elif isinstance(node, ast.Import):
            found.update(a.name.split(".")[1] for a in node.names if a.name.startswith("tripeaks."))
    return found & set(MODULES)


@pytest.mark.skipif(sys.platform == "emscripten", reason="needs a subprocess")
@pytest.mark.parametrize("name", MODULES)
def test_each_module_imports_alone(name):
    """In a fresh interpreter, so no other test has imported anything first."""
    run = subprocess.run([sys.executable, "-c", f"import tripeaks.{name}"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr


def test_the_import_graph_has_no_cycle():
    graph = {name: _imported(name) for name in MODULES}
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, "import cycle: " + " -> ".join((*path, name))
        if name in done:
            return
        for other in sorted(graph[name]):
            visit(other, (*path, name))
        done.add(name)

    for name in MODULES:
        visit(name, ())


@pytest.mark.parametrize("name", MODULES)
def test_every_import_is_at_the_top(name):
    nested = [node.lineno for node in ast.walk(_tree(name))
              if isinstance(node, (ast.Import, ast.ImportFrom)) and node.col_offset > 0]
    assert not nested, f"tripeaks/{name}.py imports inside a function or block at lines {nested}"


@pytest.mark.skipif(
    IN_WASM, reason="the site's wheel ships the engine without its docstrings (build.py)")
@pytest.mark.parametrize("name", MODULES)
def test_each_module_says_its_job_and_stays_small(name):
    text = (PACKAGE / f"{name}.py").read_text(encoding="utf-8")
    doc = ast.get_docstring(_tree(name))
    assert doc, f"tripeaks/{name}.py opens with no docstring"
    assert len(text.splitlines()) <= MAX_LINES, f"tripeaks/{name}.py is over {MAX_LINES} lines"
