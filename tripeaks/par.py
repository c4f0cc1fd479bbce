"""Par: the best score still reachable on a winning line, and the fewest draws that win.

Built on the exact solver's win table (:mod:`tripeaks.solver`): every search
here only walks states the table says still win, so each line it returns wins.
Every number comes from the rules' scoring system (:mod:`tripeaks.scoring`):
a final line is scored by replaying it through that system, and the searches
ask the same class what a move, a draw and a win are worth. The streak systems'
best score is :mod:`tripeaks.streak_plan`'s programme; the fewest draws, and
the best score under ``points``, are searched here.
"""

from __future__ import annotations

import time
from array import array
from collections.abc import Sequence
from dataclasses import dataclass, field

from .game import Game
from .jsontext import ParJSON
from .layout import ALL_REMOVED, GROUP_MASKS, GROUP_OF, PEAK_CARDS, TIPS
from .notation import DRAW, move_text
from .rules import Rules
from .scoring import PointsScoring, ScoreState, Scoring
from .solver import (
    GROUP_BITS,
    LOSS,
    SAFETY_SECONDS,
    WIN,
    BudgetExceeded,
    DealSolver,
    Position,
    SolverCache,
    deal_solver,
    lattice,
    solve,
    uncovered_mask,
)
from .streak_plan import streak_plan

__all__ = ["Par", "par", "best_line", "line_score", "PAR_NODES", "HINT_NODES"]

PAR_NODES = 1_000_000
"""Work budget of :func:`par` (search nodes, or states of the best-score programme): over
twice what the benchmark deals need (docs/benchmarks.md), so par is exact on them."""
HINT_NODES = 250_000
"""Work budget of a hint's line to the best score: enough for most deals from their start
and every deal a few moves in, and under a second in the browser."""


@dataclass(frozen=True)
class Par:
    """The best score reachable and the fewest draws that still win."""

    score: int | None
    score_exact: bool
    score_line: tuple[int, ...]
    draws: int | None
    draws_exact: bool
    draws_line: tuple[int, ...]
    scoring: str
    result: str
    cards: tuple[int, ...] = field(default=(), repr=False)
    nodes: int = 0
    """Work done: search nodes plus states of the best-score programme."""

    def to_json(self) -> ParJSON:
        return {
            "result": self.result,
            "scoring": self.scoring,
            "score": self.score,
            "score_exact": self.score_exact,
            "score_line": [move_text(self.cards, m) for m in self.score_line],
            "draws": self.draws,
            "draws_exact": self.draws_exact,
            "draws_line": [move_text(self.cards, m) for m in self.draws_line],
            "nodes": self.nodes,
        }


def line_score(system: Scoring, line: Sequence[int], removed: int, stock_left: int,
               start: ScoreState) -> int:
    """The final score of a winning ``line`` played from a position (``removed``,
    ``stock_left``, score state ``start``), by the scoring system itself."""
    state = start
    for move in line:
        if move == DRAW:
            state, _events = system.draw(state)
            stock_left -= 1
        else:
            removed |= 1 << move
            group = GROUP_MASKS[GROUP_OF[move]]
            state, _events = system.play(state, move in TIPS, removed & group == group)
    state, _events = system.win(state, stock_left)
    return state.score


def par(target: Game | Sequence[int], rules: Rules | None = None, *, max_nodes: int = PAR_NODES,
        max_seconds: float | None = SAFETY_SECONDS, cache: SolverCache | None = None) -> Par:
    """Par of a deal or a game in progress: the best score reachable on a winning
    line under the rules' scoring system, and the fewest draws that still win.

    Both are searched exactly (see :func:`best_line`); when ``max_nodes`` runs
    out the best found so far is returned, marked as a bound
    (``score_exact``/``draws_exact`` false). The budget is work, not time, so
    par is the same on every device. A lost position has no par. ``cache``
    keeps the deal's win table for the next question (see :func:`tripeaks.solver.solve`).
    """
    if isinstance(target, Game):
        game = target
    else:
        game = Game(tuple(target), rules or Rules())
    scoring = game.rules.scoring
    pos = Position.of(game)
    cache = SolverCache() if cache is None else cache
    solver = deal_solver(pos.cards, pos.wrap, cache)
    # the table decides every deal: no node cap
    verdict = solve(pos, max_seconds=max_seconds, cache=cache)
    if not verdict.won:
        return Par(None, verdict.result == LOSS, (), None, verdict.result == LOSS, (),
                   scoring, verdict.result, pos.cards)
    wins = solver.table()
    deadline = None if max_seconds is None else time.perf_counter() + max_seconds
    fewest = _fewest_draws(solver, wins, pos, max_nodes, deadline)
    draws, draws_line, draws_exact, nodes = fewest
    if not game.scoring.has_score:
        return Par(None, True, (), draws, draws_exact, tuple(draws_line), scoring, WIN,
                   pos.cards, nodes)
    score, score_line, score_exact, more = _best_final(solver, wins, pos, game, max_nodes,
                                                       deadline, fewest)
    return Par(score, score_exact, tuple(score_line), draws, draws_exact, tuple(draws_line),
               scoring, WIN, pos.cards, nodes + more)


