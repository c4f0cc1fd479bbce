"""Saves that nothing can lose: storage full or failing, two copies of the app
on one origin, several tabs, updates, repeated links, deep paths.

Faults come from tests/e2e/faults.py: a setItem that throws when told to, and
an origin whose whole quota a neighbouring page has filled.
"""

from __future__ import annotations

import json
import random

from tests.e2e.app import (
    DEAF_TO_CONTROLLERCHANGE,
    DRAW,
    READY,
    board,
    click_move,
    next_frame,
    notices,
    open_app,
    open_panel,
    saved,
    wait_controlled,
    wait_ready,
    wait_text,
)
from tests.e2e.faults import fill_origin, free_origin, set_faults, storage_faults
from tests.e2e.lines import winnable_deal
from tripeaks.deals import encode_code
from tripeaks.game import Game

CODE = encode_code(21)


def seen(page) -> dict:
    shown = board(page)
    return {k: shown[k] for k in ("slots", "stock", "waste")}


def stored(page, kind: str):
    """The app's own save of one kind, whatever its keys are named."""
    text = page.evaluate("kind => localStorage.getItem(tripeaks.storage.key(kind))", kind)
    return None if text is None else json.loads(text)


def stats_with(played: int, won: int, **preset) -> dict:
    standard = {"played": played, "won": won, "cleanWins": won, "assistedWins": 0, "streak": 0,
                "bestStreak": min(won, 1), "bestScore": None, "longestCardStreak": 3,
                "wonTime": 60_000 * won, "recent": [], **preset}
    return {"v": 1, "played": played, "won": won, "streak": 0, "bestStreak": min(won, 1),
            "bestScore": None, "counted": [], "presets": {"standard": standard}}


def stats_grid(page) -> str:
    open_panel(page, "stats")
    page.locator("[data-testid=stats-grid]").wait_for(state="visible")
    return page.locator("[data-testid=stats-grid]").text_content().replace(" ", "")


def close_panels(page) -> None:
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('dialog[open]')")


def wait_notice(page, text: str, timeout: int = 30_000) -> None:
    page.wait_for_function(
        "t => [...document.querySelectorAll('[data-testid=notices] .notice p')]"
        ".some(p => p.textContent.includes(t))", arg=text, timeout=timeout)


def upload(page, data: dict) -> None:
    page.set_input_files("[data-testid=stats-import]", files=[{
        "name": "backup.json", "mimeType": "application/json",
        "buffer": json.dumps(data).encode()}])


# -- 1. storage full at start-up -------------------------------------------------------

def test_storage_full_at_start_up_shows_the_saved_game_and_statistics_and_says_so(
        context, page, site_dir, make_site):
    live = make_site(site_dir, "/tripeaks/")  # a project page: its neighbours share the origin
    open_app(page, f"{live.url}#deal={CODE}")
    click_move(page, DRAW)
    click_move(page, DRAW)
    page.evaluate("s => localStorage.setItem(tripeaks.storage.key('stats'), s)",
                  json.dumps(stats_with(7, 2)))
    before = seen(page)
    neighbour = live.origin + "/another-project/"
    assert fill_origin(context, neighbour, page) > 1000
    page.reload()
    wait_ready(page)
    assert seen(page) == before  # the saved game, not a fresh one
    assert any("Storage is full" in n for n in notices(page))  # said at once, before any move
    grid = stats_grid(page)
    assert "Played7" in grid and "Won2" in grid
    close_panels(page)
    click_move(page, DRAW)
    assert any("Storage is full" in n for n in notices(page))  # and for as long as it lasts
    free_origin(context, neighbour)
    click_move(page, DRAW)
    wait_notice(page, "Saving works again")
    assert not any("Storage is full" in n for n in notices(page))
    assert stored(page, "game")["board"]["stock"]["count"] == board(page)["stock"]
    assert stored(page, "stats")["played"] == 7


# -- 2. an unreadable save is removed only once its copy is written ----------------------

