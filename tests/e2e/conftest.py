"""End-to-end fixtures: the built site on a local server, Debian's Chromium.

The site is built once per session (or taken from TRIPEAKS_DIST, which
tests/run sets after building it). Chromium is CHROMIUM_PATH, or else Debian's
headless shell (/usr/bin/chromium-headless-shell, package
chromium-headless-shell: the same Chromium without the desktop browser's
windows and WebUI renderer, what Playwright itself runs headless; about 15%
less CPU for the same tests), or else /usr/bin/chromium; it is never
downloaded. Every name but 127.0.0.1 resolves to nothing, so no request can
leave this machine, and each test records every request its pages, workers and
service worker make.

Warm and cold. A player's first visit (the service worker installing, Python
starting from nothing, then a memory snapshot made and kept) costs several
seconds of CPU; every later visit restores the snapshot. Each xdist worker
serves ``site`` once, on one port for the whole session (its request logs
emptied for each test), and warms one Chromium profile by one visit to it: the
service worker, its caches and the snapshot are there; localStorage,
IndexedDB and cookies are not. A test's ``context`` (and so ``page``) is then a
persistent context opened on a copy of that profile and lent from test to test
(``WarmContext``): after each test its pages close, what the test added to it
(init scripts, routes, offline, permissions, cookies) goes, and the player's
data is wiped again, so each test starts as a new player on a device that has
the app. ``warm_context(**options)`` lends one for other context options (a
phone's touch: one persistent context per set of options but the viewport,
which each page the context opens is given). A
context that cannot be put back so (a test installed its clock, the app's
caches changed, the test failed) is thrown away for a fresh copy.

Tests marked ``@pytest.mark.cold``, and every test with TRIPEAKS_WARM=0, get
what each test got before: a fresh incognito context and a server of their
own, so a true first visit (``@pytest.mark.profile``: a fresh persistent one).
Tests that mean a first visit (downloads, the service worker's install, the
boot) are marked cold, call ``browser.new_context`` themselves, or open their
own ``make_site`` origin, which is new to every profile.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Frame, Page

import build
from tests.e2e.app import SNAPSHOT_KEPT, wait_until
from tests.e2e.browser import BOOT_TIMEOUT, CHROMIUM, TEST_ARGS
from tests.e2e.server import LiveSite


def _no_async_predicate(wait_for_function):
    """wait_for_function that refuses an async predicate: Playwright takes its promise for a
    truthy value and returns at once, so the wait would wait for nothing (app.wait_until)."""
    def refusing(self, expression, *args, **kwargs):
        if expression.lstrip().startswith("async"):
            raise TypeError("wait_for_function returns at once on an async predicate: "
                            "use tests.e2e.app.wait_until")
        return wait_for_function(self, expression, *args, **kwargs)
    return refusing


Page.wait_for_function = _no_async_predicate(Page.wait_for_function)
Frame.wait_for_function = _no_async_predicate(Frame.wait_for_function)

# Warm contexts unless TRIPEAKS_WARM=0, when every test gets a cold first visit.
WARM = os.environ.get("TRIPEAKS_WARM", "1") != "0"
# What a warm profile forgets of the warm-up visit: everything a player saves. Not the
# origin's private file system: the app keeps the engine's snapshot there (snapshot-store.js),
# as it keeps its files in Cache Storage, and a warm start restores it.
PLAYER_DATA = "local_storage,indexeddb,websql,cookies"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}: install Debian's chromium-headless-shell "
                    "(or chromium) or set CHROMIUM_PATH (tests/run does this)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": TEST_ARGS}


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
        wait_until(page, SNAPSHOT_KEPT, timeout=BOOT_TIMEOUT)
        page.goto("about:blank")  # the app's last save is written as it goes
        cdp = context.new_cdp_session(page)
        cdp.send("Storage.clearDataForOrigin",
                 {"origin": warm_site.origin, "storageTypes": PLAYER_DATA})
        cdp.detach()
    finally:
        context.close()
    return path


def app_fingerprint(cdp, origin: str) -> dict:
    """What the warm profile holds of the app at ``origin`` (asked over a page's
    CDP session): the bytes of its caches, of its service worker and of its private
    file system (an update, a lost or cut snapshot or a deleted cache changes them)."""
    usage = cdp.send("Storage.getUsageAndQuota", {"origin": origin})["usageBreakdown"]
    return {part["storageType"]: part["usage"] for part in usage
            if part["storageType"] in ("cache_storage", "service_workers", "file_systems")}


class WarmContext:
    """One persistent Chromium context, a copy of the warm profile opened with one
    set of context options, lent to test after test. Between two tests every page
    is closed, what the test added to the context (init scripts, routes, offline,
    permissions, cookies) is taken away, and the player's data (localStorage,
    IndexedDB, cookies) of the site's origin is wiped, as is everything of any
    other origin the test opened: the next test starts as a new player on a
    device that has the app. A context that cannot be put back so (its clock
    was installed, its caches changed, it was closed, or its test failed) is
    thrown away and the next test gets a fresh copy of the profile."""

    def __init__(self, playwright, launch_args: dict, options: dict, template: Path,
                 origin: str, root: Path) -> None:
        self.playwright, self.launch_args, self.options = playwright, launch_args, options
        self.template, self.origin, self.root = template, origin, root
        self.context = None
        self.copies = 0
        self.fingerprint: dict | None = None

    def lend(self, viewport: dict | None = None):
        """The context, each page it opens from now on sized to ``viewport``."""
        if self.context is None:
            self.copies += 1
            path = self.root / f"copy-{self.copies}"
            shutil.copytree(self.template, path, symlinks=True,
                            ignore=shutil.ignore_patterns("Singleton*", "*.lock", "LOCK"))
            self.context = self.playwright.chromium.launch_persistent_context(
                str(path), headless=True, timeout=BOOT_TIMEOUT, **self.launch_args,
                **self.options)
            self.path = path
            if self.fingerprint is None:
                page = self.context.new_page()
                cdp = self.context.new_cdp_session(page)
                self.fingerprint = app_fingerprint(cdp, self.origin)
                cdp.detach()
            for page in list(self.context.pages):  # the window Chromium opens with
                page.close()
        context = self.context
        self.dirty = False
        self.init_scripts: list = []
        add_init_script = context.add_init_script

        def recorded(*args, **kwargs):
            handle = add_init_script(*args, **kwargs)
            self.init_scripts.append(handle)
            return handle

        def marked(*args, **kwargs):  # a clock cannot be taken out of a context
            self.dirty = True
            return install(*args, **kwargs)

        def give_back(*args, **kwargs):  # the test is done with it: its pages close
            for page in list(context.pages):
                page.close()

        def sized_page(*args, **kwargs):  # the window size asked for, not the context's
            page = new_page(*args, **kwargs)
            if viewport:
                page.set_viewport_size(viewport)
            return page

        install = context.clock.install
        new_page = context.new_page
        context.add_init_script = recorded
        context.clock.install = marked
        context.close = give_back
        context.new_page = sized_page
        context.on("close", self._closed)
        return context

    def _closed(self, _context=None) -> None:
        self.dirty = True

    def take_back(self, origins: list[str], failed: bool) -> None:
        context = self.context
        if context is None:
            return
        for owner, name in ((context, "add_init_script"), (context.clock, "install"),
                            (context, "close"), (context, "new_page")):
            owner.__dict__.pop(name, None)
        try:
            context.remove_listener("close", self._closed)
            if self.dirty or failed:
                raise RuntimeError("not reusable")
            for page in list(context.pages):
                page.close()
            for handle in self.init_scripts:
                handle.close()
            context.unroute_all(behavior="ignoreErrors")
            context.set_offline(False)
            context.clear_permissions()
            context.clear_cookies()
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            cdp.send("Storage.clearDataForOrigin",
                     {"origin": self.origin, "storageTypes": PLAYER_DATA})
            for origin in origins:
                cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
            if origins:  # its HTTP cache too (keyed by URL: a port used again would hit it)
                cdp.send("Network.clearBrowserCache")
            changed = app_fingerprint(cdp, self.origin) != self.fingerprint
            cdp.detach()
            page.close()
            if changed:
                raise RuntimeError("the app's caches changed")
        except Exception:
            self.close()

    def close(self) -> None:
        if self.context is not None:
            try:
                self.context.close()
            except Exception:
                pass
            self.context = None
            shutil.rmtree(self.path, ignore_errors=True)


# Context options that change nothing; and how many warm contexts (a Chromium each)
# a worker keeps at once.
DEFAULTS = {"has_touch": False, "is_mobile": False, "device_scale_factor": 1}
MOST_WARM = 6


@pytest.fixture(scope="session")
def warm_contexts(tmp_path_factory) -> Iterator[dict]:
    """This worker's warm contexts, one per set of context options asked for."""
    pool: dict = {}
    yield pool
    for warm in pool.values():
        warm.close()


