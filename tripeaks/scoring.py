"""Scoring systems, one class each, as pure functions of a small score state.

The game keeps a :class:`ScoreState` (a tuple, so undo is a plain restore) and
asks its scoring system what each play, draw, win or stuck end is worth. Every
change comes with events such as ``{"kind": "streak", "points": 7}``
that the app words (by kind) and shows as they happen.
"""

from __future__ import annotations

from typing import NamedTuple

from .jsontext import ScoreCounts, ScoreEvent


class ScoreState(NamedTuple):
    """Score so far, the live streak, tips taken, and the parts of the score."""

    score: int = 0
    streak: int = 0
    peaks: int = 0
    card_points: int = 0
    peak_points: int = 0
    draw_points: int = 0
    end_points: int = 0


Scored = tuple[ScoreState, list[ScoreEvent]]
"""A new score state and the events that explain the change."""


def event(kind: str, points: int) -> ScoreEvent:
    return {"kind": kind, "points": points}


def signed(points: int) -> str:
    return f"+{points}" if points >= 0 else f"-{-points}"


class Scoring:
    """Base: tracks the streak and scores nothing."""

    name = "none"
    has_score = False
    scores_streaks = False
    """Whether the n-th card of a streak scores n (what the status line shows, and
    the app makes a streak visible then)."""
    keeps_broken_streak = False
    """When true, undo never raises the streak: taking back a draw (or the plays
    before it) does not give back the streak the draw ended."""
    peak_is_group = False
    """A peak counts as cleared when its whole scoring group is gone (002), not
    when its tip is taken."""
    PEAK_BONUSES: tuple[int, ...] = ()
    """Points for the first, second and third tip taken."""
    STOCK_BONUS = 0
    """Points for each stock card left on a win."""
    CLEAR_BONUS = 0
    """Points for clearing the peaks."""
    DRAW_COST = 0
    """Points each card drawn costs (par's searches subtract it for every draw)."""

    def peak_bonus(self, peaks_taken: int) -> int:
        """What the next tip earns when ``peaks_taken`` tips are gone."""
        return self.PEAK_BONUSES[peaks_taken] if self.PEAK_BONUSES else 0

    def win_bonus(self, stock_left: int) -> int:
        """What a win adds with ``stock_left`` cards still in the stock (never
        less for more stock left: par's bounds rely on it)."""
        return self.STOCK_BONUS * stock_left + self.CLEAR_BONUS

    def start(self) -> ScoreState:
        return ScoreState()

    def play(self, state: ScoreState, tip: bool, group_cleared: bool) -> Scored:
        return state._replace(streak=state.streak + 1, peaks=state.peaks + tip), []

    def draw(self, state: ScoreState) -> Scored:
        return state._replace(streak=0), []

    def win(self, state: ScoreState, stock_left: int) -> Scored:
        return state, []

    def stuck(self, state: ScoreState, cards_left: int) -> Scored:
        return state, []

    def breakdown(self, state: ScoreState) -> dict[str, int]:
        return {}

    @classmethod
    def counts(cls) -> ScoreCounts:
        """What this system scores, for the app to show only that: points at all,
        and streaks."""
        return {"points": cls.has_score, "streaks": cls.scores_streaks}


class StreakScoring(Scoring):
    """Reference 000: the n-th card of a streak scores n; tips +15, +15, +30 in
    the order they go; +10 for each stock card left on a win."""

    name = "streak"
    has_score = True
    scores_streaks = True
    keeps_broken_streak = True
    PEAK_BONUSES: tuple[int, ...] = (15, 15, 30)
    STOCK_BONUS = 10

    def play(self, state: ScoreState, tip: bool, group_cleared: bool) -> Scored:
        streak = state.streak + 1
        events = [event("streak", streak)]
        peak_bonus = self.peak_bonus(state.peaks) if tip else 0
        if peak_bonus:
            events.append(event("peak", peak_bonus))
        return (
            ScoreState(
                score=state.score + streak + peak_bonus,
                streak=streak,
                peaks=state.peaks + tip,
                card_points=state.card_points + streak,
                peak_points=state.peak_points + peak_bonus,
                draw_points=state.draw_points,
                end_points=state.end_points,
            ),
            events,
        )

    def win(self, state: ScoreState, stock_left: int) -> Scored:
        bonus = self.win_bonus(stock_left)
        if not bonus:
            return state, []
        return self._end(state, bonus, "stock")

    def _end(self, state: ScoreState, points: int, kind: str) -> Scored:
        return (
            state._replace(score=state.score + points, end_points=state.end_points + points),
            [event(kind, points)],
        )

    def breakdown(self, state: ScoreState) -> dict[str, int]:
        return {"streaks": state.card_points, "peaks": state.peak_points, "bonus": state.end_points}


