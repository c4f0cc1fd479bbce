"""The engine holds games by name: the player's game stays while another is
watched, raced or replayed; old saves load; a page cannot make it hold games
without bound."""

from __future__ import annotations

import json
import pathlib
import re

import pytest

from tests.helpers import IN_WASM, said
from tripeaks import bridge
from tripeaks.commands import GAME_COMMANDS
from tripeaks.engine import KEPT_GAME, MAX_GAMES, Engine
from tripeaks.game import DRAW, Game

FIXTURES = pathlib.Path(__file__).parent / "fixtures"
SAVES = json.loads((FIXTURES / "saved_games.json").read_text(encoding="utf-8"))["games"]


def call(engine: Engine, **message):
    return json.loads(bridge.handle_json(json.dumps(message), engine))


def ok(engine: Engine, **message):
    answer = call(engine, **message)
    assert answer["ok"], answer
    return answer["result"]


@pytest.fixture
def engine() -> Engine:
    return Engine()


def test_two_games_are_played_side_by_side_and_neither_moves_the_other(engine):
    mine = ok(engine, type="new_game", game="player", number=7)
    ok(engine, type="new_game", game="watch", number=9)
    for _ in range(3):
        watched = ok(engine, type="ai_step", game="watch", level="normal")
    assert ok(engine, type="state", game="player") == mine
    assert watched["board"]["deal_number"] == 9 and watched["board"]["moves"] == 3
    drawn = ok(engine, type="action", game="player", move="draw")
    assert ok(engine, type="state", game="watch") == {k: watched[k] for k in ("board", "record")}
    assert drawn["board"]["moves"] == 1


def test_a_command_about_a_game_must_name_it(engine):
    ok(engine, type="new_game", game="player", number=7)
    for message in ({"type": "state"}, {"type": "action", "move": "draw"}, {"type": "hint"},
                    {"type": "new_game", "number": 3}, {"type": "describe"},
                    {"type": "drop_game"}, {"type": "rate"}, {"type": "check_deal"}):
        answer = call(engine, **message)
        assert answer["error"]["kind"] == "bad-request", message
        assert answer["error"]["reason"] == "game-name-missing", message
        assert "game" in said(answer["error"])
    assert ok(engine, type="state", game="player")["board"]["moves"] == 0


@pytest.mark.parametrize("command", sorted(GAME_COMMANDS))
def test_every_command_about_a_game_refuses_a_request_that_names_none(engine, command):
    ok(engine, type="new_game", game="player", number=7, preset="relaxed")
    answer = call(engine, type=command, number=7, move="draw", level="easy", date="2026-11-30",
                  record=Game.new(7).to_record())
    assert answer["ok"] is False and answer["error"]["kind"] == "bad-request", answer
    assert ok(engine, type="state", game="player")["board"]["moves"] == 0


@pytest.mark.parametrize("name", ["", "Player", "a b", "x" * 33, 7, "watch!", None])
def test_a_badly_formed_name_is_a_bad_request(engine, name):
    answer = call(engine, type="new_game", game=name, number=7)
    assert answer["ok"] is False and answer["error"]["kind"] == "bad-request"


def test_a_name_that_holds_no_game_is_no_game(engine):
    ok(engine, type="new_game", game="player", number=7)
    for kind in ("state", "hint", "describe", "restart", "share_game"):
        assert call(engine, type=kind, game="replay")["error"]["kind"] == "no-game"


def test_commands_not_about_a_game_ignore_a_game_field(engine):
    assert ok(engine, type="hello", game="player") == ok(engine, type="hello")
    assert ok(engine, type="presets", game="nowhere") == ok(engine, type="presets")
    assert ok(engine, type="rate", game="nowhere", number=1234)["deal_code"] == \
        Game.new(1234).deal_code


def test_check_deal_and_rate_without_a_deal_are_of_the_games_deal(engine):
    ok(engine, type="new_game", game="player", number=1234)
    ok(engine, type="new_game", game="watch", number=99, preset="challenge")
    assert ok(engine, type="check_deal", game="watch") == {
        "deal_code": Game.new(99, bridge.make_rules("challenge")).deal_code,
        "preset": "challenge"}
    assert ok(engine, type="rate", game="player") == ok(engine, type="rate", number=1234)


