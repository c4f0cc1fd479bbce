"""The deals the app offers, found ahead while the player plays: winnable, of a difficulty, daily.

The worker answers one request at a time, so the solver's search for the next
winnable deal (tens of ms in Pyodide, a few hundred at worst) is done ahead,
one candidate deal per "prepare" request (:class:`DealSearch`): a move asked
for meanwhile waits for one search at most. New game then takes the deal found;
the daily deal's number is kept once found. The engine holds one
:class:`Dealer`; it makes its own keys for what it keeps.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

from . import analysis, deals, rating
from .game import Game
from .rating import Rating
from .refusal import Refusal
from .rules import Rules
from .solver import SolverCache

__all__ = ["Dealer", "DealSearch", "NoDealFound", "DIFFICULTY_TRIES", "random_number"]


class NoDealFound(Refusal):
    """No deal of the difficulty asked for was found in :data:`DIFFICULTY_TRIES` deals."""

    reason = "no-deal-found"


DIFFICULTY_TRIES = 100
"""Deals rated, at most, in looking for a deal of the difficulty asked for (each class
holds about a quarter of the winnable deals, so a few tries find one)."""
RATINGS_KEPT = 64
SEARCHES_KEPT = 8
"""Prepared searches kept (a few presets, a few days)."""


class Dealer:
    """The deals one engine offers: the searches "prepare" runs ahead, by keys
    this class makes, and the ratings they and "rate" found. ``solvers`` is the
    engine's solver cache, shared with its hints and par."""

    def __init__(self, solvers: SolverCache | None = None) -> None:
        self.solvers = SolverCache() if solvers is None else solvers
        self._searches: dict[tuple[str, ...], DealSearch] = {}
        self._ratings: dict[tuple[tuple[int, ...], bool, bool, bool], Rating] = {}

    def forget(self) -> None:
        """Drop every prepared search and every rating kept."""
        self._searches.clear()
        self._ratings.clear()

    def rating_of(self, game: Game) -> Rating:
        """rating.rate of a game's deal from its start, kept: only the deal, wrap,
        face-up peaks and an empty waste change a rating."""
        rules = game.rules
        key = (tuple(game.cards), rules.wrap, rules.face_up, rules.empty_waste)
        found = self._ratings.get(key)
        if found is None:
            found = rating.rate(game.restarted(), cache=self.solvers)
            while len(self._ratings) >= RATINGS_KEPT:
                del self._ratings[next(iter(self._ratings))]
            self._ratings[key] = found
        return found

    def prepare(self, rules: Rules, *, date: str | None = None, level: int | None = None) -> bool:
        """One step of the search for the next random deal under ``rules`` (of
        difficulty ``level``), or for the daily deal of ``date``; whether it is over."""
        if date is not None:
            return self._daily(date, rules).step()
        return self._search(_random_key(rules, level),
                            lambda: DealSearch(random_number(), rules, self, level=level)).step()

    def is_prepared(self, rules: Rules, level: int | None = None) -> bool:
        """Whether a random deal under ``rules`` (of ``level``) is being found ahead."""
        return _random_key(rules, level) in self._searches

    def random_deal(self, rules: Rules, level: int | None = None) -> int:
        """A random deal for a new game: the one prepared for these rules (its
        search finished now if under way, and then forgotten), else one found now.

        :raises NoDealFound: for a difficulty no deal of which was found.
        """
        search = self._searches.pop(_random_key(rules, level), None)
        if search is not None:
            return search.finish()
        if level is not None:
            return DealSearch(random_number(), rules, self, level=level).finish()
        return self.winnable(random_number(), rules)

    def daily_number(self, date: str, rules: Rules) -> int:
        """The number of a date's daily deal (``YYYY-MM-DD``): the first deal from
        :func:`tripeaks.deals.daily_number` (YYYYMMDD) on that is winnable under
        ``rules``, the same on every device. Found once: the Deals panel's rating
        of a day finds it, and playing that day then needs no search."""
        return self._daily(date, rules).finish()

    def winnable(self, number: int, rules: Rules) -> int:
        """The first winnable deal from ``number`` on when the rules ask for one;
        ``number`` itself otherwise (or when none of the next 1,000 deals is a proved win)."""
        if not rules.winnable_only:
            return number
        try:
            return analysis.first_winnable(number, rules, cache=self.solvers).number
        except ValueError:  # no winnable deal found: never block a game
            return number

    def _daily(self, date: str, rules: Rules) -> DealSearch:
        start = deals.daily_number(date)  # a bad date is refused here, before any search
        return self._search(("daily", date, _rules_key(rules)),
                            lambda: DealSearch(start, rules, self, always_winnable=True))

    def _search(self, key: tuple[str, ...], make: Callable[[], DealSearch]) -> DealSearch:
        search = self._searches.get(key)
        if search is None:
            while len(self._searches) >= SEARCHES_KEPT:
                del self._searches[next(iter(self._searches))]
            search = self._searches[key] = make()
        return search


def _rules_key(rules: Rules) -> str:
    """Rules as a text key, the same for equal rules."""
    return json.dumps(rules.to_json(), sort_keys=True)


def _random_key(rules: Rules, level: int | None) -> tuple[str, ...]:
    return ("new", _rules_key(rules)) if level is None else ("new", _rules_key(rules), str(level))


class DealSearch:
    """The first deal from ``start`` on that ``rules`` accept, one deal a step
    (the same deal as ``analysis.first_winnable(start, rules)``), rated and
    solved through ``dealer``'s caches."""

    def __init__(self, start: int, rules: Rules, dealer: Dealer, always_winnable: bool = False,
                 level: int | None = None) -> None:
        self.start = self.next = start
        self.rules = rules
        self.dealer = dealer
        self.winnable = always_winnable or rules.winnable_only
        self.level = level
        """With a level (1..4): the first deal of that difficulty, winnable whatever the rules."""
        self.found: int | None = None
        self.tries = 0

    def step(self) -> bool:
        """Try one deal; whether the search is over (``found`` is set, or, for a
        difficulty, DIFFICULTY_TRIES deals were rated and none was of it)."""
        if self.found is not None:
            return True
        if self.level is not None:
            if self.tries >= DIFFICULTY_TRIES:
                return True
            game = Game.new(self.next, self.rules)
            if self.dealer.rating_of(game).level == self.level:
                self.found = self.next
                return True
            self.tries += 1
            self.next = (self.next + 1) % (deals.MAX_DEAL + 1) or 1
            return self.tries >= DIFFICULTY_TRIES
        if not self.winnable:
            self.found = self.next
            return True
        try:
            self.found = analysis.first_winnable(self.next, self.rules, tries=1,
                                                 cache=self.dealer.solvers).number
        except ValueError:  # a proved loss, or over its budget: the next deal
            self.tries += 1
            self.next = (self.next + 1) % (deals.MAX_DEAL + 1)
            if self.tries >= 1000:  # as first_winnable gives up
                self.found = self.start
        return self.found is not None

    def finish(self) -> int:
        while not self.step():
            pass
        if self.found is None:
            name = rating.CLASSES[(self.level or 1) - 1]
            raise NoDealFound(f"No {name} deal was found in {self.tries} deals tried under "
                              "these rules: try another difficulty.", "no-deal-found",
                              difficulty=name, tries=self.tries)
        return self.found


def random_number() -> int:
    """A deal number from the operating system's randomness."""
    # From the OS, not the random module's own generator: the app boots Python
    # from a memory snapshot, which would replay the same "random" deals after
    # every start.
    return random.SystemRandom().randrange(1, deals.MAX_DEAL + 1)
