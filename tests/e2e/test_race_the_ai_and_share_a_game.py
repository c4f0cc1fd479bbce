"""Race the AI as a player meets it: the Race panel compares the three
AI players on the deal before a game; a race is played with a finger on a phone
and ends with a panel naming the winner; race results are kept per AI level
(an older save without them still loads); a race survives a reload; the AI's
strip covers no card at phone, landscape and desktop sizes. And "Share this
game": its link replays the game in a fresh page to its end, then offers the deal.

The AI's pace is scaled by the page's ``?race-pace=`` (race.js), so a test
neither waits 100 s for a human-paced AI nor races one too quick to lose to.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest

from tests.e2e.app import (
    DRAW,
    WASTE_CHANGED,
    board,
    click_move,
    dismiss_notices,
    hurry,
    notices,
    open_app,
    resize,
    saved,
    settled,
    wait_ready,
    wait_text,
)
from tests.e2e.lines import winnable_deal
from tests.e2e.touch import centre, phone_context, tap
from tests.e2e.windows import WINDOWS, windows
from tripeaks import race
from tripeaks.deals import encode_code
from tripeaks.game import Game
from tripeaks.rules import preset_rules

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
ENGINE_WAIT = 180_000  # ms: the hard AI's whole game, or par, in Pyodide on a loaded machine
STANDARD = preset_rules("standard")


def touch(page, selector: str) -> None:
    """A finger on what ``selector`` names (it must be on the screen)."""
    page.locator(selector).wait_for(state="visible")
    page.locator(selector).scroll_into_view_if_needed()  # a panel taller than a small phone scrolls
    tap(page, *centre(page, selector))


def touch_move(page, move: int) -> None:
    """A finger on a peak card or the stock; waits until the waste shows the move."""
    before = page.get_attribute("[data-testid=waste]", "data-card")
    touch(page, "[data-testid=stock]" if move == DRAW else f"[data-slot='{move}']")
    page.wait_for_function(WASTE_CHANGED, arg=before, timeout=30_000)


def open_race_panel(page, finger: bool) -> None:
    def press(selector: str) -> None:
        return touch(page, selector) if finger else page.click(selector)

    toolbar = page.locator("[data-testid=toolbar-race]")
    if toolbar.is_visible():
        press("[data-testid=toolbar-race]")
    else:
        press(".actions [data-action=menu]")
        press("[data-testid=menu-race]")
    page.locator("[data-testid=race]").wait_for(state="visible")


def compared(page) -> list[list[str]]:
    """The Race panel's table, once the engine has filled it: [player, result, moves, score]."""
    page.wait_for_function(
        "() => document.querySelectorAll('[data-testid=race-compare] tbody tr').length === 3"
        " && !document.querySelector('[data-testid=race-compare]').hasAttribute('aria-busy')",
        timeout=ENGINE_WAIT)
    return [row.locator("th, td").all_text_contents()
            for row in page.locator("[data-testid=race-compare] tbody tr").all()]


def start_race(page, level: str, finger: bool = True) -> None:
    open_race_panel(page, finger)
    if finger:
        touch(page, f"[data-testid=race-{level}]")
    else:
        page.click(f"[data-testid=race-{level}]")
    strip = page.locator("[data-testid=race-strip]")
    strip.wait_for(state="visible", timeout=ENGINE_WAIT)
    assert strip.locator("[data-testid=race-who]").text_content() == f"{level.title()} AI"


def first_playable(page) -> int:
    return page.evaluate("() => Number(document.querySelector('[data-slot][data-playable]')"
                         ".dataset.slot)")


def strip_left(page) -> int:
    return int(page.locator("[data-testid=race-left]").text_content().split()[0])


def race_stats(page) -> dict[str, list[int]]:
    """The Statistics panel's race table: level -> [won, lost, tied]."""
    page.evaluate("() => tripeaks.showStats()")
    rows = page.locator("[data-testid=race-stats] tbody tr")
    rows.nth(2).wait_for()
    table = {}
    for row in rows.all():
        name = row.locator("th").text_content()
        table[name] = [int(x) for x in row.locator("td").all_text_contents()]
    page.keyboard.press("Escape")
    return table


