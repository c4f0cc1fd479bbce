"""Driving the app as a player does: through the DOM hooks only."""

from __future__ import annotations

import json

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.e2e.conftest import BOOT_TIMEOUT

DRAW = 28
READY = "html[data-engine=ready]"


def open_app(page, url: str) -> None:
    page.goto(url)
    wait_ready(page)


def open_deal(page, url: str, code: str) -> None:
    """Open a deal link and wait until that deal is on the table.

    On a page already open, a new fragment deals without a reload, so the engine
    is ready before the deal is: wait for the status bar to name it.
    """
    open_app(page, url)
    page.wait_for_function(
        "code => document.querySelector('[data-testid=deal]').textContent.includes(code)",
        arg=code.upper(),
    )


def wait_ready(page) -> None:
    try:
        page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT)
    except Exception as error:  # say what the page shows instead
        state = page.evaluate("""() => ({
            engine: document.documentElement.dataset.engine,
            boot: document.querySelector('.boot-text')?.textContent,
            notices: [...document.querySelectorAll('.notice p')].map(p => p.textContent),
            controller: Boolean(navigator.serviceWorker.controller) })""")
        raise AssertionError(f"the engine never got ready: {state}") from error


def board(page) -> dict:
    """What a player sees: each slot's card (None face down, "" cleared), stock, waste."""
    return page.evaluate("""() => ({
        slots: [...document.querySelectorAll('[data-slot]')].map(el =>
            el.hasAttribute('data-removed') ? '' : (el.dataset.card || null)),
        stock: Number(document.querySelector('[data-testid=stock]').dataset.count),
        waste: document.querySelector('[data-testid=waste]').dataset.card || null,
        status: document.querySelector('.status').textContent.replace(/\\s+/g, ' ').trim(),
    })""")


TAPS_TAKEN = "() => performance.getEntriesByName('tripeaks:input').length"
WASTE_CHANGED = "before => document.querySelector('[data-testid=waste]').dataset.card !== before"


def click_move(page, move: int) -> None:
    """Tap a peak card or the stock, and wait until the waste shows the result.

    A tap that never reached the app's move handler (it marks "tripeaks:input"
    for each one it takes) is tapped again, once, as a player would: under load
    about one run in twenty lost such a tap (cause not found). A tap the app took
    but did not play still fails here.
    """
    before = page.get_attribute("[data-testid=waste]", "data-card")
    target = "[data-testid=stock]" if move == DRAW else f"[data-slot='{move}']"
    taken = page.evaluate(TAPS_TAKEN)
    page.click(target)
    try:
        page.wait_for_function(WASTE_CHANGED, arg=before, timeout=10_000)
        return
    except PlaywrightTimeoutError:
        if page.evaluate(TAPS_TAKEN) == taken:
            print(f"click_move: the tap on {target} never reached the app; tapping again")
            page.click(target)
    page.wait_for_function(WASTE_CHANGED, arg=before)


def saved(page, key: str = "tripeaks.game"):
    text = page.evaluate("key => localStorage.getItem(key)", key)
    return None if text is None else json.loads(text)


def notices(page) -> list[str]:
    return page.locator("[data-testid=notices] .notice p").all_text_contents()


def wait_controlled(page) -> None:
    page.wait_for_function("() => navigator.serviceWorker.controller !== null",
                           timeout=BOOT_TIMEOUT)


def wait_face_up(page, count: int) -> None:
    """Wait until exactly ``count`` peak cards show their face."""
    page.wait_for_function(
        "n => document.querySelectorAll('[data-slot][data-card]').length === n", arg=count)
