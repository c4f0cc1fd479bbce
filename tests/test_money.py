"""The 1991 money game (preset ``original``): what each card, tip and draw is worth."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import chain_deal, play_all, replay_line
from tripeaks.cli import main
from tripeaks.deals import MAX_DEAL
from tripeaks.game import DRAW, Game
from tripeaks.notation import actions_text, deal_text
from tripeaks.par import par
from tripeaks.rules import PRESETS, preset_rules

ORIGINAL = preset_rules("original")
REFERENCE_WIN = "D".join("P" * n for n in (8, 5, 5, 4, 3, 3))
"""Reference 001's worked win: streaks of 8, 5, 5, 4, 3 and 3 with a draw between each."""


def recount(actions: list[int]) -> int:
    """The money of a list of moves, counted plainly: $n for the n-th card of a
    streak, $15, $15, $30 for the tips in the order taken, -$5 a draw."""
    money = streak = tips = 0
    for move in actions:
        if move == DRAW:
            money, streak = money - 5, 0
        else:
            streak += 1
            money += streak
            if move in (0, 1, 2):
                money += (15, 15, 30)[tips]
                tips += 1
    return money


def test_the_preset_is_the_1991_game():
    preset = PRESETS["original"]
    assert preset.title == "1991 original" and preset.source == "001"
    rules = preset.rules
    assert rules.wrap and not rules.face_up and not rules.empty_waste
    assert rules.undo_limit == 0 and not rules.undo_allowed and rules.scoring == "original"


def test_reference_001s_win_is_worth_its_streaks_and_tips_less_its_draws():
    cards, moves = chain_deal(REFERENCE_WIN)
    game = play_all(Game(cards, ORIGINAL), moves)
    assert game.won
    # Streaks 36 + 15 + 15 + 10 + 6 + 6 = 88, tips 15 + 15 + 30, five draws -25;
    # no +50 for clearing (Classic, the same line, scores 198).
    assert game.score == 88 + 60 - 25 == 123
    assert game.scoring.breakdown(game.state) == {"streaks": 88, "peaks": 60, "draws": -25}
    assert play_all(Game(cards, preset_rules("classic")), moves).score == 198


def test_a_draw_costs_five_dollars_and_ends_the_streak_and_money_can_go_below_zero():
    cards, moves = chain_deal("PPDDDDP")
    game = Game(cards, ORIGINAL)
    game.apply(moves[0])
    game.apply(moves[1])
    assert game.score == 1 + 2 and game.streak == 2
    events = game.apply(DRAW)
    assert game.score == -2 and game.streak == 0
    assert [(e["kind"], e["points"]) for e in events] == [("draw", -5)]
    play_all(game, moves[3:6])
    assert game.score == -17
    game.apply(moves[6])
    assert game.score == -16  # the first card of a new streak earns $1


def test_nothing_is_charged_for_cards_left_when_stuck():
    for number in range(40):
        game = Game.new(number, ORIGINAL)
        while not game.over:
            game.apply(game.legal_moves()[0])
        if game.stuck:
            assert game.cards_left > 0 and game.state.end_points == 0
            assert game.score == recount(game.actions)
            return
    raise AssertionError("no deal of the first 40 ended stuck")


@settings(max_examples=120, deadline=None)
@given(st.integers(0, MAX_DEAL), st.integers(0, 2**32))
def test_the_money_is_always_a_plain_recount_of_the_moves(number, seed):
    rng = random.Random(seed)
    game = Game.new(number, ORIGINAL)
    while not game.over:
        game.apply(rng.choice(game.legal_moves()))
        assert game.score == recount(game.actions)


def test_replay_reports_a_deals_money_as_its_score(capsys):
    cards, moves = chain_deal(REFERENCE_WIN)
    code = main(["replay", "--cards", deal_text(cards), "--moves", actions_text(cards, moves),
                 "--preset", "original", "--json"])
    out, _ = capsys.readouterr()
    assert code == 0 and json.loads(out)["score"] == 123


def test_par_counts_what_the_draws_cost_and_its_line_earns_it():
    game = Game.new(7, ORIGINAL)
    found = par(game)
    assert found.scoring == "original" and found.score_exact
    line = replay_line(game, found.score_line)
    assert line.won and line.score == found.score == recount(list(found.score_line))
    # The same line under Classic's scoring would not pay for its draws: par differs.
    assert par(Game.new(7, preset_rules("classic"))).score != found.score
