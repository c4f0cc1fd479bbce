"""The table speaks the player's language: under the pseudo-locale (?lang=en-XA,
every message bracketed) every word of the status line, the announcements, the cards'
names, a refused tap's notice and the hint's line comes from the catalog, none is
left in English; in French a king shows the French letter (R) and is named "roi de …"."""

from __future__ import annotations

import re

from tests.e2e.app import DRAW, open_deal
from tests.e2e.touch import touch, touch_card, touch_context, touch_move
from tripeaks.deals import encode_code
from tripeaks.game import Game

FRENCH_SUITS = {"C": "trèfle", "D": "carreau", "H": "cœur", "S": "pique"}
ANNOUNCE = "document.querySelector('[data-testid=announce]')"


def outside_the_catalog(text: str) -> str:
    """What is left of ``text`` once every bracketed message (innermost first) is taken
    out: the words that did not come from the catalog, and the joins between messages."""
    inner = re.compile(r"\[[^\[\]]*\]")
    while inner.search(text):
        text = inner.sub(" ", text)
    return text


def assert_from_catalog(text: str, what: str) -> None:
    assert text.strip(), f"{what} says nothing"
    left = outside_the_catalog(text)
    assert not re.search(r"[A-Za-z]{2,}", left), \
        f"{what} has words from no catalog: {left!r} in {text!r}"


def blocked_card(game: Game) -> int:
    """A face-up peak card that cannot be played now."""
    legal = set(game.legal_moves())
    return next(i for i, s in enumerate(game.view()["slots"])
                if s["face_up"] and not s["removed"] and i not in legal)


def test_every_word_on_the_table_comes_from_the_catalog(warm_context, site):
    context = touch_context(warm_context, "phone")
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        number = 5
        code = encode_code(number)
        open_deal(page, f"{site.url}?lang=en-XA#deal={code}", code)
        game = Game.new(number)
        assert page.evaluate("() => document.documentElement.lang") == "en-XA"

        # The hint's line, then a refused tap's reason, each a notice.
        touch(page, ".actions [data-action=hint]")
        page.wait_for_selector("main [data-notice=hint]")
        notice = "main [data-notice={}] p"
        assert_from_catalog(page.locator(notice.format("hint")).text_content(), "the hint")
        touch_card(page, f"[data-slot='{blocked_card(game)}']")
        page.wait_for_selector("main [data-notice=move]")
        assert_from_catalog(page.locator(notice.format("move")).text_content(), "a refused tap")

        # A few moves: a peak card if one plays, then draws; each said from the catalog.
        plays = [m for m in game.legal_moves() if m != DRAW][:1] + [DRAW, DRAW]
        for move in plays:
            page.evaluate(f"() => {{ {ANNOUNCE}.textContent = ''; }}")
            touch_move(page, move)
            page.wait_for_function(f"() => {ANNOUNCE}.textContent")
            assert_from_catalog(page.locator("[data-testid=announce]").text_content(),
                                f"the words said after move {move}")

        # The status line's labels, and every card's name (face up: its text; face down:
        # its label).
        for testid in ("moves", "cards-left", "score"):
            label = page.locator(f"[data-testid={testid}] .k")
            if label.count():
                assert_from_catalog(label.text_content(), f"the status line's {testid}")
        names = page.evaluate("""() => [
            ...document.querySelectorAll('[data-slot]:not([data-removed])')].map(c =>
            c.querySelector(':scope > .more')?.textContent || c.getAttribute('aria-label'))""")
        assert len(names) > 10
        for name in names:
            assert_from_catalog(name, "a card's name")
        for pile in ("stock", "waste"):
            assert_from_catalog(page.get_attribute(f"[data-testid={pile}]", "aria-label"),
                                f"the {pile}'s name")
    finally:
        context.close()


def a_deal_with_a_king_face_up() -> tuple[int, int, str]:
    """A deal whose peaks show a king from the start: (number, slot, card code)."""
    for number in range(1, 200):
        for slot, s in enumerate(Game.new(number).view()["slots"]):
            if s["face_up"] and s["card"][0] == "K":
                return number, slot, s["card"]
    raise AssertionError("no deal shows a king")


def test_a_french_king_shows_r_and_is_named_roi(page, site):
    number, slot, card = a_deal_with_a_king_face_up()
    code = encode_code(number)
    open_deal(page, f"{site.url}?lang=fr#deal={code}", code)
    king = page.locator(f"[data-slot='{slot}']")
    assert king.get_attribute("data-card") == card
    assert king.locator(".idx .rank").first.text_content() == "R"
    name = f"roi de {FRENCH_SUITS[card[1]]}"
    named = page.get_by_role("button", name=re.compile(f"^{name}, "))
    assert named.count() >= 1
    assert any(named.nth(i).get_attribute("data-slot") == str(slot) for i in range(named.count()))
    # A seven stays a seven; an ace is still A (the French letters for the others).
    letters = page.evaluate("""() => Object.fromEntries(
        [...document.querySelectorAll('[data-card]')]
        .map(c => [c.dataset.card, c.querySelector('.idx .rank')?.textContent]))""")
    for card_code, letter in letters.items():
        expected = {"K": "R", "Q": "D", "J": "V", "T": "10"}.get(card_code[0], card_code[0])
        assert letter == expected, (card_code, letter)