@cache
def deal_both_ai_clear() -> tuple[int, str]:
    """A deal the normal and the hard AI both clear under Standard."""
    for number in range(1, 200):
        game = Game.new(number, STANDARD)
        if all(race.plan(game, level).won for level in ("normal", "hard")):
            return number, encode_code(number)
    raise AssertionError("no deal both AI players clear")


def test_a_race_the_player_wins_by_touch_ends_with_the_result_panel_naming_the_winner(
        warm_context, site):
    number, code, line = winnable_deal(STANDARD)
    context = phone_context(warm_context, 390, 844)
    page = context.new_page()
    try:
        # The easy AI, slowed five times: a finger playing a winning line clears first.
        open_app(page, f"{site.url}?race-pace=5#deal={code}")
        wait_text(page, "deal", code)
        open_race_panel(page, finger=True)
        table = compared(page)  # before the game: the three AI players on this very deal
        assert [r[0] for r in table] == ["Easy AI", "Normal AI", "Hard AI"]
        game = Game.new(number, STANDARD)
        from tripeaks.ai import make_ai
        for row, level in zip(table, ("easy", "normal", "hard"), strict=True):
            played = make_ai(level, seed=0).play(game.restarted())
            assert row[1] == ("Cleared" if played.won else f"{played.cards_left} cards left"
                              if played.cards_left != 1 else "1 card left")
            assert row[2] == str(played.view()["moves"])
        assert re.search(r"Par .*\d+ points", page.locator("[data-testid=race-par]").text_content())
        touch(page, "[data-testid=race-easy]")
        page.locator("[data-testid=race-strip]").wait_for(state="visible", timeout=ENGINE_WAIT)
        assert strip_left(page) == 28
        assert "first move" in page.locator("[data-testid=race-last]").text_content()
        for move in line:
            touch_move(page, move)
        result = page.locator("[data-testid=result]")
        result.wait_for(state="visible", timeout=ENGINE_WAIT)
        winner = result.locator("[data-testid=race-winner]")
        winner.wait_for(state="visible", timeout=ENGINE_WAIT)
        assert winner.text_content().startswith("You won the race against the Easy AI.")
        assert winner.get_attribute("data-winner") == "you"
        assert "you won" in page.locator("[data-testid=race-last]").text_content()
        page.locator("[data-action=close-result]").click()
        assert race_stats(page) == {"Easy AI": [1, 0, 0], "Normal AI": [0, 0, 0],
                                    "Hard AI": [0, 0, 0]}
        stats = saved(page, "tripeaks.stats")
        assert stats["race"]["easy"] == {"won": 1, "lost": 0, "tied": 0}
        assert stats["presets"]["standard"]["won"] == 1  # a race is a game too
    finally:
        context.close()


@pytest.mark.parametrize("size", windows("phone", "small").values())
def test_watch_ai_compares_the_three_ai_and_par_before_a_game_by_touch(warm_context, site, size):
    """From the Watch AI strip on a phone ("Race", Compare & race by name): the Race panel
    with the easy, normal and hard AI on this deal and the solver's par (the strip had no
    such button on phones)."""
    number, code = deal_both_ai_clear()
    context = phone_context(warm_context, *size)
    page = context.new_page()
    try:
        open_app(page, f"{site.url}#deal={code}")
        wait_text(page, "deal", code)
        touch(page, ".actions [data-action=menu]")
        touch(page, "[data-testid=menu] [data-action=watch]")
        page.locator("[data-testid=watch]").wait_for(state="visible")
        button = page.get_by_role("button", name="Compare & race")
        assert button.text_content() == "Compare & raceRace" and button.is_visible()
        touch(page, "[data-testid=watch-race]")
        page.locator("[data-testid=race]").wait_for(state="visible")
        game = Game.new(number, STANDARD)
        expected = []
        for level in ("easy", "normal", "hard"):
            played = race.plan(game, level)  # the AI's own game on this deal, from its start
            left = played.cards_left
            expected.append([f"{level.title()} AI", "Cleared" if played.won else
                             f"{left} card{'' if left == 1 else 's'} left", str(played.moves)])
        assert [row[:3] for row in compared(page)] == expected
        par = page.locator("[data-testid=race-par]").text_content()
        assert re.search(r"^Par .*\d+ points", par), par
        box = page.locator("[data-testid=race] .race-levels").bounding_box()
        assert box["y"] + box["height"] <= size[1]  # the levels to race are on the screen
    finally:
        context.close()


