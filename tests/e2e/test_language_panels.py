"""The panels speak the player's language: in the pseudo-locale every word of the
Menu, Options, Statistics, Rules, Deals, Pause and Race panels comes from the catalog, and
Options > Language switches the page's words at once, keeping the game, and after a reload."""

from __future__ import annotations

import gzip
import json
import shutil

from tests.e2e.app import DRAW, board, click_move, notices, open_app, open_panel, saved, wait_ready

# Words other modules write into these panels;
# and what is no word: the days' dates, the month and the weekdays (Intl), the notices and
# announcements carried in.
NOT_THE_PANELS = ", ".join((
    "[data-testid=notices]", "[data-testid=announce]", "[data-testid=days]",
    "[data-testid=calendar-month]", "[data-testid=calendar-weekdays]",
    "[data-testid=rules-ai]", "[data-testid=rules-keys]",  # words.js AI_SEES, input.js KEY_HELP
    "[data-testid=race-compare] tbody", "[data-testid=race-par]", "[data-testid=race-stats] tbody",
    "[data-testid=stats-kept]", "[data-testid=stats-pending]", "[data-testid=daily-rating]",
))

# Every text node a player sees (or a screen reader reads) in a panel, and every
# aria-label, title and placeholder, that does not come from the catalog (en-XA brackets
# each message); numbers, signs and the languages' own names are no words to translate.
NOT_FROM_THE_CATALOG = """([name, skip]) => {
    const dialog = document.querySelector(`dialog[data-testid=${name}]`);
    const outside = (el) => !el.closest(skip)
        && !el.closest('[data-testid=opt-language] option:not([value=auto])');
    const word = (text) => text && !/^[\\s\\d.,:;%—–+\\-$#✓/()×]*$/.test(text)
        && !/^\\[.*\\]$/s.test(text);
    const found = [];
    let read = 0; // the words read from the catalog: a panel that shows none proves nothing
    const walker = document.createTreeWalker(dialog, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        const shown = el.closest('select') ? true : el.checkVisibility();
        const text = node.textContent.trim();
        if (shown && outside(el) && word(text)) found.push(text);
        else if (shown && outside(el) && /^\\[.*\\]$/s.test(text)) read += 1;
    }
    for (const el of dialog.querySelectorAll('[aria-label], [title], [placeholder]')) {
        if (!outside(el)) continue;
        for (const attr of ['aria-label', 'title', 'placeholder']) {
            const text = (el.getAttribute(attr) || '').trim();
            if (word(text)) found.push(`${attr}=${text}`);
        }
    }
    return {found, read};
}"""

PANELS = ("menu", "options", "stats", "rules", "deals", "pause", "race")


def test_every_word_of_the_panels_comes_from_the_catalog(page, site):
    open_app(page, f"{site.url}?lang=en-XA")
    assert page.evaluate("document.documentElement.lang") == "en-XA"
    page.wait_for_function(  # the engine's rule sets known, named from the catalog
        "() => document.querySelector('[data-testid=opt-preset]').options.length > 0")
    click_move(page, DRAW)  # a game begun: Statistics and the Race panel have one to speak of
    for name in PANELS:
        if name == "menu":
            page.click(".actions [data-action=menu]")
        elif name == "race":
            page.click("[data-testid=menu-race]" if page.locator("[data-testid=menu][open]").count()
                       else "[data-testid=toolbar-race]")
        else:
            open_panel(page, name)
        page.wait_for_selector(f"dialog[data-testid={name}][open]")
        words = page.evaluate(NOT_FROM_THE_CATALOG, [name, NOT_THE_PANELS])
        assert words["found"] == [], f"{name}: {words['found']}"
        assert words["read"] >= 3, f"{name}: {words}"
        page.keyboard.press("Escape")
        page.wait_for_function("() => !document.querySelector('dialog[open]')")
    # The languages are offered in their own names, each marked with its language.
    offered = page.evaluate("""() => [
        ...document.querySelectorAll('[data-testid=opt-language] option')]
        .map((o) => [o.value, o.textContent, o.lang])""")
    assert offered[0][0] == "auto" and offered[0][1].startswith("[")
    assert ["fr", "Français", "fr"] in offered and ["ja", "日本語", "ja"] in offered
    assert len(offered) == 14


def test_choosing_a_language_switches_at_once_keeps_the_game_and_holds(page, site_dir, make_site,
                                                                        tmp_path):
    # French as a translator will make it: every message changed (the pseudo-locale's words
    # under French's name), so a word left in English shows.
    shutil.copytree(site_dir, tmp_path / "site")
    locales = tmp_path / "site" / "locales"
    french = {**json.loads((locales / "en-XA.json").read_text()), "language": "fr"}
    (locales / "fr.json").write_text(json.dumps(french))
    (locales / "fr.json.gz").write_bytes(gzip.compress(json.dumps(french).encode()))  # its copy too
    site = make_site(tmp_path / "site")
    try:
        open_app(page, site.url)
        assert page.evaluate("document.documentElement.lang") == "en"
        click_move(page, DRAW)
        click_move(page, DRAW)
        before = board(page)["slots"], saved(page)["record"]

        open_panel(page, "options")
        page.wait_for_selector("[data-testid=options][open]")
        page.select_option("[data-testid=opt-language]", "fr")
        page.wait_for_function("() => document.documentElement.lang === 'fr'")
        words = french["messages"]
        # The page's words, the open panel's lists and the rule sets' names: all French now.
        assert page.inner_text("#options-title") == words["options-title"]
        assert page.inner_text(".actions [data-action=undo] .label") == words["toolbar-undo"]
        preset = page.evaluate("document.querySelector('[name=preset]').selectedOptions[0]"
                               ".textContent")
        assert preset == words["preset-standard"]
        assert page.inner_text(".preset-summary").startswith(words["preset-standard-summary"])
        assert page.input_value("[data-testid=opt-language]") == "fr"
        # The game is the same game: the same cards where they were, the same moves.
        assert (board(page)["slots"], saved(page)["record"]) == before
        kept = json.loads(page.evaluate("localStorage.getItem('tripeaks.options')"))
        assert kept["language"] == "fr"

        # A language whose catalog cannot be fetched: the page stays French and says why.
        page.context.set_offline(True)
        page.select_option("[data-testid=opt-language]", "de")
        page.wait_for_function("() => document.querySelector('.notice p')")
        assert words["options-language-offline"] in notices(page)
        assert page.evaluate("document.documentElement.lang") == "fr"
        assert page.input_value("[data-testid=opt-language]") == "fr"

        page.context.set_offline(False)
        page.reload()
        wait_ready(page)
        assert page.evaluate("document.documentElement.lang") == "fr"
        assert page.inner_text(".actions [data-action=undo] .label") == words["toolbar-undo"]
        assert (board(page)["slots"], saved(page)["record"]) == before

        # Automatic: the browser's language again (English here).
        open_panel(page, "options")
        page.wait_for_selector("[data-testid=options][open]")
        page.select_option("[data-testid=opt-language]", "auto")
        page.wait_for_function("() => document.documentElement.lang === 'en'")
        assert page.inner_text("#options-title") == "Options"
    finally:
        page.context.set_offline(False)
