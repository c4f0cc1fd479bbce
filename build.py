#!/usr/bin/env python3
"""Build the offline app into dist/, or build it and serve it on localhost.

    python build.py                      # writes dist/
    python build.py serve [--port 8000] [--prefix /tripeaks/]

What dist/ holds (every URL relative, so the site works at / and under any
sub-path):

  index.html, main/, worker/,             the shell, copied from web/ (boot.js goes
  styles/, icons/                         inside index.html)
  main/main.js (and .map)                 the page's modules bundled into one (esbuild,
                                          not minified; the source map not precached)
  worker/engine-worker.js (and .map)      the engine worker's modules bundled the same
                                          way, but for engine-imports.js and Pyodide's
                                          loader (imported when needed), with the build's
                                          facts written in
  manifest.json, service-worker.js        from the top level; the service worker
                                          gets its precache list injected here
  build-info.js                           the wheel's name, the build hash and the
                                          runtime files a first visit's worker downloads
                                          (the worker carries them; this file, not
                                          precached, is for tools such as the bench pages)
  screenshots/                            the install sheet's pictures, from docs/screenshots
                                          (not precached: only the install sheet shows them)
  wheels/tripeaks-<v>-py3-none-any.whl    built from tripeaks/ (pure Python)
  pyodide/python_stdlib.zip               only the standard-library modules the game runs
                                          (requirements/python-stdlib.txt), without
                                          comments or docstrings
  pyodide/                                the Pyodide runtime, one pinned version
                                          fetched with `npm pack`, integrity checked,
                                          cached in .cache/pyodide/ between builds;
                                          its pyodide-lock.json lists the wheel
                                          (with its sha256) and nothing else
  pyodide/*.gz                            gzip copies of the large runtime files, which
                                          the service worker downloads and decodes
                                          instead (see GZIP_MIN); the originals stay
  pyodide/*.xz                            xz copies of the same, smaller, which a first
                                          visit's engine worker downloads and decodes
  worker/xz-decoder.wasm (and .txt)       the xz decoder (XZ_PACKAGE) and its notice

build.py needs the pyodide-lock package: run with a Python that lacks it, it
sets up .venv/ (devenv.py, requirements/build.txt) and runs itself there.

Nothing is fetched at run time from anywhere but the site itself.
"""

from __future__ import annotations

import argparse
import base64
import collections
import gzip
import hashlib
import http.server
import importlib.util
import io
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tarfile
import tempfile
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
DIST = ROOT / "dist"
CACHE = ROOT / ".cache" / "pyodide"

PYODIDE_VERSION = "314.0.7"
PYODIDE_INTEGRITY = (
    "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A=="
)
# The files of the npm package the app needs; the rest (consoles, source maps,
# the classic-script loader, type declarations) stay out of the site.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")

# Files of the runtime (pyodide/) of at least GZIP_MIN bytes that gzip to at most
# GZIP_RATIO of their size get a .gz copy beside them, for hosts that compress
# nothing. Measured on Pyodide 314.0.7: pyodide.asm.wasm 9.60 -> 3.53 MB,
# pyodide.asm.mjs 1.25 -> 0.26 MB, python_stdlib.zip (the modules the game runs,
# stored: see trimmed_stdlib) 2.52 -> 0.57 MB; the rest are small. Only the runtime: the page has
# loaded its own files before the service worker installs, so they come from
# the HTTP cache, and a .gz of them would be a second download.
GZIP_DIR = "pyodide/"
GZIP_MIN = 64_000
GZIP_RATIO = 0.8

# The same files get an .xz copy too (LZMA2: the wasm 3.41 MB as gzip, 2.64 MB as xz),
# which a first visit's worker downloads and decodes as it streams in with a small
# WebAssembly decoder (web/worker/xz.js), since no browser's DecompressionStream knows
# xz or Brotli. The decoder is xz-embedded, built to wasm by the npm package
# xz-decompress (MIT and public domain; its notice ships beside it), pinned here and
# taken from the registry as Pyodide is.
XZ_PACKAGE = "xz-decompress"
XZ_VERSION = "0.2.3"
XZ_INTEGRITY = (
    "sha512-O8v6HG8T0PrKBcpyWA13GkSYWFvncwzuzcLx5A7++l3HsE3atmoetXjIxrZ/JV/nbvSZ7WS4+3XvREZuVn+rEA=="
)
XZ_DECODER = "worker/xz-decoder.wasm"

# The page's modules (main/main.js and the fifty-odd it imports) ship as one file,
# main/main.js, bundled by esbuild: a warm start's page no longer loads and links
# them one by one before it can draw the saved game (measured: the saved board
# drawn 0.25 -> 0.16 s in desktop Chromium). esbuild's WebAssembly build, run by
# Node, is the same on every machine; it is pinned here and taken from the
# registry as Pyodide is. The bundle is not minified, and its source map (not
# precached: only developer tools ask for it) gives each line back to its module.
ESBUILD_PACKAGE = "esbuild-wasm"
ESBUILD_VERSION = "0.28.2"
ESBUILD_INTEGRITY = (
    "sha512-GccVwhv3mmOUVQHCQm2Ox/rby8n/EqUwvZxE6Pjfikrq/lWw9g9WX/u9EykWnpot3Ko6j426DgQdea2xWKIAQA=="
)
PAGE_ENTRY = "main/main.js"
# The engine's worker is bundled the same way (its modules come in one request, not
# level by level), but for Pyodide's loader, the build's own list (written after) and
# the Python it runs before its snapshot (which the Pyodide test stage runs too).
WORKER_ENTRY = "worker/engine-worker.js"
WORKER_OUTSIDE = ("pyodide/pyodide.mjs", "build-info.js", "worker/engine-imports.js")
# The build's facts (its hash, the runtime's files): written after the hash, which they
# carry, and put into the worker's bundle in place of its import (inline_build_facts).
BUILD_INFO = "build-info.js"
FACTS_IMPORT = re.compile(r'^import \{([\w\s,]+)\} from "\.\./build-info\.js";$', re.M)

MIME = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".gz": "application/gzip",
    ".xz": "application/x-xz",
    ".png": "image/png",
    ".svg": "image/svg+xml",
    ".txt": "text/plain; charset=utf-8",
}


class BuildError(RuntimeError):
    pass


# --------------------------------------------------------------------------- pyodide


def _integrity_ok(data: bytes, integrity: str) -> bool:
    algo, _, expected = integrity.partition("-")
    digest = hashlib.new(algo, data).digest()
    return base64.b64encode(digest).decode() == expected


