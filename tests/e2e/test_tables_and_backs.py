"""A table of one's own: every table and every card back, chosen in Options, passes axe-core's
audit and fits a phone (390x844, and 320x568 and 844x390 for some), the backs look different,
the four-colour deck reads on every table, the playing hand puts the stock under its thumb and
mirrors the toolbar (in English and in Arabic), and "Automatic" follows the system's dark mode
until the player chooses a table. Screenshots: docs/screenshots/table-<name>-390x844.png."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.e2e.accessibility import audit
from tests.e2e.app import DRAW, dismiss_notices, open_app, open_deal, open_panel, settled
from tests.e2e.lines import winnable_deal
from tests.e2e.touch import touch, touch_context, touch_move

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
TABLES = ["felt", "blue", "burgundy", "dark", "contrast"]
BACKS = ["peaks", "lattice", "plain", "tartan"]
# Each table shot with a back (some not the first) and, on two tables, the four-colour deck.
DRESS = {"felt": ("peaks", False), "blue": ("lattice", True), "burgundy": ("tartan", False),
         "dark": ("plain", False), "contrast": ("peaks", True)}
CARDS = "[data-slot], [data-testid=stock], [data-testid=waste]"
# The deck's colours set by hand, to read both decks' inks on one table.
DECK = "four => document.documentElement.dataset.deck = four ? 'four' : 'two'"


def saved_options(**options) -> str:
    """An init script: the player's options saved before the page opens (its first load only,
    so a choice made in the page outlives a reload)."""
    value = json.dumps({"v": 1, "preset": "standard", "rules": {}, **options})
    return (f"if (!localStorage.getItem('tripeaks.options')) "
            f"localStorage.setItem('tripeaks.options', {json.dumps(value)});")


# What does not fit: a card, the toolbar or the page past the window's edge.
MISFITS = """(selector) => {
    const w = innerWidth, h = innerHeight, found = [];
    if (document.scrollingElement.scrollWidth > w + 1) found.push('the page is too wide');
    for (const el of document.querySelectorAll(selector)) {
        if (el.hasAttribute('data-removed')) continue;
        const r = el.getBoundingClientRect();
        if (r.left < -0.5 || r.top < -0.5 || r.right > w + 0.5 || r.bottom > h + 0.5)
            found.push(el.dataset.slot ?? el.dataset.testid);
    }
    for (const b of document.querySelectorAll('.actions > button')) {
        const r = b.getBoundingClientRect();
        if (r.width && (r.left < -0.5 || r.right > w + 0.5 || r.bottom > h + 0.5))
            found.push(`toolbar ${b.dataset.action}`);
    }
    return found;
}"""

# The least contrast between each suit's ink and the card under it (WCAG's ratio), for probe
# cards of each suit laid on the table.
SUIT_CONTRAST = """() => {
    const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
    const lum = (c) => { const [r, g, b] = rgb(c).map((v) => { v /= 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
    const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
        return (x + 0.05) / (y + 0.05); };
    const out = {};
    for (const suit of ['spades', 'hearts', 'diamonds', 'clubs']) {
        const probe = document.createElement('div');
        probe.className = `card ${suit}`;
        document.querySelector('.peaks').append(probe);
        const style = getComputedStyle(probe);
        out[suit] = Math.round(ratio(style.color, style.backgroundColor) * 100) / 100;
        probe.remove();
    }
    return out;
}"""

# Where the stock, the waste and the toolbar's first and last buttons lie.
GEOMETRY = """() => {
    const mid = (s) => { const r = document.querySelector(s).getBoundingClientRect();
        return {x: r.left + r.width / 2, y: r.top + r.height / 2}; };
    const buttons = [...document.querySelectorAll('.actions > button')]
        .filter((b) => b.getClientRects().length);
    const box = (b) => b.getBoundingClientRect();
    const bar = document.querySelector('.actions').getBoundingClientRect();
    return {stock: mid('[data-testid=stock]').x, waste: mid('[data-testid=waste]').x,
            first: box(buttons[0]).left, last: box(buttons.at(-1)).left,
            bar: {left: bar.left, right: bar.right},
            width: innerWidth};
}"""


def opened(warm_context, size: str, url: str, axe_source: str, **options):
    """A phone (by size name), options saved, axe-core at hand, the app open at ``url``."""
    context = touch_context(warm_context, size)
    context.add_init_script(script=axe_source)
    if options:
        context.add_init_script(script=saved_options(**options))
    page = context.new_page()
    page.set_default_timeout(30_000)
    open_app(page, url)
    return context, page


# The browser's colour scheme and status bar following the table (read once a frame is drawn).
FOLLOWED = """() => { const style = getComputedStyle(document.documentElement);
    return document.querySelector('meta[name=theme-color]').content
            === style.getPropertyValue('--felt').trim()
        && document.querySelector('meta[name=color-scheme]').content === style.colorScheme; }"""


def look(page) -> dict:
    page.wait_for_function(FOLLOWED)
    return page.evaluate("""() => { const h = document.documentElement;
        return {theme: h.dataset.theme, back: h.dataset.back, hand: h.dataset.hand,
                felt: getComputedStyle(h).getPropertyValue('--felt').trim(),
                themeColor: document.querySelector('meta[name=theme-color]').content,
                scheme: document.querySelector('meta[name=color-scheme]').content}; }""")


def choose(page, testid: str, value: str) -> None:
    """Options opened by touch, one of its lists set, the panel closed."""
    open_panel(page, "options", touch=True)
    page.locator(f"[data-testid={testid}]").select_option(value)
    page.keyboard.press("Escape")
    page.locator("dialog[data-testid=options]").wait_for(state="hidden")


@pytest.mark.parametrize("table", TABLES)
def test_each_table_passes_the_audit_fits_and_reads_in_four_colours(warm_context, site, axe_source,
                                                                    table):
    back, four = DRESS[table]
    _, code, _ = winnable_deal()
    context, page = opened(warm_context, "phone", f"{site.url}#deal={code}", axe_source,
                           theme=table, cardBack=back, fourColour=four)
    try:
        assert look(page)["theme"] == table and look(page)["back"] == back
        settled(page, "main")
        dismiss_notices(page)
        assert page.evaluate(MISFITS, CARDS) == []
        assert audit(page) == []
        # Every suit's ink on its card: 4.5:1 at least, 7:1 on the high-contrast table, in the
        # two-colour deck and the four-colour one.
        least = 7 if table == "contrast" else 4.5
        for colours in (False, True):
            page.evaluate(DECK, colours)
            ratios = page.evaluate(SUIT_CONTRAST)
            assert min(ratios.values()) >= least, (table, colours, ratios)
        page.evaluate(DECK, four)
        page.screenshot(path=str(SHOTS / f"table-{table}-390x844.png"))
    finally:
        context.close()


def test_each_back_is_its_own_and_passes_the_audit(warm_context, site, axe_source):
    _, code, _ = winnable_deal()
    context, page = opened(warm_context, "phone", f"{site.url}#deal={code}", axe_source)
    try:
        seen = {}
        for back in BACKS:
            choose(page, "opt-card-back", back)
            assert look(page)["back"] == back
            # A face-down peak card and the stock wear the same back.
            images = page.evaluate("""() => [document.querySelector('[data-slot="0"]'),
                document.querySelector('[data-testid=stock]')].map((el) =>
                getComputedStyle(el).backgroundImage + ' ' + getComputedStyle(el).backgroundColor
                + ' ' + getComputedStyle(el).boxShadow)""")
            assert images[0] == images[1], back
            seen[back] = images[0]
            assert page.evaluate(MISFITS, CARDS) == []
            assert audit(page) == [], back
        assert len(set(seen.values())) == len(BACKS), seen
        # Kept: the last back chosen is there after a reload.
        page.reload()
        open_app(page, f"{site.url}#deal={code}")
        assert look(page)["back"] == BACKS[-1]
    finally:
        context.close()


@pytest.mark.parametrize(("size", "table", "language"), [("small", "contrast", "en"),
                                                         ("landscape", "blue", "en"),
                                                         ("phone", "burgundy", "ar")])
def test_the_left_hand_mirrors_the_stock_and_the_toolbar(warm_context, site, axe_source, size,
                                                         table, language):
    number, code, line = winnable_deal()
    url = f"{site.url}?lang={language}#deal={code}"
    context, page = opened(warm_context, size, url, axe_source, theme=table)
    try:
        open_deal(page, url, code)
        right = page.evaluate(GEOMETRY)
        # The right hand (the default): the stock right of the waste, in every language.
        assert right["stock"] > right["waste"], right
        choose(page, "opt-hand", "left")
        settled(page, "main")
        left = page.evaluate(GEOMETRY)
        assert look(page)["hand"] == "left"
        # The left thumb's: the stock left of the waste, each where the other hand has the other
        # (a mirror image, the toolbar's column on a phone's side too).
        assert left["stock"] < left["waste"], left
        width = left["width"]
        assert abs(left["stock"] - (width - right["stock"])) < 2, (left, right)
        assert abs(left["waste"] - (width - right["waste"])) < 2, (left, right)
        # The toolbar mirrored: its first button where its last one was.
        if size == "landscape":
            # A phone on its side: the toolbar's column at the left edge (at the right before).
            assert right["bar"]["left"] > width / 2 and left["bar"]["right"] < width / 2
        else:
            turned = (left["first"] - left["last"]) * (right["first"] - right["last"]) < 0
            assert turned, (left, right)
        assert page.evaluate(MISFITS, CARDS) == []
        assert audit(page) == []
        # The stock still draws under the left thumb.
        dismiss_notices(page)
        touch_move(page, DRAW)
        if size == "landscape":
            settled(page, "[data-testid=waste]")  # the drawn card landed, not half turned
            page.screenshot(path=str(SHOTS / "table-left-hand-844x390.png"))
    finally:
        context.close()


def test_automatic_follows_the_system_until_a_table_is_chosen(warm_context, site):
    context = touch_context(warm_context, "phone", color_scheme="dark")
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        open_app(page, site.url)
        # A new player on a phone in dark mode: the dark table, and the browser's bars with it.
        shown = look(page)
        assert shown["theme"] == "dark", shown
        assert shown["themeColor"] == shown["felt"] == "#17191e" and shown["scheme"] == "dark"
        open_panel(page, "options", touch=True)
        assert page.locator("[data-testid=opt-theme]").input_value() == "auto"
        page.keyboard.press("Escape")
        # The system turns light: the green felt at once, no reload.
        page.emulate_media(color_scheme="light")
        page.wait_for_function("() => document.documentElement.dataset.theme === 'felt'")
        page.wait_for_function("() => document.querySelector('meta[name=theme-color]').content"
                               " === '#0b4d32'")
        # A table chosen overrides the system, dark or light, and is kept.
        page.emulate_media(color_scheme="dark")
        page.wait_for_function("() => document.documentElement.dataset.theme === 'dark'")
        choose(page, "opt-theme", "burgundy")
        assert look(page)["theme"] == "burgundy"
        page.emulate_media(color_scheme="light")
        page.reload()
        open_app(page, site.url)
        assert look(page)["theme"] == "burgundy"
        assert look(page)["themeColor"] == "#5a1424"
    finally:
        context.close()


def test_an_older_save_keeps_its_table_in_dark_mode(warm_context, site):
    context = touch_context(warm_context, "phone", color_scheme="dark")
    context.add_init_script(script=saved_options(theme="felt"))  # saved before tables and backs
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        open_app(page, site.url)
        shown = look(page)
        assert (shown["theme"], shown["back"], shown["hand"]) == ("felt", "peaks", "right")
        touch(page, "[data-testid=stock]")
        page.wait_for_function("() => document.querySelector('[data-testid=waste]').dataset.card")
    finally:
        context.close()
