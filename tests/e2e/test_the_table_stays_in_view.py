"""The table stays in view where it matters, on a phone touched with a finger: "Read the board"
opens under the peaks it describes (a centred panel hid them), and the sound button lies on no
card at any size, watching or not (at 320 px it lay 2 px over the right peak's top card)."""

from __future__ import annotations

import pytest

from tests.e2e.app import covered, open_app
from tests.e2e.touch import centre, phone_context, tap
from tests.e2e.windows import windows


def open_by_touch(page, action: str) -> None:
    tap(page, *centre(page, ".actions [data-action=menu]"))
    page.wait_for_selector("[data-testid=menu][open]")
    tap(page, *centre(page, f"[data-testid=menu] [data-action={action}]"))


@pytest.mark.parametrize("size", list(windows("phone", "small", "large")))
def test_read_the_board_opens_under_the_peaks_it_describes(warm_context, site, size):
    width, height = windows(size)[size]
    context = phone_context(warm_context, width, height)
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        open_app(page, site.url + "#deal=17")
        open_by_touch(page, "read")
        page.wait_for_selector("[data-testid=reader][open]")
        shape = page.evaluate("""() => {
            const d = document.querySelector('[data-testid=reader]').getBoundingClientRect();
            const p = document.querySelector('[data-testid=peaks]').getBoundingClientRect();
            const backdrop = getComputedStyle(document.querySelector('[data-testid=reader]'),
                '::backdrop').backgroundColor;
            return {top: d.top, bottom: d.bottom, peaksBottom: p.bottom, backdrop,
                    text: document.querySelector('[data-testid=reader-text]').textContent};
        }""")
        assert shape["top"] >= shape["peaksBottom"] - 0.5, shape  # the peaks above it, in view
        assert shape["bottom"] <= height + 0.5 and shape["top"] < height - 150, shape
        assert covered(page, "[data-testid=reader]", "[data-slot]") == []
        alpha = shape["backdrop"].rstrip(")").split(",")[-1] if "rgba" in shape["backdrop"] \
            else shape["backdrop"].rstrip(")").split("/")[-1]
        assert float(alpha) <= 0.2, shape["backdrop"]  # not dimmed out of sight
        assert "Row 4" in shape["text"]
        tap(page, *centre(page, "[data-testid=reader] [data-close]"))
        page.wait_for_selector("[data-testid=reader]:not([open])", state="attached")
    finally:
        context.close()


@pytest.mark.parametrize("size", list(windows(
    "small", "phone", "large", "landscape", "small-landscape")) + [(667, 375)])
def test_the_sound_button_lies_on_no_card(warm_context, site, size):
    width, height = windows(size)[size] if isinstance(size, str) else size
    context = phone_context(warm_context, width, height)
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        open_app(page, site.url + "#deal=17")
        assert covered(page, ".sound-toggle", "[data-slot]") == []
        open_by_touch(page, "watch")
        page.wait_for_selector(".watch:not([hidden])")
        page.wait_for_function("() => getComputedStyle(document.documentElement)"
                               ".getPropertyValue('--strip') !== ''")
        assert covered(page, ".sound-toggle", "[data-slot]") == []
    finally:
        context.close()
