"""The page's module list: build.py preloads main/main.js and every module it imports."""

from __future__ import annotations

from pathlib import Path

import pytest

import build

WEB = Path(build.ROOT) / "web"
# Not modules of the page: a classic script of its own, and the engine's worker's modules
# (and the import list it loads when it starts Python afresh).
PAGE_SCRIPTS = {"boot.js", "worker/engine-imports.js"} | set(build.module_graph(
    WEB, "worker/engine-worker.js", frozenset({"build-info.js", "pyodide/pyodide.mjs"})))


def test_every_module_of_the_shell_is_reached_from_main_js():
    reached = set(build.module_graph(WEB, "main/main.js", frozenset({"first-deal.js"})))
    modules = {path.relative_to(WEB).as_posix() for path in WEB.rglob("*.js")} - PAGE_SCRIPTS
    assert modules - reached == set(), "a module nothing imports, so no page loads it"
    assert "first-deal.js" in reached  # written by the build
    assert "main/views/cards.js" in reached  # imported two deep


def test_index_html_leaves_the_preload_list_to_the_build():
    page = (WEB / "index.html").read_text()
    assert build.PRELOAD_MARKER.search(page)
    assert 'rel="modulepreload"' not in page  # a hand-kept list goes stale


def test_imports_on_several_lines_and_parent_paths_are_followed(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "main.js").write_text(
        'import {\n  a,\n  b,\n} from "./sub/a.js";\nimport "./side.js";\n')
    (tmp_path / "side.js").write_text("export const side = 1;\n")
    (tmp_path / "sub" / "a.js").write_text(
        'export { c } from "../c.js";\nconst s = "import x from \'./no.js\'";\n')
    (tmp_path / "c.js").write_text("export const c = 1;\n")
    assert build.module_graph(tmp_path, "main.js") == ["main.js", "sub/a.js", "side.js", "c.js"]


def test_a_missing_module_stops_the_build(tmp_path):
    (tmp_path / "main.js").write_text('import { gone } from "./gone.js";\n')
    with pytest.raises(build.BuildError, match="gone.js"):
        build.module_graph(tmp_path, "main.js")


def test_the_page_ships_without_its_comment_lines_and_every_line_in_its_place():
    source = "\n".join([
        "// a note", "const a = 1; // kept: after code", "/** a block", " * of notes */",
        "const css = `", "// inside a template: kept", "`;", "  /* one line */", "let b = 2;"])
    shipped = build.without_comment_lines(source).split("\n")
    assert shipped == ["", "const a = 1; // kept: after code", "", "", "const css = `",
                       "// inside a template: kept", "`;", "", "let b = 2;"]
    # Every module of the page keeps its line count: a stack trace points at the checkout's line.
    for path in (build.WEB / "main").rglob("*.js"):
        text = path.read_text(encoding="utf-8")
        assert build.without_comment_lines(text).count("\n") == text.count("\n"), path