def npm_tarball(name: str, version: str, integrity: str, cache: Path = CACHE) -> bytes:
    """The pinned npm package's tarball, fetched once with ``npm pack`` and checked."""
    tarball = cache / f"{name}-{version}.tgz"
    if tarball.exists() and _integrity_ok(tarball.read_bytes(), integrity):
        return tarball.read_bytes()
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError(f"npm is needed to fetch {name} (install Node.js and npm)")
    cache.mkdir(parents=True, exist_ok=True)
    print(f"fetching {name}@{version} from the npm registry, once: it is kept in {cache}",
          file=sys.stderr)
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([npm, "pack", f"{name}@{version}", "--pack-destination", tmp, "--silent"],
                       check=True, stdout=subprocess.DEVNULL)
        shutil.move(Path(tmp) / f"{name}-{version}.tgz", tarball)
    data = tarball.read_bytes()
    if not _integrity_ok(data, integrity):
        tarball.unlink()
        raise BuildError(f"{name}-{version}.tgz does not match its pinned integrity")
    return data


def xz_decoder(cache: Path = CACHE) -> tuple[bytes, str]:
    """The xz decoder's wasm (the package carries it as a data: URL in its script) and
    its notice (the script's /*! ... */ block: whose work it is, under which licences)."""
    data = npm_tarball(XZ_PACKAGE, XZ_VERSION, XZ_INTEGRITY, cache)
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        member = tar.extractfile(f"package/dist/package/{XZ_PACKAGE}.js")
        assert member is not None
        script = member.read().decode("utf-8")
    wasm = re.search(r'"data:application/wasm;base64,([A-Za-z0-9+/=]+)"', script)
    notice = re.search(r"/\*!(.*?)\*/", script, re.S)
    if not wasm or not notice:
        raise BuildError(f"{XZ_PACKAGE} {XZ_VERSION}: its wasm or its notice is not where it was")
    lines = [line.strip().lstrip("*").strip() for line in notice.group(1).splitlines()]
    text = (f"{XZ_DECODER}: the xz decoder of the npm package {XZ_PACKAGE} {XZ_VERSION}.\n"
            + "\n".join(line for line in lines if line) + "\n")
    return base64.b64decode(wasm.group(1)), text


def bundler(cache: Path = CACHE) -> list[str]:
    """The command that runs the pinned esbuild (its WebAssembly build, on Node)."""
    package = cache / f"{ESBUILD_PACKAGE}-{ESBUILD_VERSION}"
    script = package / "package" / "bin" / "esbuild"
    if not script.is_file():
        data = npm_tarball(ESBUILD_PACKAGE, ESBUILD_VERSION, ESBUILD_INTEGRITY, cache)
        with tempfile.TemporaryDirectory(dir=cache) as tmp:
            with tarfile.open(fileobj=io.BytesIO(data)) as tar:
                safe = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}  # 3.11.4+
                tar.extractall(tmp, **safe)
            shutil.rmtree(package, ignore_errors=True)
            Path(tmp).rename(package)
    node = shutil.which("node")
    if node is None:
        raise BuildError("Node.js is needed to bundle the page's modules (install Node.js and npm)")
    return [node, str(script)]


def bundle(dist: Path, entry: str, outside: tuple[str, ...] = (),
           cache: Path = CACHE / "bundle") -> None:
    """``entry`` and the modules it imports bundled into ``entry`` (its map beside it),
    those modules taken out of the site; ``outside`` (paths from the site's root) stay
    files of their own, imported by the bundle. Bundles are kept by their inputs."""
    here = Path(entry).parent
    modules = [name for name in module_graph(dist, entry, frozenset(outside))
               if name not in outside]
    key = hashlib.sha256(" ".join((ESBUILD_VERSION, *outside)).encode())
    for name in modules:
        key.update(name.encode() + b"\0" + (dist / name).read_bytes() + b"\0")
    kept = cache / key.hexdigest()[:24]
    if not (kept / "bundle.js.map").is_file():
        # Written over the entry in place, so that the source map names each module
        # by its path from the entry's folder and the bundle names its map after itself.
        paths = [os.path.relpath(name, here) for name in outside]  # as the entry's imports say
        external = [f"--external:{p if p.startswith('.') else './' + p}" for p in paths]
        subprocess.run([*bundler(), entry, "--bundle", "--format=esm", "--charset=utf8",
                        *external, "--sourcemap", f"--outfile={entry}", "--allow-overwrite",
                        "--log-level=warning"], cwd=dist, check=True)
        kept.mkdir(parents=True, exist_ok=True)
        # Each file put in place whole under a name of this process's own: two builds at
        # once (the test workers' sites) neither read the other's half-written copy nor
        # move each other's file away. The map last: it says the bundle is kept.
        part = f".{os.getpid()}.part"
        for name, source in (("bundle.js", dist / entry), ("bundle.js.map", dist / f"{entry}.map")):
            shutil.copyfile(source, kept / (name + part))
            (kept / (name + part)).replace(kept / name)
    for name in modules:
        (dist / name).unlink(missing_ok=True)
    for folder in sorted({(dist / name).parent for name in modules}, reverse=True):
        if folder != dist and not any(folder.iterdir()):
            folder.rmdir()
    (dist / entry).parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(kept / "bundle.js", dist / entry)
    shutil.copyfile(kept / "bundle.js.map", dist / f"{entry}.map")


def inline_build_facts(worker: Path, facts: dict) -> None:
    """The worker bundle's import of build-info.js replaced by the facts it names, on the
    one line it took (its source map stays true): the worker's file then runs with no
    request before it, where the import cost a second level of them at each start. The
    build hash covers the bundle as it was with the import (all its code); what is put in
    follows from the files the hash covers."""
    text = worker.read_text()
    found = FACTS_IMPORT.findall(text)
    if len(found) != 1:
        raise BuildError(f"{worker.name} must import the build's facts from {BUILD_INFO} once")
    names = [name.strip() for name in found[0].split(",") if name.strip()]
    unknown = [name for name in names if name not in facts]
    if unknown:
        raise BuildError(f"{worker.name} imports {', '.join(unknown)}, which {BUILD_INFO} lacks")
    line = "const " + ", ".join(f"{name} = {json.dumps(facts[name])}" for name in names) + ";"
    worker.write_text(FACTS_IMPORT.sub(lambda _: line, text))


