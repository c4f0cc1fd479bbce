"""An exact TriPeaks solver, fast enough to run in the browser between two taps.

Suits never matter, so a position is three small ints: the 28-bit mask of
removed peak positions ``R``, the waste rank ``w`` and ``s``, the deal index of
the next stock card (29..52; 28..52 with an empty waste at the start).

Two facts make the search small:

* Only 22,932 masks ``R`` are reachable at all (a card leaves only once both
  cards covering it are gone). They are enumerated once, deal-independently,
  by :func:`lattice`.
* Having more stock left never hurts: from ``(R, w, s)`` you can always draw
  through to any later stock card. So whether ``(R, w, s)`` wins is monotone in
  ``s`` and, for each ``(R, w)``, the winning ``s`` form a prefix.

:meth:`DealSolver.table` is an exact dynamic programme over the lattice: for
each ``R`` (most cards removed first) one Python int holds a bit for every
``(s, w)`` pair from which ``R`` wins. Children are OR-ed in, a shift turns
"a card of rank r wins next" into "waste r-1 and r+1 win", and drawing adds the
prefix of ``s`` up to the last stock card that wins. About 23,000 ideals times a
handful of big-int operations: tens of milliseconds per deal, whatever the
deal, and then every position of that deal (hints, analysis) is a table
lookup. :func:`solve` first runs a short depth-first search, which finds the
line of most winnable deals in a millisecond or two, and builds the table only
when that search has not already won.

Nothing here is a heuristic: ``win`` comes with a line that replays, ``loss``
is proved by the table, and ``unknown`` means only that the caller's budget
(nodes or seconds) ran out.

>>> from tripeaks.game import Game
>>> solution = solve(Game.new(1))
>>> solution.result, len(solution.line) > 0
('win', True)
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .cards import card_code, card_name
from .layout import (
    ALL_REMOVED,
    COVER_MASK,
    COVERED_BY,
    COVERS,
    GROUP_MASKS,
    PEAK_CARDS,
    TIPS,
)
from .notation import DRAW, REDO, UNDO, move_text
from .rules import Rules

__all__ = [
    "DealSolver", "Position", "Solution", "Hint", "Par", "Analysis", "Winnable",
    "solve", "hint", "par", "analyse", "first_winnable", "daily_number", "replay_line",
    "BudgetExceeded", "PAR_NODES", "HINT_NODES", "SAFETY_SECONDS",
]

WIN, LOSS, UNKNOWN = "win", "loss", "unknown"
WILD = 13
"""The waste "rank" of an empty waste: every uncovered card fits."""
FIRST_STOCK = PEAK_CARDS
"""Deal index of the first card after the peaks; stock indexes run up to 52."""
_G = 16
"""Bits per stock index in a table entry: one per waste rank (13 used)."""
_GROUPS = 52 - FIRST_STOCK + 1
"""Table groups: s = 28..52, group s - 28."""
SEARCH_NODES = 1500
"""Nodes the quick depth-first search may use before :func:`solve` builds the table."""
PAR_NODES = 1_000_000
"""Work budget of :func:`par` (search nodes, or states of the best-score programme): over
twice what the benchmark deals need (docs/benchmarks.md), so par is exact on them."""
HINT_NODES = 250_000
"""Work budget of a hint's line to the best score: enough for most deals from their start
and every deal a few moves in, and under a second in the browser."""
SAFETY_SECONDS = 60.0
"""A wall-clock net against a runaway search. What a player is shown is bounded by work
(nodes), never by time, so it is the same on every device; the net only stops a search
that has gone wrong, and no benchmark deal comes near it."""


class BudgetExceeded(Exception):
    """Raised inside a search when its node or time budget is spent."""


# -- the deal-independent lattice of reachable removed sets -------------------

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


class _Lattice:
    """Every reachable removed set, fewest cards first, and the table's work plan.

    ``order[i]`` is a removed set and ``index`` its inverse. ``plan`` lists,
    most cards first, groups ``(cards removed, children, rows)``: each row is
    ``(i, j0, q0, j1, q1, ...)``, set ``i`` and, for each card ``q`` it can
    remove next, the index ``j`` of the set that leaves. Rows of a group have
    the same number of children so that one generated loop, without an inner
    loop, can run them all (see :func:`_runner`). ``plays[removed]`` lists the
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


_RUNNERS: dict[tuple[int, bool], Any] = {}


def _runner(kids: int, wrap: bool) -> Any:
    """The table's inner loop for sets with ``kids`` children, written out.

    Generated once per (children, wrap) so that each child is one ``&`` and one
    ``|`` on a big int, with no Python-level inner loop: about a third faster.
    """
    run = _RUNNERS.get((kids, wrap))
    if run is None:
        names = ", ".join(["i"] + [f"j{t}, q{t}" for t in range(kids)])
        expr = " | ".join(f"(wm[j{t}] & pcol[q{t}])" for t in range(kids))
        lines = [
            "def run(wm, pcol, rows, stock_bits, prefix, c0, c12):",
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
            "        wm[i] = p | prefix[(p & stock_bits).bit_length()]",
        ]
        namespace: dict[str, Any] = {}
        exec("\n".join(lines), namespace)  # noqa: S102 - fixed template, no input
        run = _RUNNERS[(kids, wrap)] = namespace["run"]
    return run


