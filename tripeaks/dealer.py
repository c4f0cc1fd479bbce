"""The deals the app offers, found ahead while the player plays: winnable, of a difficulty, daily.

The worker answers one request at a time, so the solver's search for the next
winnable deal (tens of ms in Pyodide, a few hundred at worst) is done ahead,
one candidate deal per "prepare" request (:class:`DealSearch`): a move asked
for meanwhile waits for one search at most. New game then takes the deal found;
the daily deal's number is kept once found. :mod:`tripeaks.bridge` holds the
requests; this module holds the searches and the ratings they keep.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

from . import analysis, deals, rating
from .game import Game
from .rating import Rating
from .rules import Rules

__all__ = ["DealSearch", "NoDealFound", "DIFFICULTY_TRIES", "rating_of", "prepared",
           "rules_key", "search_for", "take_prepared", "random_number", "winnable",
           "daily_deal_number"]


class NoDealFound(ValueError):
    """No deal of the difficulty asked for was found in :data:`DIFFICULTY_TRIES` deals."""


DIFFICULTY_TRIES = 100
"""Deals rated, at most, in looking for a deal of the difficulty asked for (each class
holds about a quarter of the winnable deals, so a few tries find one)."""

_RATINGS: dict[tuple[tuple[int, ...], bool, bool, bool], Rating] = {}
_RATINGS_KEPT = 64


def rating_of(game: Game) -> Rating:
    """rating.rate of a game's deal from its start, kept: only the deal, wrap,
    face-up peaks and an empty waste change a rating."""
    rules = game.rules
    key = (tuple(game.cards), rules.wrap, rules.face_up, rules.empty_waste)
    found = _RATINGS.get(key)
    if found is None:
        found = rating.rate(game.restarted())
        while len(_RATINGS) >= _RATINGS_KEPT:
            del _RATINGS[next(iter(_RATINGS))]
        _RATINGS[key] = found
    return found


class DealSearch:
    """The first deal from ``start`` on that ``rules`` accept, one deal a step
    (the same deal as ``analysis.first_winnable(start, rules)``)."""

    def __init__(self, start: int, rules: Rules, always_winnable: bool = False,
                 level: int | None = None) -> None:
        self.start = self.next = start
        self.rules = rules
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
            if rating_of(game).level == self.level:
                self.found = self.next
                return True
            self.tries += 1
            self.next = (self.next + 1) % (deals.MAX_DEAL + 1) or 1
            return self.tries >= DIFFICULTY_TRIES
        if not self.winnable:
            self.found = self.next
            return True
        try:
            self.found = analysis.first_winnable(self.next, self.rules, tries=1).number
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
                              "these rules: try another difficulty.")
        return self.found


prepared: dict[tuple[str, ...], DealSearch] = {}
"""The searches "prepare" asked for, by ("new", rules key[, level]) or
("daily", date, rules key)."""
_PREPARED_KEPT = 8  # searches kept (a few presets, a few days)


def rules_key(rules: Rules) -> str:
    """Rules as a text key, the same for equal rules."""
    return json.dumps(rules.to_json(), sort_keys=True)


def search_for(key: tuple[str, ...], make: Callable[[], DealSearch]) -> DealSearch:
    """The prepared search under ``key``, made (and kept) if there is none."""
    search = prepared.get(key)
    if search is None:
        while len(prepared) >= _PREPARED_KEPT:
            del prepared[next(iter(prepared))]
        search = prepared[key] = make()
    return search


def take_prepared(rules: Rules) -> int | None:
    """The prepared random deal for these rules (its search finished now if it
    is under way), or None when none was asked for."""
    search = prepared.pop(("new", rules_key(rules)), None)
    return None if search is None else search.finish()


def random_number() -> int:
    """A deal number from the operating system's randomness."""
    # From the OS, not the random module's own generator: the app boots Python
    # from a memory snapshot, which would replay the same "random" deals after
    # every start.
    return random.SystemRandom().randrange(1, deals.MAX_DEAL + 1)


def winnable(number: int, rules: Rules) -> int:
    """The first winnable deal from ``number`` on when the rules ask for one;
    ``number`` itself otherwise (or when none of the next 1,000 deals is a proved win)."""
    if not rules.winnable_only:
        return number
    try:
        return analysis.first_winnable(number, rules).number
    except ValueError:  # no winnable deal found: never block a game
        return number


def daily_search(date: str, rules: Rules) -> DealSearch:
    """The search for a day's deal under ``rules``, kept with the prepared ones."""
    start = deals.daily_number(date)  # a bad date is refused here, before any search
    return search_for(("daily", date, rules_key(rules)),
                      lambda: DealSearch(start, rules, always_winnable=True))


def daily_deal_number(date: str, rules: Rules) -> int:
    """The daily deal's number, found once: the Deals panel's rating of a day finds
    it, and playing that day then needs no search."""
    return daily_search(date, rules).finish()