class ChainScoring(StreakScoring):
    """Reference 004's optional score: rising points for a chain with no draw and
    a bonus for the cards left in the stock; no peak bonus."""

    name = "chain"
    PEAK_BONUSES = ()


class ClassicScoring(StreakScoring):
    """Reference 001: streak points; tips +15, +15, +30; +50 for clearing the
    peaks; when stuck, -5 for each card left in the peaks."""

    name = "classic"
    STOCK_BONUS = 0
    CLEAR_BONUS = 50
    STUCK_PENALTY = 5

    def win(self, state: ScoreState, stock_left: int) -> Scored:
        bonus = self.win_bonus(stock_left)
        return self._end(state, bonus, "clear")

    def stuck(self, state: ScoreState, cards_left: int) -> Scored:
        penalty = -self.STUCK_PENALTY * cards_left
        return self._end(state, penalty, "stuck")


class OriginalScoring(StreakScoring):
    """The 1991 original's money (reference 001 and the game's help file): the
    n-th card of a streak earns $n, tips $15, $15 and $30 in the order taken,
    each card drawn costs $5; nothing for clearing, nothing charged for cards
    left, so a deal's money can be negative."""

    name = "original"
    STOCK_BONUS = 0
    DRAW_COST = 5

    def draw(self, state: ScoreState) -> Scored:
        cost = -self.DRAW_COST
        return (
            state._replace(score=state.score + cost, streak=0,
                           draw_points=state.draw_points + cost),
            [event("draw", cost)],
        )

    def breakdown(self, state: ScoreState) -> dict[str, int]:
        return {"streaks": state.card_points, "peaks": state.peak_points,
                "draws": state.draw_points}


class PointsScoring(Scoring):
    """Reference 002: start at 500; -1 a card removed and a draw; +100 when a
    peak's whole group is cleared; never below zero."""

    name = "points"
    has_score = True
    peak_is_group = True
    START = 500
    CARD_COST = 1
    """Points a card removed costs."""
    DRAW_COST = 1
    """Points a draw costs."""
    GROUP_BONUS = 100
    """Points for clearing a peak's whole group."""

    def start(self) -> ScoreState:
        return ScoreState(score=self.START)

    def after_play(self, score: int, group_cleared: bool) -> int:
        """The score after a card is removed (its group's bonus if it cleared it)."""
        return max(0, score - self.CARD_COST + (self.GROUP_BONUS if group_cleared else 0))

    def after_draw(self, score: int) -> int:
        return max(0, score - self.DRAW_COST)

    def lowest_final(self, score: int, cards_left: int, stock_left: int) -> int:
        """The score after every card left and every stock card, with no bonus and
        no floor: when it is not below 0 the floor can never be reached."""
        return score - self.CARD_COST * cards_left - self.DRAW_COST * stock_left

    def highest_final(self, score: int, cards_left: int, groups_left: int) -> int:
        """A bound on the final score: every card left paid for, no draw, every
        group left paying its bonus."""
        return score - self.CARD_COST * cards_left + self.GROUP_BONUS * groups_left

    def play(self, state: ScoreState, tip: bool, group_cleared: bool) -> Scored:
        events = [event("card", -self.CARD_COST)]
        bonus = self.GROUP_BONUS if group_cleared else 0
        if bonus:
            events.append(event("peak", bonus))
        return (
            state._replace(
                score=self.after_play(state.score, group_cleared),
                streak=state.streak + 1,
                peaks=state.peaks + tip,
                card_points=state.card_points - self.CARD_COST,
                peak_points=state.peak_points + bonus,
            ),
            events,
        )

    def draw(self, state: ScoreState) -> Scored:
        return (
            state._replace(score=self.after_draw(state.score), streak=0,
                           draw_points=state.draw_points - self.DRAW_COST),
            [event("draw", -self.DRAW_COST)],
        )

    def breakdown(self, state: ScoreState) -> dict[str, int]:
        return {"start": self.START, "cards": state.card_points, "draws": state.draw_points,
                "peaks": state.peak_points}


SYSTEMS: dict[str, Scoring] = {
    s.name: s
    for s in (StreakScoring(), ClassicScoring(), PointsScoring(), ChainScoring(),
              OriginalScoring(), Scoring())
}


def scoring_for(name: str) -> Scoring:
    return SYSTEMS[name]
