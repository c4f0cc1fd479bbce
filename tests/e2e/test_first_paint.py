"""Named from the first paint: before the engine is ready (its runtime held
back), every control on the page has a name or is hidden from assistive
technology, as axe-core sees it at a phone's and a computer's size, in both
themes."""

from __future__ import annotations

import json

import pytest

from tests.e2e.accessibility import audit
from tests.e2e.touch import phone_context
from tests.e2e.windows import windows

# A player who chose the dark theme: their saved options, there before the page is.
DARK = ("localStorage.setItem('tripeaks.options', "
        + repr(json.dumps({"v": 1, "preset": "standard", "rules": {}, "theme": "dark"})) + ");")


@pytest.mark.parametrize("size", windows("phone", "desktop").values())
@pytest.mark.parametrize(("held", "theme"), [("main.js", "felt"), ("pyodide", "felt"),
                                             ("pyodide", "dark")])
def test_the_page_is_accessible_while_the_engine_boots(browser, site, axe_source, held, theme,
                                                       size):
    width, height = size
    context = (phone_context(browser, width, height) if width < 900
               else browser.new_context(viewport={"width": width, "height": height}))
    context.add_init_script(script=axe_source)
    if theme == "dark":
        context.add_init_script(script=DARK)
    # Hold back either the app's script (the bare HTML's first paint) or the
    # Python runtime (the 28 placeholder cards while the engine boots).
    pending = []
    context.route(f"**/{held}*", lambda route: pending.append(route))
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        page.goto(site.url, wait_until="commit")
        page.wait_for_selector("nav.actions", state="attached")
        # A browser paints nothing before its stylesheets are in; audit what it paints
        # (axe on the unstyled page judges the link colours against a white it assumes).
        page.wait_for_function("""() => [...document.querySelectorAll('link[rel=stylesheet]')]
            .every(link => link.sheet !== null)""")
        if held == "pyodide":
            page.wait_for_function("() => document.querySelectorAll('[data-slot]').length === 28")
        page.wait_for_function("() => typeof axe === 'object'")
        assert page.evaluate("document.documentElement.dataset.engine") == "booting"
        if theme == "dark":
            assert page.evaluate("document.documentElement.dataset.theme") == "dark"
        assert audit(page) == []
        if held == "pyodide":
            unnamed = page.evaluate("""() => [...document.querySelectorAll('[data-slot]')]
                .filter(el => !el.getAttribute('aria-label') && !el.textContent.trim()
                    && el.getAttribute('aria-hidden') !== 'true').length""")
            assert unnamed == 0
    finally:
        context.close()
