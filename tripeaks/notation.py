"""Text forms of deals and moves; each has a parser and a printer that round-trip.

A deal is 52 card codes separated by spaces: the 28 peak cards in position
order, then the waste card, then the stock in draw order. A move is the code of
the peak card played (``7H``) or ``D`` for a draw; a game record also uses
``U`` (undo) and ``R`` (redo).

>>> deal = range(52)
>>> parse_move(deal, "7h"), move_text(deal, 26), move_text(deal, parse_move(deal, "d"))
(26, '7H', 'D')
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import DECK, CardError, card_code, parse_card
from .refusal import Refusal

DRAW = 28
UNDO = -1
REDO = -2
ACTION_TOKENS = {"D": DRAW, "U": UNDO, "R": REDO}


class NotationError(Refusal):
    """Text that is not a deal, a move or a record."""

    reason = "not-a-deal"


def parse_deal(text: str) -> tuple[int, ...]:
    """Read 52 card codes (spaces or commas between them) into a deal.

    :raises NotationError: for a bad code, a duplicate or a wrong count.
    """
    tokens = text.replace(",", " ").split()
    if len(tokens) != 52:
        raise NotationError(f"a deal has 52 cards; this one has {len(tokens)}",
                            "deal-card-count", count=len(tokens))
    cards: list[int] = []
    seen: dict[int, int] = {}
    for i, token in enumerate(tokens):
        try:
            card = parse_card(token)
        except CardError as error:
            raise NotationError(f"card {i + 1}: {error}", "deal-bad-card", position=i + 1,
                                text=token[:20]) from None
        if card in seen:
            raise NotationError(
                f"{card_code(card)} appears twice (cards {seen[card] + 1} and {i + 1})",
                "deal-card-twice", card=card_code(card), first=seen[card] + 1, second=i + 1)
        seen[card] = i
        cards.append(card)
    return tuple(cards)


def check_deal(cards: Sequence[int]) -> tuple[int, ...]:
    """Validate a deal given as ints: each of the 52 cards exactly once."""
    deal = tuple(cards)
    if sorted(deal) != list(DECK):
        raise NotationError("a deal must hold each of the 52 cards exactly once", "deal-not-52")
    return deal


def deal_text(cards: Sequence[int]) -> str:
    """The 52 codes of a deal, space separated."""
    return " ".join(card_code(c) for c in cards)


def parse_move(cards: Sequence[int], text: str) -> int:
    """A move in notation to its int: a peak position, or ``DRAW``.

    :raises NotationError: for text that is not a card of this deal's peaks.
    """
    token = text.strip().upper()
    if token == "D":
        return DRAW
    try:
        card = parse_card(token)
    except CardError as error:
        raise NotationError(f"'{text}' is not a move: write a peak card like 7H, or D",
                            "not-a-move", text=text[:20]) from error
    position = cards.index(card)
    if position >= DRAW:
        raise NotationError(f"{card_code(card)} is not in the peaks of this deal", "not-in-peaks",
                            card=card_code(card))
    return position


def move_text(cards: Sequence[int], move: int) -> str:
    """A move int in notation: the peak card's code, or ``D``."""
    return "D" if move == DRAW else card_code(cards[move])


def parse_actions(cards: Sequence[int], text: str) -> list[int]:
    """Moves and ``U``/``R`` tokens, space or comma separated."""
    actions = []
    for token in text.replace(",", " ").split():
        upper = token.upper()
        actions.append(ACTION_TOKENS[upper] if upper in ACTION_TOKENS else parse_move(cards, token))
    return actions


def actions_text(cards: Sequence[int], actions: Sequence[int]) -> str:
    names = {UNDO: "U", REDO: "R"}
    return " ".join(names.get(a) or move_text(cards, a) for a in actions)

