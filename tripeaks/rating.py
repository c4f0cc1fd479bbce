"""How hard a deal is for a player who cannot see the face-down cards.

:func:`rate` first asks the solver whether the deal can be won at all (no
node cap: the quick search and the table decide every deal), then plays it
:data:`PLAYOUTS` times with a fair player that sees only what a player sees
(:func:`tripeaks.ai.visible`): the normal AI's choice, except that whenever
two or more cards fit it plays one of them at random half the time
(:data:`WAVER`). The share of those games won is the deal's *ease*; the class
comes from it by the thresholds below. Why this measure, and the evidence for
the thresholds, is in ``docs/benchmarks.md`` ("Difficulty rating").

The playouts are seeded 0..PLAYOUTS-1 and each is at most a few dozen moves, so
a rating is the same on every device and bounded by work, not time.

>>> from tripeaks.rules import preset_rules
>>> rating = rate(1234, preset_rules("standard"))
>>> rating.label, rating.wins, rating.playouts
('Easy', 25, 32)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import deals, solver
from .ai import NormalAI, View
from .game import Game
from .jsontext import RatingJSON
from .rules import Rules

__all__ = ["Rating", "rate", "CLASSES", "NOT_WINNABLE", "PLAYOUTS", "WAVER", "THRESHOLDS"]

NOT_WINNABLE = "Not winnable"
CLASSES = ("Easy", "Medium", "Hard", "Expert")
"""From easiest to hardest; a rating's ``level`` is its index here plus 1 (0: not winnable)."""

PLAYOUTS = 32
"""Games played by the wavering player per rating. 32 games take about 35 ms in CPython (up
to 80 ms on a long deal): more gave no better prediction of the AI players' results."""
WAVER = 0.5
"""How often the wavering player plays a random fitting card instead of the normal AI's."""

THRESHOLDS = {True: (24, 13, 4), False: (14, 5, 1)}
"""Fewest playouts won (of 32) for Easy, Medium and Hard, by the wrap rule; fewer is Expert.

From the playouts won over the winnable deals among 5,000..5,999 (965 with wrap, 706
without; ``bench/bench_rating.py --start 5000 --no-ai``), kept apart from the deals
behind the table in docs/benchmarks.md (0..), which check them. With wrap they are the
quartiles: 27%, 24%, 24%, 25% of deals from Easy to Expert. Without wrap 38% of winnable
deals are never won in 32 playouts, so Expert is those and the rest is split in three
(19%, 21%, 22%)."""


@dataclass(frozen=True)
class Rating:
    """A deal's difficulty class and the figures it comes from."""

    label: str
    """One of :data:`CLASSES`, or :data:`NOT_WINNABLE`."""
    level: int
    """0 for not winnable, 1 (Easy) to 4 (Expert)."""
    winnable: bool
    wins: int
    """Playouts of the wavering player won (0 when the deal cannot be won)."""
    playouts: int
    cards_left: float
    """Mean peak cards left at the end of the playouts."""
    solver_nodes: int
    """Work the solver needed to decide the deal (search nodes plus table rows)."""
    solver_method: str
    """``search`` (the quick search found a win or proved a loss) or ``table``."""
    wrap: bool

    @property
    def ease(self) -> float:
        """Share of the playouts won, 0..1."""
        return self.wins / self.playouts

    def to_json(self) -> RatingJSON:
        return {
            "class": self.label,
            "level": self.level,
            "winnable": self.winnable,
            "playouts_won": self.wins,
            "playouts": self.playouts,
            "ease": round(self.ease, 4),
            "cards_left": round(self.cards_left, 3),
            "solver_nodes": self.solver_nodes,
            "solver_method": self.solver_method,
            "thresholds": list(THRESHOLDS[self.wrap]),
        }


class _Wavering(NormalAI):
    """The normal AI, except that it sometimes plays any card that fits."""

    name = "wavering"

    def pick(self, view: View, plays: list[int]) -> int:
        if len(plays) > 1 and self.rng.random() < WAVER:
            return self.rng.choice(plays)
        return super().pick(view, plays)


def classify(wins: int, wrap: bool) -> int:
    """The level (1..4) of a winnable deal whose playouts won ``wins`` times."""
    for level, least in enumerate(THRESHOLDS[wrap], start=1):
        if wins >= least:
            return level
    return len(CLASSES)


def _new_game(target: Game | int | str | Sequence[int], rules: Rules | None) -> Game:
    if isinstance(target, Game):
        return target.restarted()
    if isinstance(target, int) and not isinstance(target, bool):
        return Game.new(target, rules)
    if isinstance(target, str):
        code = deals.decode_code(target)
        rules = (rules or Rules()).replace(wrap=code.wrap, face_up=code.face_up,
                                           empty_waste=code.empty_waste)
        return Game.new(code.number, rules)
    if isinstance(target, bool):
        raise TypeError("a deal is a Game, a number, a code or 52 cards, not a bool")
    return Game(tuple(target), rules)


def rate(target: Game | int | str | Sequence[int], rules: Rules | None = None, *,
         cache: solver.SolverCache | None = None) -> Rating:
    """Rate a deal from its start: a :class:`~tripeaks.game.Game` (its deal and
    rules; the moves played are ignored), a deal number or a deal code (with
    ``rules``; a code brings its own wrap, face-up and empty-waste rules) or the
    52 cards of a deal.

    Only wrap, face-up peaks and an empty waste change the rating; scoring and
    undo do not (the playouts never undo). Deals that cannot be won are rated
    :data:`NOT_WINNABLE` whatever the rules; under *winnable deals only* they
    are never dealt.
    """
    game = _new_game(target, rules)
    rules = game.rules
    verdict = solver.solve(game, max_seconds=None, cache=cache)
    solver_figures = (verdict.nodes, verdict.method)
    if not verdict.won:
        return Rating(NOT_WINNABLE, 0, False, 0, PLAYOUTS, float(game.cards_left),
                      *solver_figures, rules.wrap)
    wins = left = 0
    for seed in range(PLAYOUTS):
        played = _Wavering(seed).play(game.restarted())
        wins += played.won
        left += played.cards_left
    level = classify(wins, rules.wrap)
    return Rating(CLASSES[level - 1], level, True, wins, PLAYOUTS, left / PLAYOUTS,
                  *solver_figures, rules.wrap)