FAILURES = Path(os.environ.get("TRIPEAKS_FAILURES", "test-results/failures"))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.failed:
        item.stash[FAILED] = True
        page = item.funcargs.get("page") if call.when == "call" else None
        if page is not None:
            shown = page_at_failure(page, item.name)
            report.sections.append(("the page when the test failed", shown))
    return report


def page_at_failure(page, name: str) -> str:
    """What the page showed when its test failed, for the failure's report (CI keeps only
    the log): its accessibility tree (which panels are open, which buttons disabled) and
    a screenshot written to FAILURES. Each step gives up after 5 s: the page may hang."""
    lines = [f"url: {page.url}"]
    try:
        lines.append(page.locator("body").aria_snapshot(timeout=5000))
    except Exception as error:  # a closed or hung page: say so and go on
        lines.append(f"(no accessibility tree: {str(error).splitlines()[0]})")
    try:
        FAILURES.mkdir(parents=True, exist_ok=True)
        shot = FAILURES / f"{''.join(c if c.isalnum() else '-' for c in name)[:120]}.png"
        page.screenshot(path=str(shot), timeout=5000)
        lines.append(f"screenshot: {shot}")
    except Exception as error:
        lines.append(f"(no screenshot: {str(error).splitlines()[0]})")
    return "\n".join(lines)


