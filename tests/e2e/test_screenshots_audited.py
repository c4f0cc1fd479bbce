"""Looked at: screenshots of the table and its panels at a phone's and a desktop's
size (written to test-results/screens/, or TRIPEAKS_SCREENSHOTS), each audited
by axe-core, and the cards checked to fit the window and stay readable."""

from __future__ import annotations

import os
from pathlib import Path

from tests.e2e.accessibility import audit
from tests.e2e.app import click_move, dismiss_notices, each_size, open_app, open_panel, resize
from tests.e2e.lines import SHORT_WINS, winnable_deal
from tests.e2e.touch import phone_context
from tests.e2e.windows import WINDOWS

SIZES = WINDOWS
PHONES = ("phone", "small", "large", "landscape", "small-landscape")
OUT = Path(os.environ.get("TRIPEAKS_SCREENSHOTS", "test-results/screens"))


def layout(page) -> dict:
    """Whether every card lies inside the window, and the smallest rank's font size."""
    return page.evaluate("""() => {
        const w = innerWidth, h = innerHeight;
        const cards = [...document.querySelectorAll('[data-slot]:not([data-removed]),'
            + ' [data-testid=stock], [data-testid=waste]')];
        const outside = cards.filter(c => { const r = c.getBoundingClientRect();
            return r.left < 0 || r.top < 0 || r.right > w + 0.5 || r.bottom > h + 0.5; })
            .map(c => c.dataset.slot || c.dataset.testid);
        const ranks = [...document.querySelectorAll('[data-slot] .rank')]
            .map(r => parseFloat(getComputedStyle(r).fontSize));
        const nav = document.querySelector('.actions').getBoundingClientRect();
        const navInside = nav.bottom <= h + 0.5 && nav.right <= w + 0.5;
        return {outside, smallest: Math.min(...ranks), navInside};
    }""")


def covered_by_notices(page) -> list:
    """What the notices lie over: the cards, the stock, the waste, the status line and the
    buttons, or, with a panel open, any of the panel's text and controls."""
    return page.evaluate("""() => {
        const boxes = [...document.querySelectorAll('.notice')].map(n => n.getBoundingClientRect());
        const over = (a, b) => a.left < b.right - 1 && b.left < a.right - 1
            && a.top < b.bottom - 1 && b.top < a.bottom - 1;
        // With a panel open, only the panel can be read or pressed.
        const parts = [...document.querySelectorAll(document.querySelector('dialog[open]')
            ? 'dialog[open] :is(p, li, h2, h3, label, button, input, select, textarea)'
            : '[data-testid=stock], [data-testid=waste], [data-slot]:not([data-removed]),'
              + ' .status .stat, .actions button')]
            .filter(el => el.offsetParent !== null && !el.closest('.notice'));
        return parts.filter(el => boxes.some(b => over(b, el.getBoundingClientRect())))
            .map(el => el.dataset.testid || el.dataset.action || el.className);
    }""")


def settled(page) -> None:
    """Wait until no card, pile or risen point is still moving."""
    page.wait_for_function("""() => !document.getAnimations().some(a => a.playState === 'running'
        && a.effect?.target?.closest?.('[data-slot], .pile, .points-pop, .peak-burst'))""")


def look_at_every_screen(page, url: str, sizes: dict) -> None:
    """One game, won, with the table, a notice, each panel and the result shot and
    audited at every size in ``sizes`` (one device, its window resized); the win
    and its celebration at the first size."""
    OUT.mkdir(parents=True, exist_ok=True)
    number, code, line = winnable_deal(start=SHORT_WINS[0])
    open_app(page, f"{url}#deal={code}")
    settled(page)  # the cards turned over
    for size in each_size(page, sizes, settled):
        page.screenshot(path=str(OUT / f"{size}-start.png"))
        assert audit(page) == [], size
    # A game in progress: a few moves in.
    for move in line[:6]:
        click_move(page, move)
    for size in each_size(page, sizes, settled):  # the last card landed, its points risen and gone
        shown = layout(page)
        assert shown["outside"] == [] and shown["navInside"], (size, shown)
        assert shown["smallest"] >= 12, size  # a rank stays readable on the smallest phone
        page.screenshot(path=str(OUT / f"{size}-game.png"))
        assert audit(page) == [], size
        page.click("[data-slot='0']")  # a tip, still covered: a notice says why
        page.wait_for_selector("[data-testid=notices] .notice")
        assert covered_by_notices(page) == [], size
        page.screenshot(path=str(OUT / f"{size}-notice.png"))
        dismiss_notices(page)
    for panel in ("options", "stats", "rules", "deals"):
        open_panel(page, panel)
        dialog = page.locator(f"dialog[data-testid={panel}]")
        dialog.wait_for(state="visible")
        for size in each_size(page, sizes, settled):
            page.screenshot(path=str(OUT / f"{size}-{panel}.png"))
            assert audit(page) == [], (size, panel)
            # A notice that comes while the panel is open covers none of it.
            page.keyboard.press("h")  # Hint's key: its message, or none while a panel is up
            page.evaluate("""() => { const n = document.querySelector('[data-testid=notices]');
                if (!n.querySelector('.notice')) { const d = document.createElement('div');
                d.className = 'notice'; d.innerHTML = '<p>The AI is stuck with 1 card left.</p>';
                n.append(d); } }""")
            assert covered_by_notices(page) == [], (size, panel)
            page.evaluate("document.querySelectorAll('.notice').forEach(n => n.remove())")
        dialog.locator("[data-close]").last.click()
    first, (width, height) = next(iter(sizes.items()))
    resize(page, width, height)
    settled(page)
    for move in line[6:]:
        click_move(page, move)
    # A frame of the win's cascade, once its cards have spread over the table.
    page.wait_for_function("""() => document.querySelector('[data-testid=celebration]')
        && document.getAnimations().some(a => a.currentTime > 1400
            && a.effect?.target?.classList?.contains('cascade-card'))""", timeout=30_000)
    page.screenshot(path=str(OUT / f"{first}-celebration.png"))
    page.locator("[data-testid=result]").wait_for(state="visible")
    page.wait_for_function(
        "() => /Par/.test(document.querySelector('[data-testid=par]').textContent)",
        timeout=60_000)
    for size in each_size(page, sizes, settled):
        page.screenshot(path=str(OUT / f"{size}-win.png"))
        assert audit(page) == [], size


def test_screens_on_phones(warm_context, site, axe_source):
    """Five phone screens (390x844, 320x568, 430x932, 844x390, 568x320) by touch: one
    phone, turned and resized between the shots."""
    width, height = SIZES["phone"]
    context = phone_context(warm_context, width, height)
    context.add_init_script(script=axe_source)
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        look_at_every_screen(page, site.url, {name: SIZES[name] for name in PHONES})
    finally:
        context.close()


def test_screens_on_a_computer(warm_context, site, axe_source):
    width, height = SIZES["desktop"]
    context = warm_context(viewport={"width": width, "height": height})
    context.add_init_script(script=axe_source)
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        look_at_every_screen(page, site.url, {"desktop": SIZES["desktop"]})
    finally:
        context.close()
