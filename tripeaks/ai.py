"""Computer players that see only what a player sees (reference 004).

An AI gets the face-up peak cards, the waste card, how many cards are left in
the stock and which cards have not been seen yet (a player can count them);
never a face-down card or the stock order. :func:`visible` builds exactly that
view from a game, and every player decides from it alone.

* :class:`EasyAI` plays a random legal move, mostly a play when there is one.
* :class:`NormalAI` plays the first card of the longest chain it can see,
  preferring cards that uncover others, and draws only when nothing fits.
* :class:`HardAI` weighs each card that fits in a dozen "worlds": the unseen
  cards dealt at random into the face-down places and the stock. In each world
  the solver's short search says whether the game can still be won after that
  card; it plays the card that wins the most worlds, with a little credit for
  each card it turns over.

>>> from tripeaks.game import Game
>>> game = NormalAI().play(Game.new(1))
>>> game.over
True
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from .cards import adjacent
from .game import Game
from .layout import COVER_MASK, COVERS, PEAK_CARDS
from .notation import DRAW
from .refusal import Refusal
from .solver import BudgetExceeded, DealSolver

__all__ = ["View", "visible", "AIPlayer", "EasyAI", "NormalAI", "HardAI", "LEVELS", "make_ai",
           "normal_pick"]


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


def visible(game: Game) -> View:
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

    def choose(self, game: Game) -> int:
        view = visible(game)
        plays = [p for p in view.free(view.removed) if _fits(view, view.known[p], view.waste_rank)]
        if not plays:
            return DRAW
        return self.pick(view, sorted(plays))

    def pick(self, view: View, plays: list[int]) -> int:
        raise NotImplementedError

    def play(self, game: Game, max_moves: int = 200) -> Game:
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

    def choose(self, game: Game) -> int:
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


def normal_pick(known: dict[int, int], removed: int, plays: list[int], wrap: bool) -> int:
    """NormalAI's choice among ``plays``: longest visible chain, then cards uncovered."""
    def score(p: int) -> tuple[int, int, int]:
        return (chain_length(known, wrap, removed | 1 << p, known[p]), _reveals(removed, p), -p)

    return max(plays, key=score)


class NormalAI(AIPlayer):
    """The longest chain of visible cards first; uncovering cards breaks ties."""

    name = "normal"

    def pick(self, view: View, plays: list[int]) -> int:
        return normal_pick(view.known, view.removed, plays, view.wrap)


class HardAI(AIPlayer):
    """Perfect-information Monte Carlo over the cards it cannot see.

    When more than one card fits, it deals the unseen cards into the face-down
    places and the stock :attr:`WORLDS` times (shuffled by its own rng, so a
    seed fixes its play) and, in each such world, asks the solver's short
    depth-first search (:attr:`NODES` nodes at most) whether the game can still
    be won after each candidate. It plays the candidate that wins the most
    worlds (a search out of nodes counts half), plus :attr:`REVEAL` for each
    card it uncovers: a solver that sees everything gives no value to turning a
    card over, a player does. NormalAI's choice breaks ties. All candidates
    meet the same worlds, so the luck of a deal cannot decide between them.

    It never draws while a card fits: a solver that sees the whole world rates
    keeping a card back far above what it is worth to a player who cannot, and
    drawing early lost many games in trials.
    """

    name = "hard"
    WORLDS = 12
    NODES = 200
    REVEAL = 0.5
    """Each card a candidate uncovers counts as this many worlds won."""

    def pick(self, view: View, plays: list[int]) -> int:
        normal = normal_pick(view.known, view.removed, plays, view.wrap)
        if len(plays) == 1:
            return normal
        hidden = [p for p in range(PEAK_CARDS)
                  if not view.removed >> p & 1 and p not in view.known]
        pool = sorted(r for r, n in view.unseen.items() for _ in range(n))
        first_stock = 52 - view.stock_count
        score = dict.fromkeys(plays, 0.0)
        for _ in range(self.WORLDS):
            self.rng.shuffle(pool)
            ranks = [0] * 52  # removed cards and past stock cards never matter
            for p, r in view.known.items():
                ranks[p] = r
            for p, r in zip(hidden, pool, strict=False):
                ranks[p] = r
            ranks[first_stock:] = pool[len(hidden):]
            world = DealSolver([r << 2 for r in ranks], view.wrap)  # suits never matter
            for p in plays:
                try:
                    line = world.search(view.removed | 1 << p, ranks[p], first_stock, self.NODES)
                except BudgetExceeded:
                    score[p] += 0.5
                else:
                    score[p] += line is not None
        for p in plays:
            score[p] += self.REVEAL * _reveals(view.removed, p)
        return max(plays, key=lambda p: (score[p], p == normal))


LEVELS: dict[str, type[AIPlayer]] = {"easy": EasyAI, "normal": NormalAI, "hard": HardAI}


def make_ai(level: str, seed: int | None = None) -> AIPlayer:
    """An AI player by level name: easy, normal or hard."""
    cls = LEVELS.get(level.strip().lower())
    if cls is None:
        raise Refusal(f"unknown AI level '{level}': use one of {', '.join(LEVELS)}",
                      "unknown-level", level=level[:20], choices=", ".join(LEVELS))
    return cls(seed)