FAILED = pytest.StashKey[bool]()


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
def warm_context(request, make_site) -> Iterator:
    """``warm_context(**options)``: this worker's warm context for those context
    options, lent for this test and put back after it (its ``close()`` only
    closes its pages); in a cold test, a fresh incognito context, as
    ``browser.new_context(**options)`` gives."""
    lent: list = []

    def lend(**options):
        if is_cold(request):
            context = request.getfixturevalue("browser").new_context(**options)
            lent.append((None, context))
            return context
        pool = request.getfixturevalue("warm_contexts")
        # The window's size is each page's (set as it opens), so one Chromium serves
        # every size of a kind of device: a phone's, a computer's.
        viewport = options.pop("viewport", None)
        key = repr(sorted((k, v) for k, v in options.items()
                          if not (k in DEFAULTS and DEFAULTS[k] == v)))
        if key not in pool and len(pool) >= MOST_WARM:  # the one lent longest ago goes
            idle = [k for k in pool if all(w is not pool[k] for w, _ in lent)]
            pool.pop(idle[0]).close()
        if key not in pool:
            pool[key] = WarmContext(
                request.getfixturevalue("playwright"),
                request.getfixturevalue("browser_type_launch_args"), options,
                request.getfixturevalue("warm_profile"),
                request.getfixturevalue("warm_site").origin,
                request.getfixturevalue("tmp_path_factory").mktemp("warm-context"))
        warm = pool[key]
        for again in [entry for entry in lent if entry[0] is warm]:  # the same options again:
            lent.remove(again)  # put back first, so it opens as a new player's
            warm.take_back([live.origin for live in make_site.sites], False)
        context = warm.lend(viewport)
        pool[key] = pool.pop(key)  # the most recently lent last
        lent.append((warm, context))
        return context

    yield lend
    failed = request.node.stash.get(FAILED, False)
    for warm, context in lent:
        if warm is None:
            context.close()
        else:
            warm.take_back([live.origin for live in make_site.sites], failed)