def test_an_unreadable_save_stays_where_it_is_when_no_copy_can_be_written(context, page, site):
    storage_faults(context, match="set-aside")
    open_app(page, site.url)
    page.evaluate("localStorage.setItem('tripeaks.game', 'not json, and no room for a copy')")
    set_faults(page, every=True)
    page.reload()
    wait_ready(page)
    wait_notice(page, "stays where it is")
    assert not any("set aside" in n for n in notices(page))
    click_move(page, DRAW)  # play goes on; the unreadable save is not written over
    assert page.evaluate("localStorage.getItem('tripeaks.game')") == \
        "not json, and no room for a copy"


def test_each_unreadable_save_keeps_its_own_copy(page, site):
    open_app(page, site.url)
    for text in ("the first bad save", "the second bad save"):
        page.evaluate("t => localStorage.setItem('tripeaks.game', t)", text)
        page.reload()
        wait_ready(page)
        wait_notice(page, "set aside")
    copies = page.evaluate("""Object.keys(localStorage)
        .filter(k => k.startsWith('tripeaks.game.set-aside')).map(k => localStorage.getItem(k))""")
    assert sorted(copies) == ["the first bad save", "the second bad save"]


# -- 3. a backup import is all or nothing ----------------------------------------------

def test_a_backup_import_is_all_or_nothing_and_asks_before_replacing_statistics(
        context, page, site):
    storage_faults(context, match="tripeaks.stats")
    open_app(page, f"{site.url}#deal={CODE}")
    click_move(page, DRAW)
    game, options = saved(page), saved(page, "tripeaks.options")
    backup = {"format": "tripeaks-backup", "version": 1, "game": None,
              "options": {"v": 1, "preset": "classic", "rules": {}, "fourColour": True},
              "stats": stats_with(3, 1)}
    open_panel(page, "stats")
    set_faults(page, every=True)  # the statistics cannot be written
    upload(page, backup)
    wait_text(page, "stats-message", "Nothing was imported")
    assert "statistics could not be written" in page.text_content("[data-testid=stats-message]")
    assert saved(page) == game and saved(page, "tripeaks.options") == options
    assert page.evaluate("document.documentElement.dataset.deck") != "four"

    set_faults(page, every=False)
    page.evaluate("s => localStorage.setItem('tripeaks.stats', s)", json.dumps(stats_with(7, 2)))
    upload(page, backup)
    page.locator("[data-testid=confirm]").wait_for(state="visible")
    assert "statistics" in page.text_content("[data-testid=confirm] h2")
    page.click("[data-testid=confirm] [value=no]")
    wait_text(page, "stats-message", "Nothing was imported")
    assert saved(page, "tripeaks.stats")["played"] == 7


# -- 4. statistics validated field by field ---------------------------------------------

def test_a_damaged_statistic_is_mended_and_never_shown_as_infinity_or_nan(page, site):
    open_app(page, site.url)
    damaged = stats_with(5, 1, bestStreak=4)
    damaged["presets"]["standard"]["won"] = 1e308
    damaged["played"] = "seven"  # one bad field at the top
    page.evaluate("s => localStorage.setItem('tripeaks.stats', s)", json.dumps(damaged))
    page.reload()
    wait_ready(page)
    grid = stats_grid(page)
    assert "Infinity" not in grid and "NaN" not in grid
    assert "Played5" in grid and "Bestwinningrun4" in grid  # the good fields are kept
    assert "Winrate0%" in grid  # won 1e308 of 5: mended to 0
    assert any("Some statistics were damaged" in n for n in notices(page))


# -- 5. two copies of the app on one origin -------------------------------------------

