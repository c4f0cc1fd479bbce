"""The bridge's choices the app must not make for itself: which hint applies, and
how a deal code's own rules meet the player's saved options."""

from __future__ import annotations

import json

from tests.helpers import said
from tripeaks import analysis, bridge
from tripeaks.deals import encode_code
from tripeaks.game import Game
from tripeaks.rules import preset_rules


def ok(**message):
    answer = json.loads(bridge.handle_json(json.dumps({"game": "player", **message})))
    assert answer["ok"], answer
    return answer["result"]


def test_challenge_hints_use_only_what_the_player_can_see():
    ok(type="new_game", number=12, preset="challenge")
    answer = ok(type="hint")
    assert answer["fair"] is True and answer["source"] == "fair"
    game = Game.new(12, preset_rules("challenge"))
    assert answer["move"] == analysis.hint(game, fair=True).move


def test_standard_hints_see_every_card_unless_the_player_asks_for_a_fair_one():
    ok(type="new_game", number=12, preset="standard")
    assert ok(type="hint")["fair"] is False
    assert ok(type="hint")["source"] == "solver"
    asked = ok(type="hint", fair=True)
    assert asked["fair"] is True and asked["source"] == "fair"
    assert asked["move"] == analysis.hint(Game.new(12, preset_rules("standard")), fair=True).move


def test_a_customised_challenge_is_not_challenge_so_its_hint_is_the_full_one():
    assert bridge.fair_hint(preset_rules("challenge")) is True
    assert bridge.fair_hint(preset_rules("challenge").replace(undo_limit=None)) is False
    assert bridge.fair_hint(preset_rules("relaxed"), True) is True
    assert bridge.fair_hint(preset_rules("relaxed"), "yes") is False  # only true asks


def test_a_deal_code_overrides_the_players_saved_options_and_names_their_preset():
    # Countdown with wrap turned off, then a wrap code: the code's rules win, and
    # what is left is plain Countdown, so it is filed under Countdown.
    code = encode_code(1)
    assert code == "TP1-E-AAAAAAB"
    request = {"code": code, "preset": "countdown", "rules": {"wrap": False},
               "from_options": True}
    assert ok(type="check_deal", **request) == {"deal_code": code, "preset": "countdown"}
    board = ok(type="new_game", **request)["board"]
    assert board["rules"] == preset_rules("countdown").to_json()
    assert board["preset"] == "countdown" and board["deal_code"] == code


def test_saved_options_beyond_the_codes_rules_still_apply():
    request = {"code": encode_code(1, wrap=False), "preset": "standard",
               "rules": {"wrap": True, "face_up": True, "scoring": "none"},
               "from_options": True}
    board = ok(type="new_game", **request)["board"]
    rules = board["rules"]
    assert (rules["wrap"], rules["face_up"], rules["scoring"]) == (False, False, "none")
    assert board["preset"] == "custom"  # no scoring is not Standard: custom it is


def test_a_links_own_rules_that_contradict_its_code_are_still_refused():
    answer = json.loads(bridge.handle_json(json.dumps(
        {"type": "check_deal", "code": "TP1-E-AAAAAAB", "rules": {"wrap": False}})))
    assert answer["ok"] is False and answer["error"]["reason"] == "deal-code-own-rules"
    assert "has its own rules" in said(answer["error"])
    # ... and so is a from_options that is not exactly true
    answer = json.loads(bridge.handle_json(json.dumps(
        {"type": "check_deal", "code": "TP1-E-AAAAAAB", "rules": {"wrap": False},
         "from_options": "yes"})))
    assert answer["ok"] is False


def test_par_comes_with_the_players_own_draws_and_score():
    ok(type="new_game", number=5, preset="standard")
    for _ in range(3):
        ok(type="action", move="draw")
    ok(type="action", move="undo")  # an undone draw is not a draw made
    answer = ok(type="par", max_seconds=5)
    assert answer["yours"] == {"draws": 2, "score": 0}
    assert answer["result"] == "win" and isinstance(answer["draws"], int)
