"""Par's streak programme: the most points still to come on a winning line, exactly.

Under a streak scoring system (:attr:`tripeaks.scoring.Scoring.scores_streaks`)
the points still to come depend only on (removed, waste, next stock card, live
streak); :func:`streak_plan` values those states one stock layer at a time,
restricted to the ones the deal's win table says still win, and returns the
best line. :mod:`tripeaks.par` calls it for par and for a hint's best line.
"""

from __future__ import annotations

import time
from array import array

from .layout import ALL_REMOVED, PEAK_CARDS
from .notation import DRAW
from .scoring import Scoring
from .solver import FIRST_STOCK, GROUP_BITS, BudgetExceeded, DealSolver, lattice, uncovered_mask

__all__ = ["streak_plan"]

_NO_MOVE = -(1 << 24)
"""Below any value a state can have (a draw may cost points): no move found yet."""


def streak_plan(solver: DealSolver, wins: list[int], system: Scoring, removed: int, wrank: int,
                 s: int, streak: int, max_nodes: int,
                 deadline: float | None) -> tuple[int, list[int], int]:
    """The most points still to come on a winning line under a streak scoring
    system (one whose :attr:`~tripeaks.scoring.Scoring.scores_streaks`: ``streak``,
    ``classic``, ``chain``, ``original``), exactly, with that line.

    On a winning line every tip goes, so the tips' bonuses add up to the same
    total whatever their order: what varies is the streak points and the win
    bonus (which grows with the stock left), less what each draw costs
    (:attr:`~tripeaks.scoring.Scoring.DRAW_COST`, the ``original`` money game's $5),
    and those depend only on
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
    draw_cost = system.DRAW_COST
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
        top, choice = _NO_MOVE, DRAW
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
        if drawn is not None and drawn - draw_cost > top:
            top, choice = drawn - draw_cost, DRAW
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