def best_line(game: Game, *, max_nodes: int = HINT_NODES,
              max_seconds: float | None = SAFETY_SECONDS, cache: SolverCache | None = None
              ) -> tuple[int, tuple[int, ...], bool] | None:
    """The best final score still possible from ``game``'s position, a winning
    line that reaches it, and whether that score is exact (``max_nodes`` did not
    run out); ``None`` when the game is lost, over, or scores nothing.

    The states along an exact line are remembered with the deal's solver (in
    ``cache``, :attr:`~tripeaks.solver.DealSolver.best_lines`): following it
    costs nothing more, and any state's best line does not depend on where the
    search started, so a hint is the same whatever was asked before.
    """
    if not game.scoring.has_score or game.over:
        return None
    pos = Position.of(game)
    cache = SolverCache() if cache is None else cache
    verdict = solve(pos, max_seconds=max_seconds, cache=cache)
    if not verdict.won:
        return None
    solver = deal_solver(pos.cards, pos.wrap, cache)
    state = (pos.removed, pos.waste_rank, pos.stock_index, game.state.streak)
    known = solver.best_lines.setdefault(game.scoring.name, {})
    if state in known:
        line = known[state]
        return (line_score(game.scoring, line, pos.removed, 52 - pos.stock_index, game.state),
                line, True)
    wins = solver.table()
    deadline = None if max_seconds is None else time.perf_counter() + max_seconds
    score, found, exact, _nodes = _best_final(solver, wins, pos, game, max_nodes, deadline)
    line = tuple(found)
    if exact:
        removed, wrank, s, streak = state
        for i, move in enumerate(line):
            known[(removed, wrank, s, streak)] = line[i:]
            if move == DRAW:
                wrank, s, streak = solver.stock_ranks[s], s + 1, 0
            else:
                removed, wrank, streak = removed | 1 << move, solver.peak_ranks[move], streak + 1
    return score, line, exact


_Found = tuple[int, list[int], bool, int]
"""What a best-line search found: (score or draws, line, exact, work done)."""


def _best_final(solver: DealSolver, wins: list[int], pos: Position, game: Game, max_nodes: int,
                deadline: float | None, fewest: _Found | None = None) -> _Found:
    """The best final score on a winning line from a winning position: (score,
    line, exact, work done)."""
    system, start = game.scoring, game.state
    r0, w0, s0 = pos.removed, pos.waste_rank, pos.stock_index
    if system.scores_streaks:
        try:
            _gain, line, nodes = streak_plan(solver, wins, system, r0, w0, s0, start.streak,
                                              max_nodes, deadline)
        except BudgetExceeded:
            line, nodes, exact = solver.table_line(wins, r0, w0, s0), max_nodes, False
        else:
            exact = True
        return line_score(system, line, r0, 52 - s0, start), line, exact, nodes
    if not isinstance(system, PointsScoring):
        raise ValueError(f"par has no search for {system.name} scoring")
    if system.lowest_final(start.score, PEAK_CARDS - r0.bit_count(), 52 - s0) >= 0:
        # The score cannot reach its floor, so every card and draw costs its
        # full price and every group still pays its bonus: the best line is the
        # one with the fewest draws.
        given = fewest is not None
        if fewest is None:
            fewest = _fewest_draws(solver, wins, pos, max_nodes, deadline)
        _draws, line, exact, nodes = fewest
        return line_score(system, line, r0, 52 - s0, start), line, exact, 0 if given else nodes
    return _best_score(solver, wins, pos, system, start, max_nodes, deadline)


_START, _BY_DRAWS, _BY_PLAY = 1, 2, 3
"""How :func:`_fewest_draws` first reached a (removed set, waste): from the start,
by drawing from the first state with that set, or ``_BY_PLAY + card * GROUP_BITS
+ waste before`` by playing a card (0: not reached)."""


