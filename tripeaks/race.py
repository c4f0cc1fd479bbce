"""Racing an AI player on the same deal: the AI's game, timed, and who won.

The AI plays its whole game up front (:func:`plan`), from the deal's start under
the same rules, seeing only what reference 004 lets a player see (:mod:`tripeaks.ai`).
Each of its moves gets a time, in milliseconds of race time, at a human-like
pace per level (:data:`PACE`); the app reveals the moves as the race clock
passes those times, so the AI's game costs the worker nothing while the player
plays. The race clock is the game clock: it starts with the player's first move
and stops while the game is paused, a panel is open or the page is hidden, so
the AI waits whenever the player cannot play.

Who wins (:func:`judge`):

* whoever clears the peaks first; if both clear at the same race time, a tie;
* if the player is stuck (the game is over, not won) and the AI clears, the AI
  wins (it clears first, whenever that is);
* when both are stuck, fewer cards left wins; as many cards left is a tie.

The race is decided the moment the player's game is over (an undo after that
does not reopen it), or the moment the AI clears while the player still plays.

>>> from tripeaks.game import Game
>>> race = plan(Game.new(1), "normal")
>>> race.won, race.steps[-1].cards_left
(True, 0)
>>> judge(race, won=False, over=False, cards_left=20, elapsed=race.finish_at - 1).winner is None
True
>>> judge(race, won=False, over=False, cards_left=20, elapsed=race.finish_at).winner
'ai'
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .ai import make_ai, visible
from .cards import adjacent
from .game import Game
from .jsontext import JSONObject
from .notation import DRAW, move_text
from .refusal import Refusal
from .rules import Rules

__all__ = ["PACE", "Step", "Plan", "Result", "plan", "judge", "PlanCache", "WINNERS"]

PACE: dict[str, tuple[int, int, int]] = {
    # level: (ms for a play, ms for a draw, ms more for each extra card that fits)
    "easy": (2600, 1900, 150),
    "normal": (2100, 1500, 200),
    "hard": (1700, 1200, 350),
}
"""The AI's thinking time per move, by level, before a seeded jitter of +-25 %:
a player who knows the game makes a move in about two seconds, and takes longer
when more than one card fits. The harder AI is also the quicker one, so racing
Hard is the real test. A whole game (40 to 50 moves) lasts 70 to 110 s."""

JITTER = 0.25
WINNERS = ("you", "ai", "tie")


@dataclass(frozen=True)
class Step:
    """One move of the AI's game: when it is played, and what it leaves."""

    at: int
    """Race time (ms from the race clock's start) at which the move is played."""
    move: int
    text: str
    cards_left: int
    stock_count: int

    def to_json(self) -> JSONObject:
        return {"at": self.at, "move": self.move, "text": self.text,
                "cards_left": self.cards_left, "stock": self.stock_count}


@dataclass(frozen=True)
class Plan:
    """The AI's whole game on a deal: its moves, timed, and how it ends."""

    level: str
    steps: tuple[Step, ...]
    won: bool
    cards_left: int
    moves: int
    score: int | None
    start_cards_left: int

    @property
    def finish_at(self) -> int:
        """Race time of the AI's last move (0 if it cannot move at all)."""
        return self.steps[-1].at if self.steps else 0

    def to_json(self) -> JSONObject:
        return {"level": self.level, "steps": [s.to_json() for s in self.steps],
                "won": self.won, "cards_left": self.cards_left, "moves": self.moves,
                "score": self.score, "finish_at": self.finish_at,
                "start_cards_left": self.start_cards_left}


@dataclass(frozen=True)
class Result:
    """Who won a race, or None while it is still on."""

    winner: str | None
    """"you", "ai", "tie", or None: not decided yet."""
    reason: str
    """"cleared": someone cleared first; "fewer": both stuck, fewer cards left
    won; "same": a tie; "" while undecided."""
    level: str
    you: JSONObject
    ai: JSONObject

    def to_json(self) -> JSONObject:
        return {"winner": self.winner, "reason": self.reason, "level": self.level,
                "you": self.you, "ai": self.ai}