_LATTICE_CACHE: list[_Lattice] = []


def lattice() -> _Lattice:
    """The lattice, built on first use (a fraction of a second, once)."""
    if not _LATTICE_CACHE:
        _LATTICE_CACHE.append(_Lattice())
    return _LATTICE_CACHE[0]


def _adjacent(a: int, b: int, wrap: bool) -> bool:
    if a == WILD or b == WILD:
        return True
    gap = (a - b) % 13
    return gap in (1, 12) and (wrap or abs(a - b) == 1)


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


# -- positions and results ----------------------------------------------------


@dataclass(frozen=True)
class Position:
    """What the solver needs to know: the deal, the wrap rule and three ints."""

    cards: tuple[int, ...]
    wrap: bool = True
    removed: int = 0
    stock_index: int = FIRST_STOCK + 1
    waste: int | None = None

    @classmethod
    def start(cls, cards: Sequence[int], rules: Rules | None = None) -> Position:
        rules = rules or Rules()
        cards = tuple(cards)
        if rules.empty_waste:
            return cls(cards, rules.wrap, 0, FIRST_STOCK, None)
        return cls(cards, rules.wrap, 0, FIRST_STOCK + 1, cards[FIRST_STOCK])

    @classmethod
    def of(cls, game: Any) -> Position:
        """The position of a :class:`tripeaks.game.Game`."""
        return cls(tuple(game.cards), game.rules.wrap, game.removed, game.stock_index,
                   game.waste_top)

    @property
    def waste_rank(self) -> int:
        return WILD if self.waste is None else self.waste >> 2

    @property
    def won(self) -> bool:
        return self.removed == ALL_REMOVED


@dataclass(frozen=True)
class Solution:
    """The verdict on a position: ``win`` with a line, ``loss``, or ``unknown``."""

    result: str
    line: tuple[int, ...] = ()
    nodes: int = 0
    seconds: float = 0.0
    method: str = ""
    cards: tuple[int, ...] = field(default=(), repr=False)

    @property
    def won(self) -> bool:
        return self.result == WIN

    def line_text(self) -> list[str]:
        return [move_text(self.cards, m) for m in self.line]

    def to_json(self) -> dict[str, Any]:
        return {
            "result": self.result,
            "line": self.line_text(),
            "moves": list(self.line),
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
            "method": self.method,
        }


# -- the per-deal solver --------------------------------------------------------