def test_drop_game_forgets_one_game_only(engine):
    ok(engine, type="new_game", game="player", number=7)
    ok(engine, type="new_game", game="replay", number=8)
    assert ok(engine, type="drop_game", game="replay") == {"dropped": True}
    assert call(engine, type="state", game="replay")["error"]["kind"] == "no-game"
    assert ok(engine, type="drop_game", game="replay") == {"dropped": False}
    assert ok(engine, type="state", game="player")["board"]["deal_number"] == 7


def test_past_the_cap_the_least_recently_asked_game_goes_never_the_players(engine):
    ok(engine, type="new_game", game=KEPT_GAME, number=1)
    for i in range(MAX_GAMES + 3):
        ok(engine, type="new_game", game=f"watch-{i}", number=100 + i)
        ok(engine, type="state", game=f"watch-{max(0, i - 1)}")
    assert len(engine.names) == MAX_GAMES and KEPT_GAME in engine.names
    assert ok(engine, type="state", game=KEPT_GAME)["board"]["deal_number"] == 1
    assert call(engine, type="state", game="watch-2")["error"]["kind"] == "no-game"
    newest = f"watch-{MAX_GAMES + 2}"
    assert ok(engine, type="state", game=newest)["board"]["deal_number"] == 100 + MAX_GAMES + 2


def test_forget_caches_keeps_the_games_and_changes_no_answer(engine):
    ok(engine, type="new_game", game="player", number=8, preset="standard")
    hint = ok(engine, type="hint", game="player")
    assert len(engine.solvers) == 1
    engine.forget_caches()
    assert len(engine.solvers) == 0
    assert ok(engine, type="hint", game="player") == hint
    engine.reset()
    assert engine.names == [] and len(engine.solvers) == 0


@pytest.mark.parametrize("saved", SAVES, ids=[s["name"] for s in SAVES])
def test_saves_written_before_games_by_name_still_load(engine, saved):
    """tests/fixtures/saved_games.json: records written by main before this change."""
    state = ok(engine, type="restore", game="player", record=saved["record"])
    board = state["board"]
    assert {k: board[k] for k in saved["board"]} == saved["board"]
    assert [s["slot"] for s in board["slots"] if s["removed"]] == saved["removed"]
    assert board["waste"]["card"] == saved["waste"]
    assert ok(engine, type="check_record", record=saved["record"]) == {
        "deal_code": saved["board"]["deal_code"]}
    again = Game.from_record(state["record"])  # what it saves now loads again, the same
    assert again.view() == board


def test_the_description_and_an_undo_as_the_page_reads_them(engine):
    ok(engine, type="new_game", game="player", number=7)
    facts = ok(engine, type="describe", game="player")
    base = facts["peaks"][3]
    assert [p["slot"] for p in base] == list(range(18, 28))
    assert all(p["face_up"] and isinstance(p["card"], int) for p in base)
    assert all(p["card"] is None and p["code"] is None for row in facts["peaks"][:3] for p in row)
    playable = [p["slot"] for row in facts["peaks"] for p in row if p["playable"]]
    game = Game.new(7)
    assert playable == [m for m in game.legal_moves() if m != DRAW]
    move = playable[0] if playable else "draw"
    ok(engine, type="action", game="player", move=move)
    undone = ok(engine, type="action", game="player", move="undo")["board"]["last_action"]
    position = DRAW if move == "draw" else move
    card = game.cards[29 if move == "draw" else move]
    assert (undone["kind"], undone["move"], undone["card"]) == ("undo", position, card)


@pytest.mark.skipif(IN_WASM, reason="the site's wheel ships without docstrings (build.py)")
def test_the_protocol_names_every_command_and_which_are_about_a_game():
    """bridge.py's docstring is the protocol the page follows."""
    doc = bridge.__doc__ or ""
    for command in bridge.COMMANDS:
        about_a_game = re.search(rf"\n    {command} +\[game\]", doc) is not None
        assert about_a_game or f"\n    {command} " in doc, command
        assert about_a_game == (command in GAME_COMMANDS), command
