"""Instant play: real cards before the engine is ready, the moves made meanwhile
kept and played in order, and a new deal ready before New game is tapped.

The engine is held back by holding the Python runtime's WebAssembly module
(pyodide.asm.wasm, and its .gz copy) until the test releases it."""

from __future__ import annotations

import build
from tests.e2e.app import DRAW, board, notices, open_app, saved, wait_ready, waiting
from tripeaks import solver
from tripeaks.deals import decode_code
from tripeaks.game import Game
from tripeaks.rules import preset_rules

RUNTIME = "**/pyodide.asm.wasm*"


def first_deal(site_dir) -> dict:
    """The first deal the site's page draws (build.py bundles it into main/main.js)."""
    assert "FIRST_DEAL" in (site_dir / "main" / "main.js").read_text()
    return build.first_deal()


class Held:
    """The runtime's requests, held until release()."""

    def __init__(self, context) -> None:
        self.routes: list = []
        self.released = False
        context.route(RUNTIME, self.take)

    def take(self, route) -> None:
        if self.released:
            route.continue_()
        else:
            self.routes.append(route)

    def release(self) -> None:
        self.released = True
        while self.routes:
            self.routes.pop(0).continue_()


def faces(page) -> list:
    return board(page)["slots"]


def test_the_first_paint_shows_the_build_time_first_deal(browser, site, site_dir):
    first = first_deal(site_dir)["board"]
    context = browser.new_context()
    held = Held(context)
    page = context.new_page()
    try:
        page.goto(site.url)
        page.wait_for_function(
            "() => document.querySelectorAll('[data-slot][data-card]').length === 10")
        assert page.evaluate("document.documentElement.dataset.engine") == "booting"
        shown = board(page)
        assert len(shown["slots"]) == 28
        assert shown["slots"][:18] == [None] * 18  # face down, as dealt
        assert shown["slots"][18:] == [s["card"] for s in first["slots"][18:]]
        assert shown["waste"] == first["waste"]["card"]
        assert f"Deal {first['deal_code']}" in shown["status"]
        held.release()
        wait_ready(page)
        # The engine dealt the same game: nothing on the table changed.
        assert board(page) == shown
        assert saved(page)["board"]["deal_code"] == first["deal_code"]
    finally:
        context.close()


def test_moves_made_before_the_engine_is_ready_are_played_in_order(browser, site, site_dir):
    first = first_deal(site_dir)["board"]
    card = next(i for i, s in enumerate(first["slots"]) if s["fits"])
    context = browser.new_context()
    held = Held(context)
    page = context.new_page()
    try:
        page.goto(site.url)
        page.wait_for_selector(f"[data-slot='{card}'][data-playable]:not([disabled])")
        page.dblclick(f"[data-slot='{card}']")  # a double tap counts once
        assert waiting(page) == {"line": "1 move waiting", "marked": [str(card)]}
        page.click("[data-testid=stock]")
        assert waiting(page) == {"line": "2 moves waiting", "marked": [str(card), "stock"]}
        assert page.evaluate("document.documentElement.dataset.engine") == "booting"
        held.release()
        wait_ready(page)
        page.wait_for_function("() => tripeaks.kept === null")
        # Played as tapped: the card, then a draw (the other way round the card
        # would no longer fit the waste).
        game = Game.new(first["deal_number"], preset_rules("standard"))
        game.apply(card)
        game.apply(DRAW)
        shown = board(page)
        assert shown["slots"][card] == ""
        assert shown["waste"] == game.view()["waste"]["card"]
        assert saved(page)["board"]["moves"] == 2
        assert waiting(page) == {"line": "", "marked": []}
    finally:
        context.close()


def test_a_link_drops_the_moves_made_on_another_game(browser, warm_context, site, site_dir):
    """A saved game is drawn at once and takes taps; a link opens another deal,
    so those taps are dropped (and said so), not played on the linked deal."""
    context = warm_context()  # a first game saved (the visit that saves it need not be cold)
    page = context.new_page()
    open_app(page, site.url)
    kept = context.storage_state()  # the saved game (a service worker's cache is not kept)
    context.close()
    context = browser.new_context(storage_state=kept)
    held = Held(context)
    page = context.new_page()
    try:
        code = "TP1-E-AAAABGU"
        page.goto(f"{site.url}#deal={code}")
        page.wait_for_selector("[data-testid=stock]:not([disabled])")
        page.click("[data-testid=stock]")
        assert waiting(page)["line"] == "1 move waiting"
        held.release()
        wait_ready(page)  # a cold boot: on a loaded machine longer than the default wait
        page.wait_for_function(
            "code => document.querySelector('[data-testid=deal]').textContent.includes(code)",
            arg=code)
        page.wait_for_function("() => tripeaks.kept === null")
        assert any("not played" in text for text in notices(page))
        assert saved(page)["board"]["moves"] == 0
        assert waiting(page) == {"line": "", "marked": []}
    finally:
        context.close()


def test_new_game_shows_a_winnable_deal_the_engine_keeps(page, site):
    open_app(page, site.url)
    page.click("[data-testid=stock]")
    page.wait_for_function("() => tripeaks.save.board.moves === 1")
    before = board(page)["status"]
    page.click(".actions [data-action=new]")
    page.click("[data-testid=confirm-yes]")
    page.wait_for_function(
        "before => document.querySelector('.status').textContent.replace(/\\s+/g, ' ').trim()"
        " !== before && tripeaks.save.board.moves === 0", arg=before)
    shown = board(page)
    # Whatever the worker prepares next, this deal stays on the table and in the save.
    page.wait_for_function("() => !tripeaks.preparing && !tripeaks.engine.busy")
    assert board(page) == shown
    code = saved(page)["board"]["deal_code"]
    assert f"Deal {code}" in shown["status"]
    number = decode_code(code).number
    assert solver.solve(Game.new(number, preset_rules("standard"))).won