def fetch_pyodide(cache: Path = CACHE) -> Path:
    """The directory holding the pinned Pyodide files, fetched once and checked."""
    target = cache / PYODIDE_VERSION
    stamp = target / ".integrity"
    if stamp.exists() and stamp.read_text() == PYODIDE_INTEGRITY and all(
        (target / name).exists() for name in PYODIDE_FILES + ("pyodide-lock.json",)
    ):
        return target
    tarball = cache / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tarball.exists() or not _integrity_ok(tarball.read_bytes(), PYODIDE_INTEGRITY):
        cache.mkdir(parents=True, exist_ok=True)
        npm = shutil.which("npm")
        if npm is not None:
            print(f"fetching pyodide@{PYODIDE_VERSION} (about 6.5 MB) from the npm registry, "
                  f"once: it is kept in {cache}", file=sys.stderr)
        if npm is None:
            raise BuildError("npm is needed to fetch Pyodide (install Node.js and npm)")
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run(
                [npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", tmp,
                 "--silent"],
                check=True, stdout=subprocess.DEVNULL,
            )
            packed = Path(tmp) / f"pyodide-{PYODIDE_VERSION}.tgz"
            shutil.move(packed, tarball)
    data = tarball.read_bytes()
    if not _integrity_ok(data, PYODIDE_INTEGRITY):
        tarball.unlink()
        raise BuildError(f"pyodide-{PYODIDE_VERSION}.tgz does not match its pinned integrity")
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        for name in PYODIDE_FILES + ("pyodide-lock.json",):
            member = tar.getmember(f"package/{name}")
            extracted = tar.extractfile(member)
            assert extracted is not None
            (target / name).write_bytes(extracted.read())
    stamp.write_text(PYODIDE_INTEGRITY)
    return target


# --------------------------------------------------------------------------- standard library

# The standard-library modules the site ships, one a line: what Pyodide's own
# start-up, the engine (as the worker boots it, and over its whole test suite)
# and the error paths import inside Pyodide. Written by bench/trace_stdlib.py,
# never by hand; the Pyodide test stage fails when the engine imports a module
# the shipped library lacks.
STDLIB_LIST = ROOT / "requirements" / "python-stdlib.txt"


def stdlib_modules(listing: Path = STDLIB_LIST) -> list[str]:
    """The module names requirements/python-stdlib.txt lists (its # lines are comments)."""
    lines = (line.split("#", 1)[0].strip() for line in listing.read_text().splitlines())
    return [line for line in lines if line]


def stdlib_files(names: list[str], available: set[str]) -> list[str]:
    """The zip's files for these modules: ``a/b.py`` or ``a/b/__init__.py``."""
    files = []
    for name in names:
        path = name.replace(".", "/")
        found = [f for f in (f"{path}.py", f"{path}/__init__.py") if f in available]
        if not found:
            raise BuildError(f"requirements/python-stdlib.txt lists {name}, which this Pyodide's "
                             "library lacks: run bench/trace_stdlib.py")
        files += found
    return files


def without_comments(source: bytes) -> bytes:
    """Python source with its comments cut (each line kept, so every line number
    and column stays): the library is read by the interpreter and in tracebacks,
    never by a person. The Pyodide test stage checks the syntax trees are the
    original's, positions and all."""
    import tokenize

    text = source.decode("utf-8")
    lines = text.splitlines(keepends=True)
    comments = [tok.start for tok in tokenize.generate_tokens(io.StringIO(text).readline)
                if tok.type == tokenize.COMMENT]
    for row, col in reversed(comments):
        line = lines[row - 1]
        lines[row - 1] = line[:col].rstrip() + line[len(line.rstrip("\r\n")):]
    return "".join(lines).encode("utf-8")


def without_docstrings(source: bytes) -> bytes:
    """Python source with every docstring (a statement that is only a string) emptied,
    each line kept, so line numbers in a traceback still match the checkout. The
    engine never reads its own docstrings: they are for people, who read the checkout.

    Found by the tokenizer, not the syntax tree, so that the host's Python need not
    parse a newer one's library (Pyodide's 3.14, t-strings and all): a string, or
    strings side by side, alone between the start of a statement and its end. Bytes
    and f-strings are not docstrings and stay; so does a one-line ``def f(): "..."``."""
    import tokenize

    text = source.decode("utf-8")
    tokens = [tok for tok in tokenize.generate_tokens(io.StringIO(text).readline)
              if tok.type not in (tokenize.NL, tokenize.COMMENT)]
    spans = []
    starts = (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT)

    def prefix(string: str) -> set[str]:  # a string token's letters before its quote
        return set(string[:string.index(string[-1])].lower())

    for i, tok in enumerate(tokens):
        if tok.type != tokenize.STRING or (i and tokens[i - 1].type not in starts):
            continue
        j = i
        while tokens[j].type == tokenize.STRING and not prefix(tokens[j].string) & set("bft"):
            j += 1
        if j > i and tokens[j].type in (tokenize.NEWLINE, tokenize.ENDMARKER) \
                and all(t.type == tokenize.STRING for t in tokens[i:j]):
            spans.append((*tokens[i].start, *tokens[j - 1].end))
    lines = text.splitlines(keepends=True)
    for first, start, last, end in sorted(spans, reverse=True):
        if first == last:
            lines[first - 1] = lines[first - 1][:start] + '""' + lines[first - 1][end:]
        else:
            kept_lines = ["\n"] * (last - first - 1)
            lines[first - 1:last] = [lines[first - 1][:start] + '"""\n', *kept_lines,
                                     '"""' + lines[last - 1][end:]]
    return "".join(lines).encode("utf-8")


def without_comment_lines(text: str) -> str:
    """JavaScript or CSS without its whole-line comments (``// ...`` lines and ``/* ... */``
    blocks that start a line), each left an empty line, so every line number in a stack
    trace or the browser's tools still matches the checkout. A comment after code stays,
    and so does every line inside a template literal that spans lines."""
    out: list[str] = []
    in_block = False
    ticks = 0  # backticks seen outside comments: odd while a template literal is open
    for line in text.split("\n"):
        stripped = line.strip()
        if in_block:
            in_block = "*/" not in stripped
            out.append("" if in_block or stripped.endswith("*/") else line)
            continue
        if ticks % 2 == 0 and stripped.startswith("//"):
            out.append("")
        elif ticks % 2 == 0 and stripped.startswith("/*"):
            in_block = "*/" not in stripped
            out.append("" if in_block or stripped.endswith("*/") else line)
        else:
            out.append(line)
            ticks += line.count("`") - line.count("\\`")
    return "\n".join(out)


