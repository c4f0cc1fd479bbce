"""A finger on a phone: dragging cards onto the waste plays them, and a drag
never scrolls, zooms or leaves the page (CDP touch events at phone sizes)."""

from __future__ import annotations

import pytest

from tests.e2e.app import DRAW, board, open_app, wait_text
from tests.e2e.touch import centre, drag, phone_context, scroll_state
from tests.e2e.windows import windows
from tripeaks.deals import encode_code
from tripeaks.game import Game

LEFT, RIGHT = 18, 27  # the ends of the base row


def edge_deal() -> int:
    """A deal whose leftmost base card fits the waste, then its rightmost."""
    for number in range(5000):
        game = Game.new(number)
        if LEFT in game.legal_moves():
            game.apply(LEFT)
            if RIGHT in game.legal_moves():
                return number
    raise AssertionError("no such deal in the first 5000")


# The phones upright, and the larger one on its side (the toolbar at the right edge).
SIZES = windows("phone", "small", "landscape")


@pytest.mark.parametrize("size", list(SIZES))
def test_dragging_the_edge_cards_with_a_finger_plays_them(warm_context, site, size):
    width, height = SIZES[size]
    context = phone_context(warm_context, width, height)
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        number = edge_deal()
        open_app(page, site.url + "#deal=" + encode_code(number))
        before = scroll_state(page)
        game = Game.new(number)
        waste = centre(page, "[data-testid=waste]")
        # The leftmost card: first toward the screen's left edge (where a
        # browser's Back gesture lives), then onto the waste.
        start = centre(page, f"[data-slot='{LEFT}']")
        drag(page, start, waste, via=(1, start[1] - 10))
        wait_text(page, "moves", "^Moves 1$")
        game.apply(LEFT)
        assert board(page)["waste"] == game.view()["waste"]["card"]
        assert scroll_state(page) == before
        # The rightmost card, by way of the right edge.
        start = centre(page, f"[data-slot='{RIGHT}']")
        drag(page, start, waste, via=(width - 1, start[1] + 10))
        wait_text(page, "moves", "^Moves 2$")
        game.apply(RIGHT)
        assert board(page)["waste"] == game.view()["waste"]["card"]
        assert scroll_state(page) == before
        # A drag that ends away from the waste plays nothing, moves nothing.
        other = next((m for m in game.legal_moves() if m != DRAW), None)
        if other is not None:
            x, y = centre(page, f"[data-slot='{other}']")
            drag(page, (x, y), (x + 40, max(5, y - 120)))
            page.wait_for_function(
                "s => !document.querySelector(`[data-slot='${s}']`).getAttribute('style')",
                arg=other)
            assert board(page)["status"].count("Moves 2") == 1
        # A swipe on the felt and a drag of the stock scroll nothing either.
        drag(page, (width / 2, height * 0.45), (width / 2, height * 0.95))
        drag(page, centre(page, "[data-testid=stock]"), (width / 2, 5))
        assert scroll_state(page) == before
    finally:
        context.close()
