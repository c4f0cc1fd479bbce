"""Arabic reads right to left: the toolbar, the panels, their buttons and the
notices mirrored, nothing wider than a phone's screen, while the card table
keeps its one geometry and the deal's code, the clock and typed codes still
read left to right (docs/translating.md, "Right to left"). In English nothing
moved."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.app import DRAW, click_move, dismiss_notices, open_deal, open_panel, settled
from tests.e2e.browser import BOOT_TIMEOUT
from tests.e2e.touch import touch_context
from tripeaks.deals import encode_code

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
SIZES = ("small", "phone", "landscape")
DEAL = encode_code(15)

# Where things are on the screen, in CSS px, for the checks below.
GEOMETRY = """() => {
    const box = (e) => e.getBoundingClientRect();
    const shown = [...document.querySelectorAll('.actions button')]
        .filter((b) => b.checkVisibility());
    const first = box(shown[0]), last = box(shown[shown.length - 1]);
    const style = (s) => getComputedStyle(document.querySelector(s));
    return {
        dir: document.documentElement.dir,
        direction: style('body').direction,
        overflow: document.scrollingElement.scrollWidth - innerWidth,
        width: innerWidth,
        firstButton: {left: first.left, right: first.right, top: first.top},
        lastButton: {left: last.left, right: last.right, top: last.top},
        toolbar: {left: box(document.querySelector('.actions')).left,
                  right: box(document.querySelector('.actions')).right},
        codes: ['[data-testid=deal]', '[data-testid=clock]', '[data-testid=deal-code]',
                '[data-testid=deal-cards]', '[data-testid=carry-code]']
            .map((s) => [s, style(s).direction, style(s).unicodeBidi]),
        stock: box(document.querySelector('[data-testid=stock]')).left,
        waste: box(document.querySelector('[data-testid=waste]')).left,
        baseLeft: box(document.querySelector('[data-slot="18"]')).left,
        baseRight: box(document.querySelector('[data-slot="27"]')).left,
    };
}"""

# Where a panel's heading, its first label's words and its Done button lie in it.
PANEL = """(panel) => {
    const p = panel.getBoundingClientRect();
    const words = (e) => { const r = document.createRange(); r.selectNodeContents(e);
        const b = r.getBoundingClientRect();
        return {left: b.left - p.left, right: p.right - b.right}; };
    const label = panel.querySelector('label:not(.check)');
    const done = panel.querySelector('.result-actions [data-close]').getBoundingClientRect();
    return {
        heading: words(panel.querySelector('h2')),
        label: words(label.firstChild),  // its name, before its select
        textAlign: getComputedStyle(panel.querySelector('p, legend')).textAlign,
        direction: getComputedStyle(panel).direction,
        done: {left: done.left - p.left, right: p.right - done.right},
    };
}"""


def opened(warm_context, size: str):
    context = touch_context(warm_context, size)
    page = context.new_page()
    page.set_default_timeout(30_000)
    return context, page


@pytest.mark.parametrize("size", SIZES)
def test_arabic_mirrors_the_page_but_not_the_table_nor_the_codes(warm_context, site, size):
    context, page = opened(warm_context, size)
    try:
        open_deal(page, f"{site.url}?lang=ar#deal={DEAL}", DEAL)
        at = page.evaluate(GEOMETRY)
        assert at["dir"] == "rtl" and at["direction"] == "rtl"
        assert at["overflow"] <= 0, f"{at['overflow']} px wider than the {size} screen"
        if size == "landscape":
            # The toolbar's column moves to the left edge (the inline end), first button on top.
            assert at["toolbar"]["left"] < at["width"] / 4
            assert at["firstButton"]["top"] < at["lastButton"]["top"]
        else:
            # One row read from the right: the first button at the right edge.
            assert at["firstButton"]["right"] > at["lastButton"]["right"]
            assert at["width"] - at["firstButton"]["right"] < 16
        # Codes, the clock and pasted progress read left to right, kept apart from the words.
        for selector, direction, bidi in at["codes"]:
            assert (direction, bidi) == ("ltr", "isolate"), selector
        # The table is the same table: the stock right of the waste (under a right thumb, the
        # default Playing hand), slot 18 at the left.
        assert at["stock"] > at["waste"] and at["baseLeft"] < at["baseRight"]
        if size == "phone":
            dismiss_notices(page)
            page.screenshot(path=str(SHOTS / "rtl-table-390x844.png"))

        open_panel(page, "options")
        panel = page.locator("[data-testid=options]")
        panel.wait_for(state="visible")
        settled(page, "[data-testid=options]")
        inside = panel.evaluate(PANEL)
        assert inside["direction"] == "rtl" and inside["textAlign"] == "start"
        # The heading and a setting's name start at the panel's right; Done sits at its left.
        assert inside["heading"]["right"] < inside["heading"]["left"]
        assert inside["label"]["right"] < inside["label"]["left"]
        assert inside["done"]["left"] < inside["done"]["right"]
        assert page.evaluate("document.scrollingElement.scrollWidth - innerWidth") <= 0
        if size == "phone":
            page.screenshot(path=str(SHOTS / "rtl-options-390x844.png"))
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_the_primary_button_ends_the_row_in_the_reading_direction(warm_context, site, lang):
    context, page = opened(warm_context, "phone")
    try:
        open_deal(page, f"{site.url}?lang={lang}#deal={DEAL}", DEAL)
        click_move(page, DRAW)  # a game in progress: a new link asks first
        page.goto("about:blank")
        page.goto(f"{site.url}?lang={lang}#deal={encode_code(16)}")
        page.locator("[data-testid=confirm]").wait_for(state="visible", timeout=BOOT_TIMEOUT)
        at = page.evaluate("""() => {
            const box = (s) => document.querySelector(s).getBoundingClientRect();
            const p = box('[data-testid=confirm]'), keep = box('[data-testid=confirm-no]'),
                leave = box('[data-testid=confirm-yes]');
            // Each button's distance from the panel's side it should hug, and their order.
            const start = document.documentElement.dir === 'rtl' ? (b) => p.right - b.right
                : (b) => b.left - p.left;
            const end = document.documentElement.dir === 'rtl' ? (b) => b.left - p.left
                : (b) => p.right - b.right;
            return {keepFromEnd: end(keep), keepFromStart: start(keep),
                    leaveFromEnd: end(leave), sameRow: Math.abs(keep.top - leave.top) < 1,
                    leaveAfter: start(leave) >= start(keep) + keep.width};
        }""")
        # The buttons hug the panel's end (its left side in Arabic, the right in English),
        # the primary one last: beside Keep playing, or under it when the words are long.
        assert at["leaveFromEnd"] <= at["keepFromEnd"] + 0.5 < at["keepFromStart"]
        if at["sameRow"]:
            assert at["leaveAfter"]
    finally:
        context.close()


@pytest.mark.parametrize("size", SIZES)
def test_english_still_reads_left_to_right(warm_context, site, size):
    context, page = opened(warm_context, size)
    try:
        open_deal(page, f"{site.url}?lang=en#deal={DEAL}", DEAL)
        at = page.evaluate(GEOMETRY)
        assert at["dir"] == "ltr" and at["direction"] == "ltr"
        assert at["overflow"] <= 0
        if size == "landscape":
            assert at["toolbar"]["right"] > at["width"] * 3 / 4  # the column at the right edge
        else:
            assert at["firstButton"]["left"] < at["lastButton"]["left"]
            assert at["firstButton"]["left"] < 16
        assert at["stock"] > at["waste"] and at["baseLeft"] < at["baseRight"]  # a right thumb's
        open_panel(page, "options")
        panel = page.locator("[data-testid=options]")
        panel.wait_for(state="visible")
        settled(page, "[data-testid=options]")
        inside = panel.evaluate(PANEL)
        assert inside["direction"] == "ltr"
        assert inside["heading"]["left"] < inside["heading"]["right"]
        assert inside["done"]["right"] < inside["done"]["left"]
    finally:
        context.close()
