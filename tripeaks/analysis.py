"""The services a player sees, built on the exact solver: hints, post-game analysis, winnable deals.

:func:`hint` suggests a move (from every card, or, fair, only from those the
player can see, through :class:`tripeaks.ai.HardAI`); :func:`analyse` finds
where a game stopped being winnable; :func:`first_winnable` picks the winnable
deals the app offers (:mod:`tripeaks.dealer` finds them ahead). Par is searched
in :mod:`tripeaks.par` (:func:`par` is here too, beside the other services).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from . import deals
from .ai import HardAI
from .game import Game
from .jsontext import JSON, AnalysisJSON, GameRecord, HintJSON
from .notation import DRAW, REDO, UNDO, move_text
from .par import HINT_NODES, Par, best_line, par
from .rules import Rules
from .solver import (
    LOSS,
    SAFETY_SECONDS,
    UNKNOWN,
    WIN,
    BudgetExceeded,
    DealSolver,
    Position,
    Solution,
    SolverCache,
    deal_solver,
    solve,
    uncovered_mask,
)

__all__ = ["Hint", "hint", "Analysis", "analyse", "Winnable", "first_winnable", "Par", "par"]


# -- winnable deals -------------------------------------------------------------


class Winnable(NamedTuple):
    """The first deal number from a start that the solver proved winnable."""

    number: int
    solution: Solution


def first_winnable(number: int, rules: Rules | None = None, *, max_nodes: int = 40000,
                   max_seconds: float | None = None, tries: int = 1000,
                   cache: SolverCache | None = None) -> Winnable:
    """The first deal from ``number`` on that is a proved win under ``rules``.

    A deal that is a proved loss, or that runs out of its budget, is skipped for
    the next number. The default budget is in nodes only, and large enough for
    the table (which decides every deal), so every device picks the same deal;
    a ``max_seconds`` budget would make the choice depend on the device's speed.
    """
    rules = rules or Rules()
    for k in range(tries):
        n = (number + k) % (deals.MAX_DEAL + 1)
        cards = deals.shuffle(n)
        solution = solve(Position.start(cards, rules), max_nodes=max_nodes,
                         max_seconds=max_seconds, cache=cache)
        if solution.won:
            return Winnable(n, solution)
    raise ValueError(f"no winnable deal found in {tries} deals from {number}")


# -- hints ------------------------------------------------------------------------


@dataclass(frozen=True)
class Hint:
    """A suggested move, why, and from which knowledge (``solver`` or ``fair``)."""

    move: int | None
    text: str | None
    reason: str
    """Why, as a code the page and the command line word (``engine-hint-<reason>``):
    ``game-over``, ``fair``, ``keeps-best-score`` (``values["count"]``, the score), ``keeps-win``,
    ``keeps-win-best-unknown``, ``clears-most`` or ``clears-most-unknown``."""
    source: str
    result: str = UNKNOWN
    aim: str = "none"
    """What the move keeps: ``par`` (a line to the best score still possible),
    ``win`` (a winning line), ``clear`` (the line that clears the most cards),
    ``fair`` (the fair hint's choice) or ``none`` (the game is over)."""
    score: int | None = None
    """With aim ``par``: the final score that line reaches."""

    @property
    def values(self) -> dict[str, int]:
        """The reason's placeholders."""
        return {} if self.score is None else {"count": self.score}

    def to_json(self) -> HintJSON:
        return {"move": self.text, "position": self.move, "reason": self.reason,
                "values": self.values, "source": self.source, "result": self.result,
                "aim": self.aim, "score": self.score}


def _most_cleared(solver: DealSolver, removed: int, wrank: int, s: int,
                  max_nodes: int = 20000) -> tuple[list[int], int]:
    """The line that removes the most peak cards (exhaustive over (R, w) with the
    monotone stock memo; bounded by ``max_nodes``)."""
    peak_ranks, stock_ranks, fits_waste = solver.peak_ranks, solver.stock_ranks, solver.fits_waste
    best: dict[int, tuple[int, int]] = {}
    budget = [max_nodes]
    best_line: list[int] = []
    best_count = [removed.bit_count()]
    path: list[int] = []

    def dfs(removed: int, wrank: int, s: int) -> None:
        count = removed.bit_count()
        if count > best_count[0]:
            best_count[0] = count
            best_line[:] = path
        key = removed | wrank << 28
        seen = best.get(key)
        if seen is not None and seen[0] <= s:
            return
        best[key] = (s, 0)
        budget[0] -= 1
        if budget[0] < 0:
            raise BudgetExceeded
        m = uncovered_mask(removed) & fits_waste[wrank]
        while m:
            low = m & -m
            m ^= low
            p = low.bit_length() - 1
            path.append(p)
            dfs(removed | low, peak_ranks[p], s)
            path.pop()
        if s < 52:
            path.append(DRAW)
            dfs(removed, stock_ranks[s], s + 1)
            path.pop()

    try:
        dfs(removed, wrank, s)
    except BudgetExceeded:
        pass
    finally:
        dfs = None  # type: ignore[assignment]  # break the cycle (see DealSolver.search)
    return best_line, best_count[0]


def hint(game: Game, fair: bool = False, *, max_nodes: int = HINT_NODES,
         max_seconds: float | None = SAFETY_SECONDS, cache: SolverCache | None = None) -> Hint:
    """The next move to make.

    With ``fair=False`` (reference 000's Hint button) the solver sees every
    card. Under a scoring system it gives the next move of a line to the best
    score still possible when that line can be worked out within ``max_nodes``
    (see :func:`tripeaks.par.best_line`), else the next move of a winning line; in a lost
    position, the first move of the line that clears the most cards. With
    ``fair=True`` (reference 004) only what the player can see is used, through
    :class:`tripeaks.ai.HardAI`. Every budget is work, not time, so a hint is
    the same on a slow device as on a fast one. ``cache`` keeps the deal's
    table and best lines for the next hint.
    """
    if game.over:
        return Hint(None, None, "game-over", "fair" if fair else "solver")
    if fair:
        move = HardAI(seed=0).choose(game)
        return Hint(move, move_text(game.cards, move), "fair", "fair", aim="fair")
    pos = Position.of(game)
    cache = SolverCache() if cache is None else cache
    # the table decides every deal: no node cap
    solution = solve(pos, max_seconds=max_seconds, cache=cache)
    if solution.won and solution.line:
        aimed = None
        if game.scoring.has_score:
            aimed = best_line(game, max_nodes=max_nodes, max_seconds=max_seconds, cache=cache)
        if aimed is not None and aimed[2]:
            score, line, _exact = aimed
            move = line[0]
            return Hint(move, move_text(game.cards, move), "keeps-best-score", "solver", WIN,
                        "par", score)
        move = solution.line[0]
        reason = "keeps-win" if aimed is None else "keeps-win-best-unknown"
        return Hint(move, move_text(game.cards, move), reason, "solver", WIN, "win")
    solver = deal_solver(pos.cards, pos.wrap, cache)
    cleared, _count = _most_cleared(solver, pos.removed, pos.waste_rank, pos.stock_index)
    move = cleared[0] if cleared else game.legal_moves()[0]
    reason = "clears-most" if solution.result == LOSS else "clears-most-unknown"
    return Hint(move, move_text(game.cards, move), reason, "solver", solution.result, "clear")


# -- post-game analysis ------------------------------------------------------------


@dataclass(frozen=True)
class Analysis:
    """Whether the deal was winnable, where the game stopped being winnable, and par."""

    winnable: bool | None
    turning_point: int | None
    """Index in the played moves (undo and redo resolved) of the move after which
    the game could no longer be won; ``None`` when it never became lost (or
    was lost from the start)."""
    turning_move: str | None
    still_winnable: bool | None
    moves: tuple[int, ...]
    par: Par | None
    cards: tuple[int, ...] = field(default=(), repr=False)

    def to_json(self) -> AnalysisJSON:
        return {
            "winnable": self.winnable,
            "turning_point": self.turning_point,
            "turning_move": self.turning_move,
            "still_winnable": self.still_winnable,
            "moves": [move_text(self.cards, m) for m in self.moves],
            "par": None if self.par is None else self.par.to_json(),
        }


def _effective_moves(actions: Sequence[int]) -> list[int]:
    """The moves that stand after undo and redo."""
    stack: list[int] = []
    undone: list[int] = []
    for a in actions:
        if a == UNDO:
            if stack:
                undone.append(stack.pop())
        elif a == REDO:
            if undone:
                stack.append(undone.pop())
        else:
            stack.append(a)
            undone.clear()
    return stack


def analyse(record: Game | GameRecord | JSON, *, with_par: bool = True,
            max_seconds: float | None = SAFETY_SECONDS,
            cache: SolverCache | None = None) -> Analysis:
    """Analyse a finished or abandoned game (a Game, or its saved record: one read
    from a file is checked by :meth:`Game.from_record`)."""
    game = record if isinstance(record, Game) else Game.from_record(record)
    moves = _effective_moves(game.actions)
    fresh = game.restarted()
    pos = Position.of(fresh)
    cache = SolverCache() if cache is None else cache
    solver = deal_solver(pos.cards, pos.wrap, cache)
    verdict = solve(pos, max_seconds=max_seconds, cache=cache)
    if verdict.result == UNKNOWN:
        return Analysis(None, None, None, None, tuple(moves), None, game.cards)
    wins = solver.table()
    turning = None
    winnable_now = verdict.won
    if verdict.won:
        for i, move in enumerate(moves):
            fresh.apply(move)
            p = Position.of(fresh)
            if not solver.table_wins(wins, p.removed, p.waste_rank, p.stock_index):
                turning = i
                winnable_now = False
                break
        else:
            winnable_now = True
    par_value = par(game.restarted(), max_seconds=max_seconds, cache=cache) if with_par else None
    turning_move = None if turning is None else move_text(game.cards, moves[turning])
    return Analysis(verdict.won, turning, turning_move, winnable_now, tuple(moves), par_value,
                    game.cards)
