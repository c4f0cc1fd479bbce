"""The notices of links, saves and races come from the catalogs.

In the pseudo-locale (``?lang=en-XA``: every message accented and bracketed,
tripeaks/catalogs.py) a word that does not come from a catalog shows as plain
English. A bad deal link, an unreadable saved game and a race's end are said
here in it: bracketed, with no English sentence left in them, and nothing lost.
"""

from __future__ import annotations

import re
from functools import cache

from tests.e2e.app import click_move, notices, open_app, wait_ready
from tripeaks import race
from tripeaks.catalogs import load
from tripeaks.deals import encode_code
from tripeaks.game import Game
from tripeaks.rules import preset_rules

PSEUDO = load("en-XA")
ENGINE_WAIT = 180_000  # ms: the AI's whole game in Pyodide on a loaded machine
# Plain English words, as no pseudo-locale message writes them (it accents every letter).
ENGLISH = re.compile(r"\b(link|deal|saved|game|could|read|race|won|cleared|the)\b")


def bracketed(text: str) -> bool:
    """A whole pseudo-locale message: bracketed, and no plain English word in it."""
    text = text.strip()
    return text.startswith("[") and text.endswith("]") and not ENGLISH.search(text)


def wait_notice(page, pattern: str) -> str:
    """The first notice whose text matches ``pattern`` (a regular expression), once shown."""
    handle = page.wait_for_function(
        "p => [...document.querySelectorAll('[data-testid=notices] .notice p')]"
        ".map(n => n.textContent).find(t => new RegExp(p).test(t))", arg=pattern, timeout=60_000)
    return handle.json_value()


def test_a_bad_deal_link_is_said_in_the_players_language(page, site):
    open_app(page, f"{site.url}?lang=en-XA#deal=not_a_deal!")
    expected = PSEUDO.text("link-bad", reason=PSEUDO.text("link-deal"))
    said = wait_notice(page, re.escape(expected[:20]))
    assert said == expected
    assert bracketed(said), said
    # The bad link is taken out of the address, and a game is dealt all the same.
    assert "#" not in page.url
    assert page.locator("[data-testid=deal]").text_content().strip()


def test_a_link_with_an_unknown_rule_names_it_within_the_players_words(page, site):
    open_app(page, f"{site.url}?lang=en-XA#deal=12&rules=bogus:1")
    said = wait_notice(page, "bogus")
    assert said == PSEUDO.text("link-bad", reason=PSEUDO.text("link-unknown-rule", rule="bogus"))
    assert bracketed(said), said


def test_an_unreadable_saved_game_is_said_in_the_players_language_and_kept(page, site):
    open_app(page, f"{site.url}?lang=en-XA")
    page.evaluate("localStorage.setItem('tripeaks.game', 'not json at all')")
    page.reload()
    wait_ready(page)
    said = wait_notice(page, "tripeaks\\.game\\.set-aside")
    reason = PSEUDO.text("storage-save-not-json")
    assert said == PSEUDO.text("storage-unreadable-game", reason=reason,
                               where="tripeaks.game.set-aside")
    assert bracketed(said.replace("tripeaks.game.set-aside", "")), said
    # Nothing is lost: the unreadable save is kept aside, word for word, and play goes on.
    assert page.evaluate("localStorage.getItem('tripeaks.game.set-aside')") == "not json at all"
    assert page.evaluate("localStorage.getItem('tripeaks.game')") != "not json at all"
    assert not [n for n in notices(page) if not bracketed(n.replace("tripeaks.game.set-aside", ""))]


@cache
def deal_the_normal_ai_clears() -> str:
    rules = preset_rules("standard")
    for number in range(1, 200):
        if race.plan(Game.new(number, rules), "normal").won:
            return encode_code(number)
    raise AssertionError("no deal the normal AI clears")


def test_a_race_the_ai_wins_is_told_in_the_players_language(page, site):
    code = deal_the_normal_ai_clears()
    # A quick AI: it clears first.
    open_app(page, f"{site.url}?lang=en-XA&race-pace=0.02#deal={code}")
    _start_from_the_panel(page)
    strip = page.locator("[data-testid=race-strip]")
    strip.wait_for(state="visible", timeout=ENGINE_WAIT)
    ai = PSEUDO.text("race-ai-normal")
    assert strip.locator("[data-testid=race-who]").text_content() == ai
    first = page.evaluate(
        "() => Number(document.querySelector('[data-slot][data-playable]').dataset.slot)")
    click_move(page, first)  # the clock starts, and the AI with it
    over = page.locator("[data-testid=race-over]")
    over.wait_for(state="visible", timeout=ENGINE_WAIT)
    title = over.locator("[data-testid=race-over-title]").text_content()
    assert title == PSEUDO.text("race-lost", ai=ai)
    text = over.locator("[data-testid=race-over-text]").text_content()
    assert text.startswith(PSEUDO.text("race-ai-first")[:12]), text
    for said in (title, text, strip.locator("[data-testid=race-left]").text_content(),
                 strip.locator("[data-testid=race-last]").text_content()):
        assert bracketed(said), said


def _start_from_the_panel(page) -> None:
    """The Race panel, through the toolbar or the Menu, then the normal AI."""
    toolbar = page.locator("[data-testid=toolbar-race]")
    if toolbar.is_visible():
        toolbar.click()
    else:
        page.click(".actions [data-action=menu]")
        page.click("[data-testid=menu-race]")
    page.locator("[data-testid=race]").wait_for(state="visible")
    page.click("[data-testid=race-normal]")