def trimmed_stdlib(source: Path, names: list[str] | None = None) -> bytes:
    """python_stdlib.zip with only the modules listed, without their comments and
    docstrings (0.17 MB less gzipped: nothing the game runs reads them), stored
    uncompressed: the site's compressed copies of it then compress them together
    (0.57 MB against 0.75 MB deflated one by one), and an import reads its module
    without inflating it."""
    with zipfile.ZipFile(source) as zin:
        available = {info.filename for info in zin.infolist()}
        files = stdlib_files(stdlib_modules() if names is None else names, available)
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as zout:
            for name in sorted(set(files)):
                info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
                info.external_attr = 0o644 << 16
                zout.writestr(info, without_comments(without_docstrings(zin.read(name))))
    return out.getvalue()


# Pyodide's runtime script is one function, the module factory, as long as the file
# (1.25 MB). V8 compiles a function only when it is first called, so a start scanned it
# once at the import and parsed it whole again when loadPyodide called it (about 25 ms
# on the engine's thread, after the snapshot is in and the wasm compiled). Put in
# brackets, the factory is compiled with the script (V8's rule for a function that is
# likely called at once), in the import's one pass: the same function, named and
# exported as before. Node: the import 23.5 -> 27.5 ms, the first call 11.5 -> 0.2 ms.
FACTORY_HEAD = "async function _createPyodideModule("
FACTORY_EXPORT = "export default _createPyodideModule;"
FACTORY_TAIL = ";return moduleRtn}" + FACTORY_EXPORT


def eager_factory(script: str) -> str:
    """pyodide.asm.mjs with its factory a bracketed function expression, which V8 compiles
    with the script, not again at its first call. Refuses a script of another shape (a new
    Pyodide: check the rule still holds before the build takes it)."""
    body = script.rstrip("\n")
    if not body.startswith(FACTORY_HEAD) or not body.endswith(FACTORY_TAIL):
        raise BuildError("pyodide.asm.mjs is not one exported factory function as expected: "
                         "review eager_factory for this Pyodide")
    factory = body[:-len(FACTORY_EXPORT)]
    return f"var _createPyodideModule=({factory});{FACTORY_EXPORT}{script[len(body):]}"


# Of the runtime script, 387 KB is one function, assignWasmExports, run once as the
# runtime starts: 4,868 statements, most keeping one wasm export both in a variable of the
# factory and on the Module object. For 4,437 of them the variable is never read: the
# script names it once, where it declares it. Those exports go on Module alone, from a
# loop over their names, and their variables are no longer declared. The script is 0.9 MB
# instead of 1.25 MB: 350 KB less to scan at the import, and 273 KB less to compile as the
# runtime starts (Node: the import 28 -> 21.5 ms).
EXPORTS_HEAD = "function assignWasmExports(wasmExports){"
EXPORTS_LOOP = ('for(var unreadExport of "{names}".split(" "))'
                'Module["_"+unreadExport]=wasmExports[unreadExport]')
KEPT_BOTH_WAYS = re.compile(r'(_([\w$]+))=Module\["\1"\]=wasmExports\["\2"\]')
DECLARED = re.compile(r"var ((?:[\w$]+,)*[\w$]+);")


def lean_exports(script: str) -> str:
    """pyodide.asm.mjs with the exports whose factory variable nothing reads put on Module
    by a loop over their names, and those variables undeclared. Refuses a script of another
    shape (a new Pyodide: check the rule still holds before the build takes it)."""
    start = script.find(EXPORTS_HEAD)
    end = script.find("}", start)
    body = script[start + len(EXPORTS_HEAD):end]
    if start < 0 or script.count(EXPORTS_HEAD) != 1 or "{" in body or "unreadExport" in script:
        raise BuildError("pyodide.asm.mjs has not the one assignWasmExports expected: "
                         "review lean_exports for this Pyodide")
    rest = script[:start] + script[end + 1:]
    statements = [(s, KEPT_BOTH_WAYS.fullmatch(s)) for s in body.split(";") if s]
    others = ";".join(s for s, both in statements if not both)
    named = collections.Counter(re.findall(r"[\w$]+", f"{rest};{others}"))  # any mention
    declared = collections.Counter(n for m in DECLARED.finditer(rest) for n in m[1].split(","))
    kept, listed = [], []
    for statement, both in statements:
        if both and named[both[1]] == declared[both[1]] == 1:
            listed.append(both[2])
        else:
            kept.append(statement)
    if not listed:
        raise BuildError("pyodide.asm.mjs reads every export's variable: review lean_exports")
    unread = {"_" + name for name in listed}

    def undeclare(m: re.Match[str]) -> str:
        names = [name for name in m[1].split(",") if name not in unread]
        return f"var {','.join(names)};" if names else ""

    loop = EXPORTS_LOOP.format(names=" ".join(listed))
    return (DECLARED.sub(undeclare, script[:start]) + EXPORTS_HEAD + ";".join([*kept, loop])
            + "}" + DECLARED.sub(undeclare, script[end + 1:]))


def _lockfile(source: Path) -> str:
    """The lock file with none of Pyodide's packages (the game's own wheel is
    added by add_to_lockfile), so a misspelt import can never send Pyodide
    looking for a CDN."""
    info = json.loads(source.read_text())["info"]
    # Pyodide 314's lock names no version of itself; pyodide-lock 0.1 (the last
    # for Python 3.11) requires one.
    info.setdefault("version", PYODIDE_VERSION)
    return json.dumps({"info": info, "packages": {}}, separators=(",", ":"))


# --------------------------------------------------------------------------- wheel


def project_meta() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


# The command line's own modules: the page's engine never imports them (the page words
# everything from its JSON catalog), so the site's wheel leaves them out. The Pyodide
# test stage puts them back for the command line's tests.
COMMAND_LINE_ONLY = frozenset({
    "__main__.py", "cli.py", "cli_common.py", "cli_words.py", "solver_cli.py", "coach_cli.py",
    "catalogs.py",
})


