"""Computer players that see only what a player sees (reference 004).

An AI gets the face-up peak cards, the waste card, how many cards are left in
the stock and which cards have not been seen yet (a player can count them);
never a face-down card or the stock order. :func:`visible` builds exactly that
view from a game, and every player decides from it alone.

* :class:`EasyAI` plays a random legal move, mostly a play when there is one.
* :class:`NormalAI` plays the first card of the longest chain it can see,
  preferring cards that uncover others, and draws only when nothing fits.
* :class:`HardAI` looks ahead through the cards each play would turn over,
  averaging over the ranks they could be (from the unseen cards), and plays the
  move with the longest expected streak before it has to draw.

>>> from tripeaks.game import Game
>>> game = NormalAI().play(Game.new(1))
>>> game.over
True
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from .cards import adjacent
from .layout import ALL_REMOVED, COVER_MASK, COVERS, PEAK_CARDS
from .notation import DRAW

__all__ = ["View", "visible", "AIPlayer", "EasyAI", "NormalAI", "HardAI", "LEVELS", "make_ai"]


@dataclass(frozen=True)
class View:
    """Everything a player can see of a game."""

    removed: int
    known: dict[int, int]
    """Rank of each face-up peak card still on the table, by position."""
    waste_rank: int | None
    stock_count: int
    unseen: dict[int, int]
    """How many cards of each rank have not been seen anywhere yet."""
    wrap: bool

    def free(self, removed: int) -> list[int]:
        """Positions uncovered in ``removed`` whose card is known."""
        return [p for p in self.known if not removed >> p & 1 and COVER_MASK[p] & ~removed == 0]


def visible(game: Any) -> View:
    """The player's view of ``game``: no face-down card, no stock order."""
    cards = game.cards
    known = {}
    seen = set(cards[PEAK_CARDS:game.stock_index])  # every card that reached the waste
    for p in range(PEAK_CARDS):
        if game.removed >> p & 1:
            seen.add(cards[p])
        elif game.face_up(p):
            known[p] = cards[p] >> 2
            seen.add(cards[p])
    unseen = Counter(c >> 2 for c in range(52) if c not in seen)
    top = game.waste_top
    return View(game.removed, known, None if top is None else top >> 2, game.stock_count,
                dict(unseen), game.rules.wrap)


def _fits(view: View, rank: int, waste: int | None) -> bool:
    return waste is None or adjacent(rank, waste, view.wrap)


def _reveals(removed: int, p: int) -> int:
    """How many cards removing ``p`` uncovers."""
    after = removed | 1 << p
    return sum(1 for q in COVERS[p] if COVER_MASK[q] & ~after == 0)


class AIPlayer:
    """Base class: :meth:`choose` a move from the view; :meth:`play` a whole game."""

    name = "ai"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Any) -> int:
        view = visible(game)
        plays = [p for p in view.free(view.removed) if _fits(view, view.known[p], view.waste_rank)]
        if not plays:
            return DRAW
        return self.pick(view, sorted(plays))

    def pick(self, view: View, plays: list[int]) -> int:
        raise NotImplementedError

    def play(self, game: Any, max_moves: int = 200) -> Any:
        """Play ``game`` to its end (won or stuck) and return it."""
        for _ in range(max_moves):
            if game.over:
                break
            game.apply(self.choose(game))
        return game


class EasyAI(AIPlayer):
    """Random legal moves: a random play most of the time, now and then a draw."""

    name = "easy"
    DRAW_CHANCE = 0.25

    def choose(self, game: Any) -> int:
        move = super().choose(game)
        if move != DRAW and game.stock_count and self.rng.random() < self.DRAW_CHANCE:
            return DRAW
        return move

    def pick(self, view: View, plays: list[int]) -> int:
        return self.rng.choice(plays)


