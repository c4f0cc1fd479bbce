"""The deal-independent lattice of removed sets that the exact solver works over.

A peak card leaves only once both cards covering it are gone, so of the 2**28
subsets of the 28 peak positions only 22,932 can ever be the set removed. They
are enumerated once, for every deal, with the work plan of the solver's table
(:mod:`tripeaks.solver`) and the order its quick search tries moves in.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import cast

from .layout import ALL_REMOVED, COVER_MASK, COVERED_BY, COVERS, PEAK_CARDS

__all__ = ["Lattice", "lattice", "uncovered_mask", "runner", "ABOVE", "BELOW", "DIRECT"]

_UNCOVERED: dict[int, int] = {}


def uncovered_mask(removed: int) -> int:
    """Positions still on the table with nothing covering them.

    Bit arithmetic on the cover relation of :mod:`tripeaks.layout`: a row-2
    card ``9 + j`` is free when base cards ``18 + j`` and ``19 + j`` are gone, a
    row-1 card of peak ``k`` when its two row-2 cards are (offsets 6, 7, 8),
    and tip ``k`` when its two row-1 cards are (offsets 3, 4, 5).
    """
    u = _UNCOVERED.get(removed)
    if u is None:
        r = removed
        u = ((0x3FF << 18) | ((r >> 9) & (r >> 10) & (0x1FF << 9))
             | ((r >> 6) & (r >> 7) & (0b11 << 3)) | ((r >> 7) & (r >> 8) & (0b11 << 5))
             | ((r >> 8) & (r >> 9) & (0b11 << 7))
             | ((r >> 3) & (r >> 4) & 1) | ((r >> 4) & (r >> 5) & 2) | ((r >> 5) & (r >> 6) & 4)
             ) & ~r & ALL_REMOVED
        _UNCOVERED[removed] = u
    return u


class Lattice:
    """Every reachable removed set, fewest cards first, and the table's work plan.

    ``order[i]`` is a removed set and ``index`` its inverse. ``plan`` lists,
    most cards first, groups ``(cards removed, children, rows)``: each row is
    ``(i, j0, q0, j1, q1, ...)``, set ``i`` and, for each card ``q`` it can
    remove next, the index ``j`` of the set that leaves. Rows of a group have
    the same number of children so that one generated loop, without an inner
    loop, can run them all (see :func:`runner`). ``plays[removed]`` lists the
    cards that set can remove next, those that uncover the most first: the
    quick search's move order, worked out once for every deal.
    """

    def __init__(self) -> None:
        index = {0: 0}
        order = [0]
        groups: dict[tuple[int, int], list[tuple[int, ...]]] = {}
        plays: dict[int, bytes] = {}
        i = 0
        # Breadth first: a set's children are found when it is reached, and
        # every set of k cards is reached before any set of k + 1.
        while i < len(order):
            removed = order[i]
            free = m = uncovered_mask(removed)
            row = [i]
            gains = []
            while m:
                low = m & -m
                m ^= low
                child = removed | low
                gains.append(((uncovered_mask(child) & ~free).bit_count(), low.bit_length() - 1))
                j = index.get(child)
                if j is None:
                    j = index[child] = len(order)
                    order.append(child)
                row.append(j)
                row.append(low.bit_length() - 1)
            if len(row) > 1:
                key = (removed.bit_count(), len(row) // 2)
                group = groups.get(key)
                if group is None:
                    group = groups[key] = []
                group.append(tuple(row))
            plays[removed] = bytes(p for _gain, p in sorted(gains, reverse=True))
            i += 1
        self.order: list[int] = order
        self.index: dict[int, int] = index
        self.plays: dict[int, bytes] = plays
        self.plan: list[tuple[int, int, list[tuple[int, ...]]]] = [
            (level, kids, rows) for (level, kids), rows in sorted(groups.items(), reverse=True)
        ]


Runner = Callable[[list[int], list[int], list[tuple[int, ...]], int, list[int], int, int], None]
"""The table's inner loop: (wins, peak columns, rows, stock bits, prefix, column 0, column 12)."""

_RUNNERS: dict[tuple[int, bool], Runner] = {}


def runner(kids: int, wrap: bool) -> Runner:
    """The table's inner loop for sets with ``kids`` children, written out.

    Generated once per (children, wrap) so that each child is one ``&`` and one
    ``|`` on a big int, with no Python-level inner loop: about a third faster.
    """
    run = _RUNNERS.get((kids, wrap))
    if run is None:
        names = ", ".join(["i"] + [f"j{t}, q{t}" for t in range(kids)])
        expr = " | ".join(f"(wins[j{t}] & peak_columns[q{t}])" for t in range(kids))
        lines = [
            "def run(wins, peak_columns, rows, stock_bits, prefix, c0, c12):",
            f"    for {names} in rows:",
            f"        c = {expr}",
            # Bits shifted out of a rank's range land on bits 13..15 of a
            # group, which nothing ever reads (children are masked by column).
            "        p = (c << 1) | (c >> 1)",
        ]
        if wrap:
            lines.append("        p |= ((c & c12) >> 12) | ((c & c0) << 12)")
        lines += [
            # The last stock card that wins when drawn: every earlier s wins
            # too. ``prefix`` is indexed by bit length (0 for no such card).
            "        wins[i] = p | prefix[(p & stock_bits).bit_length()]",
        ]
        namespace: dict[str, object] = {}
        exec("\n".join(lines), namespace)  # noqa: S102 - fixed template, no input
        # mypy cannot read the generated text; the template above is a Runner.
        run = _RUNNERS[(kids, wrap)] = cast(Runner, namespace["run"])
    return run


_LATTICE_CACHE: list[Lattice] = []


def lattice() -> Lattice:
    """The lattice, built on first use (a fraction of a second, once)."""
    if not _LATTICE_CACHE:
        _LATTICE_CACHE.append(Lattice())
    return _LATTICE_CACHE[0]


def _closure(relation: Sequence[Sequence[int]]) -> tuple[int, ...]:
    out = []
    for p in range(PEAK_CARDS):
        seen = 0
        todo = list(relation[p])
        while todo:
            q = todo.pop()
            if not seen >> q & 1:
                seen |= 1 << q
                todo.extend(relation[q])
        out.append(seen)
    return tuple(out)


ABOVE = _closure(COVERS)
"""For each position, the cards that can only leave after it (those it covers, on up)."""
BELOW = _closure(COVERED_BY)
"""For each position, the cards that must leave before it."""
DIRECT = tuple(COVER_MASK)