def build_wheel(out_dir: Path) -> Path:
    """A pure-Python wheel of the engine in tripeaks/ (the command line left out, and
    the comments and docstrings), byte-for-byte reproducible.

    Written directly (a wheel is a zip with a dist-info folder) so the build
    needs no network and no particular setuptools.
    """
    meta = project_meta()
    name, version = meta["name"], meta["version"]
    files = sorted(
        p for p in (ROOT / "tripeaks").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix in (".py", ".typed")
        and p.name not in COMMAND_LINE_ONLY
    )
    dist_info = f"{name}-{version}.dist-info"
    # The engine as it runs: its comments and docstrings stay in the checkout (a third of
    # the wheel's bytes), every line number kept.
    def shipped(path: Path) -> bytes:
        data = path.read_bytes()
        return without_comments(without_docstrings(data)) if path.suffix == ".py" else data

    entries: list[tuple[str, bytes]] = [(p.relative_to(ROOT).as_posix(), shipped(p)) for p in files]
    metadata = (
        f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
        f"Summary: {meta.get('description', '')}\n"
        f"Requires-Python: {meta.get('requires-python', '')}\n"
    )
    entries.append((f"{dist_info}/METADATA", metadata.encode()))
    entries.append((
        f"{dist_info}/WHEEL",
        b"Wheel-Version: 1.0\nGenerator: tripeaks-build\nRoot-Is-Purelib: true\n"
        b"Tag: py3-none-any\n",
    ))
    entries.append((f"{dist_info}/top_level.txt", b"tripeaks\n"))
    record_lines = []
    for arcname, data in entries:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record_lines.append(f"{arcname},sha256={digest},{len(data)}")
    record_lines.append(f"{dist_info}/RECORD,,")
    entries.append((f"{dist_info}/RECORD", ("\n".join(record_lines) + "\n").encode()))
    out_dir.mkdir(parents=True, exist_ok=True)
    wheel = out_dir / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as zf:
        for arcname, data in entries:
            info = zipfile.ZipInfo(arcname, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, data)
    return wheel


# --------------------------------------------------------------------------- lock file


def add_to_lockfile(lock: Path, wheel: Path) -> None:
    """List the game's wheel in the site's pyodide-lock.json with its sha256, so
    Pyodide installs it by name (``loadPackage("tripeaks")``) and the browser
    checks its hash. Written with pyodide-lock, the library pyodide-build uses."""
    try:
        from pyodide_lock import PyodideLockSpec
        from pyodide_lock.utils import add_wheels_to_spec
    except ImportError as exc:
        raise BuildError("the pyodide-lock package is missing: run `python build.py`, "
                         "which sets up .venv/, or use .venv/bin/python") from exc
    base_url = os.path.relpath(wheel.parent, lock.parent).replace(os.sep, "/") + "/"
    spec = add_wheels_to_spec(PyodideLockSpec.from_json(lock), [wheel],
                              base_path=wheel.parent, base_url=base_url)
    spec.to_json(lock)


# A new player's options (web/main/model/options.js OPTION_DEFAULTS), as the page asks for a game.
FIRST_DEAL_REQUEST = {"preset": "standard"}


LOCALES = "locales/"  # one JSON catalog a language; the page fetches only the player's


def write_catalogs(dist: Path) -> None:
    """locales/<code>.json: each language's messages as the page reads them
    (tripeaks/catalogs.py page_catalog), and the pseudo-locale's."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from tripeaks import catalogs

    (dist / LOCALES).mkdir(exist_ok=True)
    for code in [*catalogs.LANGUAGES, catalogs.PSEUDO]:
        try:
            page = catalogs.page_catalog(code)
        except catalogs.CatalogError as exc:
            raise BuildError(f"the {code} catalog: {exc}") from exc
        (dist / LOCALES / f"{code}.json").write_text(
            json.dumps(page, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


def first_deal() -> dict:
    """A new player's first game: its request and its board, as the engine deals it
    (tripeaks/bridge.py, new_game with first: true)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from tripeaks import bridge

    answer = bridge.handle({"type": "new_game", "game": "player", **FIRST_DEAL_REQUEST,
                            "first": True})
    if not answer["ok"]:
        raise BuildError(f"the first deal: {answer['error']['message']}")
    return {"request": FIRST_DEAL_REQUEST, "board": answer["result"]["board"]}


def write_first_deal(dist: Path) -> None:
    """first-deal.js (bundled into the page): the board of a new player's first game,
    so the page draws real cards at once while the runtime loads; the engine then
    confirms it."""
    first = first_deal()
    (dist / "first-deal.js").write_text(
        "// Written by build.py: a new player's first game, drawn before the engine is ready.\n"
        f"export const FIRST_DEAL = {json.dumps(first, separators=(',', ':'))};\n")


def in_project_env(argv: list[str]) -> None:
    """Run build.py again inside .venv/ (made from requirements/build.txt on first
    use, see devenv.py) when this Python lacks what the build needs."""
    if importlib.util.find_spec("pyodide_lock") or os.environ.get("TRIPEAKS_DEVENV"):
        return
    import devenv

    python = devenv.ensure("build")
    os.environ["TRIPEAKS_DEVENV"] = "1"
    os.execv(python, [str(python), str(Path(__file__).resolve()), *argv])


# --------------------------------------------------------------------------- site


def file_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def gzipped(data: bytes, cache: Path = CACHE / "gzip") -> bytes:
    """``data`` gzipped by zopfli (plain gzip that every browser decodes, 3-6 % smaller
    than zlib's level 9: 118 KB off the wasm), with no time stamp (so a build is
    reproducible), kept in ``cache`` by content: zopfli takes 20 s for the wasm."""
    import zopfli.gzip  # the build's own dependency (pyproject.toml, extra "build")

    kept = cache / (hashlib.sha256(data).hexdigest() + ".zopfli.gz")
    if kept.exists():
        packed = kept.read_bytes()
        if gzip.decompress(packed) == data:
            return packed
    packed = zopfli.gzip.compress(data)
    if gzip.decompress(packed) != data:
        raise BuildError("zopfli's gzip copy does not decode to its file")
    cache.mkdir(parents=True, exist_ok=True)
    kept.write_bytes(packed)
    return packed


def xzipped(data: bytes, cache: Path = CACHE / "xz") -> bytes:
    """``data`` as xz (LZMA2 at its strongest, CRC32: what xz-embedded checks), its
    dictionary no larger than the file needs (the decoder allocates all of it), kept in
    ``cache`` by content (the wasm takes 5 s)."""
    import lzma

    kept = cache / (hashlib.sha256(data).hexdigest() + ".xz")
    if kept.exists():
        packed = kept.read_bytes()
        if lzma.decompress(packed) == data:
            return packed
    dictionary = max(1 << 20, 1 << (len(data) - 1).bit_length())
    filters = [{"id": lzma.FILTER_LZMA2, "preset": 9 | lzma.PRESET_EXTREME,
                "dict_size": dictionary}]
    packed = lzma.compress(data, format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC32, filters=filters)
    cache.mkdir(parents=True, exist_ok=True)
    kept.write_bytes(packed)
    return packed


