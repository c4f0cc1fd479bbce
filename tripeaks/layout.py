"""The shape of the three peaks, as tables computed once at import.

Positions 0..27 run row by row, left to right: row 0 holds the three tips
(0..2), row 1 six cards (3..8), row 2 nine (9..17) and row 3, the base row,
ten (18..27). A card is uncovered once every card covering it is gone; the
base row is never covered.

Cover relation (indexes within a row):
  tip p            is covered by row-1 cards 2p and 2p+1;
  row-1 card 2p+i  is covered by row-2 cards 3p+i and 3p+i+1;
  row-2 card j     is covered by row-3 cards j and j+1.

>>> COVERED_BY[0], COVERED_BY[9], COVERED_BY[27]
((3, 4), (18, 19), ())
"""

from __future__ import annotations

PEAK_CARDS = 28
ROW_SIZES = (3, 6, 9, 10)
ROW_STARTS = (0, 3, 9, 18)
TIPS = (0, 1, 2)
ALL_REMOVED = (1 << PEAK_CARDS) - 1


ROW_OF: tuple[int, ...] = tuple(row for row, size in enumerate(ROW_SIZES) for _ in range(size))
"""Row 0 (tips) .. 3 (base row) of each peak position."""


def _covered_by() -> tuple[tuple[int, ...], ...]:
    r1, r2, r3 = ROW_STARTS[1], ROW_STARTS[2], ROW_STARTS[3]
    table: list[tuple[int, ...]] = []
    for p in range(3):
        table.append((r1 + 2 * p, r1 + 2 * p + 1))
    for p in range(3):
        for i in range(2):
            table.append((r2 + 3 * p + i, r2 + 3 * p + i + 1))
    for j in range(9):
        table.append((r3 + j, r3 + j + 1))
    table.extend(() for _ in range(10))
    return tuple(table)


COVERED_BY: tuple[tuple[int, ...], ...] = _covered_by()
"""For each position, the positions (in the row below) that cover it."""

COVERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(p for p in range(PEAK_CARDS) if q in COVERED_BY[p]) for q in range(PEAK_CARDS)
)
"""For each position, the positions (in the row above) that it covers."""

COVER_MASK: tuple[int, ...] = tuple(sum(1 << q for q in cs) for cs in COVERED_BY)
"""Bit mask of the covering positions: uncovered iff ``COVER_MASK[p] & ~removed == 0``."""

# The scoring groups of reference 002: the base row splits 3/3/4 among the
# peaks, so the left and middle groups hold 9 cards and the right one 10.
_GROUP_ROWS = (
    ((0,), (0, 1), (0, 1, 2), (0, 1, 2)),
    ((1,), (2, 3), (3, 4, 5), (3, 4, 5)),
    ((2,), (4, 5), (6, 7, 8), (6, 7, 8, 9)),
)
PEAK_GROUPS: tuple[tuple[int, ...], ...] = tuple(
    tuple(ROW_STARTS[row] + i for row, idx in enumerate(rows) for i in idx)
    for rows in _GROUP_ROWS
)
GROUP_MASKS: tuple[int, ...] = tuple(sum(1 << p for p in g) for g in PEAK_GROUPS)
GROUP_OF: tuple[int, ...] = tuple(
    next(g for g, members in enumerate(PEAK_GROUPS) if p in members) for p in range(PEAK_CARDS)
)


def uncovered(position: int, removed: int) -> bool:
    """Whether every card covering ``position`` has been removed."""
    return COVER_MASK[position] & ~removed == 0
