"""A first visit downloads the large runtime files as xz copies and decodes them in
the engine's worker as they stream in: at most 4.5 MB from a host that compresses
nothing (the runtime, the standard-library modules the game runs and nothing more,
the page), each file once, every file checked against its hash, the gzip copies
where xz cannot be decoded, the originals where neither can be used, and a progress
bar that moves by the bytes received."""

from __future__ import annotations

import gzip
import hashlib
import lzma
import re
import shutil

from tests.e2e.app import (
    DRAW,
    board,
    click_move,
    open_app,
    wait_controlled,
    wait_for,
    wait_ready,
    wait_until,
)

WASM = "/pyodide/pyodide.asm.wasm"
MJS = "/pyodide/pyodide.asm.mjs"
STDLIB = "/pyodide/python_stdlib.zip"
LIMIT = 4_500_000
DOWNLOADING = re.compile(r"^Downloading the game for offline play… (\d+\.\d) of (\d+\.\d) MB$")

# Every state of the boot bar and its words, from the first paint on.
BAR = """(() => {
    window.__bar = [];
    new MutationObserver(() => {
        const boot = document.querySelector('[data-testid=boot]');
        const bar = boot && boot.querySelector('progress');
        if (!bar || boot.hidden) return;
        const now = [Number(bar.value), boot.querySelector('.boot-text').textContent];
        const last = window.__bar[window.__bar.length - 1];
        if (!last || last[0] !== now[0] || last[1] !== now[1]) window.__bar.push(now);
    }).observe(document, { subtree: true, attributes: true, childList: true, characterData: true });
})()"""


class Counting:
    """Counts the body bytes the server sends for each path; optionally sends the
    .gz files with Content-Encoding: gzip, as a host that marks them would, and
    fails the first request for each of some paths, as a flaky line would."""

    sent: list[tuple[str, int]]
    encode_gz = False
    fail_once: set[str]

    def do_GET(self) -> None:
        path = self.path.split("?")[0]
        if path in self.fail_once:
            self.fail_once.discard(path)
            self.send_error(503)
            return
        super().do_GET()

    def copyfile(self, source, outputfile) -> None:
        start = source.tell()
        super().copyfile(source, outputfile)
        type(self).sent.append((self.path.split("?")[0], source.tell() - start))

    def end_headers(self) -> None:
        if self.encode_gz and self.path.split("?")[0].endswith(".gz"):
            self.send_header("Content-Encoding", "gzip")
        super().end_headers()


def counting(live, encode_gz: bool = False, fail_once: tuple[str, ...] = ()):
    live.handler = type("Counting", (Counting, live.handler),
                        {"sent": [], "encode_gz": encode_gz, "fail_once": set(fail_once)})
    live.server.RequestHandlerClass = live.handler
    return live


def times_sent(live, path: str) -> int:
    return sum(1 for sent, _ in live.handler.sent if sent == path)


def cached_runtime(page) -> dict:
    """The wasm as the service worker keeps it: its type, size and sha256."""
    return page.evaluate("""async () => {
        const wasm = new URL('pyodide/pyodide.asm.wasm', location.href).href;
        const response = await caches.match(wasm);
        const bytes = await response.arrayBuffer();
        const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
        return { type: response.headers.get('Content-Type'), size: bytes.byteLength,
                 sha256: [...digest].map(b => b.toString(16).padStart(2, '0')).join('') };
    }""")


def assert_original_runtime(page, site_dir) -> None:
    data = (site_dir / WASM.lstrip("/")).read_bytes()
    assert cached_runtime(page) == {"type": "application/wasm", "size": len(data),
                                    "sha256": hashlib.sha256(data).hexdigest()}


def copy_site(site_dir, tmp_path):
    out = tmp_path / "site"
    shutil.copytree(site_dir, out)
    return out


def test_a_first_visit_downloads_at_most_4_5_mb_each_file_once_and_plays_offline(
        page, site_dir, make_site, watch):
    live = counting(make_site(site_dir))
    page.add_init_script(BAR)
    open_app(page, live.url)
    wait_controlled(page)
    sent = sum(size for _, size in live.handler.sent)
    largest = sorted(live.handler.sent, key=lambda s: -s[1])[:5]
    assert sent <= LIMIT, f"{sent / 1e6:.2f} MB sent, the largest: {largest}"
    paths = [path for path, _ in live.handler.sent]
    assert [p for p in set(paths) if paths.count(p) > 1] == []  # nothing twice
    for path in (WASM, MJS, STDLIB):
        assert (times_sent(live, path + ".xz"), times_sent(live, path + ".gz"),
                times_sent(live, path)) == (1, 0, 0), path
    assert_original_runtime(page, site_dir)

    # The bar never goes back; while downloading it says how many megabytes of
    # how many, and fills its first half, exactly, when the last byte is in.
    states = page.evaluate("window.__bar")
    values = [value for value, _ in states]
    assert values == sorted(values), states
    said = [i for i, (_, text) in enumerate(states) if text.startswith("Downloading")]
    first, last = said[0], said[-1]
    downloads = [DOWNLOADING.match(text) for _, text in states[first:last + 1]]
    assert all(downloads), states
    received = [float(match.group(1)) for match in downloads]
    totals = {match.group(2) for match in downloads}
    assert received == sorted(received) and len(totals) == 1, states
    total = float(totals.pop())
    assert 1 < total <= LIMIT / 1e6 and received[-1] == total, states
    assert states[last][0] == 0.5, states
    # ... and the engine's steps fill the second half.
    assert states[last + 1:] and all(value > 0.5 for value, _ in states[last + 1:]), states

    # A reload downloads nothing again but the service worker's script (the browser's
    # check for a new version).
    page.reload()
    wait_ready(page)
    paths = [path for path, _ in live.handler.sent]
    assert [p for p in set(paths) if paths.count(p) > 1] in ([], ["/service-worker.js"]), paths

    # The game plays with no network, from what the service worker kept.
    live.close()
    page.context.set_offline(True)
    page.reload()
    wait_ready(page)
    stock = board(page)["stock"]
    click_move(page, DRAW)
    assert board(page)["stock"] == stock - 1
    assert watch.errors == [] and watch.foreign(live.origin) == []