def add_xz_copies(dist: Path, gz_sizes: dict[str, int]) -> dict[str, int]:
    """Write ``<file>.xz`` beside each file with a .gz copy but a catalog, where it is
    smaller; return {url: size of the .xz}."""
    sizes = {}
    for name in gz_sizes:
        if not name.startswith(GZIP_DIR):
            continue
        path = dist / name
        packed = xzipped(path.read_bytes())
        if len(packed) < gz_sizes[name]:
            path.with_name(path.name + ".xz").write_bytes(packed)
            sizes[name] = len(packed)
    return sizes


def add_gzip_copies(dist: Path, paths: list[Path]) -> dict[str, int]:
    """Write ``<file>.gz`` beside each runtime file worth it; return {url: size of the .gz}."""
    sizes = {}
    for path in paths:
        name = path.relative_to(dist).as_posix()
        catalog = name.startswith(LOCALES) and path.suffix == ".json"  # always: the page reads one
        if not catalog and (not name.startswith(GZIP_DIR) or path.stat().st_size < GZIP_MIN):
            continue
        data = path.read_bytes()
        packed = gzipped(data)
        if len(packed) <= GZIP_RATIO * len(data):
            path.with_name(path.name + ".gz").write_bytes(packed)
            sizes[name] = len(packed)
    return sizes


def precache_entry(dist: Path, path: Path, gz_sizes: dict[str, int],
                   xz_sizes: dict[str, int]) -> dict:
    """{url, revision, size}, and for a file with a .gz copy: gz (its URL), gzSize and
    type (the Content-Type to cache the decoded file with), and xz and xzSize for one
    with an .xz copy too (a first visit's worker downloads that). The revision is always
    the hash of the file itself, so the decoded bytes are checked against it."""
    name = path.relative_to(dist).as_posix()
    entry = {"url": name, "revision": file_hash(path), "size": path.stat().st_size}
    if name.startswith(LOCALES):
        # Fetched when the player speaks it, then kept: the first visit downloads one.
        entry["language"] = path.stem
    if name in gz_sizes:
        entry.update(gz=name + ".gz", gzSize=gz_sizes[name],
                     type=MIME.get(path.suffix, "application/octet-stream"))
    if name in xz_sizes:
        entry.update(xz=name + ".xz", xzSize=xz_sizes[name])
    return entry


# A static import or re-export of a relative path: `import {a} from "./x.js"`, `import "./x.js"`.
IMPORT = re.compile(
    r"""(?:^|[;\s])(?:import|export)\s(?:[^;"']*?\sfrom\s*)?["'](\.{1,2}/[^"']+)["']""", re.M)
PRELOAD_MARKER = re.compile(r"^([ \t]*)<!-- __MODULEPRELOAD__ .*?-->$", re.M)


def module_graph(root: Path, entry: str, generated: frozenset[str] = frozenset()) -> list[str]:
    """``entry`` and every module it imports statically, in the order first
    reached (paths relative to ``root``): what the page loads before it runs.
    A module named in ``generated`` (written by the build) may be missing."""
    seen: list[str] = []
    todo = [entry]
    while todo:
        name = todo.pop(0)
        if name in seen:
            continue
        path = root / name
        seen.append(name)
        if name in generated and not path.is_file():
            continue
        if not path.is_file():
            raise BuildError(f"{entry} imports {name}, which is not in {root}")
        for target in IMPORT.findall(path.read_text()):
            todo.append(Path(os.path.normpath(Path(name).parent / target)).as_posix())
    return seen


BOOT_SCRIPT = '<script src="boot.js" async></script>'
SCRIPT_SRC = re.compile(r"(script-src [^;\"]*)")


def inline_boot_script(dist: Path) -> None:
    """Put boot.js into index.html itself, allowed by its hash in the page's Content
    Security Policy: it runs as the parser reaches it, with no file to fetch first, so
    the engine's worker starts about 80 ms sooner. The file stays out of the site."""
    page = dist / "index.html"
    text = page.read_text()
    if BOOT_SCRIPT not in text or not SCRIPT_SRC.search(text):
        raise BuildError(f"web/index.html lacks {BOOT_SCRIPT} or a script-src to allow it")
    script = (dist / "boot.js").read_text().strip("\n")
    if "</" in script:
        raise BuildError("boot.js cannot be put inside a <script> element: it holds '</'")
    digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
    text = SCRIPT_SRC.sub(lambda m: f"{m.group(1)} 'sha256-{digest}'", text, count=1)
    page.write_text(text.replace(BOOT_SCRIPT, f"<script>{script}</script>"))
    (dist / "boot.js").unlink()


def write_module_preloads(dist: Path, entry: str = "main/main.js") -> None:
    """Put a modulepreload link for each module of the page's graph where
    index.html marks it, so the browser fetches them all at once."""
    page = dist / "index.html"
    text = page.read_text()
    if not PRELOAD_MARKER.search(text):
        raise BuildError("web/index.html lacks the <!-- __MODULEPRELOAD__ ... --> marker")
    links = module_graph(dist, entry)

    def links_at(match: re.Match[str]) -> str:
        indent = match.group(1)
        return "\n".join(f'{indent}<link rel="modulepreload" href="{name}">' for name in links)

    page.write_text(PRELOAD_MARKER.sub(links_at, text))


