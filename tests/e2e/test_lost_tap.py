"""The lost tap: a tap that lands while the previous move is still being saved.

A fast player taps the next card the moment the waste shows the last one. The
app draws the new board before the move's save (and the lock that guards it
across tabs) is done; a tap in that gap used to be dropped as if it were the
second tap of a double tap. It must be played, after the move before it.
"""

from __future__ import annotations

from tests.e2e.app import DRAW, open_deal
from tests.e2e.lines import winnable_deal

# In the page: play ``line`` by clicking each card (or the stock) the very
# instant the waste shows the result of the move before it: in the microtask
# after the board is drawn, which is sooner than any finger.
CHAIN = """line => {
    const target = (move) => document.querySelector(
        move === 28 ? '[data-testid=stock]' : `[data-slot='${move}']`);
    const waste = document.querySelector('[data-testid=waste]');
    window.__chain = { sent: 1, line };
    new MutationObserver(() => {
        const chain = window.__chain;
        if (chain.sent < chain.line.length) target(chain.line[chain.sent++]).click();
    }).observe(waste, { attributes: true, attributeFilter: ['data-card'] });
    target(line[0]).click();
}"""


def test_a_tap_the_instant_the_last_move_shows_is_played(page, site):
    number, code, line = winnable_deal()
    open_deal(page, site.url + "#deal=" + code, code)
    assert DRAW in line or len(line) > 1
    page.evaluate(CHAIN, line)
    page.wait_for_function("() => window.__chain.sent === window.__chain.line.length")
    page.wait_for_function(  # every tap played: the moves counter says so
        "n => document.querySelector('[data-testid=moves]').textContent.trim() === `Moves ${n}`",
        arg=len(line))
    page.wait_for_selector("[data-testid=result]", state="visible")
    assert page.locator("[data-testid=result] h2").text_content() == "You cleared the peaks!"