def _fewest_draws(solver: DealSolver, wins: list[int], pos: Position, max_nodes: int,
                  deadline: float | None) -> _Found:
    """Fewest draws on a winning line: a layered search by draws used, each
    (R, w) expanded once at the fewest draws that reach it; restricted to states
    the table says win. What it marks lives in flat arrays over the lattice, the
    same size for every deal."""
    index = lattice().index
    peak_ranks, stock_ranks, fits_waste = solver.peak_ranks, solver.stock_ranks, solver.fits_waste
    r0, w0, s0 = pos.removed, pos.waste_rank, pos.stock_index
    came = array("H", bytes(2 * GROUP_BITS * len(index)))  # by lattice index * GROUP_BITS + waste
    layer_of = bytearray(b"\xff") * len(index)  # draws used when a set was first reached
    first_waste = bytearray(len(index))  # the waste it was first reached with
    reached = array("i", [r0])  # sets in the order first reached
    came[index[r0] * GROUP_BITS + w0] = _START
    layer_of[index[r0]], first_waste[index[r0]] = 0, w0
    nodes = 0

    def line_to(removed: int, waste: int, d: int) -> list[int]:
        out: list[int] = []
        while True:
            i = index[removed]
            how = came[i * GROUP_BITS + waste]
            if how == _START:
                break
            if how == _BY_DRAWS:
                out.extend([DRAW] * (d - layer_of[i]))
                waste, d = first_waste[i], layer_of[i]
            else:
                card, waste = divmod(how - _BY_PLAY, GROUP_BITS)
                out.append(card)
                removed ^= 1 << card
        out.reverse()
        return out

    for d in range(0, 52 - s0 + 1):
        s = s0 + d
        stack: list[int] = []
        if d == 0:
            stack.append(r0 | w0 << 28)
        else:
            w = stock_ranks[s - 1]
            for removed in reached:
                j = index[removed] * GROUP_BITS + w
                if not came[j] and solver.table_wins(wins, removed, w, s):
                    came[j] = _BY_DRAWS
                    stack.append(removed | w << 28)
        while stack:
            key = stack.pop()
            nodes += 1
            if nodes > max_nodes or (deadline is not None and nodes & 255 == 0
                                     and time.perf_counter() > deadline):
                raise_line = solver.table_line(wins, r0, w0, s0)
                return raise_line.count(DRAW), raise_line, False, nodes
            removed, waste = key & ALL_REMOVED, key >> 28
            m = uncovered_mask(removed) & fits_waste[waste]
            while m:
                low = m & -m
                m ^= low
                p = low.bit_length() - 1
                r2, w2 = removed | low, peak_ranks[p]
                i2 = index[r2]
                j = i2 * GROUP_BITS + w2
                if came[j] or not solver.table_wins(wins, r2, w2, s):
                    continue
                came[j] = _BY_PLAY + p * GROUP_BITS + waste
                if r2 == ALL_REMOVED:
                    return d, line_to(r2, w2, d), True, nodes
                if layer_of[i2] == 0xFF:
                    layer_of[i2], first_waste[i2] = d, w2
                    reached.append(r2)
                stack.append(r2 | w2 << 28)
    line = solver.table_line(wins, r0, w0, s0)  # pragma: no cover - a won table always ends
    return line.count(DRAW), line, False, nodes


def _best_score(solver: DealSolver, wins: list[int], pos: Position, system: PointsScoring,
                start: ScoreState, max_nodes: int, deadline: float | None) -> _Found:
    """Branch and bound over winning lines for the best final score under
    ``points`` scoring when the score may fall to its floor of 0."""
    peak_ranks, stock_ranks, fits_waste = solver.peak_ranks, solver.stock_ranks, solver.fits_waste
    after_play, after_draw, highest = system.after_play, system.after_draw, system.highest_final
    r0, w0, s0 = pos.removed, pos.waste_rank, pos.stock_index
    first = solver.table_line(wins, r0, w0, s0)
    best_score, best_line = line_score(system, first, r0, 52 - s0, start), list(first)
    path: list[int] = []
    nodes = 0
    seen: dict[int, int] = {}  # (removed, waste, next stock card) -> best score seen there

    def upper(removed: int, score: int) -> int:
        groups = sum(1 for g in GROUP_MASKS if removed & g != g)
        return highest(score, PEAK_CARDS - removed.bit_count(), groups)

    def dfs(removed: int, wrank: int, s: int, score: int) -> None:
        nonlocal best_score, best_line, nodes
        if removed == ALL_REMOVED:
            final = score + system.win_bonus(52 - s)
            if final > best_score:
                best_score, best_line = final, list(path)
            return
        if upper(removed, score) <= best_score:
            return
        key = removed | wrank << 28 | s << 32
        prev = seen.get(key)
        if prev is not None and prev >= score:
            return
        seen[key] = score
        nodes += 1
        if nodes > max_nodes or (deadline is not None and nodes & 255 == 0
                                 and time.perf_counter() > deadline):
            raise BudgetExceeded
        m = uncovered_mask(removed) & fits_waste[wrank]
        while m:
            low = m & -m
            m ^= low
            p = low.bit_length() - 1
            r2 = removed | low
            if not solver.table_wins(wins, r2, peak_ranks[p], s):
                continue
            group = GROUP_MASKS[GROUP_OF[p]]
            path.append(p)
            dfs(r2, peak_ranks[p], s, after_play(score, r2 & group == group))
            path.pop()
        if s < 52 and solver.table_wins(wins, removed, stock_ranks[s], s + 1):
            path.append(DRAW)
            dfs(removed, stock_ranks[s], s + 1, after_draw(score))
            path.pop()

    exact = True
    try:
        dfs(r0, w0, s0, start.score)
    except BudgetExceeded:
        exact = False
    finally:
        dfs = None  # type: ignore[assignment]  # break the cycle (see DealSolver.search)
    return best_score, best_line, exact, nodes
