"""The offline app in Chromium, played as a player plays it: by clicking. Its
boot, offline reload and engine snapshot, saves that are corrupt or full, links
opened at start, saved options the engine refuses, statistics across two tabs,
a new version offered and applied, and an engine that cannot start or stalls."""

from __future__ import annotations

import importlib
import shutil

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.app import (
    DRAW,
    PAGE_STATE,
    SILENT_ENGINE,
    SNAPSHOT_KEPT,
    board,
    click_move,
    installed_manifest,
    notices,
    open_app,
    open_deal,
    page_state,
    saved,
    wait_controlled,
    wait_face_up,
    wait_ready,
    wait_until,
    waiting,
)
from tests.e2e.browser import BOOT_TIMEOUT
from tests.e2e.lines import SHORT_WINS, winnable_deal, winning_line
from tripeaks.deals import encode_code, shuffle
from tripeaks.game import Game
from tripeaks.notation import deal_text


def expected(game: Game) -> dict:
    view = game.view()
    return {
        "slots": ["" if s["removed"] else (s["card"] if s["face_up"] else None)
                  for s in view["slots"]],
        "stock": view["stock"]["count"],
        "waste": view["waste"]["card"],
    }


def seen(page) -> dict:
    shown = board(page)
    return {k: shown[k] for k in ("slots", "stock", "waste")}


def assert_clean(watch, site) -> None:
    """No request left the origin, and nothing was logged as an error."""
    assert watch.requests, "requests were not recorded"
    assert watch.foreign(site.origin) == []
    assert watch.errors == []


def solver_line(number: int) -> list[int]:
    """The solver's winning line for a deal, or the test's own search while the
    solver is not there; either way checked by replaying it."""
    game = Game.new(number)
    line = None
    solver = importlib.util.find_spec("tripeaks.solver") and importlib.import_module(
        "tripeaks.solver")
    if solver is not None and hasattr(solver, "solve"):
        try:
            result = solver.solve(Game.new(number))
            line = list(getattr(result, "line", result) or [])
        except Exception:
            line = None
    if not line:
        line = winning_line(game)
    replay = Game.new(number)
    for move in line:
        replay.apply(move)
    assert replay.won
    return line


def test_boot_and_play_by_clicking(page, site, watch):
    number = 5
    open_app(page, site.url + "#deal=" + encode_code(number))
    game = Game.new(number)
    assert seen(page) == expected(game)
    assert "TP1-" in board(page)["status"]
    assert page.evaluate("location.hash") == ""  # the link was used up

    for _ in range(8):
        plays = [m for m in game.legal_moves() if m != DRAW]
        move = plays[0] if plays else DRAW
        game.apply(move)
        click_move(page, move)
        assert seen(page) == expected(game)
        record = saved(page)["record"]
        assert Game.from_record(record).view()["slots"] == game.view()["slots"]

    # A face-up card that does not fit says why, and nothing changes.
    view = game.view()
    misfit = next((s["slot"] for s in view["slots"] if s["face_up"] and s["free"]
                   and not s["fits"]), None)
    if misfit is not None:
        before = seen(page)
        page.click(f"[data-slot='{misfit}']")
        page.wait_for_selector("[data-testid=notices] .notice")
        assert game.why_illegal(misfit) in " ".join(notices(page))
        assert seen(page) == before
    assert_clean(watch, site)


def test_win_a_whole_deal_by_clicking_the_solvers_line_from_a_link(page, site, watch):
    number, code, _ = winnable_deal()
    line = solver_line(number)
    open_app(page, f"{site.url}#deal={code}")
    for move in line:
        click_move(page, move)
    dialog = page.locator("[data-testid=result]")
    dialog.wait_for(state="visible")
    assert "cleared" in dialog.locator("h2").text_content()
    assert board(page)["slots"] == [""] * 28
    stats = saved(page, "tripeaks.stats")
    assert (stats["won"], stats["played"], stats["streak"]) == (1, 1, 1)
    page.reload()  # the won game comes back, its result panel does not...
    wait_ready(page)
    assert board(page)["slots"] == [""] * 28 and dialog.is_hidden()
    assert "This game is won." in notices(page)  # ...but a line says it is over...
    page.click("[data-notice=over] [data-notice-action]")  # ...and brings its result back
    dialog.wait_for(state="visible")
    assert "cleared" in dialog.locator("h2").text_content()
    page.click("[data-testid=result] .result-actions [data-action=new]")
    wait_face_up(page, 10)
    assert page.locator("[data-notice=over]").count() == 0
    assert_clean(watch, site)


