"""Difficulty and replay links as a player meets them: a deal of the difficulty
asked for, replay links (a won game replayed to its end, then its deal offered; a
bad link refused with one notice), and the three AI players' results beside the
player's own."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.e2e.app import (
    board,
    click_move,
    dismiss_notices,
    hurry,
    notices,
    open_app,
    open_panel,
    saved,
    settled,
    wait_text,
)
from tests.e2e.lines import STUCK_DEAL, stuck_line, winnable_deal
from tests.e2e.windows import windows
from tripeaks.deals import encode_code
from tripeaks.game import Game
from tripeaks.replay_link import encode_link

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
SIZES = windows("phone", "desktop")
ENGINE_WAIT = 180_000  # ms: a few deals rated in Pyodide on a loaded 2-core machine


def rating_shown(page) -> str:
    badge = page.locator("[data-testid=rating]")
    badge.wait_for(state="visible", timeout=ENGINE_WAIT)
    return badge.text_content()


def test_a_hard_deal_is_dealt_when_asked(page, site):
    open_app(page, site.url)
    rating_shown(page)  # the first deal gets its class too, once shown
    before = page.locator("[data-testid=deal]").text_content()
    open_panel(page, "deals")
    wait_text(page, "daily-rating", r"^Today’s deal: (Easy|Medium|Hard|Expert)$", ENGINE_WAIT)
    page.click("[data-testid=deal-hard]")
    page.wait_for_function(
        "before => document.querySelector('[data-testid=deal]').textContent !== before",
        arg=before, timeout=ENGINE_WAIT)
    wait_text(page, "rating", "^Hard$", ENGINE_WAIT)
    assert page.locator("[data-testid=rating]").get_attribute("aria-label") == "Difficulty: Hard"
    wait_text(page, "moves", r"Moves\s*0$")
    # The engine itself rates the deal on the table Hard, and winnable.
    rating = page.evaluate("() => tripeaks.engine.call('rate', {game: 'player'})")
    assert rating["class"] == "Hard" and rating["winnable"] is True
    code = page.locator("[data-testid=deal]").text_content().removeprefix("Deal ")
    assert rating["deal_code"] == code


def untimed(shown: dict) -> dict:
    """A board() without the game clock, which runs on by itself."""
    return {**shown, "status": re.sub(r" \d+:\d\d$", "", shown["status"])}


def won_replay() -> tuple[str, Game]:
    _number, code, line = winnable_deal()
    game = Game.new(_number)
    for move in line:
        game.apply(move)
    assert game.won
    return code, game


def test_a_replay_link_replays_a_won_game_to_its_end_then_offers_the_deal(page, site):
    code, game = won_replay()
    page.clock.install()  # the replay's pace between moves is jumped over (hurry)
    open_app(page, site.url + encode_link(game))
    strip = page.locator("[data-testid=watch]")
    strip.wait_for(state="visible")
    assert strip.locator(".watch-title").text_content() == f"Replay of deal {code}"
    page.select_option("[data-testid=watch-speed]", "fast")
    assert page.evaluate("location.hash") == ""  # read once, out of the address bar
    wait_text(page, "moves", r"Moves\s*[1-9]", 60_000)  # it plays by itself
    # To its end: every peak card cleared, the moves of the link, and it says so.
    hurry(page, "document.querySelectorAll('[data-notice-action=replay]').length === 1")
    shown = board(page)
    assert shown["slots"] == [""] * 28
    assert f"Moves {game.moves}" in shown["status"]
    assert f"The replay is over: the peaks cleared in {game.moves} moves." in notices(page)
    assert page.locator("[data-testid=result]").is_hidden()  # not the player's own win
    page.click("[data-testid=replay-play]")
    strip.wait_for(state="hidden")
    wait_text(page, "moves", r"Moves\s*0")
    assert page.locator("[data-testid=deal]").text_content() == f"Deal {code}"
    click_move(page, 28)  # the player's own game now: it takes taps
    wait_text(page, "moves", r"Moves\s*1")


def test_a_bad_replay_link_gives_one_notice_and_leaves_the_game_as_it_was(page, site):
    open_app(page, site.url)
    click_move(page, 28)
    before, record = untimed(board(page)), saved(page)["record"]
    page.evaluate("location.hash = '#replay=TP1-E-AAAABGU.dddbbb'")
    page.wait_for_function(
        "() => [...document.querySelectorAll('.notice p')].some(p => "
        "p.textContent.startsWith('This replay link does not replay'))")
    said = [n for n in notices(page) if "replay" in n]
    assert said == ["This replay link does not replay: move 4 (JC) is illegal."], said
    assert page.evaluate("location.hash") == ""
    assert page.locator("[data-testid=confirm]").is_hidden()
    assert page.locator("[data-testid=watch]").is_hidden()
    # The game in progress is untouched: its cards, figures and save (its clock runs on).
    assert untimed(board(page)) == before and saved(page)["record"] == record


def test_the_result_panel_shows_how_the_three_ai_did(page, site):
    open_app(page, f"{site.url}#deal={encode_code(STUCK_DEAL)}&preset=classic")
    for move in stuck_line(STUCK_DEAL, "classic"):
        click_move(page, move)
    panel = page.locator("[data-testid=result]")
    panel.wait_for(state="visible")
    panel.locator("[data-testid=result-more-toggle]").click()  # the AI's table: a tap away
    rows = panel.locator("[data-testid=ai-results] tbody tr")
    rows.nth(3).wait_for(timeout=ENGINE_WAIT)
    players = [r.locator("th").text_content() for r in rows.all()]
    assert players == ["You", "Easy AI", "Normal AI", "Hard AI"]
    you = rows.nth(0).locator("td").all_text_contents()
    left = board(page)["status"]
    assert you[0].endswith("left") and you[0].split()[0] in left
    for row in rows.all()[1:]:
        cells = row.locator("td").all_text_contents()
        assert cells[0] == "Cleared" or cells[0].endswith("left"), cells
        assert int(cells[1]) > 0
    assert "each AI sees only what you see" in panel.locator(
        "[data-testid=ai-results-note]").text_content()
    # The Rules panel says what the AI sees.
    panel.locator("[data-action=close-result]").click()
    open_panel(page, "rules")
    assert "their own face-up cards, the waste" in page.locator(
        "[data-testid=rules-ai]").text_content()


@pytest.mark.parametrize("size", windows("small", "phone", "desktop").values())
def test_deal_me_offers_each_class_as_an_equal_tile_with_its_word_whole(warm_context, site, size):
    """Deals -> New game by difficulty: Easy, Medium, Hard and Expert as four tiles of one
    width (Expert alone once stretched across the panel, and Hard and Expert were wider
    than Easy at 390 px), every word inside its tile, in the badge's colour of its class."""
    width, height = size
    context = warm_context(viewport={"width": width, "height": height},
                           has_touch=width < 1000, is_mobile=width < 1000)
    page = context.new_page()
    try:
        open_app(page, site.url)
        open_panel(page, "deals")
        page.locator("[data-testid=deal-expert]").scroll_into_view_if_needed()
        tiles = page.evaluate("""() => [...document.querySelectorAll('.difficulty button')]
            .map((b) => ({ name: b.textContent, width: b.getBoundingClientRect().width,
                           whole: b.scrollWidth <= b.clientWidth,
                           colour: getComputedStyle(b).backgroundColor }))""")
        assert all(t["whole"] for t in tiles), tiles
        classes = [t for t in tiles if t["name"] != "Any"]
        assert [t["name"] for t in classes] == ["Easy", "Medium", "Hard", "Expert"]
        assert max(t["width"] for t in classes) - min(t["width"] for t in classes) < 1, tiles
        assert len({t["colour"] for t in classes}) == 4, tiles
        panel = page.locator("[data-testid=deals]").bounding_box()
        for tile in page.locator(".difficulty button").all():
            box = tile.bounding_box()
            assert panel["x"] <= box["x"] and box["x"] + box["width"] <= panel["x"] + panel["width"]
    finally:
        context.close()


