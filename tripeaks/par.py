"""Par: the best score still reachable on a winning line, and the fewest draws that win.

Built on the exact solver's win table (:mod:`tripeaks.solver`): every search
here only walks states the table says still win, so each line it returns wins.
Every number comes from the rules' scoring system (:mod:`tripeaks.scoring`):
a final line is scored by replaying it through that system, and the searches
read its bonuses and costs from the same class.
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
    exact dynamic programme.

    It runs one stock layer (states with the same next stock card) at a time,
    from the last back to the first. A draw only ever enters the next layer, with
    a known waste and no streak, so a layer needs its own states and, from the
    next layer, only the points to come at the removed sets it is entered at
    (:func:`_layer_entries` finds those first). Only one layer's states are held
    at once, a small part of them all. Returns (points to come, line, states
    valued).

    :raises BudgetExceeded: when more than ``max_nodes`` states are needed, or
        past ``deadline`` (the caller's wall-clock safety net).
    """
    index = lattice().index
    peak_ranks, stock_ranks, fits_waste = solver.peak_ranks, solver.stock_ranks, solver.fits_waste
    win_bonus = [system.win_bonus(stock_left) for stock_left in range(53)]
    entries = _layer_entries(solver, wins, removed, wrank, s, max_nodes, deadline)
    layer, limit = s, max_nodes
    memo: dict[int, int] = {}  # state in this layer -> points to come << 5 | best move
    after: dict[int, int] = {}  # removed set the next layer is entered at -> points to come

    def best(removed: int, wrank: int, c: int) -> int:
        key = removed | wrank << 28 | c << 32
        found = memo.get(key)
        if found is not None:
            return found >> 5
        if len(memo) >= limit or (deadline is not None and not len(memo) & 4095
                                  and time.perf_counter() > deadline):
            raise BudgetExceeded
        top, choice = -1, DRAW
        shift = GROUP_BITS * (layer - FIRST_STOCK)
        m = uncovered_mask(removed) & fits_waste[wrank]
        while m:
            low = m & -m
            m ^= low
            r2 = removed | low
            p = low.bit_length() - 1
            if r2 == ALL_REMOVED:
                value = c + 1 + win_bonus[52 - layer]
            elif wins[index[r2]] >> (shift + peak_ranks[p]) & 1:
                value = c + 1 + best(r2, peak_ranks[p], c + 1)
            else:
                continue
            if value > top:
                top, choice = value, p
        drawn = after.get(removed)  # there exactly when drawing here still wins
        if drawn is not None and drawn > top:
            top, choice = drawn, DRAW
        memo[key] = top << 5 | choice
        return top

    values: dict[int, array[int]] = {}  # layer -> points to come at its entries, in their order

    def entered(at: int) -> dict[int, int]:
        """Layer ``at``'s entry sets -> points to come (none past the last layer)."""
        return dict(zip(entries[at], values[at], strict=True)) if at in values else {}

    nodes = 0
    line: list[int] = []
    try:
        for layer in range(max(entries), s - 1, -1):
            after, memo, limit = entered(layer + 1), {}, max_nodes - nodes
            w_in, c_in = (wrank, streak) if layer == s else (stock_ranks[layer - 1], 0)
            values[layer] = array("i", [best(r, w_in, c_in) for r in entries[layer]])
            nodes += len(memo)
        # The line: each layer it passes is valued again from the one state it enters at.
        r, w, c, layer = removed, wrank, streak, s
        while r != ALL_REMOVED:
            after, memo, limit = entered(layer + 1), {}, max_nodes
            best(r, w, c)
            move = -1
            while r != ALL_REMOVED and move != DRAW:
                move = memo[r | w << 28 | c << 32] & 31
                line.append(move)
                if move == DRAW:
                    w, c, layer = stock_ranks[layer], 0, layer + 1
                else:
                    r, w, c = r | 1 << move, peak_ranks[move], c + 1
    finally:
        best = None  # type: ignore[assignment]  # break the cycle (see DealSolver.search)
    return values[s][0], line, nodes


def _layer_entries(solver: DealSolver, wins: list[int], removed: int, wrank: int, s: int,
                   max_nodes: int, deadline: float | None) -> dict[int, array[int]]:
    """Where each stock layer of the winning play from (``removed``, ``wrank``,
    ``s``) is entered: layer ``s`` at ``removed``, and each later layer at the
    removed sets from which the layer before reaches (by winning plays) a draw
    that still wins. Each layer is one pass over the removed sets it reaches,
    fewest cards first, each with every waste it is reached with, kept in one
    flat array over the lattice (the same size for every deal).

    :raises BudgetExceeded: past ``max_nodes`` states or ``deadline``.
    """
    index = lattice().index
    peak_ranks, stock_ranks, fits_waste = solver.peak_ranks, solver.stock_ranks, solver.fits_waste
    wastes = array("H", bytes(2 * len(index)))  # a set -> the wastes this layer reaches it with
    fitting: dict[int, int] = {}  # a set of wastes -> the positions that fit one of them
    found = {s: array("i", [removed])}
    nodes = 0
    layer = s
    while layer in found:
        first = wrank if layer == s else stock_ranks[layer - 1]
        shift = GROUP_BITS * (layer - FIRST_STOCK)
        draw_bit = shift + GROUP_BITS + stock_ranks[layer] if layer < 52 else -1
        by_size: list[list[int]] = [[] for _ in range(PEAK_CARDS + 1)]  # sets by cards removed
        for r in found[layer]:
            wastes[index[r]] = 1 << first
            by_size[r.bit_count()].append(r)
        ahead = array("i")
        for level in by_size:  # a play removes one card: a set's wastes are all in before it
            for r in level:
                i = index[r]
                reached, wastes[i] = wastes[i], 0
                nodes += reached.bit_count()
                if draw_bit >= 0 and wins[i] >> draw_bit & 1:
                    ahead.append(r)
                fits = fitting.get(reached)
                if fits is None:
                    fits = 0
                    for w in range(GROUP_BITS):
                        if reached >> w & 1:
                            fits |= fits_waste[w]
                    fitting[reached] = fits
                m = uncovered_mask(r) & fits
                while m:
                    low = m & -m
                    m ^= low
                    r2 = r | low
                    if r2 == ALL_REMOVED:
                        continue
                    w2 = peak_ranks[low.bit_length() - 1]
                    j = index[r2]
                    if wins[j] >> (shift + w2) & 1:
                        if not wastes[j]:
                            by_size[r2.bit_count()].append(r2)
                        wastes[j] |= 1 << w2
            if nodes > max_nodes or (deadline is not None and time.perf_counter() > deadline):
                raise BudgetExceeded
        if ahead:
            found[layer + 1] = ahead
        layer += 1
    return found


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
    card_cost, draw_cost, group_bonus = system.CARD_COST, system.DRAW_COST, system.GROUP_BONUS
    r0, w0, s0 = pos.removed, pos.waste_rank, pos.stock_index
    first = solver.table_line(wins, r0, w0, s0)
    best_score, best_line = line_score(system, first, r0, 52 - s0, start), list(first)
    path: list[int] = []
    nodes = 0
    seen: dict[int, int] = {}  # (removed, waste, next stock card) -> best score seen there

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