def build(dist: Path = DIST, quiet: bool = False, extra: dict[str, bytes] | None = None) -> dict:
    """Write the whole site to ``dist`` and return its precache manifest.

    ``extra`` adds files (name -> bytes) to the site, e.g. a release note.
    """
    pyodide = fetch_pyodide()
    if dist.exists():
        shutil.rmtree(dist)
    dist.mkdir(parents=True)

    for src in sorted(WEB.rglob("*")):
        if src.is_file() and not src.name.startswith("."):
            dst = dist / src.relative_to(WEB)
            dst.parent.mkdir(parents=True, exist_ok=True)
            if src.suffix in (".js", ".css"):  # as it runs: its notes stay in the checkout
                text = without_comment_lines(src.read_text(encoding="utf-8"))
                dst.write_text(text, encoding="utf-8")
            else:
                shutil.copyfile(src, dst)
    shutil.copyfile(ROOT / "manifest.json", dist / "manifest.json")
    add_install_screenshots(dist)

    pydir = dist / "pyodide"
    pydir.mkdir()
    for name in ("pyodide.mjs", "pyodide.asm.wasm"):
        shutil.copyfile(pyodide / name, pydir / name)
    script = (pyodide / "pyodide.asm.mjs").read_bytes().decode("utf-8")
    factory = eager_factory(lean_exports(script))
    (pydir / "pyodide.asm.mjs").write_bytes(factory.encode("utf-8"))
    (pydir / "python_stdlib.zip").write_bytes(trimmed_stdlib(pyodide / "python_stdlib.zip"))
    (pydir / "pyodide-lock.json").write_text(_lockfile(pyodide / "pyodide-lock.json"))

    for name, data in (extra or {}).items():
        (dist / name).parent.mkdir(parents=True, exist_ok=True)
        (dist / name).write_bytes(data)

    wheel = build_wheel(dist / "wheels")
    decoder, notice = xz_decoder()
    (dist / XZ_DECODER).write_bytes(decoder)
    (dist / XZ_DECODER).with_suffix(".txt").write_text(notice, encoding="utf-8")
    add_to_lockfile(pydir / "pyodide-lock.json", wheel)
    write_first_deal(dist)
    write_catalogs(dist)
    bundle(dist, PAGE_ENTRY)
    bundle(dist, WORKER_ENTRY, WORKER_OUTSIDE)
    write_module_preloads(dist)
    inline_boot_script(dist)
    version = project_meta()["version"]

    # The build hash covers every file the app is made of; build-info.js (which
    # carries it) is written afterwards and hashed on its own. The .gz copies are
    # made from those files and are not precached: each is decoded into its original.
    def listing() -> list[Path]:
        return sorted(p for p in dist.rglob("*") if p.is_file()
                      and p.relative_to(dist).as_posix() not in ("service-worker.js", BUILD_INFO)
                      and p.suffix not in (".gz", ".xz", ".map")
                      and not p.relative_to(dist).as_posix().startswith(INSTALL_SHEET))

    gz_sizes = add_gzip_copies(dist, listing())
    xz_sizes = add_xz_copies(dist, gz_sizes)

    # Each file's precache entry, its bytes hashed once: for the build hash, the runtime's
    # list and the service worker's.
    entries = {p: precache_entry(dist, p, gz_sizes, xz_sizes) for p in listing()}
    content = hashlib.sha256()
    for entry in entries.values():
        content.update(entry["url"].encode() + b"\0")
        content.update(entry["revision"].encode())
    build_hash = content.hexdigest()[:12]
    # The runtime's files with compressed copies, which the engine's worker downloads itself
    # on a first visit (web/worker/runtime-download.js: the xz copy, else the gzip one),
    # checked as the precache checks.
    fields = ("revision", "gz", "gzSize", "xz", "xzSize", "size", "type")
    runtime = {e["url"]: {k: e[k] for k in fields if k in e}
               for e in entries.values() if "gz" in e and e["url"].startswith(GZIP_DIR)}
    # And the game's wheel (a zip: no gzip copy), which Python asks for the moment it has
    # started: downloaded with the runtime, it is in by then, not a round trip later.
    wheel_entry = entries[wheel]
    runtime[wheel_entry["url"]] = {"revision": wheel_entry["revision"], "size": wheel_entry["size"],
                                   "type": "application/zip"}
    facts = {"BUILD": build_hash, "VERSION": version, "WHEEL": "wheels/" + wheel.name,
             "PYODIDE": PYODIDE_VERSION, "RUNTIME": runtime}
    (dist / BUILD_INFO).write_text("// Written by build.py.\n" + "".join(
        f"export const {name} = {json.dumps(value, indent=1)};\n" for name, value in facts.items()))
    inline_build_facts(dist / WORKER_ENTRY, facts)
    entries[dist / WORKER_ENTRY] = precache_entry(dist, dist / WORKER_ENTRY, gz_sizes, xz_sizes)

    # build-info.js, written just now, is for tools (the bench pages): the app's worker
    # carries its facts, so it is not precached.
    precache = [entries[p] for p in listing()]
    sw_source = without_comment_lines((ROOT / "service-worker.js").read_text())
    marker = re.compile(r"/\*__PRECACHE__\*/.*?/\*__END__\*/", re.S)
    if not marker.search(sw_source):
        raise BuildError("service-worker.js lacks the /*__PRECACHE__*/ ... /*__END__*/ marker")
    injected = json.dumps({"build": build_hash, "files": precache}, indent=1)
    (dist / "service-worker.js").write_text(
        marker.sub(lambda _: "/*__PRECACHE__*/" + injected + "/*__END__*/", sw_source)
    )
    # What a first visit downloads: every file but the other languages' catalogs.
    first_visit = [e for e in precache if e.get("language") in (None, "en")]
    total = sum(e["size"] for e in first_visit)
    wire = sum(e.get("xzSize", e.get("gzSize", e["size"])) for e in first_visit)
    if not quiet:
        print(f"built {dist} : build {build_hash}, {len(precache)} files; a first visit "
              f"{total / 1e6:.1f} MB ({wire / 1e6:.1f} MB to download, compressed)",
              file=sys.stderr)
    return {"build": build_hash, "files": precache}


INSTALL_SHEET = "screenshots/"  # not precached: only the browser's install sheet shows them, online


def add_install_screenshots(dist: Path) -> None:
    """Copy the manifest's screenshots from docs/screenshots into ``dist``, with their true sizes.

    They are left out of the precache: only the install sheet shows them, and a
    player should not download a megabyte of pictures to play offline.
    """
    manifest = json.loads((dist / "manifest.json").read_text())
    for shot in manifest.get("screenshots", []):
        name = shot["src"].removeprefix(INSTALL_SHEET)
        data = (ROOT / "docs" / "screenshots" / name).read_bytes()
        if data[:8] != b"\x89PNG\r\n\x1a\n":
            raise BuildError(f"docs/screenshots/{name} is not a PNG")
        width, height = struct.unpack(">II", data[16:24])
        shot["sizes"] = f"{width}x{height}"
        (dist / INSTALL_SHEET).mkdir(exist_ok=True)
        (dist / INSTALL_SHEET / name).write_bytes(data)
    (dist / "manifest.json").write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n")


