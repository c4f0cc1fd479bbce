"""The Game API the app and the solver stand on."""

from __future__ import annotations

import doctest
import json

import pytest

import tripeaks.cards
import tripeaks.deals
import tripeaks.game
import tripeaks.layout
import tripeaks.notation
import tripeaks.position
from tests.helpers import chain_deal, custom_deal, play_all
from tripeaks.game import DRAW, Game, IllegalMoveError, RecordError, UndoError
from tripeaks.layout import COVERED_BY, COVERS, GROUP_OF, PEAK_CARDS, TIPS
from tripeaks.notation import parse_deal
from tripeaks.rules import PRESETS, Rules, RulesError, preset_rules


@pytest.mark.parametrize(
    "module", [tripeaks.cards, tripeaks.deals, tripeaks.game, tripeaks.layout, tripeaks.notation,
               tripeaks.position]
)
def test_docstring_examples(module):
    failures, _ = doctest.testmod(module)
    assert failures == 0


def test_layout_follows_the_cover_relation():
    assert [len(COVERED_BY[p]) for p in range(PEAK_CARDS)] == [2] * 18 + [0] * 10
    assert COVERED_BY[TIPS[2]] == (7, 8)  # tip 2 under row-1 cards 4 and 5
    assert COVERED_BY[3 + 2 * 1 + 1] == (9 + 3 * 1 + 1, 9 + 3 * 1 + 2)  # row-1 card 3
    assert COVERED_BY[9 + 8] == (18 + 8, 18 + 9)
    # the 4th and 7th base cards hold up cards of two different peaks
    assert COVERS[21] == (11, 12) and GROUP_OF[11] == 0 and GROUP_OF[12] == 1
    assert COVERS[24] == (14, 15) and GROUP_OF[14] == 1 and GROUP_OF[15] == 2


def test_new_deal_has_28_peaks_1_waste_23_stock_and_10_face_up():
    game = Game.new(42)
    view = game.view()
    assert view["stock"]["count"] == 23 and view["waste"]["count"] == 1
    assert sum(s["face_up"] for s in view["slots"]) == 10
    assert [s["slot"] for s in view["slots"] if s["face_up"]] == list(range(18, 28))
    assert view["cards_left"] == 28 and view["moves"] == 0 and view["score"] == 0
    assert view["deal_code"] == tripeaks.deals.encode_code(42)
    json.dumps(view)  # plain JSON


def test_card_turns_face_up_only_when_both_covering_cards_are_gone():
    cards, moves = chain_deal("PP", order=[18, 19, 20])
    game = Game(cards)
    game.apply(18)
    assert not game.face_up(9) and game.revealed == []
    assert game.why_illegal(9) == "This card is blocked."
    game.apply(19)
    assert game.face_up(9) and game.revealed == [9]


def test_draw_is_allowed_even_when_a_card_fits_and_only_once_through():
    cards, _ = chain_deal("D" * 23 + "P")  # the last stock card fits a peak card
    game = Game(cards)
    assert DRAW in game.legal_moves() and len(game.legal_moves()) > 1  # a card fits too
    for _ in range(23):
        game.draw()
    assert game.stock_count == 0 and not game.over
    assert game.why_illegal(DRAW) == "The stock is empty."


def test_stuck_is_detected_at_once_and_stops_play():
    removal = [*range(27, 8, -1), 8, 7, 2]
    cards, moves = chain_deal("P" * 22 + "D" * 23, removal, [0, 1, 3, 4, 5, 6])
    game = Game(cards)
    play_all(game, moves)
    assert game.stuck and game.over and game.legal_moves() == []
    assert game.view()["stuck"] and not any(s["fits"] for s in game.view()["slots"])
    game.undo()
    assert not game.stuck and game.stock_count == 1


def test_already_played_and_no_such_move_reasons():
    cards, moves = chain_deal("P")
    game = play_all(Game(cards), moves)
    assert game.why_illegal(moves[0]) == "This card has already been played."
    assert game.why_illegal(99) == "There is no such move."
    with pytest.raises(IllegalMoveError):
        game.play(DRAW)


