"""A second TriPeaks solver for the tests and the benches, written to be obviously
right rather than fast: the fast solver's verdicts are checked against it."""

from __future__ import annotations

from tripeaks.cards import adjacent
from tripeaks.layout import ALL_REMOVED, COVER_MASK, PEAK_CARDS


def reference_solve(cards, wrap, removed=0, stock_index=None, waste=-1):
    """A second solver, written to be obviously right rather than fast.

    Breadth-first by the number of draws made: every (removed, waste rank)
    pair is expanded once, the first time it is reached, because reaching the
    same pair with fewer draws leaves more stock, and one can always draw on.
    Returns True when some line clears the peaks.
    """
    if stock_index is None:
        stock_index = PEAK_CARDS + 1
    if waste == -1:
        waste = cards[PEAK_CARDS]
    ranks = [c >> 2 for c in cards]

    def plays(removed, wrank):
        for p in range(PEAK_CARDS):
            if removed >> p & 1 or COVER_MASK[p] & ~removed:
                continue
            if wrank is None or adjacent(ranks[p], wrank, wrap):
                yield p

    start = (removed, None if waste is None else waste >> 2)
    seen = {start}
    reached = {removed}
    layer = [start]
    for next_card in range(stock_index, 53):
        stack = list(layer)
        while stack:
            removed, wrank = stack.pop()
            if removed == ALL_REMOVED:
                return True
            for p in plays(removed, wrank):
                state = (removed | 1 << p, ranks[p])
                if state not in seen:
                    seen.add(state)
                    reached.add(state[0])
                    stack.append(state)
        if next_card == 52:
            return False
        layer = [(r, ranks[next_card]) for r in reached if (r, ranks[next_card]) not in seen]
        seen.update(layer)
    return False  # pragma: no cover