def test_two_copies_on_one_origin_keep_their_own_saves_and_caches(page, context, site_dir,
                                                                 make_site, tmp_path):
    root = tmp_path / "origin"
    root.mkdir()
    (root / "tripeaks").symlink_to(site_dir)
    (root / "tripeaks-beta").symlink_to(site_dir)
    live = make_site(root)
    stable, beta = live.origin + "/tripeaks/", live.origin + "/tripeaks-beta/"
    # A save from before keys had a path is taken up by a copy, and left in place.
    open_app(page, f"{stable}#deal={CODE}")
    click_move(page, DRAW)
    wait_controlled(page)
    mine = stored(page, "game")
    page.evaluate("s => localStorage.setItem('tripeaks.game', s)", json.dumps(mine))
    other = context.new_page()
    open_app(other, beta)
    wait_controlled(other)
    assert seen(other) == seen(page)  # migrated from the first names
    # Each copy's keys carry its own path (the page's modules find it from their own address).
    assert other.evaluate("localStorage.getItem('tripeaks@/tripeaks-beta/.game')") is not None
    click_move(other, DRAW)
    click_move(other, DRAW)
    assert stored(page, "game") == mine  # the stable copy's game is untouched
    assert json.loads(page.evaluate("localStorage.getItem('tripeaks.game')")) == mine
    page.reload()
    wait_ready(page)
    assert seen(page)["stock"] == seen(other)["stock"] + 2
    caches = page.evaluate("caches.keys()")
    assert any(c.startswith("tripeaks@/tripeaks/#") for c in caches), caches
    assert any(c.startswith("tripeaks@/tripeaks-beta/#") for c in caches), caches


# -- 6. and 7. two tabs --------------------------------------------------------------

TAP_AT = """t => new Promise(done => setTimeout(() => {
    document.querySelector('[data-testid=stock]').click(); done(); }, t - Date.now()))"""


def test_two_tabs_tapping_at_once_lose_no_move(context, page, site):
    open_app(page, f"{site.url}#deal={CODE}")
    for _ in range(5):
        click_move(page, DRAW)
    other = context.new_page()
    open_app(other, site.url)
    assert seen(other) == seen(page)
    stock = board(page)["stock"]
    at = page.evaluate("Date.now()") + 1500
    page.evaluate(f"t => {{ ({TAP_AT})(t); }}", at)  # both taps at the same instant
    other.evaluate(f"t => {{ ({TAP_AT})(t); }}", at)
    page.wait_for_function(
        "n => JSON.parse(localStorage.getItem('tripeaks.game')).board.stock.count === n",
        arg=stock - 2, timeout=30_000)
    for tab in (page, other):
        tab.wait_for_function(
            "n => Number(document.querySelector('[data-testid=stock]').dataset.count) === n",
            arg=stock - 2, timeout=30_000)


def test_options_are_shared_between_tabs(context, page, site):
    open_app(page, site.url)
    other = context.new_page()
    open_app(other, site.url)
    open_panel(page, "options")
    page.check("[data-testid=opt-four-colour]")
    other.wait_for_function("() => document.documentElement.dataset.deck === 'four'")
    open_panel(other, "options")
    assert other.is_checked("[data-testid=opt-four-colour]")
    other.uncheck("[data-testid=opt-error-help]")
    options = saved(page, "tripeaks.options")
    assert options["fourColour"] is True and options["errorHelp"] is False


# -- 8. an update reaches every tab ------------------------------------------------------

def test_an_update_reloads_every_open_tab_into_the_new_version_keeping_the_game(
        context, page, site, second_build):
    # Neither tab hears controllerchange, as in WebKit at times: each sees the new version
    # take over by itself, the tab that asked for it and the other.
    context.add_init_script(DEAF_TO_CONTROLLERCHANGE)
    live = site  # the installed version: the warm profile's (swapped back after the test)
    open_app(page, f"{live.url}#deal={CODE}")
    wait_controlled(page)
    click_move(page, DRAW)
    other = context.new_page()
    open_app(other, live.url)
    wait_controlled(other)
    old = other.evaluate("tripeaks.engine.info.build")
    before = seen(other)
    live.swap(second_build)
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    page.wait_for_selector("[data-notice=update]", timeout=120_000)
    with other.expect_navigation(timeout=120_000), page.expect_navigation(timeout=120_000):
        page.click("[data-notice-action=update]")
    for tab in (page, other):
        wait_ready(tab)
        assert tab.evaluate("tripeaks.engine.info.build") != old
    assert seen(other) == before