def test_redo_is_cleared_by_a_new_action():
    game = Game.new(9)
    game.draw()
    game.undo()
    assert game.can_redo
    game.draw()
    assert not game.can_redo
    with pytest.raises(UndoError, match="Nothing to redo"):
        game.redo()


def test_push_and_pop_leave_no_trace():
    game = Game.new(10)
    before = game.view()
    for move in game.legal_moves():
        game.push(move)
        game.pop()
    assert game.view() == before and game.actions == []


def test_record_is_versioned_json_and_replays():
    game = Game.new(77, preset_rules("countdown"))
    game.draw()
    game.undo()
    game.redo()
    record = game.to_record()
    assert record["format"] == "tripeaks-game" and record["version"] == 1
    assert record["actions"] == "D U R"
    assert Game.from_record(record).view() == game.view()


@pytest.mark.parametrize(
    ("record", "message"),
    [
        (None, "not a TriPeaks saved game"),
        ({"format": "other"}, "not a TriPeaks saved game"),
        ({"format": "tripeaks-game", "version": 99}, "version 99"),
        ({"format": "tripeaks-game", "version": 1, "deal": "AC 2C"}, "52 cards"),
        ({"format": "tripeaks-game", "version": 1, "rules": {"wrapp": True},
          "deal": " ".join(["AC"] * 52)}, "unknown rule option"),
    ],
)
def test_broken_records_are_refused_with_a_reason(record, message):
    with pytest.raises(RecordError, match=message):
        Game.from_record(record)


def test_record_with_an_impossible_action_is_refused():
    record = Game.new(5).to_record()
    record["actions"] = "D D U U U"
    with pytest.raises(RecordError, match="action 5 of the saved game: Nothing to undo"):
        Game.from_record(record)


def test_rules_round_trip_and_refuse_nonsense():
    for preset in PRESETS.values():
        assert Rules.from_json(json.loads(json.dumps(preset.rules.to_json()))) == preset.rules
    with pytest.raises(RulesError, match="unknown scoring"):
        Rules(scoring="golf")
    with pytest.raises(RulesError, match="true or false"):
        Rules.from_json({"wrap": "yes"})
    with pytest.raises(RulesError, match="unknown preset"):
        preset_rules("nope")


def test_a_game_names_its_preset_so_statistics_go_to_the_right_one():
    for name in PRESETS:
        assert Game.new(5, preset_rules(name)).view()["preset"] == name
    # Checking deals for winnability does not change how one plays...
    standard = preset_rules("standard")
    assert Game.new(5, standard.replace(winnable_only=False)).view()["preset"] == "standard"
    # ...but any rule that does makes the game custom.
    assert Game.new(5, standard.replace(wrap=False)).view()["preset"] == "custom"


def test_presets_follow_their_pages():
    assert [p.source for p in PRESETS.values()] == ["000", "001", "002", "003", "004", "001"]
    standard, classic, countdown, relaxed, challenge, original = (
        p.rules for p in PRESETS.values())
    assert standard.winnable_only and standard.undo_limit is None and standard.wrap
    assert classic.scoring == "classic" and classic.undo_limit == 0 and not classic.abandon_is_loss
    assert countdown.undo_limit == 100 and not countdown.undo_restores_moves
    assert relaxed.scoring == "none" and relaxed.abandon_is_loss and relaxed.undo_restores_moves
    assert not challenge.wrap
    assert original.wrap and not original.face_up and original.undo_limit == 0
    assert original.scoring == "original" and not original.winnable_only


def test_empty_waste_start_takes_any_uncovered_card_first():
    game = Game(parse_deal(custom_deal({18: "5H", 19: "KS"}, "9C")), Rules(empty_waste=True))
    assert game.waste_top is None and game.stock_count == 24
    assert game.view()["waste"] == {"card": None, "count": 0}
    game.play(19)
    assert game.legal_moves()[-1] == DRAW and 18 not in game.legal_moves()
    game.undo()
    game.draw()
    assert game.waste_top == game.cards[28]  # the first stock card is the 29th of the deal
