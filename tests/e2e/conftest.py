"""End-to-end fixtures: the built site on a local server, Debian's Chromium.

The site is built once per session (or taken from TRIPEAKS_DIST, which
tests/run sets after building it). Chromium is /usr/bin/chromium or
CHROMIUM_PATH; it is never downloaded. Every name but 127.0.0.1 resolves to
nothing, so no request can leave this machine, and each test records every
request its pages, workers and service worker make.

Warm and cold. A player's first visit (the service worker installing, Python
starting from nothing, then a memory snapshot made and kept) costs several
seconds of CPU; every later visit restores the snapshot. Tests marked
``@pytest.mark.cold``, and every test with TRIPEAKS_WARM=0, get what each test
got before: a fresh incognito context and a server of its own, so a true first
visit. Every other test's ``context`` (and so ``page``) is a copy of a profile
that visited ``site`` once (each xdist worker warms its own, on its own port):
the service worker, its caches and the snapshot are there, localStorage,
sessionStorage and IndexedDB are empty, so the test starts as a new player on
a device that has the app. ``site`` is then that one server, its request logs
emptied for each test. Tests that mean a first visit (downloads, the service
worker's install, the boot) are marked cold, or open their own ``make_site``
origin, which is new to every profile.
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
# Warm profiles with TRIPEAKS_WARM=1 (being tried); otherwise every test gets a cold first visit.
WARM = os.environ.get("TRIPEAKS_WARM", "0") != "0"
# What a warm profile forgets of the warm-up visit: everything a player saves.
PLAYER_DATA = "local_storage,indexeddb,websql,file_systems,cookies"
SNAPSHOT_KEPT = """async () => {
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        if (await cache.match(new URL('pyodide/snapshot.bin', location.href).href)) return true;
    }
    return false;
}"""


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

    def __init__(self, root: Path, prefix: str = "/", port: int = 0) -> None:
        prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
        self.handler = type("Handler", (RecordingHandler,), {
            "prefix": prefix, "root": str(root), "requests": [], "downloads": [],
        })
        self.root = Path(root)
        self.closed = True
        self._serve(port)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.url = self.origin + prefix

    def _serve(self, port: int) -> None:
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", port), self.handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.closed = False

    def reset(self) -> None:
        """For the next test: serving again on the same port, the first root,
        nothing requested yet."""
        if self.closed:
            self._serve(self.server.server_address[1])
        self.handler.root = str(self.root)
        self.handler.requests.clear()
        self.handler.downloads.clear()

    @property
    def requests(self) -> list[str]:
        return self.handler.requests

    @property
    def downloads(self) -> list[str]:
        return self.handler.downloads

    def swap(self, root: Path) -> None:
        self.handler.root = str(root)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
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


def is_cold(request) -> bool:
    return not WARM or request.node.get_closest_marker("cold") is not None


@pytest.fixture(scope="session")
def warm_site(site_dir) -> Iterator[LiveSite]:
    """This worker's one server of the site: its origin is the warm profile's."""
    live = LiveSite(site_dir)
    yield live
    live.close()


@pytest.fixture(scope="session")
def warm_profile(warm_site, playwright, browser_type_launch_args, tmp_path_factory) -> Path:
    """A Chromium profile that has visited ``warm_site`` once and kept the app
    (service worker, caches, the engine's snapshot) but none of a player's data.
    Warmed with no context options: a test module may override
    ``browser_context_args`` (a phone's viewport and touch), per test."""
    path = tmp_path_factory.mktemp("warm") / "profile"
    context = playwright.chromium.launch_persistent_context(
        str(path), headless=True, timeout=BOOT_TIMEOUT, **browser_type_launch_args)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(warm_site.url)
        page.wait_for_selector("html[data-engine=ready]", state="attached",
                               timeout=BOOT_TIMEOUT)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null",
                               timeout=BOOT_TIMEOUT)
        page.wait_for_function(SNAPSHOT_KEPT, timeout=BOOT_TIMEOUT, polling=250)
        page.goto("about:blank")  # the app's last save is written as it goes
        cdp = context.new_cdp_session(page)
        cdp.send("Storage.clearDataForOrigin",
                 {"origin": warm_site.origin, "storageTypes": PLAYER_DATA})
        cdp.detach()
    finally:
        context.close()
    return path


@pytest.fixture
def site(request, site_dir) -> Iterator[LiveSite]:
    if is_cold(request):
        live = LiveSite(site_dir)
        yield live
        live.close()
        return
    live = request.getfixturevalue("warm_site")
    live.reset()
    yield live
    live.reset()


@pytest.fixture
def context(request, tmp_path, browser_context_args):
    """A cold test's fresh incognito context (pytest-playwright's), or a copy
    of this worker's warm profile."""
    if is_cold(request):
        yield request.getfixturevalue("new_context")()
        return
    template = request.getfixturevalue("warm_profile")
    launch_args = request.getfixturevalue("browser_type_launch_args")
    playwright = request.getfixturevalue("playwright")
    path = tmp_path / "warm-profile"
    shutil.copytree(template, path, symlinks=True,
                    ignore=shutil.ignore_patterns("Singleton*", "*.lock", "LOCK"))
    warm = playwright.chromium.launch_persistent_context(
        str(path), headless=True, timeout=BOOT_TIMEOUT, **launch_args, **browser_context_args)
    yield warm
    warm.close()
    shutil.rmtree(path, ignore_errors=True)


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


# The slowest end-to-end tests (docs/benchmarks.md, "Test suite"), started first so
# that no xdist worker is left running one of them alone at the end of a run; every
# other test keeps its place. A name no longer there is ignored.
SLOWEST_FIRST = (
    "test_two_tabs_never_double_count_or_lose_statistics",
    "test_a_new_version_is_offered_and_applied_without_losing_the_game",
    "test_a_new_game_applies_a_waiting_update",
    "test_an_update_reloads_every_open_tab_into_the_new_version_keeping_the_game",
    "test_screens",
    "test_watch_the_ai_then_come_back_to_your_own_game",
    "test_statistics_export_and_import_survive_a_wiped_browser",
    "test_soak_every_finished_game_is_counted_or_reported",
    "test_a_lost_game_says_which_move_lost_it_and_replays_a_winning_line",
    "test_pause_stops_the_clock_and_hides_the_cards",
    "test_blocked_storage_is_said_and_the_game_still_plays",
)


def pytest_collection_modifyitems(config, items) -> None:
    rank = {name: i for i, name in enumerate(SLOWEST_FIRST)}
    items.sort(key=lambda item: rank.get(getattr(item, "originalname", item.name),
                                         len(rank)))