# -- 9. repeated links -------------------------------------------------------------------

COUNT_QUESTIONS = """() => {
    window.__asked = [];
    const real = tripeaks.dialogs.confirm.bind(tripeaks.dialogs);
    tripeaks.dialogs.confirm = (...args) => { window.__asked.push(args[0]); return real(...args); };
}"""


def test_repeated_links_ask_once_about_the_last(page, site):
    open_app(page, f"{site.url}#deal={CODE}")
    click_move(page, DRAW)  # a game in progress
    page.evaluate(COUNT_QUESTIONS)
    page.evaluate("c => { location.hash = '#deal=' + c; }", encode_code(31))
    page.locator("[data-testid=confirm]").wait_for(state="visible")
    for number in (32, 33, 34):
        page.evaluate("c => { location.hash = '#deal=' + c; }", encode_code(number))
    page.click("[data-testid=confirm] [value=no]")  # one answer, for every link
    # Nothing more is asked: every link was taken up before the answer, and once the
    # app's queue has run them all (a question would hold it) no question is open.
    page.evaluate("() => tripeaks.queue.then(() => null)")
    next_frame(page)
    assert page.evaluate("window.__asked.length") == 1
    assert not page.locator("[data-testid=confirm]").is_visible()
    assert CODE.upper() in page.text_content("[data-testid=deal]")
    # One more link is asked about, and opens.
    page.evaluate("c => { location.hash = '#deal=' + c; }", encode_code(35))
    page.locator("[data-testid=confirm]").wait_for(state="visible")
    page.click("[data-testid=confirm] [value=yes]")
    page.wait_for_function(
        "code => document.querySelector('[data-testid=deal]').textContent.includes(code)",
        arg=encode_code(35))
    assert page.evaluate("window.__asked.length") == 2


# -- 10. deep paths ----------------------------------------------------------------------

def test_a_deep_path_shows_the_app(page, site):
    open_app(page, site.url)
    wait_controlled(page)
    page.goto(f"{site.url}a/b#deal={CODE}")
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    page.wait_for_function(
        "code => document.querySelector('[data-testid=deal]').textContent.includes(code)",
        arg=CODE)
    assert page.url.startswith(site.url + "#") or page.url == site.url


def test_a_deep_path_on_a_first_visit_opens_the_app_above_it_and_installs_it_there(
        browser, page, make_site, site_dir, watch):
    """No service worker yet: the host answers with the site's 404.html (GitHub
    Pages does), which finds the app above the address and opens it there. The app,
    on a sub-path as a project page is, keeps to that path and plays offline."""
    live = make_site(site_dir, "/tripeaks/")
    page.goto(f"{live.url}a/b/#deal={CODE}")
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    page.wait_for_function(
        "code => document.querySelector('[data-testid=deal]').textContent.includes(code)",
        arg=CODE)
    assert page.url.split("#")[0] == live.url  # the app's own address, the deal played
    wait_controlled(page)
    click_move(page, DRAW)
    scope = page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.scope)")
    assert scope == live.url
    assert live.requests and all(p.startswith("/tripeaks/") for p in live.requests)
    # The wasm came once from the server (as xz: tests/e2e/test_first_visit_bytes.py).
    assert live.downloads.count("/tripeaks/pyodide/pyodide.asm.wasm.xz") == 1
    assert not {"/tripeaks/pyodide/pyodide.asm.wasm",
                "/tripeaks/pyodide/pyodide.asm.wasm.gz"} & set(live.downloads)
    stock = board(page)["stock"]
    live.close()
    page.reload()
    wait_ready(page)
    assert board(page)["stock"] == stock
    assert watch.foreign(live.origin) == []
    assert [e for e in watch.errors if "status of 404" not in e] == []  # the host's 404s only
    live.reset()  # served again, for the page below
    # Where no copy of the app is found above it, the page says so instead of waiting.
    fresh = browser.new_context()  # no service worker of the first visit's
    other = fresh.new_page()
    other.route("**/manifest.json", lambda route: route.fulfill(status=404, body="gone"))
    other.goto(f"{live.url}c/d")
    other.wait_for_function("() => document.getElementById('status')?.textContent"
                           ".includes('not at this address')")
    fresh.close()


