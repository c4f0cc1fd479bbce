"""Par under every scoring system, pinned, and taken from the scoring classes' own numbers."""

from __future__ import annotations

import pytest

from tests.helpers import replay_line
from tripeaks import analysis
from tripeaks.game import Game
from tripeaks.rules import Rules
from tripeaks.scoring import ClassicScoring, PointsScoring, StreakScoring

PINNED = {
    # (scoring, wrap, deal number): (par score, fewest draws), all exact.
    ("streak", True, 1): (293, 13), ("streak", True, 2): (274, 13),
    ("streak", True, 3): (241, 16), ("streak", False, 1): (271, 13),
    ("streak", False, 2): (274, 13), ("streak", False, 3): (140, 23),
    ("classic", True, 1): (243, 13), ("classic", True, 2): (224, 13),
    ("classic", True, 3): (234, 16), ("classic", False, 1): (221, 13),
    ("classic", False, 2): (224, 13), ("classic", False, 3): (190, 23),
    ("points", True, 1): (759, 13), ("points", True, 2): (759, 13),
    ("points", True, 3): (756, 16), ("points", False, 1): (759, 13),
    ("points", False, 2): (759, 13), ("points", False, 3): (749, 23),
    ("chain", True, 1): (233, 13), ("chain", True, 2): (214, 13),
    ("chain", True, 3): (181, 16), ("chain", False, 1): (211, 13),
    ("chain", False, 2): (214, 13), ("chain", False, 3): (80, 23),
}

FLOOR_PINNED = {(1, 5): 286, (1, 30): 295, (3, 5): 289, (4, 30): 296}
"""Par under points scoring from a start whose score is so low that it can reach its
floor of 0 (the branch and bound): (deal number, score at the start): par."""


@pytest.mark.parametrize(("scoring", "wrap", "number"), sorted(PINNED))
def test_par_is_pinned_for_every_scoring_system(scoring, wrap, number):
    game = Game.new(number, Rules(scoring=scoring, wrap=wrap))
    result = analysis.par(game)
    assert (result.score, result.draws) == PINNED[(scoring, wrap, number)]
    assert result.score_exact and result.draws_exact
    assert replay_line(game, result.score_line).score == result.score


@pytest.mark.parametrize(("number", "low"), sorted(FLOOR_PINNED))
def test_par_near_the_points_floor_is_pinned(number, low):
    game = Game.new(number, Rules(scoring="points"))
    game.state = game.state._replace(score=low)
    result = analysis.par(game)
    assert result.score == FLOOR_PINNED[(number, low)] and result.score_exact
    for move in result.score_line:  # on this very game: a copy would start at 500
        game.apply(move)
    assert game.won and game.score == result.score


@pytest.mark.parametrize(("system", "name", "value", "scoring"), [
    (StreakScoring, "PEAK_BONUSES", (100, 200, 300), "streak"),
    (StreakScoring, "STOCK_BONUS", 1, "streak"),
    (StreakScoring, "STOCK_BONUS", 40, "chain"),
    (ClassicScoring, "CLEAR_BONUS", 1000, "classic"),
    (PointsScoring, "GROUP_BONUS", 7, "points"),
    (PointsScoring, "DRAW_COST", 9, "points"),
])
def test_par_follows_a_change_to_a_scoring_number(monkeypatch, system, name, value, scoring):
    """Change a number in scoring.py and par changes with it: its line still scores
    in the engine exactly what par says, and no other line scores more."""
    rules = Rules(scoring=scoring, wrap=False)
    before = analysis.par(Game.new(2, rules))
    monkeypatch.setattr(system, name, value)
    game = Game.new(2, rules)
    after = analysis.par(game)
    assert after.score != before.score
    assert replay_line(game, after.score_line).score == after.score
    assert replay_line(game, before.score_line).score <= after.score
