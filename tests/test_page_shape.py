"""The page's shape (web/main/): folders say what a module is, each part is built with what it
uses (never the whole app), views never reach the parts, nothing imports the composition root,
the imports form no cycle, and the session alone writes the saved game."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

import build

WEB = Path(__file__).resolve().parents[1] / "web"
MAIN = WEB / "main"
IMPORT = build.IMPORT  # the imports the site's build follows for its preload list
MODULES = sorted(p.relative_to(WEB).as_posix() for p in MAIN.rglob("*.js"))
FOLDERS = {"views", "parts", "model"}


def imports(name: str) -> set[str]:
    """The page's modules that ``name`` (a path under web/) imports."""
    text = (WEB / name).read_text(encoding="utf-8")
    here = os.path.dirname(name)
    return {os.path.normpath(os.path.join(here, target)) for target in IMPORT.findall(text)}


def folder(name: str) -> str:
    parts = Path(name).parts
    return parts[1] if len(parts) > 2 else ""


def test_every_module_of_the_page_lives_in_a_folder_that_says_what_it_is():
    loose = [name for name in MODULES if folder(name) not in FOLDERS and name != "main/main.js"]
    assert loose == []
    top = sorted(p.name for p in WEB.glob("*.js"))
    assert len(top) <= 4, f"scripts loose at web/'s top: {top}"


@pytest.mark.parametrize("name", [m for m in MODULES if folder(m) in ("views", "model")])
def test_views_and_the_model_never_import_the_parts(name):
    reached = {target for target in imports(name) if folder(target) == "parts"}
    assert reached == set(), f"{name} imports a controller"


@pytest.mark.parametrize("name", [m for m in MODULES if folder(m) == "model"])
def test_the_model_never_imports_a_view(name):
    assert {target for target in imports(name) if folder(target) == "views"} == set()


def test_nothing_imports_the_composition_root():
    assert [name for name in MODULES if "main/main.js" in imports(name)] == []


def test_the_page_modules_import_one_another_in_no_cycle():
    graph = {name: imports(name) & set(MODULES) for name in MODULES}
    state: dict[str, str] = {}

    def visit(name: str, path: list[str]) -> None:
        state[name] = "open"
        for target in sorted(graph[name]):
            if state.get(target) == "open":
                pytest.fail("import cycle: " + " -> ".join([*path, name, target]))
            if target not in state:
                visit(target, [*path, name])
        state[name] = "done"

    for name in MODULES:
        if name not in state:
            visit(name, [])


@pytest.mark.parametrize("name", [m for m in MODULES if folder(m) == "parts"])
def test_no_part_is_given_the_whole_app(name):
    text = (WEB / name).read_text(encoding="utf-8")
    assert not re.search(r"constructor\(\s*app\b", text), f"{name} is built with the whole app"
    assert not re.search(r"this\.app\b", text), f"{name} reaches through an app object"


def test_the_session_alone_writes_the_saved_game():
    writers = []
    for name in MODULES:
        text = (WEB / name).read_text(encoding="utf-8")
        if re.search(r"""\.(?:save|setAside)\(\s*["']game["']""", text):
            writers.append(name)
    assert writers == ["main/parts/session.js"]
