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
from collections.abc import Sequence
from dataclasses import dataclass, field

from .cards import adjacent
from .game import Game
from .jsontext import SolutionJSON
from .lattice import ABOVE, BELOW, DIRECT, lattice, runner, uncovered_mask
from .layout import ALL_REMOVED, PEAK_CARDS
from .notation import DRAW, move_text
from .rules import Rules

__all__ = [
    "DealSolver", "SolverCache", "Position", "Solution", "solve", "deal_solver", "describe",
    "lattice", "uncovered_mask", "BudgetExceeded", "SEARCH_NODES", "SAFETY_SECONDS", "WIN", "LOSS",
    "UNKNOWN", "WILD", "FIRST_STOCK",
]

WIN, LOSS, UNKNOWN = "win", "loss", "unknown"
WILD = 13
"""The waste "rank" of an empty waste: every uncovered card fits."""
FIRST_STOCK = PEAK_CARDS
"""Deal index of the first card after the peaks; stock indexes run up to 52."""
GROUP_BITS = 16
"""Bits per stock index in a table entry: one per waste rank (13 used)."""
_GROUPS = 52 - FIRST_STOCK + 1
"""Table groups: s = 28..52, group s - 28."""
SEARCH_NODES = 1500
"""Nodes the quick depth-first search may use before :func:`solve` builds the table."""
SAFETY_SECONDS = 60.0
"""A wall-clock net against a runaway search. What a player is shown is bounded by work
(nodes), never by time, so it is the same on every device; the net only stops a search
that has gone wrong, and no benchmark deal comes near it."""


class BudgetExceeded(Exception):
    """Raised inside a search when its node or time budget is spent."""