def test_without_the_xz_decoder_the_gz_copies_come_and_a_host_may_encode_them(
        page, site_dir, make_site):
    """The xz decoder cannot be had when the worker asks (the line dropped it): the
    worker takes the gzip copies instead, and a host that sends them with
    Content-Encoding has the browser decode them: the bytes that arrive are the
    file, checked and kept."""
    live = counting(make_site(site_dir), encode_gz=True, fail_once=("/worker/xz-decoder.wasm",))
    open_app(page, live.url)
    wait_controlled(page)
    assert times_sent(live, WASM + ".gz") == 1 and times_sent(live, WASM) == 0
    assert_original_runtime(page, site_dir)


def test_an_xz_copy_that_does_not_match_falls_back_to_the_original(
        page, site_dir, make_site, tmp_path):
    """A stale copy (good xz, other bytes) and a damaged one (cut short): each file
    is downloaded whole instead, checked, and the game starts."""
    root = copy_site(site_dir, tmp_path)
    (root / (WASM.lstrip("/") + ".xz")).write_bytes(
        lzma.compress(b"\0asm an older runtime", check=lzma.CHECK_CRC32))
    damaged = (root / (MJS.lstrip("/") + ".xz")).read_bytes()
    (root / (MJS.lstrip("/") + ".xz")).write_bytes(damaged[: len(damaged) // 2])
    live = counting(make_site(root))
    open_app(page, live.url)
    wait_controlled(page)
    assert times_sent(live, WASM) == 1 and times_sent(live, MJS) == 1
    assert_original_runtime(page, site_dir)


def test_a_browser_without_decompression_stream_downloads_the_originals(
        page, site_dir, make_site, tmp_path):
    """A browser without DecompressionStream (Safari before 16.4), in the page and the
    service worker: nothing asks for a .gz, the engine waits for the service worker's
    install, and the game starts from the originals."""
    root = copy_site(site_dir, tmp_path)
    worker = root / "service-worker.js"
    worker.write_text("delete self.DecompressionStream;\n" + worker.read_text())
    live = counting(make_site(root))
    page.add_init_script("delete window.DecompressionStream")
    open_app(page, live.url)
    wait_controlled(page)
    copies = [path for path, _ in live.handler.sent if path.endswith((".gz", ".xz"))]
    assert copies == []
    assert times_sent(live, WASM) == 1
    assert_original_runtime(page, site_dir)


def test_a_runtime_file_that_matches_neither_copy_fails_the_install(
        page, site_dir, make_site, tmp_path):
    """A half-deployed site installs nothing (an old version would keep serving).
    Here the changed file still runs, so the game plays from the network, but
    nothing is kept for offline play."""
    root = copy_site(site_dir, tmp_path)
    mjs = root / MJS.lstrip("/")
    mjs.write_bytes(mjs.read_bytes() + b"\n// deployed later than the rest\n")
    (root / (MJS.lstrip("/") + ".gz")).write_bytes(gzip.compress(mjs.read_bytes()))
    (root / (MJS.lstrip("/") + ".xz")).write_bytes(
        lzma.compress(mjs.read_bytes(), check=lzma.CHECK_CRC32))
    live = counting(make_site(root))
    open_app(page, live.url)
    # The engine's worker tried the xz copy and took the file itself; the service worker,
    # registered once the engine is up, tried the gzip copy and the file again (from the
    # HTTP cache, then the network) and gave up its install.
    wait_for(page, lambda: times_sent(live, MJS) >= 2,
             "the service worker's own try at the runtime's script", timeout=60_000)
    wait_until(page, """async () => navigator.serviceWorker.controller === null
        && (await navigator.serviceWorker.getRegistration()) === undefined""")
    assert times_sent(live, MJS + ".xz") == 1 and times_sent(live, MJS + ".gz") >= 1
    assert page.evaluate("""async () => (await caches.match(
        new URL('pyodide/pyodide.asm.mjs', location.href).href)) === undefined""")
