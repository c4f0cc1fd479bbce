"""Which standard-library modules the engine asks for inside Pyodide, and where
each came from (run by tests/pyodide/run_tests.mjs, which execs this file).

``watch(engine)`` wraps ``__import__`` and ``importlib.import_module``: every
import executed is put down to the nearest frame on the stack that is not the
standard library's own (the library's code importing more of itself counts for
whoever called into it). When that frame belongs to one of the ``engine``
modules (the page's: what the worker imports at boot), each module the import
reached is recorded in ``asked``; ``from_extra`` then lists those that came
from the test stage's extra library (the full one, after the shipped one on
sys.path), which the site does not serve.
"""

import builtins
import importlib
import sys

ZIP_PREFIX = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}"  # /lib/python314.zip
SHIPPED = ZIP_PREFIX + ".zip"
EXTRA = ZIP_PREFIX + "-extra.zip"

asked: set[str] = set()
from_extra: dict[str, str] = {}


def _is_stdlib(filename: str) -> bool:
    return filename.startswith(ZIP_PREFIX) or filename.startswith("<frozen")


def _asker(frame, engine_files: frozenset[str]) -> str | None:
    """The engine file that made this import happen, if the nearest non-library frame is one."""
    while frame is not None and _is_stdlib(frame.f_code.co_filename):
        frame = frame.f_back
    if frame is None:
        return None
    filename = frame.f_code.co_filename
    return filename if filename in engine_files else None


def _record(names, asker: str) -> None:
    for name in names:
        module = sys.modules.get(name)
        spec = getattr(module, "__spec__", None)
        origin = getattr(spec, "origin", None) or ""
        if not (origin.startswith(ZIP_PREFIX) or origin in ("built-in", "frozen")):
            continue  # not the standard library's (the engine, site-packages)
        asked.add(name)
        if origin.startswith(EXTRA):
            from_extra.setdefault(name, asker)


def _reached(name: str, globals_, fromlist, level: int) -> list[str]:
    """The modules an ``__import__`` call reached: the name, its parents, and the
    submodules a ``from`` import named."""
    if level:
        package = (globals_ or {}).get("__package__") or ""
        base = package.rsplit(".", level - 1)[0] if level > 1 else package
        name = f"{base}.{name}" if name else base
    parts = name.split(".")
    names = [".".join(parts[:i]) for i in range(1, len(parts) + 1)]
    names += [f"{name}.{item}" for item in fromlist or () if f"{name}.{item}" in sys.modules]
    return names


def engine_files() -> frozenset[str]:
    """The source files of the engine's modules loaded so far (the page's set, at boot)."""
    return frozenset(
        module.__file__ for name, module in list(sys.modules.items())
        if (name == "tripeaks" or name.startswith("tripeaks."))
        and getattr(module, "__file__", None))


def watch(engine: frozenset[str]) -> None:
    """Record, from now on, the library modules the ``engine`` files reach."""
    real_import = builtins.__import__
    real_import_module = importlib.import_module

    def traced_import(name, globals=None, locals=None, fromlist=(), level=0):  # noqa: A002
        module = real_import(name, globals, locals, fromlist, level)
        asker = _asker(sys._getframe(1), engine)
        if asker:
            _record(_reached(name, globals, fromlist, level), asker)
        return module

    def traced_import_module(name, package=None):
        module = real_import_module(name, package)
        asker = _asker(sys._getframe(1), engine)
        if asker:
            _record(_reached(module.__name__, None, (), 0), asker)
        return module

    builtins.__import__ = traced_import
    importlib.import_module = traced_import_module


def library_modules() -> list[str]:
    """Every module loaded so far from the standard library's zip(s)."""
    found = []
    for name, module in list(sys.modules.items()):
        origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
        if origin.startswith(ZIP_PREFIX):
            found.append(name)
    return sorted(found)


class ExtraLibrary:
    """Finds, after every other finder, what the shipped library lacks, in the extra
    one (the test stage's only): a module of a package the shipped library has only
    part of is found too, which sys.path alone would not do."""

    @staticmethod
    def find_spec(name, path=None, target=None):
        import zipimport

        parts = name.split(".")
        try:
            importer = zipimport.zipimporter("/".join([EXTRA, *parts[:-1]]) + "/")
        except zipimport.ZipImportError:
            return None
        return importer.find_spec(name)


def unlike_the_original() -> list[str]:
    """The shipped library's files whose syntax trees (with every position) differ
    from the same file's in the extra library, Pyodide's own, but for the text of
    their docstrings (build.py empties them)."""
    import ast
    import zipfile

    def tree(source: bytes) -> str:
        parsed = ast.parse(source)
        ends = set()  # where a docstring ends, and so does a block it is the last of
        for node in ast.walk(parsed):
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) \
                    and isinstance(node.value.value, str):
                node.value.value = ""
                ends.add((node.end_lineno, node.end_col_offset))
        for node in ast.walk(parsed):
            if (getattr(node, "end_lineno", None), getattr(node, "end_col_offset", None)) in ends:
                node.end_lineno = node.end_col_offset = None
        return ast.dump(parsed, include_attributes=True)

    changed = []
    with zipfile.ZipFile(SHIPPED) as shipped, zipfile.ZipFile(EXTRA) as original:
        for name in shipped.namelist():
            if not name.endswith(".py"):
                continue
            trees = [tree(zf.read(name)) for zf in (shipped, original)]
            if trees[0] != trees[1]:
                changed.append(name)
    return changed
