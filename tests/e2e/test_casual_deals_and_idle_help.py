"""Casual play on a phone, by touch: New game deals from the easier classes by default (Options
says which; "any" stays a choice), the stock pulses gently when no card fits for a while (not
with reduced motion), and a refused tap vibrates where the device can (off in Options)."""

from __future__ import annotations

import pytest

from tests.e2e.app import open_app, open_deal, wait_text
from tests.e2e.touch import centre, phone_context, tap
from tests.e2e.windows import windows
from tripeaks.deals import encode_code
from tripeaks.game import Game
from tripeaks.notation import DRAW

# Every new_game the page asks of the engine, with the class it asks for.
SPY_DEALS = """() => { window.__deals = []; const engine = tripeaks.engine;
    const call = engine.call.bind(engine);
    engine.call = (type, args = {}) => {
        if (type === 'new_game') window.__deals.push(args.difficulty || null);
        return call(type, args); }; }"""
# A phone's vibration motor, as the page sees it: each pattern asked for, kept.
MOTOR = """Object.defineProperty(Navigator.prototype, 'vibrate', { configurable: true,
    value(pattern) { (window.__buzz ||= []).push(pattern); return true; } });"""


def nothing_fits_deal() -> int:
    """A deal whose first board has no peak card to play: only the stock."""
    return next(n for n in range(1, 1000)
                if [m for m in Game.new(n).legal_moves() if m != DRAW] == [])


def phone(warm_context, size="phone", **options):
    width, height = windows(size)[size]
    context = phone_context(warm_context, width, height, **options)
    page = context.new_page()
    page.set_default_timeout(60_000)
    return context, page


def open_options_by_touch(page) -> None:
    tap(page, *centre(page, ".actions [data-action=menu]"))
    page.wait_for_selector("[data-testid=menu][open]")
    tap(page, *centre(page, "[data-testid=menu] [data-action=options]"))
    page.wait_for_selector("[data-testid=options][open]")


def new_game_by_touch(page) -> str:
    """Tap New game; the new deal's class, once the table shows it."""
    code = page.locator("[data-testid=deal]").text_content()
    tap(page, *centre(page, ".actions [data-action=new]"))
    page.wait_for_function("(code) => document.querySelector('[data-testid=deal]')"
                           ".textContent !== code", arg=code)
    rating = page.locator("[data-testid=rating]")
    rating.wait_for(state="visible")
    return rating.text_content().strip()


def test_new_games_deal_from_the_easier_classes_unless_options_say_any(warm_context, site):
    context, page = phone(warm_context)
    try:
        open_app(page, site.url)
        page.evaluate(SPY_DEALS)
        classes = [new_game_by_touch(page) for _ in range(3)]
        assert set(classes) <= {"Easy", "Medium"}, classes
        assert page.evaluate("() => window.__deals").count(None) == 0
        assert set(page.evaluate("() => window.__deals")) <= {"easy", "medium"}
        # Options says which, and "any" is a choice.
        open_options_by_touch(page)
        deals = page.locator("[data-testid=opt-deals]")
        assert deals.input_value() == "easier"
        assert "Easy and Medium" in deals.locator("option:checked").text_content()
        deals.select_option("any")
        tap(page, *centre(page, "[data-testid=options] [data-close]"))
        page.wait_for_selector("[data-testid=options]:not([open])", state="attached")
        page.evaluate("() => { window.__deals = []; }")
        new_game_by_touch(page)
        assert page.evaluate("() => window.__deals") == [None]
    finally:
        context.close()


def test_the_stock_pulses_when_nothing_fits_and_a_refused_tap_vibrates(warm_context, site):
    context, page = phone(warm_context, "small")
    context.add_init_script(script=MOTOR)
    try:
        code = encode_code(nothing_fits_deal())
        open_deal(page, f"{site.url}#deal={code}", code)
        stock = page.locator("[data-testid=stock]")
        # A tap on a card that does not fit: refused, felt.
        tap(page, *centre(page, "[data-slot='18']"))
        page.wait_for_function("() => (window.__buzz || []).length === 1")
        # Nothing fits: after a while the stock pulses, until the next move.
        page.wait_for_selector("[data-testid=stock].nudge", timeout=20_000)
        assert stock.evaluate("(s) => s.getAnimations().some((a) => a.playState === 'running')")
        tap(page, *centre(page, "[data-testid=stock]"))
        wait_text(page, "moves", "^Moves 1$")
        assert "nudge" not in (stock.get_attribute("class") or "")
        # Vibration off in Options: a refused tap is only seen and heard.
        open_options_by_touch(page)
        page.locator("[data-testid=opt-vibrate]").scroll_into_view_if_needed()
        tap(page, *centre(page, "[data-testid=opt-vibrate]"))
        assert not page.locator("[data-testid=opt-vibrate]").is_checked()
        tap(page, *centre(page, "[data-testid=options] [data-close]"))
        page.wait_for_selector("[data-testid=options]:not([open])", state="attached")
        page.evaluate("() => { window.__shaken = 0; new MutationObserver((changes) => {"
                      " if (changes.some((c) => c.target.classList.contains('shake')))"
                      " window.__shaken += 1; }).observe(document.querySelector('.peaks'),"
                      " { attributes: true, subtree: true, attributeFilter: ['class'] }); }")
        tap(page, *centre(page, "[data-slot='18']"))
        page.wait_for_function("() => window.__shaken > 0")
        assert page.evaluate("() => window.__buzz.length") == 1
    finally:
        context.close()


@pytest.mark.parametrize("motion", ["reduced motion", "animation off"])
def test_the_stock_does_not_pulse_with_reduced_motion(warm_context, site, motion):
    options = {"reduced_motion": "reduce"} if motion == "reduced motion" else {}
    context, page = phone(warm_context, **options)
    if motion == "animation off":
        context.add_init_script(script="localStorage.setItem('tripeaks.options', JSON.stringify("
                                       "{v: 1, preset: 'standard', rules: {}, speed: 'off'}))")
    try:
        code = encode_code(nothing_fits_deal())
        open_deal(page, f"{site.url}#deal={code}", code)
        page.wait_for_selector("[data-testid=stock].nudge", timeout=20_000)
        assert page.locator("[data-testid=stock]").evaluate("(s) => s.getAnimations().length") == 0
    finally:
        context.close()
