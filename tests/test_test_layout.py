"""The tests' own shape: shared helpers live in helper modules, so no module of tests/
or bench/ imports a test module or a conftest; and test files and their docstrings
say what they test, not which issue asked for it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests.helpers import IN_WASM

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
# A test module (collected by pytest) or a conftest (a pytest plugin): never imported.
NOT_IMPORTABLE = re.compile(r"^tests(\.\w+)*\.(test_\w+|conftest)$")
ISSUE = re.compile(r"(?<![a-z])issues?[\s_#-]*\d+", re.IGNORECASE)  # "Issue 18", test_issue18

pytestmark = pytest.mark.skipif(
    IN_WASM, reason="the checkout's files: tests/e2e and bench/ are not copied into Pyodide")


def sources() -> list[Path]:
    return sorted(p for top in ("tests", "bench") for p in (ROOT / top).rglob("*.py")
                  if "__pycache__" not in p.parts)


def imported(path: Path) -> set[str]:
    """Every module ``path`` imports, anywhere in it (relative imports resolved;
    ``from tests.e2e import test_table`` counts as importing tests.e2e.test_table)."""
    package = path.relative_to(ROOT).parent.parts
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else ()
            module = ".".join([*base, *([node.module] if node.module else [])])
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def test_no_module_imports_a_test_module_or_a_conftest():
    offenders = {f"{path.relative_to(ROOT)} imports {name}"
                 for path in sources() for name in imported(path)
                 if NOT_IMPORTABLE.match(name)}
    assert not offenders, ("move what is shared into a helper module (tests/helpers.py, "
                           f"tests/e2e/app.py, ...): {sorted(offenders)}")


def test_the_rule_sees_each_form_of_import(tmp_path, monkeypatch):
    """The check above catches a test module imported by name, by package, relatively
    and inside a function, and lets helper modules be imported."""
    monkeypatch.setattr(f"{__name__}.ROOT", tmp_path)
    (tmp_path / "tests" / "e2e").mkdir(parents=True)
    module = tmp_path / "tests" / "e2e" / "test_x.py"
    module.write_text("import tests.test_cli\nfrom tests.e2e import test_table, app\n"
                      "from .conftest import BOOT\nfrom . import lines\n"
                      "def f():\n    from tests.e2e.test_race import touch\n")
    caught = {name for name in imported(module) if NOT_IMPORTABLE.match(name)}
    assert caught == {"tests.test_cli", "tests.e2e.test_table", "tests.e2e.conftest",
                      "tests.e2e.test_race"}


def test_test_files_are_named_by_what_they_test_not_by_issue():
    named = [str(p.relative_to(ROOT)) for p in TESTS.rglob("test_*.py") if ISSUE.search(p.name)]
    said = []
    for path in TESTS.rglob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                text = ast.get_docstring(node) or ""
                if ISSUE.search(text):
                    where = getattr(node, "name", "module docstring")
                    said.append(f"{path.relative_to(ROOT)} ({where}): {ISSUE.search(text)[0]}")
    assert not named and not said, (
        "name a test file, and word its docstrings, by what is tested: "
        f"{named + said}")


def test_end_to_end_modules_say_what_they_test():
    """Every end-to-end test module opens with a docstring (what it holds the app to)."""
    bare = [p.name for p in (TESTS / "e2e").glob("test_*.py")
            if not ast.get_docstring(ast.parse(p.read_text(encoding="utf-8")))]
    assert not bare