@pytest.mark.cold  # the first visit's own snapshot and downloads
def test_offline_reload_restores_the_exact_game(page, site, watch):
    open_app(page, site.url + "#deal=" + encode_code(12))
    wait_controlled(page)
    game = Game.new(12)
    for _ in range(5):
        plays = [m for m in game.legal_moves() if m != DRAW]
        move = plays[0] if plays else DRAW
        game.apply(move)
        click_move(page, move)
    before, record = seen(page), saved(page)["record"]
    # The first boot keeps a memory snapshot of the engine for the next ones.
    wait_until(page, SNAPSHOT_KEPT, timeout=60_000)

    site.close()  # the network is gone: nothing can come from the server now
    page.context.set_offline(True)
    page.reload()
    wait_ready(page)
    # ... and the reload starts from it (the fast warm start), not from scratch.
    assert page.evaluate("tripeaks.engine.info.timings.snapshot") == "used"
    # Every engine module is there after a restore (the AI was not, once: the
    # wheel's files are not in a memory snapshot, only what was imported).
    results = page.evaluate("() => tripeaks.engine.call('ai_results', {game: 'player'})")
    assert [r["level"] for r in results["results"]] == ["easy", "normal", "hard"]
    assert seen(page) == before == expected(game)
    assert saved(page)["record"] == record
    # ... and play goes on offline.
    click_move(page, DRAW)
    game.apply(DRAW)
    assert seen(page) == expected(game)
    # A new tab, offline, opens the app too.
    other = page.context.new_page()
    watch.attach_page(other)
    open_app(other, site.url)
    assert seen(other) == expected(game)
    assert_clean(watch, site)


# The engine's kept snapshot cut to half its length, wherever it is kept (its file in
# the origin private file system, or the build's cache): its length, or 0 if none is kept.
CUT_SNAPSHOT = """async () => {
    try {
        const root = await navigator.storage.getDirectory();
        const directory = await root.getDirectoryHandle('tripeaks-engine');
        for await (const [name, handle] of directory.entries()) {
            if (!name.endsWith('.snapshot')) continue;
            const size = (await handle.getFile()).size;
            const writable = await handle.createWritable({ keepExistingData: true });
            await writable.truncate(size >> 1);
            await writable.close();
            return size;
        }
    } catch { /* no file system: the cache keeps it */ }
    const url = new URL('pyodide/snapshot.bin', location.href).href;
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        const kept = await cache.match(url);
        if (!kept) continue;
        const bytes = new Uint8Array(await kept.arrayBuffer());
        await cache.put(url, new Response(bytes.subarray(0, bytes.length >> 1)));
        return bytes.length;
    }
    return 0;
}"""


def test_a_damaged_engine_snapshot_is_dropped_and_the_game_kept(page, site, watch):
    """The engine's kept memory snapshot cut short (a crash while it was written, a
    disk that filled): the next start boots Python the slow way, with the game as it
    was and nothing said in alarm, drops the snapshot and makes no more for this build."""
    open_app(page, site.url + "#deal=" + encode_code(12))
    game = Game.new(12)
    for _ in range(2):
        game.apply(DRAW)
        click_move(page, DRAW)
    before = seen(page)
    cut = page.evaluate(CUT_SNAPSHOT)
    assert cut > 0, "no snapshot was kept to damage"
    page.reload()
    wait_ready(page)
    assert page.evaluate("tripeaks.engine.info.timings.snapshot") is None  # not used, none made
    assert seen(page) == before == expected(game)
    click_move(page, DRAW)  # and play goes on
    game.apply(DRAW)
    assert seen(page) == expected(game)
    kept = page.evaluate(SNAPSHOT_KEPT)
    failed = page.evaluate("""async () => {
        const url = new URL('pyodide/snapshot.failed', location.href).href;
        for (const name of await caches.keys()) {
            if (await (await caches.open(name)).match(url)) return true;
        }
        return false;
    }""")
    assert (kept, failed) == (False, True)
    assert notices(page) == []
    assert_clean(watch, site)


