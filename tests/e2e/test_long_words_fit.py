"""Longer words still fit: in the pseudo-locale (every message bracketed, accented and
about 40% longer), in German and in Russian, the table and every panel at 320x568,
390x844, a phone held sideways and a desktop window show every word whole: nothing
wider than the window, no word cut off by its box, the toolbar one row (or, sideways,
one column) inside the window, every button of a panel inside the window."""

from __future__ import annotations

import pytest

from tests.e2e.app import next_frame, open_app, open_panel
from tests.e2e.touch import touch_context

SIZES = ["small", "phone", "landscape", "desktop"]  # tests/e2e/windows.py
PANELS = ["menu", "options", "stats", "rules", "deals", "race-open"]
PANEL_OF = {"race-open": "race"}

# What does not fit in ``root``: text cut off by its own box, a button outside the window.
# An element that scrolls on purpose (a panel's body, a text box) is not cut off.
MISFITS = """(selector) => {
    const root = document.querySelector(selector);
    const found = [];
    const page = document.scrollingElement;
    if (page.scrollWidth > innerWidth + 1) found.push(`the page is ${page.scrollWidth}px wide`);
    const name = (el) => `${el.tagName.toLowerCase()}`
        + `${el.dataset.testid ? `[${el.dataset.testid}]` : ''}`
        + `${el.dataset.action ? `[${el.dataset.action}]` : ''}`
        + ` "${el.textContent.trim().slice(0, 40)}"`;
    // Seen, and not the screen reader's own lines (sr-only: one pixel wide).
    const shown = (el) => el.getClientRects().length
        && getComputedStyle(el).visibility !== 'hidden'
        && !el.closest('.sr-only') && el.clientWidth > 1;
    const scrolls = (el) => /(auto|scroll)/.test(
        getComputedStyle(el).overflowX + getComputedStyle(el).overflowY);
    const words = 'button, label, h2, h3, legend, summary, th, td, .stat, select, p, li, '
        + 'figcaption';
    for (const el of root.querySelectorAll(words)) {
        if (!shown(el) || scrolls(el) || el.closest('[hidden]')) continue;
        if (el.scrollWidth > el.clientWidth + 1) {
            found.push(`${name(el)} is cut at its side: ${el.scrollWidth} > ${el.clientWidth}`);
        }
        if (el.tagName !== 'BUTTON') continue;
        if (el.scrollHeight > el.clientHeight + 1) found.push(`${name(el)} is cut at its foot`);
        const box = el.getBoundingClientRect();
        const out = box.left < -1 || box.right > innerWidth + 1;
        if (out) found.push(`${name(el)} is outside the window`);
        // The toolbar and a panel's own buttons stay on the screen (a panel's body scrolls).
        const kept = el.closest('.actions, .result-actions');
        if (kept && box.bottom > innerHeight + 1) found.push(`${name(el)} is below the window`);
    }
    return found;
}"""

# How many rows and columns the toolbar's buttons make (boxes that overlap across
# are one row; up and down, one column).
TOOLBAR = """() => {
    const boxes = [...document.querySelectorAll('.actions > button')]
        .filter((b) => b.getClientRects().length).map((b) => b.getBoundingClientRect());
    const lines = (start, end) => {
        const seen = [];
        for (const b of boxes) {
            if (!seen.some((s) => b[start] < s[end] - 1 && s[start] < b[end] - 1)) seen.push(b);
        }
        return seen.length;
    };
    return { rows: lines('top', 'bottom'), columns: lines('left', 'right'), count: boxes.length };
}"""


@pytest.mark.parametrize("language", ["en-XA", "de", "ru"])
@pytest.mark.parametrize("size", SIZES)
def test_every_word_fits_on_the_table_and_in_every_panel(warm_context, site, language, size):
    page = touch_context(warm_context, size).new_page()
    open_app(page, f"{site.url}?lang={language}")
    assert page.evaluate("document.documentElement.lang") == language
    # The tallest status bar: the deal's class comes from the engine after it is ready
    # (a second row under the title, where it shows); it is drawn, bars and cards, a frame on.
    page.locator("[data-testid=rating]:not([hidden])").wait_for(state="attached")
    next_frame(page)
    problems = [f"table: {p}" for p in page.evaluate(MISFITS, "body > header")]
    problems += [f"toolbar: {p}" for p in page.evaluate(MISFITS, ".actions")]
    bar = page.evaluate(TOOLBAR)
    if bar["rows"] != 1 and bar["columns"] != 1:
        problems.append(f"the toolbar breaks into {bar['rows']} rows: {bar}")
    for action in PANELS:
        panel = PANEL_OF.get(action, action)
        open_panel(page, action)
        dialog = f"dialog[data-testid={panel}]"
        page.locator(dialog).wait_for(state="visible")
        problems += [f"{panel}: {p}" for p in page.evaluate(MISFITS, dialog)]
        page.keyboard.press("Escape")
        page.locator(dialog).wait_for(state="hidden")
    assert problems == [], f"{language} at {size}:\n" + "\n".join(problems)
