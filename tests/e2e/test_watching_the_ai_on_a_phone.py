"""Watching the AI on a phone, by touch: it plays on from the player's position (the deal's
start a tap away), the strip says who is playing, and every control of the strip and the
toolbar stays on the screen and reachable, off the cards, at every phone size."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.app import covered, open_app, unreachable, wait_text
from tests.e2e.touch import centre, phone_context, tap
from tests.e2e.windows import windows

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
CONTROLS = ".actions button, .watch button, .watch select"
CARDS = "[data-slot], [data-testid=stock], [data-testid=waste]"


def watch_by_touch(page) -> None:
    tap(page, *centre(page, ".actions [data-action=menu]"))
    page.wait_for_selector("[data-testid=menu][open]")
    tap(page, *centre(page, "[data-testid=menu] [data-action=watch]"))
    page.wait_for_selector(".watch:not([hidden])")


@pytest.mark.parametrize("size", list(windows("small", "phone", "landscape")))
def test_the_ai_plays_on_from_here_says_so_and_every_control_stays_reachable(
        warm_context, site, size):
    width, height = windows(size)[size]
    context = phone_context(warm_context, width, height)
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        open_app(page, site.url + "#deal=17")
        for moves in (1, 2):  # two draws from the stock
            tap(page, *centre(page, "[data-testid=stock]"))
            wait_text(page, "moves", f"^Moves {moves}$")
        watch_by_touch(page)
        # From here: the AI's game is the player's, two moves in; who plays is in view.
        wait_text(page, "moves", "^Moves 2$")
        title = page.locator(".watch .watch-title")
        assert title.text_content() == "The AI plays on after your 2 moves"
        box = title.bounding_box()
        assert title.is_visible() and box["width"] > 60 and box["height"] >= 12, box
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, box
        start = page.locator("[data-testid=watch-from-start]")
        assert start.is_visible()
        page.wait_for_function("() => document.getAnimations().length === 0")
        # Every control on the screen and reachable, the game buttons in their places.
        assert unreachable(page, CONTROLS) == []
        for action in ("undo", "redo", "hint"):
            button = page.locator(f".actions [data-action={action}]")
            assert button.evaluate("(b) => b.checkVisibility({ visibilityProperty: true })") \
                or width >= 760, action
        assert page.evaluate("() => document.documentElement.scrollHeight <= innerHeight + 1")
        assert covered(page, ".watch", CARDS) == []
        if size == "small":
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / f"watch-{width}x{height}.png"))
        # The deal's start, a tap away.
        tap(page, *centre(page, "[data-testid=watch-from-start]"))
        wait_text(page, "moves", "^Moves 0$")
        assert start.is_hidden()
        assert title.text_content() == "The AI plays this deal from its start"
        tap(page, *centre(page, "[data-testid=ai-stop]"))
        wait_text(page, "moves", "^Moves 2$")  # the player's own game back
    finally:
        context.close()
