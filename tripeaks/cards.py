"""Cards as small ints, with a parser and a printer that round-trip.

A card is an int 0..51: ``rank * 4 + suit``, with rank 0 (Ace) to 12 (King) and
suit 0..3 in the order clubs, diamonds, hearts, spades. Rank-major order means
``card >> 2`` is the rank, which is all the rules and the solver ever look at.

>>> parse_card("7h"), card_code(parse_card("10S"))
(26, 'TS')
"""

from __future__ import annotations

from .refusal import Refusal

RANKS = "A23456789TJQK"
SUITS = "CDHS"
RANK_NAMES = (
    "ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king",
)
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
DECK = tuple(range(52))


class CardError(Refusal):
    """A card code that is not one of the 52 cards."""

    reason = "not-a-card"


def rank(card: int) -> int:
    """Rank 0 (Ace) .. 12 (King)."""
    return card >> 2


def suit(card: int) -> int:
    """Suit 0..3: clubs, diamonds, hearts, spades."""
    return card & 3


def make_card(rank_index: int, suit_index: int) -> int:
    return rank_index * 4 + suit_index


def card_code(card: int) -> str:
    """The two-character code: ``TS``, ``7H``, ``AC``."""
    return RANKS[card >> 2] + SUITS[card & 3]


def card_name(card: int) -> str:
    """What a player would say: ``7 of spades``, ``king of hearts``."""
    return f"{RANK_NAMES[card >> 2]} of {SUIT_NAMES[card & 3]}"


def parse_card(text: str) -> int:
    """Read a card code, any case, ``10`` accepted for ``T``.

    :raises CardError: with the reason a player can act on.
    """
    code = text.strip().upper()
    if code.startswith("10"):
        code = "T" + code[2:]
    if len(code) != 2:
        raise CardError(f"'{text}' is not a card: write a rank and a suit, like 7H or TS",
                        "card-length", text=text[:20])
    rank_char, suit_char = code[0], code[1]
    if rank_char not in RANKS:
        raise CardError(f"'{text}' is not a card: the rank must be one of {RANKS}",
                        "card-rank", text=text[:20], ranks=RANKS)
    if suit_char not in SUITS:
        raise CardError(f"'{text}' is not a card: the suit must be one of {SUITS}",
                        "card-suit", text=text[:20], suits=SUITS)
    return RANKS.index(rank_char) * 4 + SUITS.index(suit_char)


def adjacent(rank_a: int, rank_b: int, wrap: bool) -> bool:
    """Whether two ranks are one apart (King and Ace too when ``wrap``)."""
    gap = (rank_a - rank_b) % 13
    if gap == 1 or gap == 12:
        return wrap or abs(rank_a - rank_b) == 1
    return False