def test_a_snapshot_a_crash_left_half_written_is_made_again(page, site, watch):
    """The browser closed while the engine's snapshot was being written, before its first
    bytes (written last): the next start boots Python the slow way with the game kept, and
    makes the snapshot again, so the starts after it are fast again: it is not taken for
    one that failed."""
    open_app(page, site.url + "#deal=" + encode_code(14))
    click_move(page, DRAW)
    before = seen(page)
    erased = page.evaluate("""async () => {
        const directory = await (await navigator.storage.getDirectory())
            .getDirectoryHandle('tripeaks-engine');
        for await (const [name, handle] of directory.entries()) {
            if (!name.endsWith('.snapshot')) continue;
            const writable = await handle.createWritable({ keepExistingData: true });
            await writable.write({ type: 'write', position: 0, data: new Uint8Array(8) });
            await writable.close();
            return name;
        }
        return null;
    }""")
    assert erased, "no snapshot file was kept"
    assert not page.evaluate(SNAPSHOT_KEPT)
    page.reload()
    wait_ready(page)
    assert seen(page) == before
    assert page.evaluate("tripeaks.engine.info.timings.snapshot") == "made"
    wait_until(page, SNAPSHOT_KEPT, timeout=60_000)
    page.reload()
    wait_ready(page)
    assert page.evaluate("tripeaks.engine.info.timings.snapshot") == "used"
    assert seen(page) == before
    assert_clean(watch, site)


@pytest.mark.profile  # installable: a profile of its own, not an incognito one
def test_installable(context, page, site):
    """A persistent profile, as a browser that can install the app has."""
    data = installed_manifest(context, page, site.url)
    assert data["display"] == "standalone" and data["start_url"] == "./"
    assert {"192x192", "512x512"} <= {i["sizes"] for i in data["icons"]}
    assert any(i.get("purpose") == "maskable" for i in data["icons"])
    head = page.evaluate("""() => ({
        apple: document.querySelector('link[rel=apple-touch-icon]')?.href,
        capable: document.querySelector('meta[name=apple-mobile-web-app-capable]')?.content,
        theme: document.querySelector('meta[name=theme-color]')?.content })""")
    assert head["apple"] and head["capable"] == "yes" and head["theme"]
    assert page.evaluate("fetch('icons/apple-touch-icon.png').then(r => r.ok)")


def test_no_accessibility_violations(context, page, site, axe_source):
    context.add_init_script(script=axe_source)
    open_app(page, site.url + "#deal=not-a-code!")
    page.wait_for_selector("[data-testid=notices] .notice")  # audit the notice too
    click_move(page, DRAW)
    violations = page.evaluate("""() => axe.run(document).then(r => r.violations.map(v =>
        ({id: v.id, help: v.help, nodes: v.nodes.map(n => n.target.join(' '))})))""")
    assert violations == []


@pytest.mark.parametrize("text", [
    '{"v":1,"gameId":"a","record":{"format":"tripeaks-game","ver',  # truncated
    "not json at all",
    '{"hello": "world"}',  # someone else's data
    '[1, 2, 3]',
    '{"v": 99, "gameId": "a", "record": {}, "board": null}',  # from a newer version
    '{"v":1,"gameId":"a","record":{"format":"tripeaks-game","version":1,"deal":"7H 7H",'
    '"actions":""},"board":null}',  # the engine refuses the record
])
def test_a_corrupt_save_is_set_aside_and_a_fresh_game_starts(page, site, watch, text):
    open_app(page, site.url)
    page.evaluate("text => localStorage.setItem('tripeaks.game', text)", text)
    page.reload()
    wait_ready(page)
    page.wait_for_selector("[data-testid=notices] .notice.error")
    assert any("set aside" in n for n in notices(page))
    assert page.evaluate("localStorage.getItem('tripeaks.game.set-aside')") == text
    assert len([c for c in board(page)["slots"] if c]) == 10  # a fresh deal on the table
    click_move(page, DRAW)
    assert saved(page)["v"] == 1
    assert watch.foreign(site.origin) == []


