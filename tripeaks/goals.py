"""Daily goals: three aims of rising difficulty for the day's deal, and which a game met.

Each day's deal (:meth:`tripeaks.dealer.Dealer.daily_number`, always winnable)
gets a bronze, a silver and a gold goal, each ``{"medal", "kind", "target"}``,
chosen from the deal's difficulty class (:func:`tripeaks.rating.rate`) and
its par (:func:`tripeaks.par.par`):

* ``clear_cards``: clear at least ``target`` peak cards (bronze: 20 on an
  Easy deal down to 12 on an Expert one);
* ``score``: end the deal with a score of at least ``target``: the starting
  score plus a share of par's gain over it (silver, when the rules keep a
  score; without one, silver is clearing all 28);
* ``win_draws``: clear the peaks with at most ``target`` cards drawn from the
  stock: the fewest that win, plus a little more the harder the deal (gold).

Every goal is reachable: par's lines reach par's score (at least the silver
target) and win with par's draws (at most the gold target), and a winning line
clears every card. :func:`goals_met` says which goals a game met, so the page
can record the day's medal.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TypedDict

from .dealer import Dealer
from .game import Game
from .layout import PEAK_CARDS
from .par import Par, par
from .rating import Rating
from .refusal import Refusal
from .rules import Rules, preset_of
from .solver import FIRST_STOCK

__all__ = ["Goal", "GoalError", "choose_goals", "goals_met", "goal_from_json", "daily_goals",
           "MEDALS", "KINDS", "BRONZE_CARDS", "SILVER_SHARE", "GOLD_SLACK", "draws_taken"]

MEDALS = ("bronze", "silver", "gold")
KINDS = ("clear_cards", "score", "win_draws")
BRONZE_CARDS = {1: 20, 2: 16, 3: 14, 4: 12}
"""Cards to clear for bronze, by difficulty level (1 Easy .. 4 Expert)."""
SILVER_SHARE = 0.6
"""Share of par's gain over the starting score (0, or Countdown's 500) that earns silver;
when par gains nothing, par itself is the target."""
GOLD_SLACK = {1: 0, 2: 1, 3: 2, 4: 3}
"""Draws allowed over the fewest that win, for gold, by difficulty level."""


class GoalJSON(TypedDict):
    medal: str
    kind: str
    target: int


class DailyGoalsJSON(TypedDict):
    """What ``daily --json`` prints and the bridge's ``daily_goals`` answers."""

    date: str
    preset: str
    deal_code: str | None
    number: int | None
    difficulty: dict[str, str | int]
    par: dict[str, int | None]
    goals: list[GoalJSON]


class GoalError(Refusal):
    """A goal that is not one of ours: an unknown kind or medal, or no whole-number target."""

    reason = "bad-goal"


@dataclass(frozen=True)
class Goal:
    medal: str
    kind: str
    target: int

    def to_json(self) -> GoalJSON:
        return {"medal": self.medal, "kind": self.kind, "target": self.target}


def goal_from_json(data: object) -> Goal:
    """A goal as :meth:`Goal.to_json` wrote it (the page sends them back).

    :raises GoalError: for anything else.
    """
    if not isinstance(data, dict):
        raise GoalError("a goal is an object with a medal, a kind and a target", "goal-not-object")
    medal, kind, target = data.get("medal"), data.get("kind"), data.get("target")
    if medal not in MEDALS:
        raise GoalError(f"unknown medal {medal!r}: use one of {', '.join(MEDALS)}", "unknown-medal",
                        medal=str(medal)[:20], choices=", ".join(MEDALS))
    if kind not in KINDS:
        raise GoalError(f"unknown goal kind {kind!r}: use one of {', '.join(KINDS)}",
                        "unknown-goal-kind", goal=str(kind)[:20], choices=", ".join(KINDS))
    if not isinstance(target, int) or isinstance(target, bool):
        raise GoalError("a goal's target is a whole number", "goal-target")
    return Goal(str(medal), str(kind), target)


def choose_goals(game: Game, rating: Rating, found: Par) -> list[Goal]:
    """Bronze, silver and gold for a winnable deal, from its rating and its par
    (both of ``game``'s deal from its start, under its rules).

    :raises ValueError: for a deal that cannot be won (the daily deal always can).
    """
    if not rating.winnable or found.draws is None:
        raise GoalError("goals are chosen for a deal that can be won", "goals-unwinnable")
    level = max(1, rating.level)
    bronze = Goal("bronze", "clear_cards", BRONZE_CARDS[level])
    if game.scoring.has_score and found.score is not None:
        base = game.scoring.start().score
        gain = found.score - base
        target = found.score if gain <= 0 else base + math.ceil(SILVER_SHARE * gain)
        silver = Goal("silver", "score", target)
    else:
        silver = Goal("silver", "clear_cards", PEAK_CARDS)
    gold = Goal("gold", "win_draws", found.draws + GOLD_SLACK[level])
    return [bronze, silver, gold]


def draws_taken(game: Game) -> int:
    """Cards drawn from the stock so far (after an undo, the ones still drawn)."""
    start = FIRST_STOCK if game.rules.empty_waste else FIRST_STOCK + 1
    return game.stock_index - start


def goals_met(game: Game, goals: list[Goal]) -> list[str]:
    """The medals of the goals ``game`` has met so far, in the order given. A
    score goal counts the score now (in the money game, what dealing again keeps)."""
    cleared = PEAK_CARDS - game.cards_left
    met = []
    for goal in goals:
        if goal.kind == "clear_cards":
            done = cleared >= goal.target
        elif goal.kind == "score":
            done = game.score is not None and game.score >= goal.target
        else:
            done = game.won and draws_taken(game) <= goal.target
        if done:
            met.append(goal.medal)
    return met


def daily_goals(date: str, rules: Rules, dealer: Dealer | None = None) -> DailyGoalsJSON:
    """The day's deal under ``rules``, its difficulty, its par and its three goals.

    :raises tripeaks.deals.DealError: for a date that is no date, or out of range.
    """
    dealer = Dealer() if dealer is None else dealer
    game = Game.new(dealer.daily_number(date, rules), rules)
    rating = dealer.rating_of(game)
    found = par(game, cache=dealer.solvers)
    return {
        "date": date,
        "preset": preset_of(rules),
        "deal_code": game.deal_code,
        "number": game.deal_number,
        "difficulty": {"class": rating.label, "level": rating.level},
        "par": {"score": found.score, "draws": found.draws},
        "goals": [goal.to_json() for goal in choose_goals(game, rating, found)],
    }
