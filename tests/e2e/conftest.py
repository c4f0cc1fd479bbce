"""End-to-end fixtures: the built site on a local server, Debian's Chromium.

The site is built once per session (or taken from TRIPEAKS_DIST, which
tests/run sets after building it). Chromium is /usr/bin/chromium or
CHROMIUM_PATH; it is never downloaded. Every name but 127.0.0.1 resolves to
nothing, so no request can leave this machine, and each test records every
request its pages, workers and service worker make.
"""

from __future__ import annotations

import http.server
import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

import build

# Service-worker requests reach context.on("request") only with this set.
os.environ.setdefault("PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS", "1")

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-default-apps",
    "--disable-sync",
    "--disable-domain-reliability",
    "--disable-client-side-phishing-detection",
    "--no-default-browser-check",
    "--no-first-run",
    "--metrics-recording-only",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
BOOT_TIMEOUT = 180_000  # ms: a cold boot on a loaded 2-core CI machine


class RecordingHandler(build.SiteHandler):
    """build.py's handler, recording each path asked for and each one sent in
    full (200, not 304); its root can change."""

    requests: list[str]
    downloads: list[str]

    def do_GET(self) -> None:
        type(self).requests.append(self.path)
        super().do_GET()

    def log_request(self, code="-", size="-") -> None:
        if str(getattr(code, "value", code)) == "200":
            type(self).downloads.append(self.path)


class LiveSite:
    """The site served on 127.0.0.1 at ``prefix``; ``swap(root)`` deploys another build."""

    def __init__(self, root: Path, prefix: str = "/") -> None:
        prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
        self.handler = type("Handler", (RecordingHandler,), {
            "prefix": prefix, "root": str(root), "requests": [], "downloads": [],
        })
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), self.handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.url = self.origin + prefix

    @property
    def requests(self) -> list[str]:
        return self.handler.requests

    @property
    def downloads(self) -> list[str]:
        return self.handler.downloads

    def swap(self, root: Path) -> None:
        self.handler.root = str(root)

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}: install Debian's chromium or set "
                    "CHROMIUM_PATH (tests/run does this)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory) -> Path:
    ready = os.environ.get("TRIPEAKS_DIST")
    if ready and (Path(ready) / "service-worker.js").exists():
        return Path(ready)
    out = tmp_path_factory.mktemp("site")
    build.build(out, quiet=True)
    return out


@pytest.fixture
def site(site_dir) -> Iterator[LiveSite]:
    live = LiveSite(site_dir)
    yield live
    live.close()


@pytest.fixture
def make_site() -> Iterator:
    """Serve any directory at any prefix for the length of one test."""
    sites: list[LiveSite] = []

    def make(root: Path, prefix: str = "/") -> LiveSite:
        sites.append(LiveSite(root, prefix))
        return sites[-1]

    yield make
    for live in sites:
        live.close()


@pytest.fixture
def second_build(site_dir, tmp_path) -> Path:
    """A copy of the site as a newer version: one changed file, so a new build hash."""
    out = tmp_path / "site-v2"
    build.build(out, quiet=True, extra={"release.txt": b"a newer build\n"})
    assert (out / "service-worker.js").read_text() != (site_dir / "service-worker.js").read_text()
    return out


class Watch:
    """What a context's pages, workers and service worker did: requests, console errors."""

    def __init__(self) -> None:
        self.requests: list[str] = []
        self.errors: list[str] = []

    def attach_page(self, page) -> None:
        page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))
        page.on("worker", lambda w: w.on(
            "console", lambda m: m.type == "error" and self.errors.append(m.text)))

    def foreign(self, origin: str) -> list[str]:
        return [u for u in self.requests if not u.startswith(origin)]


@pytest.fixture
def watch(context) -> Watch:
    seen = Watch()
    context.on("request", lambda r: seen.requests.append(r.url))
    context.on("page", seen.attach_page)
    return seen


@pytest.fixture
def page(context, watch):
    page = context.new_page()
    watch.attach_page(page)
    page.set_default_timeout(30_000)
    return page


@pytest.fixture(scope="session")
def axe_source() -> str:
    path = os.environ.get("TRIPEAKS_AXE")
    if not path:
        cached = sorted(Path(build.ROOT, ".cache", "npm").glob("axe-core-*/package/axe.min.js"))
        path = str(cached[-1]) if cached else ""
    if not path or not Path(path).exists():
        pytest.fail("axe-core is missing: tests/run fetches it (npm pack axe-core)")
    return Path(path).read_text()


@pytest.fixture
def profile_dir(tmp_path) -> Iterator[Path]:
    path = tmp_path / "profile"
    yield path
    shutil.rmtree(path, ignore_errors=True)
