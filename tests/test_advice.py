"""Fair advice in the money game: draw and play on, or deal again?"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import with_unseen_shuffled
from tripeaks import bridge
from tripeaks.advice import PLAY_ON, REDEAL, AdviceError, advise, visible_seed
from tripeaks.ai import NormalAI
from tripeaks.cli import main
from tripeaks.deals import MAX_DEAL
from tripeaks.engine import Engine
from tripeaks.game import DRAW, Game
from tripeaks.hindsight import hindsight_money
from tripeaks.notation import actions_text, deal_text
from tripeaks.par import par
from tripeaks.rules import preset_rules

ORIGINAL = preset_rules("original")
WORLDS = 8  # enough to tell positions apart; the app asks advice.WORLDS


def played(number: int, seed: int, steps: int) -> Game:
    """A deal under the money game's rules after up to ``steps`` random legal moves."""
    rng = random.Random(seed)
    game = Game.new(number, ORIGINAL)
    for _ in range(steps):
        if game.over:
            break
        game.apply(rng.choice(game.legal_moves()))
    return game


@settings(max_examples=40, deadline=None)
@given(st.integers(0, MAX_DEAL), st.integers(0, 2**32), st.integers(0, 30),
       st.integers(0, 2**32))
def test_shuffling_the_unseen_cards_never_changes_the_advice(number, seed, steps, shuffle):
    game = played(number, seed, steps)
    other = with_unseen_shuffled(game, shuffle)
    assert other.view()["slots"] == game.view()["slots"]  # the player sees the same table
    assert visible_seed(other) == visible_seed(game)
    assert advise(other, WORLDS) == advise(game, WORLDS)


def test_the_advice_weighs_the_position_it_is_asked_about():
    answers = {advise(played(n, n, 12), WORLDS).play_on for n in range(12)}
    assert len(answers) > 3, "the same figure for different positions: nothing is weighed"
    assert advise(Game.new(3, ORIGINAL), WORLDS) == advise(Game.new(3, ORIGINAL), WORLDS)


def test_while_a_card_fits_playing_on_is_worth_something():
    for number in range(20):
        game = Game.new(number, ORIGINAL)
        if any(m != DRAW for m in game.legal_moves()):
            found = advise(game, WORLDS)
            assert not found.next_is_draw and found.play_on >= 1 and found.advice == PLAY_ON


def test_a_player_who_follows_it_walks_away_from_some_deals():
    advice = []
    for number in range(1, 30):
        game, player = Game.new(number, ORIGINAL), NormalAI()
        while not game.over:
            move = player.choose(game)
            if move == DRAW:
                found = advise(game, WORLDS)
                assert found.next_is_draw
                advice.append(found.advice)
                if found.advice == REDEAL:
                    break
            game.apply(move)
    assert PLAY_ON in advice and REDEAL in advice


def test_a_game_without_a_score_has_no_money_to_weigh():
    with pytest.raises(AdviceError):
        advise(Game.new(1, preset_rules("relaxed")))


def test_the_command_line_and_the_bridge_give_the_same_answer(capsys):
    game = played(77, 1, 6)
    code = main(["advise", "--cards", deal_text(game.cards),
                 "--moves", actions_text(game.cards, game.actions), "--preset", "original",
                 "--json"])
    out, _ = capsys.readouterr()
    printed = json.loads(out)
    assert code == 0 and set(printed) >= {"play_on", "redeal", "advice"}
    assert printed["redeal"] == 0 and printed["advice"] in (PLAY_ON, REDEAL)
    engine = Engine()
    bridge.handle({"type": "new_game", "game": "player", "cards": deal_text(game.cards),
                   "preset": "original"}, engine)
    for move in game.actions:
        bridge.handle({"type": "action", "game": "player", "move": move}, engine)
    reply = bridge.handle({"type": "advise", "game": "player"}, engine)
    assert reply["ok"] and reply["result"] == printed


@pytest.mark.parametrize("argv", [
    ["advise", "1", "--preset", "nowhere"],
    ["advise", "--cards", "AS 2S", "--preset", "original"],
    ["advise", "1", "--moves", "D ZZ", "--preset", "original"],
    ["advise", "1", "--preset", "relaxed"],
])
def test_bad_advice_questions_get_one_line_and_status_2(capsys, argv):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("tripeaks: ") and err.count("\n") == 1


def test_seeing_every_card_is_worth_at_least_par_and_the_fair_players_money():
    game, player = Game.new(8, ORIGINAL), NormalAI()
    while game.stock_count > 15:
        game.apply(player.choose(game))
    best = hindsight_money(game)
    rest = (par(game).score or 0) - (game.score or 0)
    fair = NormalAI().play(Game.from_record(game.to_record()))
    assert best >= max(0, rest, (fair.score or 0) - (game.score or 0))
    assert best > rest  # here clearing the peaks loses money: walking away is better
    assert hindsight_money(fair) == 0  # a finished deal has nothing left
