"""The 1991 money game (preset ``original``) played with a finger on a 390x844 phone: the
advice line under the stock when only a draw is possible, Hint's advice, Deal again (no
question: the money is kept), and the bankroll in Statistics (its figures and its chart,
a point per deal). Statistics saved before the money game load with an empty bankroll."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from tests.e2e.accessibility import audit
from tests.e2e.app import DRAW, open_app, open_deal, wait_ready
from tests.e2e.lines import STUCK_DEAL, stuck_line
from tests.e2e.touch import touch, touch_context, touch_move
from tripeaks.deals import encode_code

SHOTS = Path(os.environ.get("TRIPEAKS_SCREENSHOTS", "docs/screenshots"))
# Under the original rules nothing fits at this deal's start: a draw is the only move, and
# the engine's advice is to play on (tripeaks/advice.py; a card fits after the first draw).
DRAW_FIRST = encode_code(34)
PLAY_ON = re.compile(r"^Draw: expected \+\$\d+ to come if you play on well\.$")


# Where the advice line, the stock, the waste, the toolbar and each peak card lie (shown ones).
BOXES = """() => Object.fromEntries([...document.querySelectorAll('[data-testid=advice-line],'
    + '[data-testid=stock], [data-testid=waste], nav.actions, .peaks [data-slot]')]
    .filter(e => e.checkVisibility()).map(e => {
        const r = e.getBoundingClientRect();
        const name = e.dataset.slot ? `slot ${e.dataset.slot}`
            : e.dataset.testid || (e.matches('.notice') ? 'notice' : 'toolbar');
        return [name, [r.left, r.top, r.right, r.bottom]];
    }))"""
BANK = "() => ((tripeaks.storage.load('stats').value || {}).bankroll || {})"


def apart(one, other) -> bool:
    """Whether two boxes ([left, top, right, bottom]) do not overlap."""
    return (one[2] <= other[0] or other[2] <= one[0]
            or one[3] <= other[1] or other[3] <= one[1])


def phone(warm_context, size: str = "phone"):
    page = touch_context(warm_context, size).new_page()
    page.set_default_timeout(30_000)
    return page


def board(page) -> dict:
    page.evaluate("() => tripeaks.queue")
    return page.evaluate("() => tripeaks.save.board")


def deal_again(page, before: str) -> None:
    """Deal again by touch: the next deal is on the table at once, nothing asked."""
    touch(page, "[data-testid=deal-again]")
    page.wait_for_function(
        "code => tripeaks.save.board.deal_code !== code && tripeaks.save.board.moves === 0",
        arg=before)
    assert not page.locator("[data-testid=confirm]").is_visible()


def open_stats(page) -> None:
    touch(page, ".actions [data-action=menu]")
    page.locator("[data-testid=menu]").wait_for(state="visible")
    touch(page, "[data-testid=menu] [data-action=stats]")
    page.locator("[data-testid=stats]").wait_for(state="visible")


def clear_of_the_cards(page) -> None:
    """The advice line lies by the stock, within the screen, over no card and off the toolbar."""
    boxes = page.evaluate(BOXES)
    line = boxes.pop("advice-line")
    width = page.evaluate("innerWidth")
    assert line[0] >= 0 and line[2] <= width, line
    for name, other in boxes.items():
        assert apart(line, other), f"the advice line lies over {name}: {line} {other}"
    stock = boxes["stock"]

    def gap(box):
        return max(box[0] - line[2], line[0] - box[2], box[1] - line[3], line[1] - box[3])

    # By the pile: over the stock, or (a phone on its side) beside the stock and the waste,
    # whichever side of the pile the playing hand put the stock.
    assert min(gap(stock), gap(boxes["waste"])) < 40, "the line is by the pile"
    if line[3] <= stock[1]:  # over the stock: its count (a badge over its top edge) stays readable
        badge = page.evaluate("""() => { const s = document.querySelector('[data-testid=stock]');
            return s.getBoundingClientRect().top
                + parseFloat(getComputedStyle(s, '::after').top); }""")
        assert line[3] <= badge + 1, (line, badge)


def figures(page) -> dict:
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll(
        '[data-testid=bankroll-grid] [data-figure]')]
        .map(d => [d.dataset.figure, d.querySelector('dd').textContent]))""")