def test_a_save_is_drawn_as_text_never_as_html(page, site):
    page.on("dialog", lambda d: pytest.fail(f"a script ran: {d.message}"))
    open_app(page, site.url)
    hostile = saved(page)
    hostile["board"]["slots"][18]["name"] = "<img src=x onerror=alert(1)>"
    hostile["board"]["slots"][18]["card"] = "<b>7H</b>"
    hostile["board"]["deal_code"] = "<img src=y onerror=alert(2)>"
    page.evaluate("s => localStorage.setItem('tripeaks.game', JSON.stringify(s))", hostile)
    page.reload()
    wait_ready(page)
    assert page.locator("img, b").count() == 0
    open_app(page, site.url + "#cards=<img src=z onerror=alert(3)>")
    assert page.locator("img").count() == 0
    assert any("does not open a deal" in n for n in notices(page))


def test_a_link_opened_at_start_asks_before_leaving_a_game_in_progress(page, site):
    open_app(page, site.url + "#deal=" + encode_code(15))
    click_move(page, DRAW)
    mine = saved(page)
    page.goto("about:blank")
    page.goto(site.url + "#deal=" + encode_code(16))
    confirm = page.locator("[data-testid=confirm]")
    confirm.wait_for(state="visible", timeout=BOOT_TIMEOUT)
    page.click("[data-testid=confirm-no]")
    wait_ready(page)
    assert saved(page)["record"] == mine["record"]  # the game in progress is kept
    assert "#" not in page.url


def test_links_open_a_custom_deal_with_its_rules_and_bad_links_say_why(page, site):
    cards = shuffle(9)
    compact = deal_text(cards).replace(" ", "")
    open_app(page, f"{site.url}#cards={compact}&preset=relaxed&rules=face_up:1")
    game = Game(cards, Game.new(9).rules.replace(scoring="none", face_up=True,
                                                 abandon_is_loss=True))
    assert seen(page)["slots"] == expected(game)["slots"]  # all 28 face up
    assert "Custom deal" in board(page)["status"] and "Score" not in board(page)["status"]

    click_move(page, DRAW)  # a game in progress, where leaving counts as a loss (relaxed)
    game.apply(DRAW)
    confirm = page.locator("[data-testid=confirm]")
    for link, reason in [("#deal=TP1-E-AAAAAB", "7 characters"),  # a character short
                         (f"#deal={encode_code(17)}&rules=wrap:0", "has its own rules")]:
        page.goto(site.url + link)
        wait_ready(page)
        page.wait_for_function("r => [...document.querySelectorAll('[data-testid=notices] "
                               ".notice p')].some(p => p.textContent.includes(r))", arg=reason)
        assert any("does not open a deal" in n for n in notices(page))
        assert not confirm.is_visible()  # nothing to agree to: the link opens nothing
        assert seen(page)["slots"] == expected(game)["slots"]  # the game in progress stays
        assert saved(page, "tripeaks.stats") is None  # and was not counted as abandoned
        assert "#" not in page.url  # so a reload does not say it again

    code = encode_code(17)
    page.goto(f"{site.url}#deal={code[:6]}+{code[6:]}")  # a code copied with a space in it
    confirm.wait_for(state="visible")
    page.click("[data-testid=confirm-yes]")
    page.wait_for_function("code => document.querySelector('[data-testid=deal]')"
                           ".textContent.includes(code)", arg=code)


@pytest.mark.parametrize("options", [
    '{"v":1,"preset":"nonsense"}',
    '{"v":1,"preset":"standard","rules":{"undo_limit":"abc"}}',
])
def test_saved_options_the_engine_refuses_are_reset_and_a_game_starts(page, site, options):
    open_app(page, site.url)
    page.evaluate("""o => { localStorage.setItem('tripeaks.options', o);
                           localStorage.removeItem('tripeaks.game'); }""", options)
    page.reload()
    wait_ready(page)
    page.wait_for_selector("[data-testid=notices] .notice.error")
    assert any("reset to the defaults" in n for n in notices(page))
    assert len([c for c in board(page)["slots"] if c]) == 10
    assert saved(page, "tripeaks.options")["preset"] == "standard"


def test_a_full_storage_is_reported_and_play_goes_on(page, site):
    open_app(page, site.url)
    page.evaluate("""() => {
        const real = Storage.prototype.setItem;
        Storage.prototype.setItem = function (key, value) {
            if (key.startsWith('tripeaks.')) throw new DOMException('full', 'QuotaExceededError');
            return real.call(this, key, value);
        };
    }""")
    stock = board(page)["stock"]
    click_move(page, DRAW)
    click_move(page, DRAW)
    assert board(page)["stock"] == stock - 2
    full = [n for n in notices(page) if "Storage is full" in n]
    assert len(full) == 1


