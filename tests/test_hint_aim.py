"""A hint under a scoring system aims for the best score, not just any win."""

from __future__ import annotations

import json

import pytest

from tests.helpers import hint_said
from tripeaks import analysis, bridge
from tripeaks.game import Game
from tripeaks.rules import preset_rules
from tripeaks.solver import SolverCache


def follow_hints(game: Game) -> list[analysis.Hint]:
    """Every hint of a game played by them, sharing one cache as the engine does."""
    hints = []
    cache = SolverCache()
    for _ in range(120):
        if game.over:
            break
        hints.append(analysis.hint(game, cache=cache))
        game.apply(hints[-1].move)
    return hints


@pytest.mark.parametrize(("preset", "number"), [("standard", 8), ("classic", 3),
                                                ("countdown", 0)])
def test_following_the_hints_reaches_par(preset, number):
    """Standard deal 8: following the hints used to score 110 against a par of 276."""
    rules = preset_rules(preset)
    par = analysis.par(Game.new(number, rules))
    assert par.score_exact
    game = Game.new(number, rules)
    hints = follow_hints(game)
    assert game.won and game.score == par.score
    first = hints[0]
    assert first.aim == "par" and first.score == par.score
    assert first.reason == "keeps-best-score" and first.values == {"count": par.score}
    assert hint_said(first.reason, first.values) == (
        f"This move keeps a line to {par.score} points, the best score still possible.")
    assert {h.score for h in hints} == {par.score}


def test_after_a_slip_the_hint_aims_for_the_best_score_left():
    rules = preset_rules("standard")
    game = Game.new(8, rules)
    par = analysis.par(game).score
    plays = [m for m in game.legal_moves() if m != analysis.hint(game).move]
    game.apply(plays[0])
    best = analysis.par(game).score  # par of the position: what is still possible
    assert best < par
    hint = analysis.hint(game)
    assert hint.aim == "par" and hint.score == best
    follow_hints(game)
    assert game.won and game.score == best


def test_a_hint_without_scoring_or_out_of_budget_says_it_only_keeps_a_win():
    game = Game.new(8, preset_rules("relaxed"))
    hint = analysis.hint(game)
    assert hint.aim == "win" and hint.score is None
    assert hint.reason == "keeps-win"
    assert hint_said(hint.reason) == "This move keeps a winning line."
    tight = analysis.hint(Game.new(8, preset_rules("standard")), max_nodes=1000)
    assert tight.aim == "win" and tight.reason == "keeps-win-best-unknown"
    assert "best score" in hint_said(tight.reason)


def test_the_bridge_hint_reply_says_what_the_hint_aims_for():
    def ok(**message):
        answer = json.loads(bridge.handle_json(json.dumps({"game": "player", **message})))
        assert answer["ok"], answer
        return answer["result"]

    ok(type="new_game", number=8, preset="standard")
    reply = ok(type="hint")
    par = ok(type="par")["score"]
    assert set(reply) >= {"move", "reason", "values", "source", "aim", "score"}
    assert reply["source"] == "solver" and isinstance(reply["move"], int)
    assert reply["aim"] == "par" and reply["score"] == par and reply["reason"] == "keeps-best-score"
    assert reply["values"] == {"count": par}
    ok(type="new_game", number=8, preset="relaxed")
    assert ok(type="hint")["aim"] == "win"
