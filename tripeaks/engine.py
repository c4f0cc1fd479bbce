"""The engine's memory: the games the page has open, by name, and the caches they share.

The page names every game it asks about (``player``, ``watch``, ``race``,
``replay``, ...): one :class:`Engine` holds each by its name, at most
:data:`MAX_GAMES` at once, with the caches every request shares (the solver's
tables, the dealer's prepared deals and ratings, the races' plans). The bridge
holds one Engine; a test makes its own, or calls :meth:`Engine.reset`.
"""

from __future__ import annotations

from collections import OrderedDict

from .dealer import Dealer
from .game import Game
from .race import PlanCache
from .request import BridgeError
from .solver import SolverCache

__all__ = ["Engine", "MAX_GAMES", "KEPT_GAME"]

MAX_GAMES = 8
"""Games held at once: a page that never drops its games cannot grow memory without bound."""
KEPT_GAME = "player"
"""The game never dropped to make room: the player's own."""


class Engine:
    """The games held by name, and the caches: :attr:`solvers` (each recent deal's
    win table), :attr:`dealer` (prepared deals and ratings), :attr:`races`."""

    def __init__(self) -> None:
        self.solvers = SolverCache()
        self.dealer = Dealer(self.solvers)
        self.races = PlanCache()
        self._games: OrderedDict[str, Game] = OrderedDict()

    def game(self, name: str) -> Game:
        """The game held under ``name``.

        :raises BridgeError: kind ``no-game`` when none is.
        """
        found = self._games.get(name)
        if found is None:
            raise BridgeError(f"no game named '{name}' has been started", "no-game",
                              kind="no-game", name=name)
        self._games.move_to_end(name)
        return found

    def put(self, name: str, game: Game) -> Game:
        """Hold ``game`` under ``name`` (instead of the game held there, if any).
        Past :data:`MAX_GAMES`, the game asked about least recently goes (never
        the player's)."""
        self._games[name] = game
        self._games.move_to_end(name)
        while len(self._games) > MAX_GAMES:
            oldest = next(n for n in self._games if n != KEPT_GAME)
            del self._games[oldest]
        return game

    def drop(self, name: str) -> bool:
        """Forget the game held under ``name``; whether there was one."""
        return self._games.pop(name, None) is not None

    @property
    def names(self) -> list[str]:
        """The names of the games held, the one asked about least recently first."""
        return list(self._games)

    def forget_caches(self) -> None:
        """Drop every cache (the games stay): the next answers are worked out afresh."""
        self.solvers.clear()
        self.dealer.forget()
        self.races.clear()

    def reset(self) -> None:
        """As new: no game, no cache."""
        self.forget_caches()
        self._games.clear()
