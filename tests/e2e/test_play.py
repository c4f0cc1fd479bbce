"""Playing on a phone (390x844, touch): the fair hint, deal codes against the
player's saved options, and the clock after a reload."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.e2e.app import DRAW, TAPS_TAKEN, WASTE_CHANGED, open_app, open_deal, saved, wait_ready
from tests.e2e.conftest import BOOT_TIMEOUT
from tests.e2e.lines import winning_line
from tripeaks import solver
from tripeaks.deals import encode_code
from tripeaks.game import Game
from tripeaks.rules import preset_rules

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, **PHONE}


def tap_move(page, move: int) -> None:
    """Tap (touch) a peak card or the stock, and wait until the waste shows the result."""
    before = page.get_attribute("[data-testid=waste]", "data-card")
    target = "[data-testid=stock]" if move == DRAW else f"[data-slot='{move}']"
    taken = page.evaluate(TAPS_TAKEN)
    page.tap(target)
    try:
        page.wait_for_function(WASTE_CHANGED, arg=before, timeout=10_000)
        return
    except PlaywrightTimeoutError:  # as click_move: a tap that never reached the app, once
        if page.evaluate(TAPS_TAKEN) != taken:
            raise
        page.tap(target)
    page.wait_for_function(WASTE_CHANGED, arg=before)


def tap_panel(page, action: str) -> None:
    """Open a panel by touch: its toolbar button, or through the menu."""
    direct = page.locator(f".actions [data-action={action}]")
    if direct.count() and direct.is_visible():
        direct.tap()
    else:
        page.tap(".actions [data-action=menu]")
        page.tap(f"[data-testid=menu] [data-action={action}]")


def notice_with(page, text: str) -> str:
    """Wait for a notice containing ``text`` and return it."""
    page.wait_for_function(
        "t => [...document.querySelectorAll('[data-testid=notices] .notice p')]"
        ".some(p => p.textContent.includes(t))", arg=text)
    return next(t for t in page.locator("[data-testid=notices] .notice p").all_text_contents()
                if text in t)


def hinted(page) -> int | None:
    """The peak slot the hint points at (DRAW for the stock), once one is shown."""
    page.wait_for_selector("[data-hint]", state="attached")
    return page.evaluate("""() => { const el = document.querySelector('[data-hint]');
        return el.dataset.testid === 'stock' ? 28 : Number(el.dataset.slot); }""")


def clock_text(page) -> str:
    return page.locator("[data-testid=clock]").text_content()


def seconds(text: str) -> int:
    minutes, secs = text.split(":")[-2:]
    return int(minutes) * 60 + int(secs)


def wait_clock_past(page, shown: str) -> None:
    """Wait until the clock shows a time other than ``shown``."""
    page.wait_for_function("s => document.querySelector('[data-testid=clock]').textContent !== s",
                           arg=shown)


# -- item 2: the fair hint ------------------------------------------------------------------


def test_challenge_hint_uses_only_the_cards_you_can_see_and_says_so(page, site):
    number = 12
    code = encode_code(number, wrap=False)
    open_deal(page, f"{site.url}#deal={code}&preset=challenge", code)
    game = Game.new(number, preset_rules("challenge"))
    fair = solver.hint(game, fair=True)
    full = solver.hint(game)
    page.tap(".actions [data-action=hint]")
    said = notice_with(page, "Fair hint")
    assert "cards you can see" in said
    assert "winning line" not in said  # the full-information solver's words
    assert hinted(page) == fair.move
    if fair.move != full.move:
        print("the fair hint and the solver's differ here:", fair.text, full.text)

    # Under Standard the hint sees every card, unless the player asks for fair hints.
    standard = encode_code(number)
    open_deal(page, f"{site.url}#deal={standard}&preset=standard", standard)
    page.tap(".actions [data-action=hint]")
    hinted(page)  # the new deal's hint (a new deal clears the last one's mark)
    said = page.locator("[data-testid=notices] [data-notice=hint] p").text_content()
    assert said and "Fair hint" not in said
    tap_panel(page, "options")
    page.locator("[data-testid=opt-fair-hint]").tap()
    assert saved(page, "tripeaks.options")["fairHint"] is True
    page.tap("[data-testid=options] [data-close]")
    page.tap(".actions [data-action=hint]")
    notice_with(page, "Fair hint")
    assert hinted(page) == solver.hint(Game.new(number, preset_rules("standard")), fair=True).move


# -- item 3: a deal code carries its rules -----------------------------------------------------


def use_options(page, site, options: dict) -> None:
    """Saved options as a player left them, and no game in progress."""
    open_app(page, site.url)
    page.evaluate("""o => { localStorage.setItem('tripeaks.options', o);
                           localStorage.removeItem('tripeaks.game'); }""",
                  json.dumps({"v": 1, **options}))
    page.reload()
    wait_ready(page)


def test_a_deal_code_plays_under_its_rules_whatever_the_saved_options(page, site):
    code = "TP1-E-AAAAAAB"  # deal 1, King-Ace wrap on
    use_options(page, site, {"preset": "countdown", "rules": {"wrap": False}})
    assert saved(page)["preset"] == "custom"  # Countdown without wrap: the player's own rules
    tap_move(page, DRAW)  # a game in progress

    # By a link: asked first, then Countdown with the code's wrap: Countdown.
    page.goto(f"{site.url}#deal={code}")
    confirm = page.locator("[data-testid=confirm]")
    confirm.wait_for(state="visible", timeout=BOOT_TIMEOUT)
    page.tap("[data-testid=confirm-yes]")
    page.wait_for_function("c => document.querySelector('[data-testid=deal]').textContent"
                           ".includes(c)", arg=code)
    game = saved(page)
    assert game["preset"] == "countdown" and game["board"]["rules"]["wrap"] is True
    assert "Countdown" in page.locator("[data-testid=preset]").text_content()
    assert not any("does not open" in n for n in
                   page.locator("[data-testid=notices] .notice p").all_text_contents())

    # By the Deals panel, over a game in progress: asked, played, and a win is
    # filed under Countdown, not under "Custom rules".
    tap_move(page, DRAW)
    tap_panel(page, "deals")
    page.locator("[data-testid=deal-code]").fill(code)
    page.tap("[data-testid=deals] [data-action=deal-code]")
    confirm.wait_for(state="visible")
    assert page.locator("[data-testid=deal-error]").text_content() == ""
    page.tap("[data-testid=confirm-yes]")
    page.wait_for_function("() => document.querySelector('[data-testid=moves]').textContent"
                           ".trim().endsWith(' 0')")
    assert saved(page)["preset"] == "countdown"
    for move in winning_line(Game.new(1, preset_rules("countdown"))):
        tap_move(page, move)
    page.locator("[data-testid=result]").wait_for(state="visible")
    stats = saved(page, "tripeaks.stats")
    assert stats["presets"]["countdown"]["won"] == 1
    assert "custom" not in stats["presets"]
    # The player's options are what they were: the code changed only its own game.
    assert saved(page, "tripeaks.options")["rules"] == {"wrap": False}


# -- item 4: the clock after a reload -----------------------------------------------------------


def test_a_reloaded_game_keeps_its_clock_stopped_until_the_next_move(page, site):
    page.clock.install()  # time flows as usual, and the test can jump it forward
    code = encode_code(13)
    open_deal(page, f"{site.url}#deal={code}", code)
    tap_move(page, DRAW)
    page.clock.fast_forward("00:40")
    wait_clock_past(page, "0:00")

    page.reload()  # a normal reload: the game comes back with its clock stopped
    wait_ready(page)
    shown = clock_text(page)
    assert seconds(shown) >= 40
    page.clock.fast_forward("05:00")  # five minutes away from the game (the clock's ticks ran)...
    assert clock_text(page) == shown  # ...do not count
    tap_move(page, DRAW)  # the next move starts it again
    page.clock.fast_forward("01:00")
    wait_clock_past(page, shown)
    assert seconds(clock_text(page)) >= seconds(shown) + 60
    assert seconds(clock_text(page)) < seconds(shown) + 5 * 60  # the time away never came back


def test_a_game_paused_before_a_reload_comes_back_paused(page, site):
    page.clock.install()
    code = encode_code(14)
    open_deal(page, f"{site.url}#deal={code}", code)
    tap_move(page, DRAW)
    page.clock.fast_forward("00:20")
    page.tap("[data-testid=clock]")  # the pause control
    page.locator("[data-testid=pause]").wait_for(state="visible")
    stopped = clock_text(page)

    page.reload()
    wait_ready(page)
    page.locator("[data-testid=pause]").wait_for(state="visible")  # still paused
    peaks = page.locator("[data-testid=peaks]")
    assert peaks.evaluate("e => getComputedStyle(e).visibility") == "hidden"
    assert clock_text(page) == stopped
    page.clock.fast_forward("10:00")
    assert clock_text(page) == stopped
    page.tap("[data-testid=resume]")
    page.locator("[data-testid=pause]").wait_for(state="hidden")
    assert peaks.evaluate("e => getComputedStyle(e).visibility") == "visible"
    assert not saved(page).get("paused")  # and a reload now would not pause it again
    tap_move(page, DRAW)
    page.clock.fast_forward("00:30")
    wait_clock_past(page, stopped)
    assert seconds(stopped) + 30 <= seconds(clock_text(page)) < seconds(stopped) + 10 * 60
