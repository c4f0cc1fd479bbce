"""A finger on a phone's screen: real touch events through the Chrome DevTools
Protocol (Input.dispatchTouchEvent), not mouse events dressed up as touches.

Open a phone-like context with ``phone_context(browser, width, height)`` (touch,
mobile viewport), then ``tap(page, x, y)`` or ``drag(page, start, end)``.
"""

from __future__ import annotations

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.e2e.app import DRAW, TAP_LOG, TAP_STATE, WASTE_CHANGED
from tests.e2e.windows import WINDOWS, windows

PHONES = windows("phone", "small")


def phone_context(opener, width: int, height: int, **options):
    """A browser context that behaves like a phone: touch, a mobile viewport.
    ``opener``: a browser (a new context of it) or the ``warm_context`` fixture."""
    new = getattr(opener, "new_context", opener)
    return new(viewport={"width": width, "height": height},
               has_touch=True, is_mobile=True, device_scale_factor=2, **options)


class Finger:
    """One finger, moved by CDP touch events (touchStart, touchMove, touchEnd)."""

    def __init__(self, page) -> None:
        self.page = page
        self.cdp = page.context.new_cdp_session(page)

    def _send(self, kind: str, points: list[dict]) -> None:
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    @staticmethod
    def _point(x: float, y: float) -> list[dict]:
        return [{"x": x, "y": y, "radiusX": 6, "radiusY": 6, "force": 1, "id": 1}]

    def down(self, x: float, y: float) -> None:
        self._send("touchStart", self._point(x, y))

    def move(self, x: float, y: float) -> None:
        self._send("touchMove", self._point(x, y))

    def up(self) -> None:
        self._send("touchEnd", [])

    def detach(self) -> None:
        self.cdp.detach()


def centre(page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    assert box, f"{selector} is not on the screen"
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def tap(page, x: float, y: float) -> None:
    """A short touch at one point (the browser turns it into a click)."""
    finger = Finger(page)
    finger.down(x, y)
    finger.up()
    finger.detach()


def drag(page, start: tuple[float, float], end: tuple[float, float], steps: int = 12,
         via: tuple[float, float] | None = None) -> None:
    """Press at ``start``, slide (through ``via``, if given) to ``end``, lift."""
    finger = Finger(page)
    finger.down(*start)
    legs = [start, via, end] if via else [start, end]
    for (x0, y0), (x1, y1) in zip(legs, legs[1:], strict=False):
        for step in range(1, steps + 1):
            finger.move(x0 + (x1 - x0) * step / steps, y0 + (y1 - y0) * step / steps)
    finger.up()
    finger.detach()


def scroll_state(page) -> dict:
    """What a stray gesture would change: scroll offsets, zoom, the address."""
    return page.evaluate("""() => ({x: scrollX, y: scrollY, scale: visualViewport.scale,
        href: location.href, history: history.length})""")


def touch(page, selector: str) -> None:
    """A finger's tap on the middle of an element (scrolled into view first, as a
    player scrolls a long panel to its button)."""
    # The middle of a scrolled panel, not its edge, where its buttons' bar lies over it.
    page.locator(selector).evaluate(
        "el => { if (el.closest('dialog')) el.scrollIntoView({block: 'center'}); }")
    tap(page, *centre(page, selector))


def touch_card(page, selector: str) -> None:
    """A finger's tap on a card. A card just played catches taps for a moment (a double
    tap's second half, views/render.js): the tap comes once it has gone."""
    page.wait_for_function("() => !document.querySelector('.card.leaving')")
    touch(page, selector)


def touch_move(page, move: int) -> None:
    """A finger's tap on a peak card (a slot 0..27) or the stock (28), waited for until
    the waste shows what it played."""
    before = page.get_attribute("[data-testid=waste]", "data-card")
    target = "[data-testid=stock]" if move == DRAW else f"[data-slot='{move}']"
    page.evaluate(TAP_LOG)
    touch_card(page, target)
    try:
        page.wait_for_function(WASTE_CHANGED, arg=before, timeout=30_000)
    except PlaywrightTimeoutError as error:
        raise AssertionError(f"the touch on {target} did not play: "
                             f"{page.evaluate(TAP_STATE)}") from error


def touch_context(opener, size: str, **options):
    """A context for one of the named window sizes (tests/e2e/windows.py), touched with a
    finger: a phone's mobile viewport, or a computer's window with a touch screen."""
    width, height = WINDOWS[size]
    if size == "desktop":
        new = getattr(opener, "new_context", opener)
        return new(viewport={"width": width, "height": height}, has_touch=True, **options)
    return phone_context(opener, width, height, **options)
