"""The Rules panel on a phone, opened with a finger: it opens at its top ("How to play" in
view, not 730 px down at a link), speaks to players (every rule set in a line, no file
names), keeps the keys in a section of their own, and links to no page made for developers."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.accessibility import audit
from tests.e2e.app import open_app
from tests.e2e.touch import centre, phone_context, tap
from tests.e2e.windows import windows

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
PRESETS = ("Standard", "Classic", "Countdown", "Relaxed", "Challenge")


def open_rules_by_touch(page) -> None:
    tap(page, *centre(page, ".actions [data-action=menu]"))
    page.wait_for_selector("[data-testid=menu][open]")
    tap(page, *centre(page, "[data-testid=menu] [data-action=rules]"))
    page.wait_for_selector("[data-testid=rules][open]")


@pytest.mark.parametrize("size", list(windows("phone", "small")))
def test_rules_open_at_their_top_for_players_with_the_keys_apart(
        warm_context, site, axe_source, size):
    width, height = windows(size)[size]
    context = phone_context(warm_context, width, height)
    context.add_init_script(script=axe_source)
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        open_app(page, site.url)
        page.wait_for_function(  # the engine's rule sets known
            "() => document.querySelector('[data-testid=opt-preset]').options.length > 0")
        open_rules_by_touch(page)
        shape = page.evaluate("""() => {
            const d = document.querySelector('[data-testid=rules]');
            const title = d.querySelector('h2').getBoundingClientRect();
            const box = d.getBoundingClientRect();
            const keys = d.querySelector('[data-testid=rules-keys-section]');
            return {scrollTop: d.scrollTop, titleTop: title.top, titleBottom: title.bottom,
                    boxTop: box.top, boxBottom: box.bottom,
                    focusInside: d.contains(document.activeElement),
                    focusTop: document.activeElement.getBoundingClientRect().top,
                    links: [...d.querySelectorAll('a[href]')].map((a) => a.getAttribute('href')),
                    text: d.innerText,
                    keysOpen: keys ? keys.open : null,
                    keysLast: keys ? !keys.nextElementSibling : null,
                    keysVisible: keys ? [...keys.querySelectorAll('li')]
                        .some((li) => li.checkVisibility()) : null};
        }""")
        # At its top: the title in view, the keyboard on it (not on a control far down).
        assert shape["scrollTop"] == 0, shape["scrollTop"]
        assert shape["boxTop"] <= shape["titleTop"] and shape["titleBottom"] <= shape["boxBottom"]
        assert shape["focusInside"] and shape["focusTop"] < shape["boxTop"] + 80
        # For players: no raw file, no source file named, every rule set described here.
        assert shape["links"] == []
        for developer_word in ("docs/", ".md", "rules.txt", ".py"):
            assert developer_word not in shape["text"], developer_word
        for preset in PRESETS:
            assert preset in page.locator("[data-testid=rules-presets]").inner_text()
        # The keys in a section of their own, last and closed: a tap opens it.
        assert shape["keysOpen"] is False and shape["keysLast"] and not shape["keysVisible"]
        assert "Keys" in page.locator("[data-testid=rules-keys-section] summary").inner_text()
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"rules-{width}x{height}.png"))
        assert audit(page) == []
        summary = page.locator("[data-testid=rules-keys-section] summary")
        summary.scroll_into_view_if_needed()
        tap(page, *centre(page, "[data-testid=rules-keys-section] summary"))
        page.wait_for_function(
            "() => document.querySelector('[data-testid=rules-keys] li').checkVisibility()")
    finally:
        context.close()