def _pace(level: str, move: int, fits: int, rng: random.Random, scale: float) -> int:
    play, draw, extra = PACE[level]
    base = draw if move == DRAW else play + extra * max(0, fits - 1)
    return max(1, round(base * (1 + rng.uniform(-JITTER, JITTER)) * scale))


def plan(start: Game, level: str, seed: int = 0, scale: float = 1.0) -> Plan:
    """The AI of ``level`` plays ``start`` (a Game, left untouched) from its
    start to its end; each move timed at the level's pace (``scale`` multiplies
    every time: a test's fast race). Seeded: the same plan on every device."""
    level = level.strip().lower()
    if level not in PACE:
        raise Refusal(f"unknown AI level '{level}': use one of {', '.join(PACE)}",
                      "unknown-level", level=level[:20], choices=", ".join(PACE))
    if not scale > 0:
        raise Refusal("the pace scale must be positive", "bad-pace")
    game = start.restarted()
    player = make_ai(level, seed=seed)
    rng = random.Random(f"race:{level}:{seed}")
    steps: list[Step] = []
    at = 0
    for _ in range(200):
        if game.over:
            break
        view = visible(game)
        fits = sum(1 for p in view.free(view.removed) if view.waste_rank is None
                   or adjacent(view.known[p], view.waste_rank, view.wrap))
        move = player.choose(game)
        at += _pace(level, move, fits, rng, scale)
        text = move_text(game.cards, move)
        game.apply(move)
        steps.append(Step(at, int(move), text, game.cards_left, game.stock_count))
    return Plan(level, tuple(steps), bool(game.won), game.cards_left, game.view()["moves"],
                game.score, start.restarted().cards_left)


class PlanCache:
    """The last few races' plans, by deal, rules, level and pace: a race judged
    again and again is planned once. The engine holds one."""

    def __init__(self, kept: int = 4) -> None:
        self.kept = kept
        self._plans: dict[tuple[tuple[int, ...], Rules, str, float], Plan] = {}

    def plan(self, game: Game, level: str, pace: float = 1.0) -> Plan:
        """:func:`plan` of the AI of ``level`` on ``game``'s deal, at ``pace``, kept."""
        key = (tuple(game.cards), game.rules, level, pace)
        found = self._plans.get(key)
        if found is None:
            found = plan(game, level, scale=pace)
            while len(self._plans) >= self.kept:
                del self._plans[next(iter(self._plans))]
            self._plans[key] = found
        return found

    def clear(self) -> None:
        self._plans.clear()


def judge(race: Plan, *, won: bool, over: bool, cards_left: int, elapsed: float,
          moves: int | None = None) -> Result:
    """Who has won ``race`` when the player's game is as given (``won``,
    ``over``, ``cards_left``) at race time ``elapsed`` ms (for a finished game:
    the time of its last move)."""
    shown = [s for s in race.steps if s.at <= elapsed]
    ai_now = shown[-1].cards_left if shown else race.start_cards_left
    ai_done = bool(race.steps) and race.finish_at <= elapsed or not race.steps
    ai: JSONObject = {"won": race.won, "cards_left": race.cards_left, "moves": race.moves,
                      "score": race.score, "finish_at": race.finish_at,
                      "now_cards_left": ai_now, "done": ai_done}
    you: JSONObject = {"won": bool(won), "over": bool(over), "cards_left": int(cards_left),
                       "elapsed": int(elapsed), "moves": moves}

    def result(winner: str | None, reason: str) -> Result:
        return Result(winner, reason, race.level, you, ai)

    if won:
        if race.won and race.finish_at < elapsed:
            return result("ai", "cleared")
        if race.won and race.finish_at == elapsed:
            return result("tie", "same")
        return result("you", "cleared")
    if race.won and (over or race.finish_at <= elapsed):
        return result("ai", "cleared")
    if not over:
        return result(None, "")
    # The player is stuck and the AI does not clear: both stuck.
    if cards_left < race.cards_left:
        return result("you", "fewer")
    if cards_left > race.cards_left:
        return result("ai", "fewer")
    return result("tie", "same")