def chain_length(known: dict[int, int], wrap: bool, removed: int, waste: int | None,
                 depth: int = 0) -> int:
    """The longest run of plays through the known cards from ``waste`` (capped)."""
    if depth > 10:
        return 0
    best = 0
    for p, rank in known.items():
        if removed >> p & 1 or COVER_MASK[p] & ~removed:
            continue
        if waste is None or adjacent(rank, waste, wrap):
            best = max(best, 1 + chain_length(known, wrap, removed | 1 << p, rank, depth + 1))
            if best >= 10:
                break
    return best


class NormalAI(AIPlayer):
    """The longest chain of visible cards first; uncovering cards breaks ties."""

    name = "normal"

    def pick(self, view: View, plays: list[int]) -> int:
        def score(p: int) -> tuple[int, int, int]:
            after = view.removed | 1 << p
            return (chain_length(view.known, view.wrap, after, view.known[p]),
                    _reveals(view.removed, p), -p)

        return max(plays, key=score)


class HardAI(AIPlayer):
    """Looks ahead over what the hidden cards could be before committing.

    When more than one move is worth considering, it deals the unseen cards
    into the face-down places and the stock at random a few times (each deal
    consistent with everything visible), plays each candidate out in every such
    world with a greedy streak policy, and keeps the move that clears the most
    on average. Nothing hidden is read: the worlds are made from the unseen
    cards only.
    """

    name = "hard"
    WORLDS = 6

    def choose(self, game: Any) -> int:
        view = visible(game)
        plays = sorted(p for p in view.free(view.removed)
                       if _fits(view, view.known[p], view.waste_rank))
        candidates = list(plays)
        if not plays:
            return DRAW
        if len(candidates) == 1:
            return candidates[0]
        hidden = [p for p in range(PEAK_CARDS)
                  if not view.removed >> p & 1 and p not in view.known]
        pool = [r for r, n in view.unseen.items() for _ in range(n)]
        totals = dict.fromkeys(candidates, 0.0)
        for _ in range(self.WORLDS):
            self.rng.shuffle(pool)
            ranks = dict(view.known)
            for p, r in zip(hidden, pool, strict=False):
                ranks[p] = r
            stock = pool[len(hidden):len(hidden) + view.stock_count]
            for move in candidates:
                totals[move] += _rollout(ranks, stock, view.removed, view.waste_rank, move,
                                         view.wrap)
        # Ties go to the steady heuristic's preference: plays before the draw.
        normal = NormalAI().pick(view, plays)
        return max(candidates, key=lambda m: (totals[m], m == normal, m != DRAW))


def _rollout(ranks: dict[int, int], stock: list[int], removed: int, waste: int | None,
             move: int, wrap: bool) -> float:
    """Cards cleared (a win counts 40) playing ``move`` and then a greedy policy."""
    s = 0
    if move == DRAW:
        waste = stock[0]
        s = 1
    else:
        removed |= 1 << move
        waste = ranks[move]
    while removed != ALL_REMOVED:
        best = -1
        best_key = (-1, -1, -1)
        for p, rank in ranks.items():
            if removed >> p & 1 or COVER_MASK[p] & ~removed:
                continue
            if waste is None or adjacent(rank, waste, wrap):
                after = removed | 1 << p
                key = (chain_length(ranks, wrap, after, rank, 4), _reveals(removed, p), p)
                if key > best_key:
                    best_key, best = key, p
        if best >= 0:
            removed |= 1 << best
            waste = ranks[best]
        elif s < len(stock):
            waste = stock[s]
            s += 1
        else:
            return float(removed.bit_count())
    return 40.0 + (len(stock) - s) * 0.1


LEVELS: dict[str, type[AIPlayer]] = {"easy": EasyAI, "normal": NormalAI, "hard": HardAI}


def make_ai(level: str, seed: int | None = None) -> AIPlayer:
    """An AI player by level name: easy, normal or hard."""
    cls = LEVELS.get(level.strip().lower())
    if cls is None:
        raise ValueError(f"unknown AI level '{level}': use one of {', '.join(LEVELS)}")
    return cls(seed)
