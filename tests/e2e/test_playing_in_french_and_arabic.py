"""A whole game in French and in Arabic, by touch on a phone: a refused tap says why in
that language, the hint names its card in that language, the screen reader hears the
move in it, the loss's result panel and the Rules panel speak it, and Arabic reads right
to left. Every expected sentence is the language's own catalog entry (tripeaks/locale)."""

from __future__ import annotations

import pytest

from tests.e2e.app import DRAW, board, open_deal
from tests.e2e.lines import STUCK_DEAL, stuck_line
from tests.e2e.touch import phone_context, touch, touch_move
from tripeaks import catalogs
from tripeaks.cards import RANKS, SUITS
from tripeaks.deals import encode_code

ENGLISH = catalogs.load("en")


def card_names(catalog) -> set[str]:
    return {catalog.text("card-name", rank=catalog.text(f"rank-{r}"),
                         suit=catalog.text(f"suit-{s}")) for r in RANKS for s in SUITS}


def notice_text(page, notice: str) -> str:
    selector = f"[data-testid=notices] [data-notice={notice}] p"
    page.wait_for_function("s => document.querySelector(s)", arg=selector)
    return page.locator(selector).text_content()


@pytest.mark.parametrize(("language", "direction"), [("fr", "ltr"), ("ar", "rtl")])
def test_a_lost_game_by_touch_in_another_language(warm_context, site, language, direction):
    catalog = catalogs.load(language)
    assert catalog.text("rules-title") != ENGLISH.text("rules-title"), f"no {language} words yet"
    page = phone_context(warm_context, 390, 844).new_page()
    page.set_default_timeout(30_000)
    code = encode_code(STUCK_DEAL)
    open_deal(page, f"{site.url}?lang={language}#deal={code}&preset=classic", code)
    html = page.evaluate("[document.documentElement.lang, document.documentElement.dir]")
    assert html == [language, direction]

    # A face-down card refused: the engine's reason, in the player's language.
    touch(page, "[data-slot='0']")
    assert notice_text(page, "move") == catalog.text("error-blocked")

    # The hint names its card (or the stock) in the language.
    touch(page, ".actions [data-action=hint]")
    hint = notice_text(page, "hint")
    plays = {catalog.text("hint-play", card=name) for name in card_names(catalog)}
    said = {catalog.text("hint-draw")} | plays
    assert hint in said

    # A draw (the lost line's first move), heard by a screen reader: the drawn card's name.
    line = stuck_line(STUCK_DEAL, "classic")
    assert line[0] == DRAW
    touch_move(page, DRAW)
    waste = board(page)["waste"]
    name = catalog.text("card-name", rank=catalog.text(f"rank-{waste[0]}"),
                        suit=catalog.text(f"suit-{waste[1]}"))
    page.wait_for_function(
        "n => document.querySelector('[data-testid=announce]').textContent.includes(n)", arg=name)

    # Lost by drawing the whole stock first: the result panel says so in the language.
    for move in line[1:]:
        touch_move(page, move)
    result = page.locator("[data-testid=result]")
    result.wait_for(state="visible", timeout=60_000)
    assert result.locator("h2").text_content() == catalog.text("result-stuck-title")

    touch(page, "[data-testid=result] [data-action=close-result]")
    result.wait_for(state="hidden")
    touch(page, ".actions [data-action=menu]")
    touch(page, "[data-testid=menu] [data-action=rules]")
    page.locator("[data-testid=rules]").wait_for(state="visible")
    assert page.locator("#rules-title").text_content() == catalog.text("rules-title")
