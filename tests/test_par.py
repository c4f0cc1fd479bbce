"""Par under every scoring system: pinned, taken from the scoring classes' own numbers,
equal to trying every line, and searched in little memory."""

from __future__ import annotations

import tracemalloc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import IN_WASM, replay_line
from tripeaks import analysis, solver
from tripeaks.game import DRAW, Game
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


def every_line(game: Game) -> tuple[int, int] | None:
    """The best final score and the fewest draws over every winning line from
    ``game``, by trying every legal move with the engine itself (no win table, no
    par search), remembered by the whole position; None when nothing wins."""
    known: dict[tuple, tuple[int, int] | None] = {}

    def search() -> tuple[int, int] | None:
        key = (game.removed, game.waste_top, game.stock_index, game.state)
        if key not in known:
            if game.won:
                known[key] = (game.score, 0)
            else:
                scores, draws = [], []
                for move in game.legal_moves():
                    game.push(move)
                    found = search()
                    game.pop()
                    if found is not None:
                        scores.append(found[0])
                        draws.append(found[1] + (move == DRAW))
                known[key] = (max(scores), min(draws)) if scores else None
        return known[key]

    return search()


@settings(max_examples=30, deadline=None)
@given(number=st.integers(min_value=0, max_value=5000),
       scoring=st.sampled_from(["streak", "classic", "points", "chain"]),
       wrap=st.booleans(), cards_left=st.integers(min_value=4, max_value=9))
def test_par_is_the_best_of_every_winning_line(number, scoring, wrap, cards_left):
    """Late in a won game, par's score and fewest draws are those of trying every
    line: the searches miss no line and count none that loses, across draws."""
    game = Game.new(number, Rules(scoring=scoring, wrap=wrap))
    solution = solver.solve(game)
    if not solution.won:
        return
    for move in solution.line:
        if game.cards_left <= cards_left:
            break
        game.apply(move)
    result = analysis.par(game, max_seconds=None)
    assert result.score_exact and result.draws_exact
    assert (result.score, result.draws) == every_line(game)
    assert replay_line(game, result.score_line).score == result.score


@pytest.mark.skipif(IN_WASM, reason="CPython runs the same code three times faster; "
                    "bench/bench_memory.mjs measures the runtime's own memory")
def test_par_of_a_large_deal_searches_in_little_memory():
    """Par on deal 1005 values 192,000 states: held all at once they took 27 MB, and
    the app's worker keeps the high-water mark of its memory for good (WebAssembly
    memory never shrinks), so the searches hold one stock layer at a time."""
    game = Game.new(1005)
    solver.deal_solver(game.cards, game.rules.wrap).table()  # built before: par's own tables only
    tracemalloc.start()
    try:
        result = analysis.par(game, max_seconds=None)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert result.score_exact and result.nodes > 240_000
    assert peak < 8_000_000