def _adjacent(a: int, b: int, wrap: bool) -> bool:
    """:func:`~tripeaks.cards.adjacent`, with the empty waste (WILD) taking any rank."""
    return a == WILD or b == WILD or adjacent(a, b, wrap)


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
    def of(cls, game: Game) -> Position:
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

    def to_json(self) -> SolutionJSON:
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
        self.peak_ranks = tuple(c >> 2 for c in self.cards[:PEAK_CARDS])
        self.stock_ranks = tuple(c >> 2 for c in self.cards)
        self.fits_waste = tuple(
            sum(1 << p for p in range(PEAK_CARDS) if _adjacent(self.peak_ranks[p], w, wrap))
            for w in range(WILD + 1)
        )
        # A card can only ever be played straight after a card of a neighbouring
        # rank: a stock card still to come, or a peak card that can leave just
        # before it (not one above it, nor one below it that is not a direct coverer).
        self.pred = tuple(
            self.fits_waste[self.peak_ranks[p]] & ~ABOVE[p] & ~(BELOW[p] & ~DIRECT[p])
            for p in range(PEAK_CARDS)
        )
        last = [FIRST_STOCK - 1] * 13
        for s in range(FIRST_STOCK, 52):
            for r in range(13):
                if _adjacent(self.stock_ranks[s], r, wrap):
                    last[r] = s
        self.unsupported = tuple(
            sum(1 << p for p in range(PEAK_CARDS) if last[self.peak_ranks[p]] < s)
            for s in range(53)
        )
        """For each next stock index, the positions no later stock card fits."""
        self._orphans: dict[int, int] = {}
        self._table: list[int] | None = None
        self.nodes = 0
        self.best_lines: dict[str, dict[tuple[int, int, int, int], tuple[int, ...]]] = {}
        """Exact best-score lines found on this deal (:func:`tripeaks.par.best_line`),
        by scoring system, by each state along them: (removed, waste rank, next
        stock index, live streak) -> the rest of the line. A player who follows
        a hint gets the next one without a new search."""

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
        stock_ranks = self.stock_ranks
        valid = sum(0x1FFF << (GROUP_BITS * g) for g in range(_GROUPS))
        col = [sum(1 << (GROUP_BITS * g + r) for g in range(_GROUPS)) for r in range(13)]
        peak_columns = [col[r] for r in self.peak_ranks]
        stock_bits = 0
        for s in range(FIRST_STOCK, 52):
            # Drawing card s from next-index s gives waste stock_ranks[s], next index s + 1.
            stock_bits |= 1 << (GROUP_BITS * (s + 1 - FIRST_STOCK) + stock_ranks[s])
        prefix = [sum(0x1FFF << (GROUP_BITS * g) for g in range(t + 1)) for t in range(_GROUPS)]
        # By the bit length of (wins & stock_bits): its top bit lies in group
        # t + 1 when drawing from s = 28 + t wins, so groups 0..t win. Group 0
        # holds no stock bit, so the first entries are never read but 0.
        bits = GROUP_BITS
        prefix = [0] * (bits + 1) + [prefix[b // bits - 1] for b in range(bits, bits * _GROUPS)]
        order = lat.order
        n = len(order)
        wins = [0] * n
        wins[n - 1] = valid  # everything removed: won from any waste, any stock
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
            runner(kids, wrap)(wins, peak_columns, rows, stock_bits, prefix, c0, c12)
        self.nodes += done
        if base == 0:
            self._table = wins
        return wins

    def table_wins(self, wins: list[int], removed: int, wrank: int, s: int) -> bool:
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
                shift = GROUP_BITS * (s - FIRST_STOCK) + self.peak_ranks[p]
                if wins[lat.index[removed | low]] >> shift & 1:
                    return True
            return s < 52 and self.table_wins(wins, removed, self.stock_ranks[s], s + 1)
        return bool(wins[lat.index[removed]] >> (GROUP_BITS * (s - FIRST_STOCK) + wrank) & 1)

    def table_line(self, wins: list[int], removed: int, wrank: int, s: int) -> list[int]:
        """A winning line from a winning position, playing before drawing."""
        line: list[int] = []
        while removed != ALL_REMOVED:
            m = uncovered_mask(removed) & self.fits_waste[wrank]
            moved = False
            while m:
                low = m & -m
                m ^= low
                p = low.bit_length() - 1
                if self.table_wins(wins, removed | low, self.peak_ranks[p], s):
                    line.append(p)
                    removed |= low
                    wrank = self.peak_ranks[p]
                    moved = True
                    break
            if not moved:
                if s >= 52:  # pragma: no cover - the table said this wins
                    raise AssertionError("table line ran out of stock")
                line.append(DRAW)
                wrank = self.stock_ranks[s]
                s += 1
        return line

    # The quick search -------------------------------------------------------

    def search(self, removed: int, wrank: int, s: int, max_nodes: int,
               deadline: float | None = None) -> list[int] | None:
        """Depth-first search for a winning line; ``None`` when proved lost.

        :raises BudgetExceeded: when ``max_nodes`` or ``deadline`` is passed.
        """
        failed: dict[int, int] = {}
        peak_ranks, stock_ranks = self.peak_ranks, self.stock_ranks
        fits_waste, unsupported = self.fits_waste, self.unsupported
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
            if lost and lost & ~(uncovered_mask(removed) & fits_waste[wrank]):
                failed[key] = s
                return False
            fits = fits_waste[wrank]
            for p in plays[removed]:  # those that uncover the most cards first
                if fits >> p & 1:
                    path.append(p)
                    if dfs(removed | 1 << p, peak_ranks[p], s):
                        return True
                    path.pop()
            if s < 52:
                path.append(DRAW)
                if dfs(removed, stock_ranks[s], s + 1):
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
            wins = self._table
            if self.table_wins(wins, removed, wrank, s):
                return done(WIN, self.table_line(wins, removed, wrank, s), "table")
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
            wins = self.table(left, deadline, base=0 if removed == 0 else removed)
        except BudgetExceeded:
            return done(UNKNOWN, (), "table")
        if self.table_wins(wins, removed, wrank, s):
            return done(WIN, self.table_line(wins, removed, wrank, s), "table")
        return done(LOSS, (), "table")


class SolverCache:
    """The solvers of the last few deals, their win tables kept: what a hint, par,
    a rating and the dealer's searches on one deal share. The engine owns one
    (:class:`tripeaks.engine.Engine`); a caller that passes none to :func:`solve`
    and the services built on it gets a cache for that call alone."""

    def __init__(self, kept: int = 4) -> None:
        self.kept = kept
        self._solvers: OrderedDict[tuple[tuple[int, ...], bool], DealSolver] = OrderedDict()

    def get(self, cards: Sequence[int], wrap: bool) -> DealSolver:
        """The solver of a deal under a wrap rule, made if it is not kept."""
        key = (tuple(cards), wrap)
        found = self._solvers.get(key)
        if found is None:
            found = self._solvers[key] = DealSolver(key[0], wrap)
            while len(self._solvers) > self.kept:
                self._solvers.popitem(last=False)
        else:
            self._solvers.move_to_end(key)
        return found

    def clear(self) -> None:
        """Forget every solver and its table."""
        self._solvers.clear()

    def __len__(self) -> int:
        return len(self._solvers)


def deal_solver(cards: Sequence[int], wrap: bool, cache: SolverCache | None = None) -> DealSolver:
    """The solver of a deal: the one ``cache`` keeps, or a new one."""
    return DealSolver(tuple(cards), wrap) if cache is None else cache.get(cards, wrap)


def _position(target: Game | Position | Sequence[int], rules: Rules | None) -> Position:
    if isinstance(target, Position):
        return target
    if isinstance(target, Game):
        return Position.of(target)
    return Position.start(target, rules)


def solve(target: Game | Position | Sequence[int], rules: Rules | None = None, *,
          max_nodes: int | None = None, max_seconds: float | None = None,
          cache: SolverCache | None = None) -> Solution:
    """Solve a position exactly: a :class:`~tripeaks.game.Game`, a :class:`Position`,
    or the 52 cards of a new deal (with ``rules``).

    ``max_nodes``/``max_seconds`` bound the work; only then can the answer be
    ``unknown``. Moves in ``line`` are peak positions and ``DRAW``. The deal's
    table is kept in ``cache`` for the next question on the same deal.
    """
    pos = _position(target, rules)
    solver = deal_solver(pos.cards, pos.wrap, cache)
    return solver.solve(pos.removed, pos.waste_rank, pos.stock_index, max_nodes, max_seconds)


def describe(solution: Solution) -> str:
    """One line for people: ``win in 41 moves (12 draws)``."""
    if solution.result == WIN:
        draws = solution.line.count(DRAW)
        return f"win in {len(solution.line)} moves ({draws} draws)"
    if solution.result == LOSS:
        return "loss: no line wins"
    return "unknown: the budget ran out"

