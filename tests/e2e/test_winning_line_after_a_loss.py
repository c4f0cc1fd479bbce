"""After a lost game, on a phone: "Show a winning line" starts where the loss screen says the
game was lost (the player's own moves until then), not from move 0, and the strip offers the
deal's start with a tap."""

from __future__ import annotations

from tests.e2e.app import click_move, open_deal
from tests.e2e.lines import STUCK_DEAL, stuck_line
from tests.e2e.touch import centre, phone_context, tap
from tests.e2e.windows import windows
from tripeaks import analysis
from tripeaks.deals import encode_code
from tripeaks.game import Game
from tripeaks.rules import preset_rules

# Every value the Moves figure shows from now on, in order.
RECORD_MOVES = """() => { window.__moves = [];
    const el = document.querySelector('[data-testid=moves]');
    new MutationObserver(() => window.__moves.push(el.textContent.trim()))
        .observe(el, { childList: true, subtree: true, characterData: true }); }"""


def test_the_winning_line_starts_at_the_move_that_lost_with_the_start_a_tap_away(
        warm_context, site):
    width, height = windows("phone")["phone"]
    context = phone_context(warm_context, width, height)
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        code = encode_code(STUCK_DEAL)
        open_deal(page, f"{site.url}#deal={code}&preset=classic", code)
        line = stuck_line(STUCK_DEAL, "classic")
        game = Game.new(STUCK_DEAL, preset_rules("classic"))
        for move in line:
            game.apply(move)
        turning = analysis.analyse(game, with_par=False).turning_point
        assert turning and turning > 0
        for move in line:
            click_move(page, move)
        replay = page.locator("[data-testid=result] [data-testid=replay]")
        replay.wait_for(state="visible", timeout=60_000)
        page.wait_for_function(
            "() => !document.getAnimations().some(a => a.playState === 'running')")
        page.evaluate(RECORD_MOVES)
        tap(page, *centre(page, "[data-testid=result] [data-testid=replay]"))
        page.locator("[data-testid=watch]").wait_for(state="visible")
        title = page.locator(".watch .watch-title").text_content()
        assert title == f"A winning line from move {turning + 1}, where the game was lost"
        page.wait_for_function("() => window.__moves.length >= 2")
        shown = page.evaluate("() => window.__moves")
        assert shown[0] == f"Moves {turning}", shown  # its first board: the player's, at the turn
        assert all(int(text.split()[1]) >= turning for text in shown), shown
        # The way back to the deal's start.
        start = page.locator("[data-testid=watch-from-start]")
        assert start.is_visible()
        page.evaluate(RECORD_MOVES)
        tap(page, *centre(page, "[data-testid=watch-from-start]"))
        page.wait_for_function("() => window.__moves.includes('Moves 0')")
        assert start.is_hidden()
        assert page.locator(".watch .watch-title").text_content().startswith("A winning line: ")
    finally:
        context.close()