def test_two_tabs_never_double_count_or_lose_statistics(context, site, watch):
    first, second = context.new_page(), context.new_page()
    for tab in (first, second):
        watch.attach_page(tab)
    (_, code1, line1), (_, code2, line2) = (winnable_deal(start=n) for n in SHORT_WINS)
    open_app(first, f"{site.url}#deal={code1}")
    open_app(second, site.url)  # the same game, restored from the save
    assert seen(second) == seen(first)
    for move in line1:
        click_move(first, move)
    first.locator("[data-testid=result]").wait_for(state="visible")
    wait_face_up(second, 0)

    open_deal(second, f"{site.url}#deal={code2}", code2)  # the second tab wins another deal
    for move in line2:
        click_move(second, move)
    second.locator("[data-testid=result]").wait_for(state="visible")
    stats = saved(first, "tripeaks.stats")
    assert (stats["played"], stats["won"], stats["streak"]) == (2, 2, 2)
    assert watch.errors == []


def _build_of(page) -> str:
    return page.evaluate("tripeaks.engine.info.build")


# The builds whose engine snapshot the origin private file system keeps (snapshot-store.js:
# each file is named after its build's cache), of this copy at the origin's root.
SNAPSHOT_BUILDS = """async () => {
    const builds = [];
    const directory = await (await navigator.storage.getDirectory())
        .getDirectoryHandle('tripeaks-engine', { create: true });
    const mine = encodeURIComponent('tripeaks@/#');
    for await (const name of directory.keys()) {
        if (name.startsWith(mine) && name.endsWith('.snapshot')) {
            builds.push(name.slice(mine.length, -'.snapshot'.length));
        }
    }
    return builds;
}"""


# Every notice shown from now on, kept in sessionStorage: it outlives the reload.
NOTICES_KEPT = """() => new MutationObserver(() => sessionStorage.setItem('notices-seen',
    JSON.stringify([...document.querySelectorAll('[data-notice] p')].map((p) => p.textContent))))
    .observe(document.querySelector('[data-testid=notices]'), {childList: true, subtree: true})"""


def _said_updating(page) -> None:
    """The notices seen since NOTICES_KEPT said that the update was under way."""
    said = page.evaluate("JSON.parse(sessionStorage.getItem('notices-seen') || '[]')")
    assert any(text.startswith("Updating to the new version") for text in said), said


def _update_offered(page, live, newer) -> None:
    live.swap(newer)
    asked = len(live.requests)
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    try:
        page.wait_for_selector("[data-notice=update]", timeout=120_000)
    except PlaywrightTimeout:
        raise AssertionError(f"the update was never offered: {page_state(page)};"
                             f" asked of the server since: {live.requests[asked:]}") from None


def test_a_new_version_is_offered_and_applied_without_losing_the_game(
        page, site, second_build, watch):
    live = site  # the installed version: the warm profile's (swapped back after the test)
    open_app(page, live.url + "#deal=" + encode_code(21))
    wait_controlled(page)
    old_build = _build_of(page)
    # Chromium keeps the engine's snapshot in the private file system, not in the cache.
    assert page.evaluate(SNAPSHOT_BUILDS) == [old_build]
    click_move(page, DRAW)
    _update_offered(page, live, second_build)
    # The new version waits: the game goes on under the old one meanwhile.
    click_move(page, DRAW)
    before, record = seen(page), saved(page)["record"]
    assert _build_of(page) == old_build

    page.evaluate(NOTICES_KEPT)
    with page.expect_navigation():
        page.click("[data-notice-action=update]")
    wait_ready(page)
    _said_updating(page)
    new_build = _build_of(page)
    assert new_build != old_build
    assert new_build in (second_build / "build-info.js").read_text()
    assert seen(page) == before and saved(page)["record"] == record
    caches = page.evaluate("caches.keys()")
    assert [c for c in caches if c.startswith("tripeaks")] == [f"tripeaks@/#{new_build}"]
    # The old build's snapshot went with its cache; the new one's is made after its first boot.
    wait_until(page, SNAPSHOT_KEPT, timeout=60_000)
    assert page.evaluate(SNAPSHOT_BUILDS) == [new_build]
    assert_clean(watch, live)