OLD_STATS = {  # a save from before races: no "race" field
    "v": 1, "played": 3, "won": 2, "streak": 1, "bestStreak": 2, "bestScore": 410,
    "counted": ["a", "b", "c"], "presets": {"standard": {
        "played": 3, "won": 2, "cleanWins": 2, "assistedWins": 0, "streak": 1, "bestStreak": 2,
        "bestScore": 410, "longestCardStreak": 9, "wonTime": 200000, "recent": []}},
}


def test_the_ai_that_clears_first_wins_and_races_are_kept_per_level(page, site):
    _number, code = deal_both_ai_clear()
    open_app(page, f"{site.url}?race-pace=0.02#deal={code}")  # a quick AI: it clears first
    page.evaluate("s => localStorage.setItem('tripeaks.stats', s)", json.dumps(OLD_STATS))
    page.reload()
    wait_ready(page)
    wait_text(page, "deal", code)
    # The old save loads, whole, and its race table starts at nothing.
    page.evaluate("() => tripeaks.showStats()")
    grid = page.locator("[data-testid=stats-grid]").text_content()
    assert "Played3" in grid.replace(" ", "") and "Won2" in grid.replace(" ", "")
    page.keyboard.press("Escape")
    assert race_stats(page) == {f"{x} AI": [0, 0, 0] for x in ("Easy", "Normal", "Hard")}
    assert not [n for n in notices(page) if "damaged" in n or "could not" in n]

    for level in ("normal", "hard"):
        open_race_panel(page, finger=False)
        page.click(f"[data-testid=race-{level}]")
        if level == "hard":  # the game left for the race: the app asks first
            page.locator("[data-testid=confirm-yes]").click()
        page.wait_for_function(
            "name => document.querySelector('[data-testid=race-who]').textContent === name"
            " && document.querySelector('[data-testid=race-left]').textContent === '28 cards left'",
            arg=f"{level.title()} AI", timeout=ENGINE_WAIT)
        first = first_playable(page)
        page.click(f"[data-slot='{first}']")  # the clock starts, and the AI with it
        over = page.locator("[data-testid=race-over]")
        over.wait_for(state="visible", timeout=ENGINE_WAIT)
        assert over.locator("[data-testid=race-over-title]").text_content() == \
            f"The {level.title()} AI won the race"
        said = over.locator("[data-testid=race-over-text]").text_content()
        assert said.startswith("It cleared the peaks in"), said
        assert strip_left(page) == 0
        assert page.locator("[data-testid=race-last]").text_content() == "won the race"
        over.locator("[data-action=race-keep]").click()
        assert board(page)["slots"].count("") == 1  # the player's game goes on where it was
    assert race_stats(page) == {"Easy AI": [0, 0, 0], "Normal AI": [0, 1, 0], "Hard AI": [0, 1, 0]}
    stats = saved(page, "tripeaks.stats")
    assert stats["presets"]["standard"]["played"] == 3  # the old figures kept
    assert stats["race"]["normal"]["lost"] == 1 and stats["race"]["hard"]["lost"] == 1


def test_a_race_in_progress_survives_a_reload_with_the_ai_waiting(page, site):
    _number, code = deal_both_ai_clear()
    open_app(page, f"{site.url}?race-pace=0.3#deal={code}")
    wait_text(page, "deal", code)
    start_race(page, "hard", finger=False)
    page.click("[data-testid=stock]")  # draws: the race clock runs
    page.wait_for_function("() => Number(document.querySelector('[data-testid=race-left]')"
                           ".textContent.split(' ')[0]) < 27", timeout=ENGINE_WAIT)
    page.reload()
    wait_ready(page)
    strip = page.locator("[data-testid=race-strip]")
    strip.wait_for(state="visible")
    assert strip.locator("[data-testid=race-who]").text_content() == "Hard AI"
    left = strip_left(page)
    assert 0 < left < 27
    assert "waiting" in strip.locator("[data-testid=race-last]").text_content()
    assert saved(page)["race"]["level"] == "hard"
    # The AI waits while the clock does: it moves again only after the player's next move.
    assert strip_left(page) == left
    before = page.get_attribute("[data-testid=waste]", "data-card")
    page.click("[data-testid=stock]")
    page.wait_for_function(WASTE_CHANGED, arg=before)
    page.wait_for_function("n => Number(document.querySelector('[data-testid=race-left]')"
                           ".textContent.split(' ')[0]) < n", arg=left, timeout=ENGINE_WAIT)
    # Leaving the race says so, and records nothing.
    page.click(".actions [data-action=new]")
    page.locator("[data-testid=confirm-yes]").click()
    strip.wait_for(state="hidden", timeout=ENGINE_WAIT)
    page.wait_for_function("() => [...document.querySelectorAll('.notice p')].some(p => "
                           "p.textContent.includes('nothing is recorded'))")
    stats = saved(page, "tripeaks.stats") or {}
    assert not any(sum(r.values()) for r in (stats.get("race") or {}).values())


