"""Par: the best score still reachable on a winning line, and the fewest draws that win.

Built on the exact solver's win table (:mod:`tripeaks.solver`): every search
here only walks states the table says still win, so each line it returns wins.
Every number comes from the rules' scoring system (:mod:`tripeaks.scoring`):
a final line is scored by replaying it through that system, and the searches
read its bonuses and costs from the same class.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from .game import Game
from .jsontext import ParJSON
from .layout import ALL_REMOVED, GROUP_MASKS, GROUP_OF, PEAK_CARDS, TIPS
from .notation import DRAW, move_text
from .rules import Rules
from .scoring import PointsScoring, ScoreState, Scoring
from .solver import (
    FIRST_STOCK,
    GROUP_BITS,
    LOSS,
    SAFETY_SECONDS,
    WIN,
    BudgetExceeded,
    DealSolver,
    Position,
    deal_solver,
    lattice,
    solve,
    uncovered_mask,
)

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


def _streak_plan(solver: DealSolver, wins: list[int], system: Scoring, removed: int, wrank: int,
                 s: int, streak: int, max_nodes: int,
                 deadline: float | None) -> tuple[int, list[int], int]:
    """The most points still to come on a winning line under a streak scoring
    system (one whose :attr:`~tripeaks.scoring.Scoring.scores_streaks`: ``streak``,
    ``classic``, ``chain``), exactly, with that line.

    On a winning line every tip goes, so the tips' bonuses add up to the same
    total whatever their order: what varies is the streak points and the win
    bonus (which grows with the stock left), and those depend only on
    (removed, waste, next stock card, live streak). A memoised recursion over
    those states, restricted to the ones the win table says still win, is an
    exact dynamic programme. Returns (points to come, line, states visited).

    :raises BudgetExceeded: when more than ``max_nodes`` states are needed, or
        past ``deadline`` (the caller's wall-clock safety net).
    """
    index = lattice().index
    peak_ranks, stock_ranks, fits_waste = solver.peak_ranks, solver.stock_ranks, solver.fits_waste
    win_bonus = [system.win_bonus(stock_left) for stock_left in range(53)]
    memo: dict[int, int] = {}  # state -> points to come << 5 | best move

    def best(removed: int, wrank: int, s: int, c: int) -> int:
        key = removed | wrank << 28 | s << 32 | c << 38
        found = memo.get(key)
        if found is not None:
            return found >> 5
        if len(memo) >= max_nodes or (deadline is not None and not len(memo) & 4095
                                      and time.perf_counter() > deadline):
            raise BudgetExceeded
        top, choice = -1, DRAW
        shift = GROUP_BITS * (s - FIRST_STOCK)
        m = uncovered_mask(removed) & fits_waste[wrank]
        while m:
            low = m & -m
            m ^= low
            r2 = removed | low
            p = low.bit_length() - 1
            if r2 == ALL_REMOVED:
                value = c + 1 + win_bonus[52 - s]
            elif wins[index[r2]] >> (shift + peak_ranks[p]) & 1:
                value = c + 1 + best(r2, peak_ranks[p], s, c + 1)
            else:
                continue
            if value > top:
                top, choice = value, p
        if s < 52 and wins[index[removed]] >> (shift + GROUP_BITS + stock_ranks[s]) & 1:
            value = best(removed, stock_ranks[s], s + 1, 0)
            if value > top:
                top, choice = value, DRAW
        memo[key] = top << 5 | choice
        return top

    try:
        gain = best(removed, wrank, s, streak)
    finally:
        best = None  # type: ignore[assignment]  # break the cycle (see DealSolver.search)
    line: list[int] = []
    c = streak
    while removed != ALL_REMOVED:
        move = memo[removed | wrank << 28 | s << 32 | c << 38] & 31
        line.append(move)
        if move == DRAW:
            wrank, s, c = stock_ranks[s], s + 1, 0
        else:
            removed, wrank, c = removed | 1 << move, peak_ranks[move], c + 1
    return gain, line, len(memo)


def par(target: Game | Sequence[int], rules: Rules | None = None, *, max_nodes: int = PAR_NODES,
        max_seconds: float | None = SAFETY_SECONDS) -> Par:
    """Par of a deal or a game in progress: the best score reachable on a winning
    line under the rules' scoring system, and the fewest draws that still win.

    Both are searched exactly (see :func:`best_line`); when ``max_nodes`` runs
    out the best found so far is returned, marked as a bound
    (``score_exact``/``draws_exact`` false). The budget is work, not time, so
    par is the same on every device. A lost position has no par.
    """
    if isinstance(target, Game):
        game = target
    else:
        game = Game(tuple(target), rules or Rules())
    scoring = game.rules.scoring
    pos = Position.of(game)
    solver = deal_solver(pos.cards, pos.wrap)
    verdict = solve(pos, max_seconds=max_seconds)  # the table decides every deal: no node cap
    if not verdict.won:
        return Par(None, verdict.result == LOSS, (), None, verdict.result == LOSS, (),
                   scoring, verdict.result, pos.cards)
    wins = solver.table()
    deadline = None if max_seconds is None else time.perf_counter() + max_seconds
    fewest = _fewest_draws(solver, wins, pos, max_nodes, deadline)
    draws, draws_line, draws_exact, nodes = fewest
    if scoring == "none":
        return Par(None, True, (), draws, draws_exact, tuple(draws_line), scoring, WIN,
                   pos.cards, nodes)
    score, score_line, score_exact, more = _best_final(solver, wins, pos, game, max_nodes,
                                                       deadline, fewest)
    return Par(score, score_exact, tuple(score_line), draws, draws_exact, tuple(draws_line),
               scoring, WIN, pos.cards, nodes + more)


_State = tuple[int, int, int, int]
"""(removed, waste rank, next stock index, live streak)."""
_PLANS: dict[tuple[tuple[int, ...], bool, str], dict[_State, tuple[int, ...]]] = {}
"""Exact best-score lines of the last deal hinted, by the states along them: a
player who follows a hint gets the next one without a new search."""


def best_line(game: Game, *, max_nodes: int = HINT_NODES,
              max_seconds: float | None = SAFETY_SECONDS
              ) -> tuple[int, tuple[int, ...], bool] | None:
    """The best final score still possible from ``game``'s position, a winning
    line that reaches it, and whether that score is exact (``max_nodes`` did not
    run out); ``None`` when the game is lost, over, or scores nothing.

    The states along an exact line are remembered for the last deal: following
    it costs nothing more, and any state's best line does not depend on where
    the search started, so a hint is the same whatever was asked before.
    """
    scoring = game.rules.scoring
    if scoring == "none" or game.over:
        return None
    pos = Position.of(game)
    verdict = solve(pos, max_seconds=max_seconds)
    if not verdict.won:
        return None
    deal = (pos.cards, pos.wrap, scoring)
    state = (pos.removed, pos.waste_rank, pos.stock_index, game.state.streak)
    known = _PLANS.get(deal)
    if known is not None and state in known:
        line = known[state]
        return (line_score(game.scoring, line, pos.removed, 52 - pos.stock_index, game.state),
                line, True)
    solver = deal_solver(pos.cards, pos.wrap)
    wins = solver.table()
    deadline = None if max_seconds is None else time.perf_counter() + max_seconds
    score, found, exact, _nodes = _best_final(solver, wins, pos, game, max_nodes, deadline)
    line = tuple(found)
    if exact:
        if known is None:
            _PLANS.clear()
            known = _PLANS[deal] = {}
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
            _gain, line, nodes = _streak_plan(solver, wins, system, r0, w0, s0, start.streak,
                                              max_nodes, deadline)
        except BudgetExceeded:
            line, nodes, exact = solver.table_line(wins, r0, w0, s0), max_nodes, False
        else:
            exact = True
        return line_score(system, line, r0, 52 - s0, start), line, exact, nodes
    if not isinstance(system, PointsScoring):
        raise ValueError(f"par has no search for {system.name} scoring")
    plays_left = PEAK_CARDS - r0.bit_count()
    if start.score - system.CARD_COST * plays_left - system.DRAW_COST * (52 - s0) >= 0:
        # The score cannot reach its floor of 0, so every card and draw costs
        # its full price and every group still pays its bonus: the best line is
        # the one with the fewest draws.
        given = fewest is not None
        if fewest is None:
            fewest = _fewest_draws(solver, wins, pos, max_nodes, deadline)
        _draws, line, exact, nodes = fewest
        return line_score(system, line, r0, 52 - s0, start), line, exact, 0 if given else nodes
    return _best_score(solver, wins, pos, system, start, max_nodes, deadline)


def _fewest_draws(solver: DealSolver, wins: list[int], pos: Position, max_nodes: int,
                  deadline: float | None) -> _Found:
    """Fewest draws on a winning line: a layered search by draws used, each
    (R, w) expanded once at the fewest draws that reach it; restricted to states
    the table says win."""
    peak_ranks, stock_ranks, fits_waste = solver.peak_ranks, solver.stock_ranks, solver.fits_waste
    r0, w0, s0 = pos.removed, pos.waste_rank, pos.stock_index
    parent: dict[int, tuple[int, int] | None] = {}
    first_key: dict[int, int] = {}
    layer_of: dict[int, int] = {}
    reached: list[int] = []
    nodes = 0
    start_key = r0 | w0 << 28
    parent[start_key] = None
    first_key[r0] = start_key
    layer_of[r0] = 0
    reached.append(r0)

    def line_to(key: int) -> list[int]:
        out: list[int] = []
        step = parent[key]
        while step is not None:
            key, move = step
            if move >= 0:
                out.append(move)
            else:
                out.extend([DRAW] * -move)
            step = parent[key]
        out.reverse()
        return out

    for d in range(0, 52 - s0 + 1):
        s = s0 + d
        stack: list[int] = []
        if d == 0:
            stack.append(start_key)
        else:
            w = stock_ranks[s - 1]
            for removed in reached:
                key = removed | w << 28
                if key not in parent and solver.table_wins(wins, removed, w, s):
                    parent[key] = (first_key[removed], -(d - layer_of[removed]))
                    stack.append(key)
        while stack:
            key = stack.pop()
            nodes += 1
            if nodes > max_nodes or (deadline is not None and nodes & 255 == 0
                                     and time.perf_counter() > deadline):
                raise_line = solver.table_line(wins, r0, w0, s0)
                return raise_line.count(DRAW), raise_line, False, nodes
            removed = key & ALL_REMOVED
            m = uncovered_mask(removed) & fits_waste[key >> 28]
            while m:
                low = m & -m
                m ^= low
                p = low.bit_length() - 1
                r2 = removed | low
                k2 = r2 | peak_ranks[p] << 28
                if k2 in parent or not solver.table_wins(wins, r2, peak_ranks[p], s):
                    continue
                parent[k2] = (key, p)
                if r2 == ALL_REMOVED:
                    line = line_to(k2)
                    return d, line, True, nodes
                if r2 not in layer_of:
                    layer_of[r2] = d
                    first_key[r2] = k2
                    reached.append(r2)
                stack.append(k2)
    line = solver.table_line(wins, r0, w0, s0)  # pragma: no cover - a won table always ends
    return line.count(DRAW), line, False, nodes


def _best_score(solver: DealSolver, wins: list[int], pos: Position, system: PointsScoring,
                start: ScoreState, max_nodes: int, deadline: float | None) -> _Found:
    """Branch and bound over winning lines for the best final score under
    ``points`` scoring when the score may fall to its floor of 0."""
    peak_ranks, stock_ranks, fits_waste = solver.peak_ranks, solver.stock_ranks, solver.fits_waste
    card_cost, draw_cost, group_bonus = system.CARD_COST, system.DRAW_COST, system.GROUP_BONUS
    r0, w0, s0 = pos.removed, pos.waste_rank, pos.stock_index
    first = solver.table_line(wins, r0, w0, s0)
    best_score, best_line = line_score(system, first, r0, 52 - s0, start), list(first)
    path: list[int] = []
    nodes = 0
    seen: dict[tuple[int, int], int] = {}

    def upper(removed: int, score: int) -> int:
        left = PEAK_CARDS - removed.bit_count()
        groups = sum(1 for g in GROUP_MASKS if removed & g != g)
        return score - card_cost * left + group_bonus * groups

    def dfs(removed: int, wrank: int, s: int, score: int) -> None:
        nonlocal best_score, best_line, nodes
        if removed == ALL_REMOVED:
            final = score + system.win_bonus(52 - s)
            if final > best_score:
                best_score, best_line = final, list(path)
            return
        if upper(removed, score) <= best_score:
            return
        key = (removed | wrank << 28, s)
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
            bonus = group_bonus if r2 & group == group else 0
            path.append(p)
            dfs(r2, peak_ranks[p], s, max(0, score - card_cost + bonus))
            path.pop()
        if s < 52 and solver.table_wins(wins, removed, stock_ranks[s], s + 1):
            path.append(DRAW)
            dfs(removed, stock_ranks[s], s + 1, max(0, score - draw_cost))
            path.pop()

    exact = True
    try:
        dfs(r0, w0, s0, start.score)
    except BudgetExceeded:
        exact = False
    finally:
        dfs = None  # type: ignore[assignment]  # break the cycle (see DealSolver.search)
    return best_score, best_line, exact, nodes