@pytest.mark.parametrize("size", SIZES)
def test_screenshots_of_the_rating_and_a_replay(warm_context, site, size):
    """The rating on the table (a Hard deal asked for), the classes in Deals, and a
    replay paused mid-game (stepped to its 16th move, the table at rest)."""
    width, height = SIZES[size]
    context = warm_context(viewport={"width": width, "height": height},
                           has_touch=size == "phone", is_mobile=size == "phone")
    page = context.new_page()
    try:
        open_app(page, site.url)
        rating_shown(page)
        before = page.locator("[data-testid=deal]").text_content()
        open_panel(page, "deals")
        wait_text(page, "daily-rating", r": (Easy|Medium|Hard|Expert)$", ENGINE_WAIT)
        page.locator("[data-testid=deal-hard]").scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"{size}-deals-rating.png"))
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        page.click("[data-testid=deal-hard]")
        page.wait_for_function(
            "before => document.querySelector('[data-testid=deal]').textContent !== before",
            arg=before, timeout=ENGINE_WAIT)
        wait_text(page, "rating", "^Hard$", ENGINE_WAIT)
        dismiss_notices(page)
        page.screenshot(path=str(SHOTS / f"{size}-rating.png"))
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        _code, game = won_replay()
        page.evaluate("hash => { location.hash = hash }", encode_link(game).removeprefix("#"))
        page.locator("[data-testid=watch]").wait_for(state="visible")
        # A replay has no AI level to choose and no AI to compare with (on phones the
        # level's drop-down showed, doing nothing).
        assert page.locator("[data-testid=ai-level]").is_hidden()
        assert page.locator("[data-testid=watch-race]").is_hidden()
        page.locator("[data-testid=ai-run]").click()  # paused, then stepped, for the picture
        wait_text(page, "ai-run", "^Play$")
        page.evaluate("() => tripeaks.queue.then(() => null)")  # a step under way lands first
        moves = int(re.search(r"Moves\s*(\d+)", page.locator(".status").text_content())[1])
        for move in range(moves + 1, 17):
            page.locator("[data-action=ai-step]").click()
            wait_text(page, "moves", rf"Moves\s*{move}$")
        dismiss_notices(page)
        settled(page, "html")
        page.screenshot(path=str(SHOTS / f"{size}-replay.png"))
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    finally:
        context.close()