def test_two_deals_of_the_money_game_fill_the_bankroll(warm_context, site, axe_source):
    page = phone(warm_context)
    page.add_init_script(script=axe_source)
    open_deal(page, f"{site.url}#deal={DRAW_FIRST}&preset=original", DRAW_FIRST)
    assert page.evaluate("() => tripeaks.save.preset") == "original"
    # The money game's toolbar: Deal again where Undo and Redo were (these rules have no undo).
    assert page.locator("[data-testid=deal-again]").is_visible()
    assert not page.locator(".actions [data-action=undo]").is_visible()

    # Only a draw is possible: the quiet line under the stock weighs it.
    line = page.locator("[data-testid=advice-line]")
    line.wait_for(state="visible")
    assert PLAY_ON.match(line.text_content()), line.text_content()
    clear_of_the_cards(page)
    assert audit(page) == []  # the table with Deal again and the advice line

    # Hint says the same advice, and points at the stock.
    touch(page, ".actions [data-action=hint]")
    page.wait_for_function("""() => [...document.querySelectorAll('.notice')]
        .some(n => n.textContent.startsWith('Draw: expected'))""")
    assert page.get_attribute("[data-testid=stock]", "data-hint") is not None
    boxes = page.evaluate(BOXES.replace("nav.actions,", ".notice,"))  # one notice at a time
    assert apart(boxes["advice-line"], boxes["notice"]), "Hint's line and the advice line lie apart"

    # Three draws at $5 each. A card fits after the first (no advice then); after the
    # third nothing fits again, and the line weighs the new position.
    touch_move(page, DRAW)
    line.wait_for(state="hidden")
    for _ in range(2):
        touch_move(page, DRAW)
    first = board(page)
    assert first["score"] == -15 and not first["over"]
    assert not any(s["fits"] and not s["removed"] for s in first["slots"])
    line.wait_for(state="visible")
    assert PLAY_ON.match(line.text_content()), line.text_content()

    deal_again(page, first["deal_code"])
    second = page.evaluate("() => tripeaks.save")
    assert second["preset"] == "original"
    for _ in range(2):
        touch_move(page, DRAW)
    money = board(page)["score"]
    assert money == -10
    deal_again(page, second["board"]["deal_code"])

    open_stats(page)
    assert page.locator("[data-testid=stats-preset]").input_value() == "original"
    assert page.locator("[data-testid=bankroll]").is_visible()
    assert figures(page) == {"total": "-$25", "played": "2", "cleared": "0", "best": "-$10",
                             "worst": "-$15", "per-deal": "-$12.50"}
    chart = page.locator("[data-testid=bankroll-chart] svg")
    assert chart.locator("circle").count() == 2  # a point per deal
    assert chart.locator(".bankroll-zero").count() == 1
    assert chart.get_attribute("aria-label") == (
        "Bankroll over the last 2 deals: from $0 to -$25, lowest -$25, highest $0.")
    assert audit(page) == []  # the bankroll and its chart pass the axe audit
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "bankroll-390x844.png"))

    # Another preset's figures show no bankroll.
    page.select_option("[data-testid=stats-preset]", "standard")
    page.locator("[data-testid=bankroll]").wait_for(state="hidden")
    page.context.close()


def test_statistics_saved_before_the_money_game_load_with_an_empty_bankroll(warm_context, site):
    page = phone(warm_context)
    old = {"v": 1, "played": 3, "won": 1, "streak": 0, "bestStreak": 1, "bestScore": 40,
           "counted": ["a", "b", "c"], "daily": {"2026-12-01": "won"},
           "presets": {"original": {"played": 3, "won": 1, "recent": []}}}
    open_app(page, site.url)
    page.evaluate("s => { localStorage.clear(); localStorage.setItem('tripeaks.stats', s); }",
                  json.dumps(old))
    page.reload()
    wait_ready(page)
    assert not page.locator(".notice.error").count()  # nothing said to be damaged
    page.evaluate("() => tripeaks.showStats('original')")
    page.locator("[data-testid=bankroll]").wait_for(state="visible")
    assert figures(page) == {"total": "$0", "played": "0", "cleared": "0", "best": "—",
                             "worst": "—", "per-deal": "—"}
    assert page.text_content("[data-testid=bankroll-chart]") == "No deal played yet."
    # The rest of the old statistics is kept.
    played = page.evaluate("""() => [...document.querySelectorAll('[data-testid=stats-grid] div')]
        .find(d => d.querySelector('dt').textContent === 'Played')
        .querySelector('dd').textContent""")
    assert played == "3"
    page.context.close()


@pytest.mark.parametrize("size", ["small", "landscape", "small-landscape", "desktop"])
def test_the_money_games_table_fits_each_window(warm_context, site, size):
    """Deal again and the advice line at the other sizes: the toolbar on one row (or one
    column) inside the window, the line by the stock over no card."""
    page = phone(warm_context, size)
    open_deal(page, f"{site.url}#deal={DRAW_FIRST}&preset=original", DRAW_FIRST)
    page.locator("[data-testid=advice-line]").wait_for(state="visible")
    clear_of_the_cards(page)
    assert page.locator("[data-testid=deal-again]").is_visible()
    outside = page.evaluate("""() => [...document.querySelectorAll('.actions button')]
        .filter(b => b.checkVisibility()).filter(b => { const r = b.getBoundingClientRect();
            return r.left < 0 || r.top < 0
                || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5; })
        .map(b => b.dataset.action)""")
    assert outside == []
    page.context.close()


def test_a_stuck_deal_keeps_its_money_once(warm_context, site):
    """A deal of the money game that ends stuck adds its money when it ends (not only when
    it is left), and once: a reload and the next deal add nothing more for it."""
    code = encode_code(STUCK_DEAL)
    line = stuck_line(STUCK_DEAL, "original")
    page = phone(warm_context)
    open_deal(page, f"{site.url}#deal={code}&preset=original", code)
    for move in line:
        page.evaluate("move => tripeaks.move(move)", move)
    page.wait_for_function("() => tripeaks.save.board.over")
    money = board(page)["score"]
    def bank() -> dict:
        return page.evaluate(BANK) or {}

    page.wait_for_function(f"() => ({BANK})().played === 1")
    assert bank()["total"] == money and bank()["deals"][0]["money"] == money
    page.reload()
    wait_ready(page)
    touch(page, "[data-testid=deal-again]")
    page.wait_for_function("code => tripeaks.save.board.deal_code !== code", arg=code)
    page.evaluate("() => tripeaks.queue")
    assert bank()["played"] == 1 and bank()["total"] == money
    page.context.close()