def test_a_new_game_applies_a_waiting_update(page, site, second_build):
    live = site
    open_app(page, live.url)
    wait_controlled(page)
    old_build = _build_of(page)
    _update_offered(page, live, second_build)
    page.evaluate(NOTICES_KEPT)
    with page.expect_navigation():
        page.click(".actions [data-action=new]")
    wait_ready(page)
    _said_updating(page)
    assert _build_of(page) != old_build
    shown = saved(page)
    assert Game.from_record(shown["record"]).moves == 0  # the new game, saved before reload
    assert seen(page)["slots"] == expected(Game.from_record(shown["record"]))["slots"]


def test_a_new_version_whose_activation_hangs_still_takes_over(
        page, context, site, second_build):
    """While a version activates, its pages' requests wait: housekeeping that never ends
    (here: claiming the pages) must not keep the game from starting."""
    live = site
    open_app(page, live.url)
    wait_controlled(page)
    old_build = _build_of(page)
    with context.expect_event("serviceworker") as installed:
        _update_offered(page, live, second_build)
    installed.value.evaluate("() => { self.clients.claim = () => new Promise(() => {}); }")
    with page.expect_navigation():
        page.click("[data-notice-action=update]")
    wait_ready(page)
    assert _build_of(page) != old_build
    active = page.evaluate(PAGE_STATE)["workers"]["active"]
    assert active["status"]["problems"] == ["claiming the pages: took too long"], active


def test_update_now_never_leaves_the_page_stuck_if_the_new_version_never_takes_over(
        page, site, second_build):
    page.add_init_script("""{
        const send = ServiceWorker.prototype.postMessage;  // SKIP_WAITING gets lost
        ServiceWorker.prototype.postMessage = function (message, ...rest) {
            if (message?.type !== "SKIP_WAITING") return send.call(this, message, ...rest);
        };
    }""")
    live = site
    open_app(page, live.url + "#deal=" + encode_code(21))
    wait_controlled(page)
    old_build = _build_of(page)
    click_move(page, DRAW)
    before = seen(page)
    _update_offered(page, live, second_build)
    with page.expect_navigation(timeout=30_000):  # the page gives up waiting after 10 s
        page.click("[data-notice-action=update]")
    wait_ready(page)
    assert _build_of(page) == old_build and seen(page) == before
    page.wait_for_selector("[data-notice=update]")  # and the new version is offered again


def test_an_engine_that_cannot_start_says_so_instead_of_freezing(page, site_dir, make_site,
                                                                   tmp_path):
    broken = tmp_path / "broken"
    shutil.copytree(site_dir, broken)
    wheel = next((broken / "wheels").glob("*.whl"))
    wheel.write_bytes(b"not a wheel")  # a damaged deploy
    live = make_site(broken)
    page.goto(live.url)
    page.wait_for_selector("html[data-engine=failed]", state="attached", timeout=120_000)
    message = " ".join(notices(page))
    assert "could not start" in message
    assert page.locator("[data-notice-action=boot]").is_visible()  # "Try again"


@pytest.mark.parametrize("lost", ["every catalog", "a module"])
def test_files_lost_from_the_device_while_offline_say_so_and_keep_the_game(
        page, site_dir, make_site, lost):
    """Offline, with the device's copy of the app lost in part (a browser that evicted some of
    its caches): the boot line says the game could not read its files, with a reload, instead
    of waiting for ever; back online, the reload opens the game as it was."""
    live = make_site(site_dir)
    open_app(page, live.url + "#deal=" + encode_code(12))
    wait_controlled(page)
    click_move(page, DRAW)
    before = seen(page)
    paths = ["locales/en.json"] if lost == "every catalog" else ["main/main.js"]
    page.evaluate("""async (paths) => {
        for (const name of await caches.keys()) {
            const cache = await caches.open(name);
            for (const path of paths) await cache.delete(new URL(path, location.href).href);
        }
    }""", paths)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.clearBrowserCache")  # nor in the browser's own cache
    cdp.detach()
    page.context.set_offline(True)
    page.reload()
    line = page.locator("[data-testid=boot-unreadable]")
    line.wait_for(state="visible")
    assert "could not read its files" in line.inner_text()
    assert page.locator("[data-testid=boot] .boot-text").is_hidden()
    assert page.evaluate("document.documentElement.dataset.engine") == "failed"
    page.context.set_offline(False)
    line.locator("button").click()
    wait_ready(page)
    assert seen(page) == before
    live.close()