# -- 11. a migrated save counts its finished game once -------------------------------------

def test_a_finished_game_in_an_old_save_is_counted_once(context, page, site):
    number, _, line = winnable_deal()
    game = Game.new(number)
    for move in line:
        game.act(move)
    assert game.won
    old_save = {"v": 1, "record": game.to_record(), "board": None}  # no id: an older format
    storage_faults(context, match="tripeaks.game")  # the migrated save is never written back
    open_app(page, site.url)
    set_faults(page, every=True)
    page.evaluate("s => localStorage.setItem('tripeaks.stats', s)", json.dumps(stats_with(0, 0)))
    page.evaluate("""s => { window.__faults.plan.every = false;
                           localStorage.setItem('tripeaks.game', s);
                           window.__faults.plan.every = true; }""", json.dumps(old_save))
    for _ in range(2):
        page.reload()
        wait_ready(page)
        page.wait_for_function(
            "() => JSON.parse(localStorage.getItem('tripeaks.stats')).played > 0")
        page.evaluate("() => tripeaks.queue")
    assert saved(page, "tripeaks.stats")["played"] == 1
    assert saved(page, "tripeaks.stats")["won"] == 1


# -- the soak: random games across reloads and failing storage ---------------------------

def test_soak_every_finished_game_is_counted_or_reported(context, page, site):
    """Random play, reloads and failing writes; then, with storage healthy again:
    every game the player finished is in the statistics, or the player was told
    it was not saved; after each reload the table is the last save, or the
    player was told."""
    rng = random.Random(12)
    storage_faults(context, match="tripeaks", seed=12)
    open_app(page, f"{site.url}#deal={CODE}")
    finished: dict[str, bool] = {}  # gameId -> told it was not saved
    told_unsaved = False
    for step in range(60):
        set_faults(page, rate=rng.choice([0, 0, 0.3, 1]))
        roll = rng.random()
        if roll < 0.1:
            last = page.evaluate("localStorage.getItem('tripeaks.game')")
            warned = page.evaluate("window.__faults.failed.length") > 0
            set_faults(page, rate=0)
            page.reload()
            wait_ready(page)
            page.evaluate("() => tripeaks.queue")
            if last and not warned:
                assert seen(page) == _board_of(json.loads(last)), f"step {step}"
            page.evaluate("window.__faults.failed = []")
            continue
        if page.locator("[data-testid=result]").is_visible():
            page.click("[data-testid=result] [data-action=close-result]")
        shown = board(page)
        if shown["status"] and page.evaluate("tripeaks.save.board.over"):
            game_id = page.evaluate("tripeaks.save.gameId")
            told = any("not saved" in n or "Storage is full" in n for n in notices(page))
            finished[game_id] = finished.get(game_id, False) or told
            told_unsaved = told_unsaved or told
            page.evaluate("() => tripeaks.newGame()")
            page.evaluate("() => tripeaks.queue")
            continue
        playable = page.evaluate("""[...document.querySelectorAll('[data-slot][data-playable]')]
            .map(e => +e.dataset.slot)""")
        moves = playable + ([DRAW] if shown["stock"] else [])
        if not moves:
            page.evaluate("() => tripeaks.newGame()")
            page.evaluate("() => tripeaks.queue")
            continue
        click_move(page, rng.choice(moves))
    set_faults(page, rate=0)
    page.evaluate("() => tripeaks.storage.flush()")
    stats = saved(page, "tripeaks.stats") or {"counted": []}
    counted = set(stats["counted"])
    for game_id, told in finished.items():
        assert game_id in counted or told, game_id


def _board_of(save: dict) -> dict:
    b = save["board"]
    return {
        "slots": ["" if s["removed"] else (s["card"] if s["face_up"] else None)
                  for s in b["slots"]],
        "stock": b["stock"]["count"],
        "waste": b["waste"]["card"],
    }