@pytest.fixture
def context(request, browser_context_args, warm_context) -> Iterator:
    """A cold test's fresh incognito context (pytest-playwright's), or this
    worker's warm context for the test's options, put back after the test."""
    if is_cold(request) and request.node.get_closest_marker("profile"):
        launch_args = request.getfixturevalue("browser_type_launch_args")
        fresh = request.getfixturevalue("playwright").chromium.launch_persistent_context(
            str(request.getfixturevalue("profile_dir")), headless=True, **launch_args,
            **browser_context_args)
        yield fresh
        fresh.close()
    elif is_cold(request):
        yield request.getfixturevalue("new_context")()
    else:
        yield warm_context(**browser_context_args)


class SiteMaker:
    """Serve any directory at any prefix for the length of one test."""

    def __init__(self) -> None:
        self.sites: list[LiveSite] = []

    def __call__(self, root: Path, prefix: str = "/") -> LiveSite:
        self.sites.append(LiveSite(root, prefix))
        return self.sites[-1]


@pytest.fixture
def make_site() -> Iterator[SiteMaker]:
    """Serve any directory at any prefix for the length of one test."""
    maker = SiteMaker()
    yield maker
    for live in maker.sites:
        live.close()


@pytest.fixture(scope="session")
def second_build(site_dir, tmp_path_factory) -> Path:
    """A copy of the site as a newer version: one changed file, so a new build hash
    (built once a worker; the tests only serve it)."""
    out = tmp_path_factory.mktemp("second") / "site-v2"
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
        """Requests that left ``origin``; a blob: URL it made (bytes in memory) is its own."""
        return [u for u in self.requests if not u.startswith((origin, f"blob:{origin}/"))]


@pytest.fixture
def watch(context) -> Iterator[Watch]:
    seen = Watch()

    def record(request) -> None:
        seen.requests.append(request.url)

    context.on("request", record)
    context.on("page", seen.attach_page)
    yield seen
    context.remove_listener("request", record)
    context.remove_listener("page", seen.attach_page)


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
    "test_screens_on_phones",
    "test_two_tabs_never_double_count_or_lose_statistics",
    "test_a_new_version_whose_activation_hangs_still_takes_over",
    "test_a_card_never_shrinks_on_the_screen_as_the_page_zooms_or_the_text_grows",
    "test_update_now_never_leaves_the_page_stuck_if_the_new_version_never_takes_over",
    "test_screens_on_a_computer",
    "test_following_standards_hint_by_touch_scores_par_and_says_so",
    "test_soak_every_finished_game_is_counted_or_reported",
    "test_statistics_export_and_import_survive_a_wiped_browser",
    "test_an_update_reloads_every_open_tab_into_the_new_version_keeping_the_game",
    "test_iphone_gets_drawn_steps_and_carries_progress_into_the_app",
    "test_a_race_the_player_wins_by_touch_ends_with_the_result_panel_naming_the_winner",
    "test_a_deal_code_plays_under_its_rules_whatever_the_saved_options",
    "test_the_win_panel_shows_figures_bars_par_and_what_the_statistics_gained",
    "test_a_new_game_applies_a_waiting_update",
    "test_offer_comes_after_the_first_win_once_its_panel_is_closed",
    "test_storage_full_at_start_up_shows_the_saved_game_and_statistics_and_says_so",
    "test_win_a_whole_deal_by_clicking_the_solvers_line_from_a_link",
    "test_two_copies_on_one_origin_keep_their_own_saves_and_caches",
    "test_a_new_version_is_offered_and_applied_without_losing_the_game",
)


def pytest_collection_modifyitems(config, items) -> None:
    rank = {name: i for i, name in enumerate(SLOWEST_FIRST)}
    items.sort(key=lambda item: rank.get(getattr(item, "originalname", item.name),
                                         len(rank)))