def overlaps(a: dict, b: dict) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


# One race a device, its strip checked at each of its sizes (a phone's window resized and
# turned while the AI races); the race is run to its end at the last phone size.
DEVICES = {"phone": ("phone", "landscape", "small-landscape", "small"), "computer": ("desktop",)}


def check_strip_fits(page, width: int, height: int, tall: int, on_table: int) -> None:
    """The race strip inside the window, over none of the ``on_table`` cards (the
    stock and the waste among them), no figure or button, the page no taller than
    before the race, and its progress bar readable and true."""
    strip = page.locator("[data-testid=race-strip]").bounding_box()
    assert strip["x"] >= 0 and strip["x"] + strip["width"] <= width
    assert strip["y"] >= 0 and strip["y"] + strip["height"] <= height
    assert strip["height"] <= 40
    cards = page.locator("[data-slot]:not([data-removed]), [data-testid=stock], "
                         "[data-testid=waste]").all()
    assert len(cards) == on_table
    for card in cards:
        box = card.bounding_box()
        assert not overlaps(strip, box), (card.get_attribute("aria-label"), strip, box)
        assert box["y"] + box["height"] <= height and box["x"] + box["width"] <= width
    # The figures and the buttons are not covered either, and nothing scrolls.
    for other in page.locator(".top .stat:visible, .actions button:visible").all():
        assert not overlaps(strip, other.bounding_box())
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    # The table gives the strip its height: the page grows by no more than a few pixels.
    assert page.evaluate("document.documentElement.scrollHeight") <= tall + 8
    texts = page.locator("[data-testid=race-strip] > *:not([aria-hidden])").all()
    for text in texts:  # each part of the strip shows whole, or ends in an ellipsis
        assert text.bounding_box()["width"] > 0
    # How far the AI has got reads at a glance: a bar 96 px wide at least (a line
    # along the strip's foot on phones; it was a 22 px pill at 390 px), its fill
    # the share of the peaks the AI has cleared.
    bar = page.locator("[data-testid=race-strip] .race-bar").bounding_box()
    assert bar["width"] >= 96, (bar, strip)
    page.wait_for_function("""() => {
        const bar = document.querySelector('.race-bar').getBoundingClientRect().width;
        const fill = document.querySelector('.race-fill').getBoundingClientRect().width;
        const left = Number(document.querySelector('[data-testid=race-left]')
            .textContent.split(' ')[0]);
        return left < 28 && Math.abs(fill / bar - (28 - left) / 28) < 0.02; }""")