def test_a_start_that_stalls_says_so_and_offers_a_reload(page, site):
    page.add_init_script(SILENT_ENGINE)
    page.goto(site.url)
    wait_controlled(page)  # a first visit's download is over: it counts as progress
    page.clock.install()  # time flows as usual, and the test jumps it forward
    page.reload()
    stalled = page.locator("[data-notice=stalled]")
    page.clock.run_for(25_000)  # a slow start is no stall yet
    assert stalled.count() == 0
    assert page.evaluate("document.documentElement.dataset.engine") == "booting"
    page.clock.run_for(6_000)
    stalled.wait_for()
    assert "taking longer than usual" in stalled.inner_text()
    page.evaluate("tripeaks.startup.progress('Dealing…', 0.9)")  # a word at last: no stall now
    stalled.wait_for(state="detached")
    page.clock.run_for(31_000)  # and silence again
    stalled.wait_for()
    with page.expect_navigation():
        page.click("[data-notice-action=stalled]")


# SILENT_ENGINE on the tab's first load only: the reload after it starts as usual.
SILENT_ONCE = f"""(() => {{
    if (sessionStorage.getItem('test-silent-once')) return;
    sessionStorage.setItem('test-silent-once', '1');
    {SILENT_ENGINE};
}})()"""


@pytest.mark.parametrize("trouble", ["stalled", "boot"])
def test_moves_waiting_on_a_start_in_trouble_are_played_after_its_reload(page, site, trouble):
    """Taps on the saved board while the start stalls (or the engine fails) are kept across
    the notice's Reload (or Try again) and played, in order, once the engine is there."""
    open_app(page, site.url + "#deal=" + encode_code(21))  # a game saved, to come back to
    stock = board(page)["stock"]
    page.goto("about:blank")
    page.add_init_script(SILENT_ONCE)
    page.clock.install()
    page.goto(site.url)
    page.wait_for_selector("[data-testid=stock]:not([disabled])")
    page.click("[data-testid=stock]")
    page.click("[data-testid=stock]")
    assert waiting(page) == {"line": "2 moves waiting", "marked": ["stock"]}
    if trouble == "stalled":
        page.clock.run_for(31_000)
    else:
        page.evaluate("window.__failEngine()")
    page.locator(f"[data-notice={trouble}]").wait_for()
    with page.expect_navigation():
        page.click(f"[data-notice-action={trouble}]")
    wait_ready(page)
    page.wait_for_function("() => tripeaks.kept === null")
    assert board(page)["stock"] == stock - 2
    assert saved(page)["board"]["moves"] == 2
    assert waiting(page) == {"line": "", "marked": []}


def test_a_question_at_start_is_never_called_a_stall(page, site):
    """A link opened at start asks before leaving a game in progress: however long the
    player takes to answer (and whatever a later version's download reports meanwhile),
    the start is not said to be taking too long."""
    open_app(page, site.url + "#deal=" + encode_code(15))
    click_move(page, DRAW)
    page.goto("about:blank")
    page.clock.install()
    page.goto(site.url + "#deal=" + encode_code(16))
    page.locator("[data-testid=confirm]").wait_for(state="visible", timeout=BOOT_TIMEOUT)
    # A later version downloading meanwhile reports its progress to the page: no stall either.
    page.evaluate("tripeaks.startup.progress('Downloading…', 0.5, 'download')")
    page.clock.run_for(40_000)
    assert page.locator("[data-notice=stalled]").count() == 0
    page.click("[data-testid=confirm-no]")
    wait_ready(page)


def test_python_errors_come_back_as_messages(page, site):
    open_app(page, site.url)
    answer = page.evaluate("""() => tripeaks.engine.call('action', {game: 'player', move: 'fly'})
        .then(() => 'resolved', (error) => ({kind: error.kind, message: error.message}))""")
    # Worded from the catalog by the engine's reason and values (the engine sends no English).
    assert answer == {"kind": "bad-request", "message": "Unknown move 'fly'."}
    click_move(page, DRAW)  # and the engine goes on
