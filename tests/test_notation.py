"""Cards, deals, deal codes and moves: parsers and printers that round-trip."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.pinned_deals import PINNED
from tripeaks import deals
from tripeaks.cards import CardError, card_code, card_name, parse_card
from tripeaks.deals import DealError, decode_code, encode_code, shuffle
from tripeaks.notation import (
    DRAW,
    NotationError,
    actions_text,
    deal_text,
    move_text,
    parse_actions,
    parse_deal,
    parse_move,
)


@pytest.mark.parametrize("number", sorted(PINNED))
def test_pinned_deals_never_change(number):
    assert deal_text(shuffle(number)) == PINNED[number]


def test_splitmix64_matches_the_published_reference_output():
    # The first outputs of SplitMix64 seeded with 0, as in the reference C code.
    state, first = deals.splitmix64(0)
    _, second = deals.splitmix64(state)
    assert (first, second) == (0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4)


def test_deal_numbers_out_of_range_are_refused():
    for bad in (-1, deals.MAX_DEAL + 1):
        with pytest.raises(DealError, match="deal numbers run from 0"):
            shuffle(bad)
    with pytest.raises(DealError, match="digits only"):
        deals.parse_number("12a")
    assert deals.parse_number(" #1,234 ") == 1234


def test_daily_deal_is_the_date_as_a_number():
    assert deals.daily_number("2026-11-30") == 20261130
    assert deals.daily_number(dt.date(2027, 1, 2)) == 20270102
    with pytest.raises(DealError, match="YYYY-MM-DD"):
        deals.daily_number("30/11/2026")


@given(st.integers(0, 51))
def test_card_codes_round_trip_in_any_case(card):
    code = card_code(card)
    assert parse_card(code) == parse_card(code.lower()) == card


def test_card_parsing_accepts_10_and_names_cards():
    assert parse_card("10s") == parse_card("TS")
    assert card_name(parse_card("7S")) == "7 of spades"
    assert card_name(parse_card("KH")) == "king of hearts"
    bad_cards = (("XZ", "rank"), ("7X", "suit"), ("7", "rank and a suit"), ("", "not a card"))
    for bad, reason in bad_cards:
        with pytest.raises(CardError, match=reason):
            parse_card(bad)


@given(st.permutations(range(52)))
def test_deal_text_round_trips(cards):
    assert parse_deal(deal_text(cards)) == tuple(cards)
    assert parse_deal(deal_text(cards).lower().replace(" ", ", ")) == tuple(cards)


def test_bad_deals_say_what_is_wrong():
    full = deal_text(range(52)).split()
    with pytest.raises(NotationError, match="52 cards; this one has 51"):
        parse_deal(" ".join(full[:51]))
    with pytest.raises(NotationError, match=r"AC appears twice \(cards 1 and 52\)"):
        parse_deal(" ".join(full[:51] + ["AC"]))
    with pytest.raises(NotationError, match="card 3: 'XZ' is not a card"):
        parse_deal(" ".join(full[:2] + ["XZ"] + full[3:]))


@given(st.permutations(range(52)), st.lists(st.integers(-2, 28), max_size=30))
def test_moves_and_actions_round_trip(cards, moves):
    actions = [m for m in moves if m < 0 or m == DRAW or m < 28]
    text = actions_text(cards, actions)
    assert parse_actions(cards, text) == actions
    for move in range(29):
        assert parse_move(cards, move_text(cards, move)) == move


def test_a_card_not_in_the_peaks_is_not_a_move():
    with pytest.raises(NotationError, match="not in the peaks"):
        parse_move(range(52), card_code(40))


@given(st.integers(0, deals.MAX_DEAL), st.booleans(), st.booleans(), st.booleans())
def test_deal_codes_round_trip(number, wrap, face_up, empty_waste):
    code = encode_code(number, wrap, face_up, empty_waste)
    decoded = decode_code(code.lower())
    assert decoded == (number, wrap, face_up, empty_waste)
    assert decode_code(" " + code.replace("-", " - ") + " ").number == number


def test_the_codes_of_reference_002_name_deals_and_rules():
    # "deal TP1-E-AAAAAAB", "TP1-...AAAAAAD", "E for Easy, C for Classic; N is read as Easy"
    assert decode_code("TP1-E-AAAAAAB") == (1, True, False, False)
    assert decode_code("TP1-C-AAAAAAB") == (1, False, False, False)
    assert decode_code("TP1-N-AAAAAAB") == decode_code("TP1-E-AAAAAAB")
    assert decode_code("TP1-C-AAAAAAD").number == 3
    assert encode_code(1) == "TP1-E-AAAAAAB" and encode_code(3, wrap=False) == "TP1-C-AAAAAAD"
    # The body names the deal whatever the rules: one deal, two rule sets.
    assert decode_code("TP1-E-AAAAAAD").number == decode_code("TP1-C-AAAAAAD").number


def test_deal_code_messages_are_precise():
    cases = {
        "TP1-E-AAAB": "7 characters",
        "TP1-E-AAAABGUM": "7 characters, not 8",
        "TP2-E-AAAABGU": "start with TP1-",
        "TP1-X-AAAABGU": "E \\(King-Ace wrap\\) or C",
        "TP1-EZ-AAAABGU": "F \\(face-up peaks\\)",
        "TP1-E-AAAB0GU": "character 5 of the last part, '0'",
        "hello": "should look like TP1-E-",
    }
    for text, message in cases.items():
        with pytest.raises(DealError, match=message):
            decode_code(text)


def test_older_n_codes_read_as_easy():
    code = encode_code(99)
    assert decode_code(code.replace("-E-", "-N-")) == decode_code(code)
