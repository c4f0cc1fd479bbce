"""Property tests: whatever a player does, the game stays whole and consistent."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tripeaks.deals import MAX_DEAL
from tripeaks.game import DRAW, Game
from tripeaks.layout import ALL_REMOVED, COVER_MASK, PEAK_CARDS
from tripeaks.rules import PRESETS, Rules

deal_numbers = st.integers(min_value=0, max_value=MAX_DEAL)
rules_values = st.builds(
    Rules,
    wrap=st.booleans(),
    face_up=st.booleans(),
    empty_waste=st.booleans(),
    scoring=st.sampled_from(["streak", "classic", "points", "chain", "original", "none"]),
    undo_limit=st.sampled_from([None, 5, 100]),
    undo_restores_moves=st.booleans(),
)
presets = st.sampled_from([p.rules for p in PRESETS.values()])


def conserved(game: Game) -> bool:
    """Peaks + waste + stock always hold the 52 cards once each."""
    on_table = [game.cards[p] for p in range(PEAK_CARDS) if not game.is_removed(p)]
    stock = list(game.cards[game.stock_index:])
    return (
        len(on_table) + game.waste_count + len(stock) == 52
        and len(set(on_table) | set(stock)) == len(on_table) + len(stock)
        and (game.waste_top is None or game.waste_top not in on_table + stock)
    )


def core(game: Game) -> tuple:
    return (game.removed, game.stock_index, game.waste_top, game.waste_count,
            game.state, game.best_streak, game.won, game.stuck)


@settings(max_examples=150)
@given(deal_numbers, rules_values, st.integers(0, 2**32))
def test_random_legal_games_never_raise_and_end_won_or_stuck(number, rules, seed):
    rng = random.Random(seed)
    game = Game.new(number, rules)
    while not game.over:
        legal = game.legal_moves()
        assert legal, "a game that is not over always has a move"
        game.apply(rng.choice(legal))
        assert conserved(game)
        if game.can_undo and rng.random() < 0.15:
            game.undo()
            assert conserved(game)
    assert game.won != game.stuck
    if game.won:
        assert game.removed == ALL_REMOVED and game.cards_left == 0
    else:
        assert game.stock_count == 0
        assert not any(game.fits(p) for p in range(PEAK_CARDS))
    if game.score is not None:
        assert game.score >= 0 or rules.scoring in ("classic", "original")  # these can go below 0


@settings(max_examples=150)
@given(deal_numbers, rules_values, st.data())
def test_undo_is_the_exact_inverse_of_the_last_action(number, rules, data):
    rules = rules.replace(undo_limit=None)
    game = Game.new(number, rules)
    for _ in range(data.draw(st.integers(0, 40))):
        if game.over:
            break
        game.apply(data.draw(st.sampled_from(game.legal_moves())))
    if game.won:
        return
    if game.stuck:
        game.undo()
    before, moves_before, view_before = core(game), game.moves, game.view()
    move = data.draw(st.sampled_from(game.legal_moves()))
    game.apply(move)
    game.undo()
    after = core(game)
    if move == DRAW and game.scoring.keeps_broken_streak:
        # 000: taking back a draw does not give back the streak it broke
        assert after[4] == before[4]._replace(streak=0)
        assert after[:4] + after[5:] == before[:4] + before[5:]
    else:
        assert after == before
        slots = ("slots", "waste", "stock", "score", "cards_left", "won", "stuck")
        assert {k: game.view()[k] for k in slots} == {k: view_before[k] for k in slots}
    assert game.moves == (moves_before if rules.undo_restores_moves else moves_before + 1)
    game.redo()
    assert game.removed >> move & 1 if move != DRAW else game.stock_index == before[1] + 1


@settings(max_examples=100)
@given(deal_numbers, presets, st.data())
def test_save_then_restore_gives_the_identical_game(number, rules, data):
    game = Game.new(number, rules)
    for _ in range(data.draw(st.integers(0, 60))):
        if game.over:
            break
        if game.can_undo and data.draw(st.integers(0, 5)) == 0:
            game.undo()
        elif game.can_redo and data.draw(st.integers(0, 5)) == 0:
            game.redo()
        else:
            game.apply(data.draw(st.sampled_from(game.legal_moves())))
    record = json.loads(json.dumps(game.to_record()))
    restored = Game.from_record(record)
    assert restored.view() == game.view()
    assert restored.to_record() == game.to_record()
    assert (restored.can_undo, restored.can_redo) == (game.can_undo, game.can_redo)
    if game.can_undo:
        game.undo()
        restored.undo()
        assert restored.view() == game.view()


@settings(max_examples=100)
@given(deal_numbers, rules_values)
def test_view_never_reveals_a_face_down_card(number, rules):
    game = Game.new(number, rules)
    for slot in game.view()["slots"]:
        hidden = COVER_MASK[slot["slot"]] != 0 and not rules.face_up
        assert (slot["card"] is None) == hidden
