"""The most money a player who sees every card can take from a deal, walking away when it pays.

In the money game (the ``original`` preset) a deal ends when the player
chooses, so the best a player who knows every card can do is not par (the best
line that clears the peaks, :mod:`tripeaks.par`) but the best of every line,
stopping anywhere. :func:`hindsight_money` finds it exactly: a memoised
recursion over (removed, waste, next stock card, live streak) on the deal's
solver tables (:class:`tripeaks.solver.DealSolver`), each state worth the most
of its plays, a draw, and 0 for walking away. It is the yardstick the fair
advice is measured against (bench/bench_advice.py); a state count of about a
million makes it a benchmark tool, seconds a deal, not something the page asks.
"""

from __future__ import annotations

from .game import Game
from .layout import ALL_REMOVED, TIPS
from .solver import DealSolver, Position, uncovered_mask

__all__ = ["hindsight_money"]


def hindsight_money(game: Game) -> int:
    """The most money still to come from ``game``'s position for a player who
    sees every card and may walk away at any time (0 at worst)."""
    system = game.scoring
    if not system.scores_streaks:
        raise ValueError(f"hindsight has no search for {system.name} scoring")
    pos = Position.of(game)
    solver = DealSolver(pos.cards, pos.wrap)
    peak_ranks, stock_ranks, fits_waste = solver.peak_ranks, solver.stock_ranks, solver.fits_waste
    draw_cost = system.DRAW_COST
    tip_mask = sum(1 << t for t in TIPS)
    memo: dict[int, int] = {}

    def value(removed: int, wrank: int, s: int, streak: int) -> int:
        key = removed | wrank << 28 | s << 32 | streak << 38
        found = memo.get(key)
        if found is not None:
            return found
        best = 0
        m = uncovered_mask(removed) & fits_waste[wrank]
        while m:
            low = m & -m
            m ^= low
            r2 = removed | low
            gain = streak + 1
            if low & tip_mask:
                gain += system.peak_bonus((removed & tip_mask).bit_count())
            if r2 == ALL_REMOVED:
                gain += system.win_bonus(52 - s)
            else:
                gain += value(r2, peak_ranks[low.bit_length() - 1], s, streak + 1)
            best = max(best, gain)
        if s < 52 and removed != ALL_REMOVED:
            best = max(best, value(removed, stock_ranks[s], s + 1, 0) - draw_cost)
        memo[key] = best
        return best

    try:
        return value(pos.removed, pos.waste_rank, pos.stock_index, game.state.streak)
    finally:
        value = None  # type: ignore[assignment]  # break the closure's cycle