class DealSolver:
    """Tables for one deal under one wrap rule; answers any position of it."""

    def __init__(self, cards: Sequence[int], wrap: bool = True) -> None:
        self.cards = tuple(cards)
        self.wrap = wrap
        self.pr = tuple(c >> 2 for c in self.cards[:PEAK_CARDS])
        self.sr = tuple(c >> 2 for c in self.cards)
        self.posadj = tuple(
            sum(1 << p for p in range(PEAK_CARDS) if _adjacent(self.pr[p], w, wrap))
            for w in range(WILD + 1)
        )
        # A card can only ever be played straight after a card of a neighbouring
        # rank: a stock card still to come, or a peak card that can leave just
        # before it (not one above it, nor one below it that is not a direct coverer).
        self.pred = tuple(
            self.posadj[self.pr[p]] & ~ABOVE[p] & ~(BELOW[p] & ~DIRECT[p])
            for p in range(PEAK_CARDS)
        )
        last = [FIRST_STOCK - 1] * 13
        for s in range(FIRST_STOCK, 52):
            for r in range(13):
                if _adjacent(self.sr[s], r, wrap):
                    last[r] = s
        self.unsupported = tuple(
            sum(1 << p for p in range(PEAK_CARDS) if last[self.pr[p]] < s)
            for s in range(53)
        )
        """For each next stock index, the positions no later stock card fits."""
        self._orphans: dict[int, int] = {}
        self._table: list[int] | None = None
        self.nodes = 0

    def orphans(self, removed: int) -> int:
        """Cards left with no peak card left that could ever be played just before them."""
        found = self._orphans.get(removed)
        if found is None:
            found = 0
            m = ALL_REMOVED & ~removed
            pred = self.pred
            while m:
                low = m & -m
                m ^= low
                if not pred[low.bit_length() - 1] & ~removed:
                    found |= low
            self._orphans[removed] = found
        return found

    # The table ---------------------------------------------------------------

    @property
    def has_table(self) -> bool:
        return self._table is not None

    def table(self, max_nodes: int | None = None, deadline: float | None = None,
              base: int = 0) -> list[int]:
        """The exact win table, built once per deal.

        Entry ``i`` (for ``lattice().order[i]``) has bit ``(s - 28) * 16 + w``
        set when that removed set wins with waste rank ``w`` and next stock
        index ``s``. Only sets containing ``base`` are filled in (others are 0).

        :raises BudgetExceeded: when ``max_nodes`` or ``deadline`` is passed.
        """
        if self._table is not None:
            return self._table
        lat = lattice()
        sr = self.sr
        valid = sum(0x1FFF << (_G * g) for g in range(_GROUPS))
        col = [sum(1 << (_G * g + r) for g in range(_GROUPS)) for r in range(13)]
        pcol = [col[r] for r in self.pr]
        stock_bits = 0
        for s in range(FIRST_STOCK, 52):
            # Drawing card s from next-index s gives waste sr[s], next index s + 1.
            stock_bits |= 1 << (_G * (s + 1 - FIRST_STOCK) + sr[s])
        prefix = [sum(0x1FFF << (_G * g) for g in range(t + 1)) for t in range(_GROUPS)]
        # By the bit length of (wins & stock_bits): its top bit lies in group
        # t + 1 when drawing from s = 28 + t wins, so groups 0..t win. Group 0
        # holds no stock bit, so the first entries are never read but 0.
        prefix = [0] * (_G + 1) + [prefix[b // _G - 1] for b in range(_G, _G * _GROUPS)]
        order = lat.order
        n = len(order)
        wm = [0] * n
        wm[n - 1] = valid  # everything removed: won from any waste, any stock
        c0, c12 = col[0], col[12]
        wrap = self.wrap
        limit = n if max_nodes is None else max_nodes
        if limit < n and base == 0:
            raise BudgetExceeded
        done = 0
        for _level, kids, rows in lat.plan:
            if deadline is not None and time.perf_counter() > deadline:
                self.nodes += done
                raise BudgetExceeded
            if base:
                rows = [row for row in rows if order[row[0]] & base == base]
            done += len(rows)
            if done > limit:
                self.nodes += done
                raise BudgetExceeded
            _runner(kids, wrap)(wm, pcol, rows, stock_bits, prefix, c0, c12)
        self.nodes += done
        if base == 0:
            self._table = wm
        return wm

    def table_wins(self, wm: list[int], removed: int, wrank: int, s: int) -> bool:
        """Whether ``(removed, waste rank, next stock index)`` wins, by the table."""
        if removed == ALL_REMOVED:
            return True
        lat = lattice()
        if wrank == WILD:
            m = uncovered_mask(removed)
            while m:
                low = m & -m
                m ^= low
                p = low.bit_length() - 1
                if wm[lat.index[removed | low]] >> (_G * (s - FIRST_STOCK) + self.pr[p]) & 1:
                    return True
            return s < 52 and self.table_wins(wm, removed, self.sr[s], s + 1)
        return bool(wm[lat.index[removed]] >> (_G * (s - FIRST_STOCK) + wrank) & 1)

    def table_line(self, wm: list[int], removed: int, wrank: int, s: int) -> list[int]:
        """A winning line from a winning position, playing before drawing."""
        line: list[int] = []
        while removed != ALL_REMOVED:
            m = uncovered_mask(removed) & self.posadj[wrank]
            moved = False
            while m:
                low = m & -m
                m ^= low
                p = low.bit_length() - 1
                if self.table_wins(wm, removed | low, self.pr[p], s):
                    line.append(p)
                    removed |= low
                    wrank = self.pr[p]
                    moved = True
                    break
            if not moved:
                if s >= 52:  # pragma: no cover - the table said this wins
                    raise AssertionError("table line ran out of stock")
                line.append(DRAW)
                wrank = self.sr[s]
                s += 1
        return line

    # The quick search -------------------------------------------------------

    def search(self, removed: int, wrank: int, s: int, max_nodes: int,
               deadline: float | None = None) -> list[int] | None:
        """Depth-first search for a winning line; ``None`` when proved lost.

        :raises BudgetExceeded: when ``max_nodes`` or ``deadline`` is passed.
        """
        failed: dict[int, int] = {}
        pr, sr, posadj, unsupported = self.pr, self.sr, self.posadj, self.unsupported
        plays, known_orphans, orphans = lattice().plays, self._orphans, self.orphans
        path: list[int] = []
        budget = [max_nodes]

        def dfs(removed: int, wrank: int, s: int) -> bool:
            if removed == ALL_REMOVED:
                return True
            key = removed | wrank << 28
            f = failed.get(key, 99)
            if s >= f:
                return False
            budget[0] -= 1
            if budget[0] < 0 or (deadline is not None and budget[0] & 255 == 0
                                 and time.perf_counter() > deadline):
                raise BudgetExceeded
            # A cheap proof of loss: a card left that no stock card still to
            # come fits, that no card left can precede, and that cannot be
            # played now. (Inlined: this is the search's hottest line.)
            lost = known_orphans.get(removed)
            if lost is None:
                lost = orphans(removed)
            lost &= unsupported[s]
            if lost and lost & ~(uncovered_mask(removed) & posadj[wrank]):
                failed[key] = s
                return False
            fits = posadj[wrank]
            for p in plays[removed]:  # those that uncover the most cards first
                if fits >> p & 1:
                    path.append(p)
                    if dfs(removed | 1 << p, pr[p], s):
                        return True
                    path.pop()
            if s < 52:
                path.append(DRAW)
                if dfs(removed, sr[s], s + 1):
                    return True
                path.pop()
            failed[key] = s
            return False

        try:
            won = dfs(removed, wrank, s)
        finally:
            self.nodes += max_nodes - max(budget[0], 0)
            # dfs refers to itself: a reference cycle that would keep all it
            # sees (this deal's 2 MB table among it) alive until the cyclic
            # collector runs. In Pyodide that grew the heap to 685 MB over
            # 1,300 deals, then stalled 2 s while WebAssembly memory grew.
            dfs = None  # type: ignore[assignment]
        return path if won else None

    # Solving ----------------------------------------------------------------

    def solve(self, removed: int, wrank: int, s: int, max_nodes: int | None = None,
              max_seconds: float | None = None) -> Solution:
        start = time.perf_counter()
        deadline = None if max_seconds is None else start + max_seconds
        self.nodes = 0

        def done(result: str, line: Sequence[int] = (), method: str = "") -> Solution:
            return Solution(result, tuple(line), self.nodes, time.perf_counter() - start,
                            method, self.cards)

        if removed == ALL_REMOVED:
            return done(WIN, (), "won")
        if self._table is not None:
            wm = self._table
            if self.table_wins(wm, removed, wrank, s):
                return done(WIN, self.table_line(wm, removed, wrank, s), "table")
            return done(LOSS, (), "table")
        quick = SEARCH_NODES if max_nodes is None else min(SEARCH_NODES, max_nodes)
        try:
            line = self.search(removed, wrank, s, quick, deadline)
        except BudgetExceeded:
            line = None
            if (max_nodes is not None and self.nodes >= max_nodes) or (
                    deadline is not None and time.perf_counter() > deadline):
                return done(UNKNOWN, (), "search")
        else:
            if line is not None:
                return done(WIN, line, "search")
            return done(LOSS, (), "search")
        left = None if max_nodes is None else max_nodes - self.nodes
        try:
            wm = self.table(left, deadline, base=0 if removed == 0 else removed)
        except BudgetExceeded:
            return done(UNKNOWN, (), "table")
        if self.table_wins(wm, removed, wrank, s):
            return done(WIN, self.table_line(wm, removed, wrank, s), "table")
        return done(LOSS, (), "table")


_SOLVERS: OrderedDict[tuple[tuple[int, ...], bool], DealSolver] = OrderedDict()


def deal_solver(cards: Sequence[int], wrap: bool) -> DealSolver:
    """The cached solver of a deal (the last few deals keep their tables)."""
    key = (tuple(cards), wrap)
    found = _SOLVERS.get(key)
    if found is None:
        found = DealSolver(key[0], wrap)
        _SOLVERS[key] = found
        while len(_SOLVERS) > 4:
            _SOLVERS.popitem(last=False)
    else:
        _SOLVERS.move_to_end(key)
    return found


def _position(target: Any, rules: Rules | None) -> Position:
    if isinstance(target, Position):
        return target
    if hasattr(target, "removed") and hasattr(target, "stock_index"):
        return Position.of(target)
    return Position.start(target, rules)


def solve(target: Any, rules: Rules | None = None, *, max_nodes: int | None = None,
          max_seconds: float | None = None) -> Solution:
    """Solve a position exactly: a :class:`~tripeaks.game.Game`, a :class:`Position`,
    or the 52 cards of a new deal (with ``rules``).

    ``max_nodes``/``max_seconds`` bound the work; only then can the answer be
    ``unknown``. Moves in ``line`` are peak positions and ``DRAW``.
    """
    pos = _position(target, rules)
    solver = deal_solver(pos.cards, pos.wrap)
    return solver.solve(pos.removed, pos.waste_rank, pos.stock_index, max_nodes, max_seconds)


def replay_line(target: Any, line: Iterable[int], rules: Rules | None = None) -> Any:
    """Play ``line`` on a copy of the game (or a new game of the deal) and return it."""
    from .game import Game

    if hasattr(target, "to_record"):
        game = Game.from_record(target.to_record())
    else:
        game = Game(tuple(target), rules or Rules())
    for move in line:
        game.apply(move)
    return game


# -- winnable deals -------------------------------------------------------------


class Winnable(NamedTuple):
    """The first deal number from a start that the solver proved winnable."""

    number: int
    solution: Solution


def first_winnable(number: int, rules: Rules | None = None, *, max_nodes: int = 40000,
                   max_seconds: float | None = None, tries: int = 1000) -> Winnable:
    """The first deal from ``number`` on that is a proved win under ``rules``.

    A deal that is a proved loss, or that runs out of its budget, is skipped for
    the next number. The default budget is in nodes only, and large enough for
    the table (which decides every deal), so every device picks the same deal;
    a ``max_seconds`` budget would make the choice depend on the device's speed.
    """
    from . import deals

    rules = rules or Rules()
    for k in range(tries):
        n = (number + k) % (deals.MAX_DEAL + 1)
        cards = deals.shuffle(n)
        solution = solve(Position.start(cards, rules), max_nodes=max_nodes,
                         max_seconds=max_seconds)
        if solution.won:
            return Winnable(n, solution)
    raise ValueError(f"no winnable deal found in {tries} deals from {number}")


def daily_number(date: Any, rules: Rules | None = None) -> int:
    """The daily deal of a date (``YYYY-MM-DD``): the first deal from number
    YYYYMMDD on that is winnable under ``rules``, the same on every device."""
    from . import deals

    return first_winnable(deals.daily_number(date), rules).number


# -- hints ------------------------------------------------------------------------


@dataclass(frozen=True)
class Hint:
    """A suggested move, why, and from which knowledge (``solver`` or ``fair``)."""

    move: int | None
    text: str | None
    reason: str
    source: str
    result: str = UNKNOWN
    aim: str = "none"
    """What the move keeps: ``par`` (a line to the best score still possible),
    ``win`` (a winning line), ``clear`` (the line that clears the most cards),
    ``fair`` (the fair hint's choice) or ``none`` (the game is over)."""
    score: int | None = None
    """With aim ``par``: the final score that line reaches."""

    def to_json(self) -> dict[str, Any]:
        return {"move": self.text, "position": self.move, "reason": self.reason,
                "source": self.source, "result": self.result, "aim": self.aim,
                "score": self.score}


def _most_cleared(solver: DealSolver, removed: int, wrank: int, s: int,
                  max_nodes: int = 20000) -> tuple[list[int], int]:
    """The line that removes the most peak cards (exhaustive over (R, w) with the
    monotone stock memo; bounded by ``max_nodes``)."""
    pr, sr, posadj = solver.pr, solver.sr, solver.posadj
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
        m = uncovered_mask(removed) & posadj[wrank]
        while m:
            low = m & -m
            m ^= low
            p = low.bit_length() - 1
            path.append(p)
            dfs(removed | low, pr[p], s)
            path.pop()
        if s < 52:
            path.append(DRAW)
            dfs(removed, sr[s], s + 1)
            path.pop()

    try:
        dfs(removed, wrank, s)
    except BudgetExceeded:
        pass
    finally:
        dfs = None  # type: ignore[assignment]  # break the cycle (see DealSolver.search)
    return best_line, best_count[0]


def hint(game: Any, fair: bool = False, *, max_nodes: int = HINT_NODES,
         max_seconds: float | None = SAFETY_SECONDS) -> Hint:
    """The next move to make.

    With ``fair=False`` (reference 000's Hint button) the solver sees every
    card. Under a scoring system it gives the next move of a line to the best
    score still possible when that line can be worked out within ``max_nodes``
    (see :func:`best_line`), else the next move of a winning line; in a lost
    position, the first move of the line that clears the most cards. With
    ``fair=True`` (reference 004) only what the player can see is used, through
    :class:`tripeaks.ai.HardAI`. Every budget is work, not time, so a hint is
    the same on a slow device as on a fast one.
    """
    if game.over:
        return Hint(None, None, "The game is over.", "fair" if fair else "solver")
    if fair:
        from .ai import HardAI

        move = HardAI(seed=0).choose(game)
        return Hint(move, move_text(game.cards, move), "Best move from the cards you can see.",
                    "fair", aim="fair")
    pos = Position.of(game)
    solution = solve(pos, max_seconds=max_seconds)  # the table decides every deal: no node cap
    if solution.won and solution.line:
        aimed = None
        if game.rules.scoring != "none":
            aimed = best_line(game, max_nodes=max_nodes, max_seconds=max_seconds)
        if aimed is not None and aimed[2]:
            score, line, _exact = aimed
            move = line[0]
            return Hint(move, move_text(game.cards, move),
                        f"This move keeps a line to {score} points, the best score still "
                        "possible.", "solver", WIN, "par", score)
        move = solution.line[0]
        reason = "This move keeps a winning line."
        if aimed is not None:
            reason += " (Too many lines remain to find the best score yet.)"
        return Hint(move, move_text(game.cards, move), reason, "solver", WIN, "win")
    solver = deal_solver(pos.cards, pos.wrap)
    line, _count = _most_cleared(solver, pos.removed, pos.waste_rank, pos.stock_index)
    if not line:
        line = [game.legal_moves()[0]]
    move = line[0]
    reason = ("No line wins from here; this move starts the line that clears the most cards."
              if solution.result == LOSS else
              "The solver ran out of time; this move clears the most cards it found.")
    return Hint(move, move_text(game.cards, move), reason, "solver", solution.result, "clear")


# -- par ----------------------------------------------------------------------------


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

    def to_json(self) -> dict[str, Any]:
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


class _ScoreModel:
    """The score of a line under one system, computed by the solver for speed.

    Tests check every par line by replaying it through the engine's scoring.
    """

    def __init__(self, scoring: str) -> None:
        self.name = scoring

    def line_score(self, line: Sequence[int], start_removed: int, stock_left: int,
                   start: tuple[int, int, int] = (0, 0, 0)) -> int:
        """Score of a winning line from a start (score, streak, peaks taken)."""
        score, streak, peaks = start
        removed = start_removed
        name = self.name
        if name == "points":
            for m in line:
                if m == DRAW:
                    score = max(0, score - 1)
                    stock_left -= 1
                else:
                    removed |= 1 << m
                    bonus = 0
                    for g in GROUP_MASKS:
                        if g >> m & 1 and removed & g == g:
                            bonus = 100
                    score = max(0, score - 1 + bonus)
            return score
        for m in line:
            if m == DRAW:
                streak = 0
                stock_left -= 1
            else:
                streak += 1
                score += streak
                if m in TIPS and name != "chain":
                    score += (15, 15, 30)[peaks]
                    peaks += 1
                elif m in TIPS:
                    peaks += 1
        if name in ("streak", "chain"):
            score += 10 * stock_left
        elif name == "classic":
            score += 50
        return score


def _start_score(game: Any) -> tuple[int, int, int]:
    state = game.state
    return (state.score, state.streak, state.peaks)


def _streak_plan(solver: DealSolver, wm: list[int], scoring: str, removed: int, wrank: int,
                 s: int, streak: int, max_nodes: int,
                 deadline: float | None) -> tuple[int, list[int], int]:
    """The most points still to come on a winning line under a streak scoring
    system (``streak``, ``classic``, ``chain``), exactly, with that line.

    On a winning line every tip goes, so the tips' bonuses add up to the same
    total whatever their order, and classic's clearing bonus is fixed: what
    varies is the streak points and the stock bonus, and those depend only on
    (removed, waste, next stock card, live streak). A memoised recursion over
    those states, restricted to the ones the win table says still win, is an
    exact dynamic programme. Returns (points to come, line, states visited).

    :raises BudgetExceeded: when more than ``max_nodes`` states are needed, or
        past ``deadline`` (the caller's wall-clock safety net).
    """
    index = lattice().index
    pr, sr, posadj = solver.pr, solver.sr, solver.posadj
    stock_bonus = 10 if scoring in ("streak", "chain") else 0
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
        shift = _G * (s - FIRST_STOCK)
        m = uncovered_mask(removed) & posadj[wrank]
        while m:
            low = m & -m
            m ^= low
            r2 = removed | low
            p = low.bit_length() - 1
            if r2 == ALL_REMOVED:
                value = c + 1 + stock_bonus * (52 - s)
            elif wm[index[r2]] >> (shift + pr[p]) & 1:
                value = c + 1 + best(r2, pr[p], s, c + 1)
            else:
                continue
            if value > top:
                top, choice = value, p
        if s < 52 and wm[index[removed]] >> (shift + _G + sr[s]) & 1:
            value = best(removed, sr[s], s + 1, 0)
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
            wrank, s, c = sr[s], s + 1, 0
        else:
            removed, wrank, c = removed | 1 << move, pr[move], c + 1
    return gain, line, len(memo)


def par(target: Any, rules: Rules | None = None, *, max_nodes: int = PAR_NODES,
        max_seconds: float | None = SAFETY_SECONDS) -> Par:
    """Par of a deal or a game in progress: the best score reachable on a winning
    line under the rules' scoring system, and the fewest draws that still win.

    Both are searched exactly (see :func:`best_line`); when ``max_nodes`` runs
    out the best found so far is returned, marked as a bound
    (``score_exact``/``draws_exact`` false). The budget is work, not time, so
    par is the same on every device. A lost position has no par.
    """
    from .game import Game

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
    wm = solver.table()
    deadline = None if max_seconds is None else time.perf_counter() + max_seconds
    fewest = _fewest_draws(solver, wm, pos, max_nodes, deadline)
    draws, draws_line, draws_exact, nodes = fewest
    if scoring == "none":
        return Par(None, True, (), draws, draws_exact, tuple(draws_line), scoring, WIN,
                   pos.cards, nodes)
    score, score_line, score_exact, more = _best_final(solver, wm, pos, game, max_nodes,
                                                       deadline, fewest)
    return Par(score, score_exact, tuple(score_line), draws, draws_exact, tuple(draws_line),
               scoring, WIN, pos.cards, nodes + more)


_PLANS: dict[Any, dict[tuple[int, int, int, int], tuple[int, ...]]] = {}
"""Exact best-score lines of the last deal hinted, by the states along them: a
player who follows a hint gets the next one without a new search."""


def best_line(game: Any, *, max_nodes: int = HINT_NODES,
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
    start = _start_score(game)
    model = _ScoreModel(scoring)
    deal = (pos.cards, pos.wrap, scoring)
    state = (pos.removed, pos.waste_rank, pos.stock_index, start[1])
    known = _PLANS.get(deal)
    if known is not None and state in known:
        line = known[state]
        return model.line_score(line, pos.removed, 52 - pos.stock_index, start), line, True
    solver = deal_solver(pos.cards, pos.wrap)
    wm = solver.table()
    deadline = None if max_seconds is None else time.perf_counter() + max_seconds
    score, found, exact, _nodes = _best_final(solver, wm, pos, game, max_nodes, deadline)
    line = tuple(found)
    if exact:
        if known is None:
            _PLANS.clear()
            known = _PLANS[deal] = {}
        removed, wrank, s, streak = state
        for i, move in enumerate(line):
            known[(removed, wrank, s, streak)] = line[i:]
            if move == DRAW:
                wrank, s, streak = solver.sr[s], s + 1, 0
            else:
                removed, wrank, streak = removed | 1 << move, solver.pr[move], streak + 1
    return score, line, exact


def _best_final(solver: DealSolver, wm: list[int], pos: Position, game: Any, max_nodes: int,
                deadline: float | None,
                fewest: tuple[int, list[int], bool, int] | None = None,
                ) -> tuple[int, list[int], bool, int]:
    """The best final score on a winning line from a winning position: (score,
    line, exact, work done)."""
    scoring = game.rules.scoring
    start = _start_score(game)
    model = _ScoreModel(scoring)
    r0, w0, s0 = pos.removed, pos.waste_rank, pos.stock_index
    if scoring in ("streak", "classic", "chain"):
        try:
            _gain, line, nodes = _streak_plan(solver, wm, scoring, r0, w0, s0, start[1],
                                              max_nodes, deadline)
        except BudgetExceeded:
            line, nodes, exact = solver.table_line(wm, r0, w0, s0), max_nodes, False
        else:
            exact = True
        return model.line_score(line, r0, 52 - s0, start), line, exact, nodes
    plays_left = PEAK_CARDS - r0.bit_count()
    if scoring == "points" and start[0] - plays_left - (52 - s0) >= 0:
        # The score cannot reach its floor of 0, so every card and draw costs
        # exactly 1 and every group still pays 100: the best line is the one
        # with the fewest draws.
        given = fewest is not None
        if fewest is None:
            fewest = _fewest_draws(solver, wm, pos, max_nodes, deadline)
        _draws, line, exact, nodes = fewest
        return model.line_score(line, r0, 52 - s0, start), line, exact, 0 if given else nodes
    return _best_score(solver, wm, pos, game, max_nodes, deadline)


def _fewest_draws(solver: DealSolver, wm: list[int], pos: Position, max_nodes: int,
                  deadline: float | None) -> tuple[int, list[int], bool, int]:
    """Fewest draws on a winning line: a layered search by draws used, each
    (R, w) expanded once at the fewest draws that reach it; restricted to states
    the table says win."""
    pr, sr, posadj = solver.pr, solver.sr, solver.posadj
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
        while parent[key] is not None:
            pkey, move = parent[key]  # type: ignore[misc]
            if move >= 0:
                out.append(move)
            else:
                out.extend([DRAW] * -move)
            key = pkey
        out.reverse()
        return out

    for d in range(0, 52 - s0 + 1):
        s = s0 + d
        stack: list[int] = []
        if d == 0:
            stack.append(start_key)
        else:
            w = sr[s - 1]
            for removed in reached:
                key = removed | w << 28
                if key not in parent and solver.table_wins(wm, removed, w, s):
                    parent[key] = (first_key[removed], -(d - layer_of[removed]))
                    stack.append(key)
        while stack:
            key = stack.pop()
            nodes += 1
            if nodes > max_nodes or (deadline is not None and nodes & 255 == 0
                                     and time.perf_counter() > deadline):
                raise_line = solver.table_line(wm, r0, w0, s0)
                return raise_line.count(DRAW), raise_line, False, nodes
            removed = key & ALL_REMOVED
            m = uncovered_mask(removed) & posadj[key >> 28]
            while m:
                low = m & -m
                m ^= low
                p = low.bit_length() - 1
                r2 = removed | low
                k2 = r2 | pr[p] << 28
                if k2 in parent or not solver.table_wins(wm, r2, pr[p], s):
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
    line = solver.table_line(wm, r0, w0, s0)  # pragma: no cover - a won table always ends
    return line.count(DRAW), line, False, nodes


def _best_score(solver: DealSolver, wm: list[int], pos: Position, game: Any, max_nodes: int,
                deadline: float | None) -> tuple[int, list[int], bool, int]:
    """Branch and bound over winning lines for the best final score (used for
    ``points`` scoring when the score may fall to its floor of 0)."""
    model = _ScoreModel(game.rules.scoring)
    name = model.name
    pr, sr, posadj = solver.pr, solver.sr, solver.posadj
    start = _start_score(game)
    r0, w0, s0 = pos.removed, pos.waste_rank, pos.stock_index
    first = solver.table_line(wm, r0, w0, s0)
    best = [model.line_score(first, r0, 52 - s0, start), list(first)]
    path: list[int] = []
    nodes = [0]
    seen: dict[tuple[int, int, int, int], int] = {}

    def upper(removed: int, s: int, score: int, streak: int, peaks: int) -> int:
        left = PEAK_CARDS - removed.bit_count()
        if name == "points":
            groups = sum(1 for g in GROUP_MASKS if removed & g != g)
            return score - left + 100 * groups
        # Best case: every card left in the current streak, every stock card kept.
        bound = score + left * streak + left * (left + 1) // 2
        if name in ("streak", "classic"):
            bound += sum((15, 15, 30)[peaks:])
        if name in ("streak", "chain"):
            bound += 10 * (52 - s)
        elif name == "classic":
            bound += 50
        return bound

    def dfs(removed: int, wrank: int, s: int, score: int, streak: int, peaks: int) -> None:
        if removed == ALL_REMOVED:
            final = score
            if name in ("streak", "chain"):
                final += 10 * (52 - s)
            elif name == "classic":
                final += 50
            if final > best[0]:
                best[0] = final
                best[1] = list(path)
            return
        if upper(removed, s, score, streak, peaks) <= best[0]:
            return
        key = (removed | wrank << 28, s, streak if name != "points" else 0, peaks)
        prev = seen.get(key)
        if prev is not None and prev >= score:
            return
        seen[key] = score
        nodes[0] += 1
        if nodes[0] > max_nodes or (deadline is not None and nodes[0] & 255 == 0
                                    and time.perf_counter() > deadline):
            raise BudgetExceeded
        m = uncovered_mask(removed) & posadj[wrank]
        while m:
            low = m & -m
            m ^= low
            p = low.bit_length() - 1
            r2 = removed | low
            if not solver.table_wins(wm, r2, pr[p], s):
                continue
            if name == "points":
                bonus = 0
                for g in GROUP_MASKS:
                    if g >> p & 1 and r2 & g == g:
                        bonus = 100
                nscore, nstreak, npeaks = max(0, score - 1 + bonus), 0, peaks
            else:
                nstreak = streak + 1
                nscore = score + nstreak
                npeaks = peaks
                if p in TIPS:
                    if name != "chain":
                        nscore += (15, 15, 30)[peaks]
                    npeaks = peaks + 1
            path.append(p)
            dfs(r2, pr[p], s, nscore, nstreak, npeaks)
            path.pop()
        if s < 52 and solver.table_wins(wm, removed, sr[s], s + 1):
            path.append(DRAW)
            dscore = max(0, score - 1) if name == "points" else score
            dfs(removed, sr[s], s + 1, dscore, 0, peaks)
            path.pop()

    exact = True
    try:
        dfs(r0, w0, s0, start[0], start[1] if name != "points" else 0, start[2])
    except BudgetExceeded:
        exact = False
    finally:
        dfs = None  # type: ignore[assignment]  # break the cycle (see DealSolver.search)
    return best[0], best[1], exact, nodes[0]


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

    @property
    def turning_name(self) -> str | None:
        """The turning move as a player says it: ``king of hearts``, or ``None`` for a draw."""
        if self.turning_point is None or self.moves[self.turning_point] == DRAW:
            return None
        return card_name(self.cards[self.moves[self.turning_point]])

    def to_json(self) -> dict[str, Any]:
        return {
            "winnable": self.winnable,
            "turning_point": self.turning_point,
            "turning_move": self.turning_move,
            "turning_name": self.turning_name,
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


def analyse(record: Any, *, with_par: bool = True,
            max_seconds: float | None = SAFETY_SECONDS) -> Analysis:
    """Analyse a finished or abandoned game (a Game, or its saved record)."""
    from .game import Game

    game = record if isinstance(record, Game) else Game.from_record(record)
    moves = _effective_moves(game.actions)
    fresh = game.restarted()
    pos = Position.of(fresh)
    solver = deal_solver(pos.cards, pos.wrap)
    verdict = solve(pos, max_seconds=max_seconds)
    if verdict.result == UNKNOWN:
        return Analysis(None, None, None, None, tuple(moves), None, game.cards)
    wm = solver.table()
    turning = None
    winnable_now = verdict.won
    if verdict.won:
        for i, move in enumerate(moves):
            fresh.apply(move)
            p = Position.of(fresh)
            if not solver.table_wins(wm, p.removed, p.waste_rank, p.stock_index):
                turning = i
                winnable_now = False
                break
        else:
            winnable_now = True
    par_value = par(game.restarted(), max_seconds=max_seconds) if with_par else None
    turning_move = None if turning is None else move_text(game.cards, moves[turning])
    return Analysis(verdict.won, turning, turning_move, winnable_now, tuple(moves), par_value,
                    game.cards)


def describe(solution: Solution) -> str:
    """One line for people: ``win in 41 moves (12 draws)``."""
    if solution.result == WIN:
        draws = solution.line.count(DRAW)
        return f"win in {len(solution.line)} moves ({draws} draws)"
    if solution.result == LOSS:
        return "loss: no line wins"
    return "unknown: the budget ran out"


def card_list(cards: Sequence[int]) -> str:
    return " ".join(card_code(c) for c in cards)