# --------------------------------------------------------------------------- icons


def _png(width: int, height: int, rgba: bytes) -> bytes:
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    stride = width * 4
    raw = b"".join(b"\0" + rgba[y * stride:(y + 1) * stride] for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def draw_icon(size: int, maskable: bool) -> bytes:
    """The app icon: three cards standing as peaks on green felt, the top one a
    red heart. Drawn in unit coordinates with 3x3 supersampling."""
    felt, white, edge, red = (11, 77, 50), (250, 248, 240), (40, 60, 50), (200, 30, 45)
    scale = 0.78 if maskable else 1.0  # maskable icons keep to the 80% safe circle

    def rounded(x: float, y: float, x0: float, y0: float, x1: float, y1: float, r: float) -> bool:
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            return False
        cx = min(max(x, x0 + r), x1 - r)
        cy = min(max(y, y0 + r), y1 - r)
        return (x - cx) ** 2 + (y - cy) ** 2 <= r * r

    cards = [(0.16, 0.36, 0.44, 0.76), (0.56, 0.36, 0.84, 0.76), (0.34, 0.20, 0.66, 0.62)]

    def heart(x: float, y: float) -> bool:
        hx, hy = (x - 0.5) / 0.11, (y - 0.40) / 0.11
        return (hx * hx + (hy + 0.25) ** 2 - 1) ** 3 - hx * hx * (hy + 0.25) ** 3 * -1 <= 0

    def colour(x: float, y: float) -> tuple[int, int, int, int]:
        if not maskable and not rounded(x, y, 0.0, 0.0, 1.0, 1.0, 0.18):
            return (0, 0, 0, 0)
        ux, uy = (x - 0.5) / scale + 0.5, (y - 0.5) / scale + 0.5
        result = (*felt, 255)
        for x0, y0, x1, y1 in cards:
            if rounded(ux, uy, x0, y0, x1, y1, 0.035):
                inner = rounded(ux, uy, x0 + 0.012, y0 + 0.012, x1 - 0.012, y1 - 0.012, 0.025)
                result = (*(white if inner else edge), 255)
        if heart(ux, uy):
            result = (*red, 255)
        return result

    n = 3
    out = bytearray()
    for py in range(size):
        for px in range(size):
            acc = [0, 0, 0, 0]
            for sy in range(n):
                for sx in range(n):
                    c = colour((px + (sx + 0.5) / n) / size, (py + (sy + 0.5) / n) / size)
                    a = c[3]
                    acc[0] += c[0] * a
                    acc[1] += c[1] * a
                    acc[2] += c[2] * a
                    acc[3] += a
            alpha = acc[3]
            if alpha:
                out += bytes((acc[0] // alpha, acc[1] // alpha, acc[2] // alpha, alpha // (n * n)))
            else:
                out += b"\0\0\0\0"
    return _png(size, size, bytes(out))


def make_icons(directory: Path = WEB / "icons") -> None:
    """Redraw the committed icons (run by hand: ``python build.py icons``)."""
    directory.mkdir(parents=True, exist_ok=True)
    for name, size, maskable in (
        ("icon-192.png", 192, False), ("icon-512.png", 512, False),
        ("maskable-512.png", 512, True), ("apple-touch-icon.png", 180, True),
        ("favicon-32.png", 32, False),
    ):
        (directory / name).write_bytes(draw_icon(size, maskable))
        print(f"wrote {directory / name}", file=sys.stderr)


# --------------------------------------------------------------------------- serve


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves ``directory`` at ``prefix`` with the right types and no stale
    caching of the service worker (as GitHub Pages does: it revalidates)."""

    prefix = "/"
    root = "."
    log_requests = False

    def __init__(self, *args, **kwargs):
        super().__init__(*args, directory=self.root, **kwargs)
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}

    def translate_path(self, path: str) -> str:
        clean = path.split("?", 1)[0].split("#", 1)[0]
        return super().translate_path("/" + clean[len(self.prefix):])

    def send_head(self):
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if self.prefix != "/" and path == self.prefix.rstrip("/"):
            self.send_response(301)
            self.send_header("Location", self.prefix)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        if not path.startswith(self.prefix):
            self.send_error(404, f"outside {self.prefix}")
            return None
        missing = Path(self.root, "404.html")
        if not os.path.exists(self.translate_path(self.path)) and missing.is_file():
            # As GitHub Pages does: a path that is no file gets the site's 404.html.
            body = missing.read_bytes()
            self.send_response(404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            return io.BytesIO(body)
        return super().send_head()

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002
        if self.log_requests:
            super().log_message(format, *args)


def make_server(directory: Path, port: int = 0, prefix: str = "/", host: str = "127.0.0.1"):
    prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    handler = type("Handler", (SiteHandler,), {"prefix": prefix, "root": str(directory)})
    server = http.server.ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command")
    serve = sub.add_parser("serve", help="build, then serve dist/ on localhost")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--prefix", default="/", help="serve under this sub-path, e.g. /tripeaks/")
    serve.add_argument("--no-build", action="store_true", help="serve dist/ as it is")
    sub.add_parser("icons", help="redraw web/icons/*.png")
    parser.add_argument("--out", type=Path, default=DIST, help="output directory (default dist/)")
    args = parser.parse_args(argv)
    if args.command != "icons":
        in_project_env(sys.argv[1:] if argv is None else argv)
    if args.command == "icons":
        make_icons()
        return 0
    if args.command == "serve":  # the port first: a busy one is said at once, not after a build
        try:
            server = make_server(args.out, args.port, args.prefix, args.host)
        except (OSError, OverflowError) as exc:
            import errno

            why = ("is in use" if getattr(exc, "errno", None) == errno.EADDRINUSE
                   else f"cannot be opened ({getattr(exc, 'strerror', None) or exc})")
            print(f"build.py serve: port {args.port} on {args.host} {why}; "
                  "choose another with --port", file=sys.stderr)
            return 2
    try:
        if args.command != "serve" or not args.no_build:
            build(args.out)
    except (BuildError, subprocess.CalledProcessError) as exc:
        print(f"build failed: {exc}", file=sys.stderr)
        return 1
    if args.command == "serve":
        host, port = server.server_address[:2]
        prefix = server.RequestHandlerClass.prefix
        print(f"serving {args.out} at http://{host}:{port}{prefix}  (Ctrl+C stops)", flush=True)
        server.RequestHandlerClass.log_requests = os.environ.get("TRIPEAKS_LOG") == "1"
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