@pytest.mark.parametrize("device", DEVICES)
def test_the_race_strip_covers_no_card_and_the_table_still_fits(warm_context, site, device):
    sizes = DEVICES[device]
    phone = device == "phone"
    width, height = WINDOWS[sizes[0]]
    context = (phone_context(warm_context, width, height) if phone else
               warm_context(viewport={"width": width, "height": height}))
    page = context.new_page()
    try:
        _number, code = deal_both_ai_clear()
        if phone:
            page.clock.install()  # the AI's race to its last card is jumped over (hurry)
        open_app(page, f"{site.url}?race-pace=0.4#deal={code}")
        wait_text(page, "deal", code)
        tall = {}  # each size's page height before the race
        for size in reversed(sizes):
            resize(page, *WINDOWS[size])
            tall[size] = page.evaluate("document.documentElement.scrollHeight")
        start_race(page, "normal", finger=phone)
        first = first_playable(page)
        (touch_move if phone else click_move)(page, first)
        on_table = 29  # 28 peak cards, the stock and the waste, less the card played
        page.wait_for_function("() => /^(played|drew)/.test(document.querySelector("
                               "'[data-testid=race-last]').textContent)", timeout=ENGINE_WAIT)
        for size in sizes:
            width, height = WINDOWS[size]
            resize(page, width, height)
            check_strip_fits(page, width, height, tall[size], on_table)
            if size in ("phone", "desktop"):  # a race under way: a few more moves each
                for _ in range(7):
                    playable = page.locator("[data-slot][data-playable]").count()
                    move = first_playable(page) if playable else DRAW
                    (touch_move if phone else click_move)(page, move)
                    if move != DRAW:
                        on_table -= 1
                page.wait_for_function(
                    "() => Number(document.querySelector("
                    "'[data-testid=race-left]').textContent.split(' ')[0]) < 24",
                    timeout=ENGINE_WAIT)
                dismiss_notices(page)
                settled(page, "html")
                page.screenshot(path=str(SHOTS / f"race-{width}x{height}.png"))
        if phone:  # the AI clears: its panel fits the smallest phone, by touch
            over = page.locator("[data-testid=race-over]")
            hurry(page, "document.querySelector('[data-testid=race-over]').open", 1000)
            over.wait_for(state="visible")
            for button in over.locator("button").all():
                box = button.bounding_box()
                assert box["y"] >= 0 and box["y"] + box["height"] <= height, box
                assert box["height"] >= 44 and button.evaluate(
                    "b => b.scrollWidth <= b.clientWidth && b.scrollHeight <= b.clientHeight")
            touch(page, "[data-testid=race-over] [data-action=race-keep]")
            over.wait_for(state="hidden")
            assert page.locator("[data-testid=race-last]").text_content() == "won the race"
    finally:
        context.close()


def test_share_this_game_replays_it_in_a_fresh_page_to_its_end_then_offers_the_deal(
        warm_context, browser_context_args, context, page, site):
    number, code, line = winnable_deal(STANDARD)
    # No share sheet here: the link goes to the notice (and the clipboard, if allowed).
    context.add_init_script("Object.defineProperty(navigator, 'share', {value: undefined})")
    open_app(page, f"{site.url}#deal={code}")
    wait_text(page, "deal", code)
    played = line[:12]
    for move in played:
        before = page.get_attribute("[data-testid=waste]", "data-card")
        page.click("[data-testid=stock]" if move == DRAW else f"[data-slot='{move}']")
        page.wait_for_function(WASTE_CHANGED, arg=before)
    mine = board(page)
    page.click(".actions [data-action=menu]")
    page.click("[data-testid=menu-share-game]")
    page.wait_for_function("() => [...document.querySelectorAll('.notice p')].some(p => "
                           "/#replay=/.test(p.textContent))")
    said = next(n for n in notices(page) if "#replay=" in n)
    link = re.search(r"https?://\S+#replay=\S+", said)[0]
    # Another player's browser: the same warm context lent again, put back first, so with
    # nothing saved (the app itself installed: a link opened by someone who has it).
    other = warm_context(**browser_context_args)
    fresh = other.new_page()
    fresh.set_default_timeout(30_000)
    open_app(fresh, link)
    strip = fresh.locator("[data-testid=watch]")
    strip.wait_for(state="visible")
    assert strip.locator(".watch-title").text_content() == f"Replay of deal {code}"
    fresh.select_option("[data-testid=watch-speed]", "fast")
    fresh.wait_for_function(
        "() => [...document.querySelectorAll('[data-notice-action=replay]')].length === 1",
        timeout=ENGINE_WAIT)
    # Its end is the game as it was shared: the same cards, stock, waste and moves.
    shown = board(fresh)
    assert (shown["slots"], shown["stock"], shown["waste"]) == (
        mine["slots"], mine["stock"], mine["waste"])
    assert f"Moves {len(played)}" in shown["status"]
    fresh.click("[data-testid=replay-play]")
    strip.wait_for(state="hidden")
    wait_text(fresh, "moves", r"Moves\s*0")
    assert fresh.locator("[data-testid=deal]").text_content() == f"Deal {code}"
    other.close()
    assert number
