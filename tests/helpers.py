"""Deal builders for tests: deals made so that a planned game is legal."""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from typing import TypeVar

from tripeaks import catalogs
from tripeaks.cards import make_card, parse_card
from tripeaks.game import DRAW, Game
from tripeaks.layout import PEAK_CARDS
from tripeaks.notation import deal_text

T = TypeVar("T")

IN_WASM = sys.platform == "emscripten"


def wasm_sample(cases: Sequence[T], step: int) -> Sequence[T]:
    """Every case in CPython; every ``step``-th inside Pyodide (tests/pyodide), where
    the same tests run again to show that the WebAssembly runtime gives the answers
    CPython gives: a cross-check of two solvers, deterministic, needs no large sample
    there (CPython runs them all)."""
    return cases[::step] if IN_WASM else cases


TOP_DOWN = list(range(27, -1, -1))
"""A removal order that is always legal: base row right to left, then upwards."""


def chain_deal(plan: str, order: Sequence[int] = TOP_DOWN, leftovers: Sequence[int] = (),
               start_rank: int = 0) -> tuple[tuple[int, ...], list[int]]:
    """A deal on which ``plan`` ('P' play, 'D' draw) is legal with King-Ace wrap.

    Cards meet the waste in a sequence (waste, then each action's card, then the
    peak cards in ``leftovers``, then any other peak card, then the unused
    stock); the k-th card of that sequence gets rank ``start_rank + k`` (mod
    13), so every play is one rank above the waste. 52 consecutive ranks use
    each (rank, suit) exactly once. Returns the deal and the moves.
    """
    plays = iter([*order, *(p for p in TOP_DOWN if p not in order and p not in leftovers)])
    sequence: list[tuple[str, int]] = [("waste", 28)]
    moves: list[int] = []
    stock = 29
    for step in plan:
        if step == "P":
            position = next(plays)
            sequence.append(("peak", position))
            moves.append(position)
        else:
            sequence.append(("stock", stock))
            stock += 1
            moves.append(DRAW)
    sequence += [("peak", p) for p in [*leftovers, *plays]]
    sequence += [("stock", i) for i in range(stock, 52)]
    placed = {slot for _, slot in sequence}
    assert len(placed) == 52, "plan, order and leftovers must place all 52 cards"
    cards = [0] * 52
    for k, (_, slot) in enumerate(sequence):
        cards[slot] = make_card((start_rank + k) % 13, k // 13)
    return tuple(cards), moves


def play_all(game: Game, moves: Sequence[int]) -> Game:
    for move in moves:
        game.apply(move)
    return game


def custom_deal(peaks: dict[int, str], waste: str, stock_first: Sequence[str] = ()) -> str:
    """A 52-card deal text with chosen cards at chosen places; the rest fill in order."""
    chosen = {slot: parse_card(code) for slot, code in peaks.items()}
    chosen[28] = parse_card(waste)
    for i, code in enumerate(stock_first):
        chosen[29 + i] = parse_card(code)
    rest = iter(c for c in range(52) if c not in chosen.values())
    return deal_text([chosen[i] if i in chosen else next(rest) for i in range(52)])


def replay_line(game: Game, line: Sequence[int]) -> Game:
    """A copy of ``game`` with ``line`` (peak positions and ``DRAW``) played on it."""
    copy = Game.from_record(game.to_record())
    for move in line:
        copy.apply(move)
    return copy


def with_unseen_shuffled(game: Game, seed: int) -> Game:
    """The same visible position on another deal: the face-down peak cards and
    the stock still to come dealt again at random, the same moves played."""
    hidden = [p for p in range(PEAK_CARDS) if not game.is_removed(p) and not game.face_up(p)]
    hidden += list(range(game.stock_index, 52))
    cards = list(game.cards)
    unseen = [cards[i] for i in hidden]
    random.Random(seed).shuffle(unseen)
    for i, card in zip(hidden, unseen, strict=True):
        cards[i] = card
    other = Game(tuple(cards), game.rules)
    for move in game.actions:
        other.apply(move)
    return other


def said(error: dict[str, object], language: str = "en") -> str:
    """What the player reads for a bridge error (``{"kind", "reason", "values"}``),
    worded from the catalogs as the page words it (error-<reason>, else error-kind-<kind>)."""
    catalog = catalogs.load(language)
    reason, values = error["reason"], error.get("values") or {}
    assert isinstance(reason, str) and isinstance(values, dict)
    key = f"error-{reason}"
    if key not in catalog.entries:
        key = f"error-kind-{error['kind']}"
    return catalog.text(key, **values)


def hint_said(reason: str, values: dict[str, int] | None = None) -> str:
    """A hint's reason in English, as the page and the command line word it."""
    return catalogs.load("en").text(f"engine-hint-{reason}", **(values or {}))


def shown(event: dict[str, object]) -> str:
    """A board event as the page floats it, in English: "+3", "Peak +15", "Stuck -30"."""
    return catalogs.load("en").text(f"engine-event-{event['kind']}", points=event["points"])
