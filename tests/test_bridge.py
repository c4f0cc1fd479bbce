"""The bridge the web app's worker calls: JSON in, JSON out, never an exception."""

from __future__ import annotations

import json

import pytest

from tests.helpers import IN_WASM, said
from tripeaks import analysis, bridge, dealer, replay_link, solver
from tripeaks.ai import make_ai
from tripeaks.bridge import handle
from tripeaks.cli import board_words
from tripeaks.deals import encode_code, shuffle
from tripeaks.game import DRAW, Game
from tripeaks.notation import deal_text
from tripeaks.rating import rate
from tripeaks.rules import preset_rules
from tripeaks.solver import solve


def call(**message):
    """A request as the worker sends it, about the player's game unless it names
    another (commands not about a game ignore the field)."""
    message.setdefault("game", "player")
    answer = json.loads(bridge.handle_json(json.dumps(message)))
    assert set(answer) <= {"ok", "result", "error"}
    return answer


def ok(**message):
    answer = call(**message)
    assert answer["ok"], answer
    return answer["result"]


def test_new_game_by_number_shows_the_base_row_and_the_waste_card():
    cards = shuffle(7)
    state = ok(type="new_game", number=7)
    board = state["board"]
    assert [s["card"] for s in board["slots"][18:]] == [
        Game(cards).view()["slots"][p]["card"] for p in range(18, 28)
    ]
    assert all(s["card"] is None for s in board["slots"][:18])  # face down stays hidden
    assert board["stock"]["count"] == 23
    assert board["deal_number"] == 7
    assert Game.from_record(state["record"]).view() == board


def test_a_deal_code_carries_its_rules():
    code = encode_code(7, wrap=False, face_up=True)
    board = ok(type="new_game", code=code)["board"]
    assert board["rules"]["wrap"] is False and board["rules"]["face_up"] is True
    assert all(s["card"] is not None for s in board["slots"])
    assert board["deal_code"] == code


def test_a_deal_code_may_be_written_with_spaces_as_in_a_shared_message():
    code = encode_code(7, wrap=False)
    spaced = f" {code[:8]} {code[8:].lower()} "
    assert ok(type="new_game", code=spaced)["board"]["deal_code"] == code


def test_rules_beside_a_code_that_contradict_it_are_refused_not_ignored():
    ok(type="new_game", number=3)
    code = encode_code(7)  # a King-Ace wrap deal
    answer = call(type="new_game", code=code, rules={"wrap": False, "face_up": True})
    assert answer["ok"] is False
    assert answer["error"] == {"kind": "bad-request", "reason": "deal-code-own-rules",
                               "values": {"code": code}}
    assert said(answer["error"]) == (
        f"The deal code {code} has its own rules, but the rules beside it ask for others.")
    assert ok(type="state")["board"]["deal_number"] == 3  # the game in progress stays
    agreeing = ok(type="new_game", code=code, rules={"wrap": True, "scoring": "classic"})
    assert agreeing["board"]["rules"]["scoring"] == "classic"


def test_check_record_reads_a_backups_game_without_leaving_the_game_in_progress():
    saved = ok(type="new_game", number=5)["record"]
    ok(type="new_game", number=3)
    drawn = ok(type="action", move="draw")
    assert ok(type="check_record", record=saved) == {"deal_code": encode_code(5)}
    answer = call(type="check_record", record={**saved, "deal": "XX YY"})
    assert answer["ok"] is False and answer["error"]["kind"] == "bad-record"
    assert ok(type="state") == drawn


def test_check_deal_names_a_links_deal_without_leaving_the_game_in_progress():
    ok(type="new_game", number=3)
    drawn = ok(type="action", move="draw")
    code = encode_code(9, wrap=False)
    assert ok(type="check_deal", code=code, preset="challenge") == {
        "deal_code": code, "preset": "challenge"}
    assert call(type="check_deal", code="TP1-E-AAAAAB")["ok"] is False
    assert ok(type="state") == drawn


def test_a_custom_deal_with_a_preset():
    text = deal_text(shuffle(11))
    board = ok(type="new_game", cards=text, preset="relaxed")["board"]
    assert board["score"] is None  # relaxed has no points
    assert board["deal_number"] is None


def test_actions_draw_play_undo_redo_and_restore_round_trip():
    ok(type="new_game", number=3)
    drawn = ok(type="action", move="draw")
    assert drawn["board"]["stock"]["count"] == 22
    assert ok(type="action", move="undo")["board"]["stock"]["count"] == 23
    redone = ok(type="action", move="redo")
    assert redone["board"]["stock"]["count"] == 22
    ok(type="new_game", number=4)
    restored = ok(type="restore", record=redone["record"])
    assert restored["board"] == redone["board"]


def test_an_illegal_move_answers_with_the_players_reason():
    ok(type="new_game", number=3)
    answer = call(type="action", move=0)
    assert not answer["ok"]
    assert answer["error"] == {"kind": "illegal-move", "reason": "blocked", "values": {}}
    assert said(answer["error"]) == "This card is blocked."


def test_an_undo_the_rules_refuse_is_its_own_kind():
    ok(type="new_game", number=3, preset="classic")
    answer = call(type="action", move="undo")
    assert answer["ok"] is False and answer["error"]["kind"] == "illegal-undo"
    ok(type="new_game", number=3)
    assert call(type="action", move="redo")["error"]["kind"] == "illegal-undo"


def test_a_plain_value_error_is_a_bad_request_and_no_game_is_said():
    assert call(type="state", game="nothing-here")["error"]["kind"] == "no-game"
    ok(type="new_game", number=3)
    assert call(type="ai_step", level="grandmaster")["error"]["kind"] == "bad-request"


@pytest.mark.skipif(IN_WASM, reason="the site's wheel ships without docstrings (build.py)")
def test_every_error_kind_is_a_stable_kebab_case_name_named_in_the_docstring():
    assert bridge.__doc__ is not None
    for kind in bridge.ERROR_KINDS:
        assert kind == kind.lower() and " " not in kind and "_" not in kind
        assert f"\n    {kind} " in bridge.__doc__, kind
    assert set(bridge.ERROR_KINDS) == set(ok(type="hello")["vocabulary"]["error_kinds"])


@pytest.mark.parametrize("message, kind", [
    ({"type": "fly"}, "bad-request"),
    ({"no": "type"}, "bad-request"),
    ({"type": "action", "move": "jump"}, "bad-request"),
    ({"type": "action", "move": True}, "bad-request"),
    ({"type": "restore", "record": "nope"}, "bad-record"),
    ({"type": "restore", "record": {"format": "tripeaks-game", "version": 1, "deal": "7H"}},
     "bad-record"),
    ({"type": "new_game", "preset": "nonsense"}, "bad-rules"),
    ({"type": "new_game", "number": 1, "rules": {"wrap": "yes"}}, "bad-rules"),
    ({"type": "new_game", "code": "TP1-E-ABCDEF"}, "bad-deal"),
    ({"type": "new_game", "cards": "7H 7H"}, "bad-notation"),
    # A field of the wrong type is the sender's mistake, never an internal error.
    ({"type": "new_game", "preset": 5}, "bad-rules"),
    ({"type": "new_game", "cards": 5}, "bad-deal"),
    ({"type": "new_game", "cards": ["7H"] * 52}, "bad-deal"),
    ({"type": "new_game", "number": 1, "rules": {"no_such_rule": True}}, "bad-rules"),
    ({"type": "ai_results", "levels": [1]}, "bad-request"),
])
def test_bad_requests_are_answered_not_raised(message, kind):
    ok(type="new_game", number=3)  # a game on the table: each request judged on itself
    answer = call(**message)
    assert answer["ok"] is False
    assert answer["error"]["kind"] == kind
    assert said(answer["error"]).endswith(".")  # a sentence the player can read
    assert answer["error"]["reason"] != kind or kind == "bad-request"  # more than the kind


def test_not_json_is_answered():
    answer = json.loads(bridge.handle_json("{nope"))
    assert answer["ok"] is False and answer["error"]["kind"] == "bad-request"


def test_a_message_nested_deeper_than_any_record_is_refused_and_the_game_stays():
    """Inside Pyodide such a text would overflow the stack and kill the worker."""
    before = ok(type="new_game", number=3)
    deep = '{"type": "restore", "record": ' + "[" * 50_000 + "]" * 50_000 + "}"
    answer = json.loads(bridge.handle_json(deep))
    assert answer["ok"] is False and answer["error"]["kind"] == "bad-request"
    assert answer["error"]["reason"] == "not-json"
    assert "nested too deeply" in answer["error"]["detail"]["text"]  # for the console
    assert ok(type="state") == before


def test_a_bug_in_the_engine_becomes_an_internal_error(monkeypatch):
    ok(type="new_game", number=3)
    monkeypatch.setattr(Game, "view", lambda self: 1 / 0)
    answer = call(type="action", move="draw")
    assert answer["ok"] is False
    assert answer["error"]["kind"] == "internal"
    assert answer["error"]["reason"] == "internal" and answer["error"]["values"] == {}
    assert answer["error"]["detail"]["type"] == "ZeroDivisionError"
    assert "ZeroDivisionError" in answer["error"]["detail"]["traceback"]


def test_hint_names_a_legal_move():
    state = ok(type="new_game", number=5)
    game = Game.from_record(state["record"])
    move = ok(type="hint")["move"]
    assert not game.over and move in game.legal_moves()


def test_a_random_deal_is_a_valid_numbered_deal():
    board = ok(type="new_game")["board"]
    assert isinstance(board["deal_number"], int)
    assert board["deal_code"]


def test_hello_shares_the_vocabulary_and_nothing_the_page_does_not_read():
    hello = ok(type="hello")
    assert hello["vocabulary"]["draw_move"] == DRAW
    assert set(hello) == {"version", "python", "vocabulary"}


def test_solve_answers_a_winning_line():
    state = ok(type="new_game", number=1)  # a winnable deal
    answer = ok(type="solve")
    game = Game.from_record(state["record"])
    assert answer["result"] == "win"
    for move in answer["line"]:
        game.apply(move)
    assert game.won


def test_solve_of_a_lost_position_has_no_line():
    lost = next(n for n in range(1, 500) if not solver.solve(shuffle(n)).won)
    ok(type="new_game", number=lost, preset="relaxed")
    assert ok(type="solve") == {"result": "loss", "line": None}


# --------------------------------------------------------------- the table's commands


def test_restart_deals_the_same_cards_again_with_the_same_rules():
    first = ok(type="new_game", number=12, preset="classic")["board"]
    ok(type="action", move="draw")
    again = ok(type="restart")["board"]
    assert again["moves"] == 0 and again["slots"] == first["slots"]
    assert again["rules"] == first["rules"] and again["deal_code"] == first["deal_code"]


def test_the_daily_deal_is_the_same_for_everyone_and_winnable():

    one = ok(type="daily", date="2026-11-30", preset="relaxed")
    two = ok(type="daily", date="2026-11-30", preset="relaxed")
    assert one["board"]["deal_number"] == two["board"]["deal_number"] >= 20261130
    assert one["date"] == "2026-11-30"
    assert solve(Game.from_record(one["record"])).won
    assert call(type="daily", date="30/11/2026")["error"]["kind"] == "bad-deal"


def test_par_and_analysis_of_a_stuck_game_say_which_move_lost_it():

    ok(type="new_game", number=20261130, preset="classic")
    par = ok(type="par")
    assert par["result"] == "win" and par["score"] > 0
    # Draw through the stock first: a winnable deal thrown away.
    board = ok(type="state")["board"]
    played = []
    while not board["over"]:
        fits = [s["slot"] for s in board["slots"] if s["fits"]]
        move = "draw" if board["stock"]["count"] else fits[0]
        board = ok(type="action", move=move)["board"]
        played.append(Game.from_record(ok(type="state")["record"]).actions[-1])
    assert board["won"] is False
    analysis = ok(type="analyse")
    assert analysis["winnable"] is True and analysis["still_winnable"] is False
    assert analysis["turning_move"] == "D" and analysis["turning_point"] is not None
    replay = Game.new(20261130, Game.from_record(ok(type="state")["record"]).rules)
    for move in analysis["line"]:
        replay.apply(move)
    assert replay.won and solve(Game.new(20261130)).won
    # The winning line follows the player's own moves up to the one that lost it.
    turning = analysis["turning_point"]
    assert turning > 0 and analysis["line_start"] == turning
    assert analysis["line"][:turning] == played[:turning]
    assert analysis["line"][turning] != played[turning]


def test_an_ai_plays_the_current_deal_one_legal_move_at_a_time():
    ok(type="new_game", number=5)
    seen = 0
    while True:
        before = ok(type="state")["record"]
        step = ok(type="ai_step", level="normal")
        game = Game.from_record(before)
        assert step["move"] in game.legal_moves()
        seen += 1
        if step["board"]["over"]:
            break
    assert seen >= 23
    assert said(call(type="ai_step", level="normal")["error"]) == "The game is over."
    assert call(type="ai_step", level="grandmaster")["ok"] is False


def test_describe_gives_the_board_as_facts_the_command_line_words_as_before():
    state = ok(type="new_game", number=7)
    facts = ok(type="describe")
    shown = {s["slot"]: s["card"] for s in state["board"]["slots"] if s["face_up"]}
    assert {p["slot"]: p["code"] for row in facts["peaks"] for p in row if p["face_up"]} == shown
    assert [len(row) for row in facts["peaks"]] == [3, 6, 9, 10]
    assert facts["stock"] == 23 and facts["waste"]["card"] == shuffle(7)[28]
    text = board_words(facts)
    assert text.startswith("Stock: 23 cards") and "face-down card" in text


def test_the_app_is_told_what_each_preset_scores():
    """The status line and the statistics show only what the rules score: the
    engine says so, so the app never decides it from a scoring system's name."""

    presets = {p["name"]: p["scores"] for p in handle({"type": "presets"})["result"]["presets"]}
    assert presets["standard"] == {"points": True, "streaks": True}
    assert presets["countdown"] == {"points": True, "streaks": False}
    assert presets["relaxed"] == {"points": False, "streaks": False}

    assert Game.new(1, preset_rules("countdown")).view()["scores"] == presets["countdown"]


# -- prepare: the next deal made ready while the player plays -----------------------------


def _prepare_until_ready(**message):
    steps = 0
    while not ok(type="prepare", **message)["ready"]:
        steps += 1
        assert steps < 1000
    return steps + 1


def test_new_game_takes_the_prepared_winnable_deal(monkeypatch):

    bridge.ENGINE.forget_caches()
    monkeypatch.setattr(dealer, "random_number", lambda: 1000)
    _prepare_until_ready(preset="standard")
    # Once prepared, a random number from elsewhere is never asked for.
    monkeypatch.setattr(dealer, "random_number", lambda: pytest.fail("dealt again"))
    board = ok(type="new_game", preset="standard", next=True)["board"]
    assert board["deal_number"] == analysis.first_winnable(1000, preset_rules("standard")).number
    # Taken: the next new game deals afresh (here: asks for a random number).
    monkeypatch.setattr(dealer, "random_number", lambda: 5)
    assert ok(type="new_game", preset="standard")["board"]["deal_number"] == \
        analysis.first_winnable(5, preset_rules("standard")).number


def test_prepare_tries_one_deal_a_call(monkeypatch):
    """Each request solves at most one deal, so a move asked for meanwhile waits
    for one search at most; a losing start takes several calls."""

    rules = preset_rules("standard")
    start = next(n for n in range(1, 500) if not solver.solve(shuffle(n), rules).won)
    bridge.ENGINE.forget_caches()
    monkeypatch.setattr(dealer, "random_number", lambda: start)
    solved = []
    real = analysis.first_winnable
    monkeypatch.setattr(analysis, "first_winnable",
                        lambda n, r, **kw: solved.append(kw) or real(n, r, **kw))
    steps = _prepare_until_ready(preset="standard")
    assert steps == real(start, rules).number - start + 1 >= 2
    assert all(kw.get("tries") == 1 for kw in solved)
    assert ok(type="prepare", preset="standard") == {"ready": True}  # nothing more to do


def test_prepared_deals_are_kept_per_rules(monkeypatch):
    bridge.ENGINE.forget_caches()
    monkeypatch.setattr(dealer, "random_number", lambda: 77)
    _prepare_until_ready(preset="classic")  # no solver needed: not winnable only
    monkeypatch.setattr(dealer, "random_number", lambda: 78)
    assert ok(type="new_game", preset="relaxed")["board"]["deal_number"] == 78
    assert ok(type="new_game", preset="classic", next=True)["board"]["deal_number"] == 77
    wrapless = {"preset": "classic", "rules": {"wrap": False}}
    # A deal asked for by number never takes the prepared one.
    _prepare_until_ready(**wrapless)
    assert ok(type="new_game", number=9, **wrapless)["board"]["deal_number"] == 9
    assert bridge.ENGINE.dealer.is_prepared(bridge.make_rules("classic", {"wrap": False}))


def test_a_prepared_daily_deal_is_the_daily_deal():

    bridge.ENGINE.forget_caches()
    _prepare_until_ready(date="2026-11-30", preset="challenge")
    state = ok(type="daily", date="2026-11-30", preset="challenge")
    expected = dealer.Dealer().daily_number("2026-11-30", preset_rules("challenge"))
    assert state["board"]["deal_number"] == expected
    assert state["date"] == "2026-11-30"
    # Kept: the same day's deal again needs no search.
    assert ok(type="prepare", date="2026-11-30", preset="challenge") == {"ready": True}


def test_prepare_refuses_what_new_game_refuses():
    assert call(type="prepare", date="30/11/2026")["ok"] is False
    assert call(type="prepare", date=20261130)["error"]["kind"] == "bad-request"
    assert call(type="prepare", preset="nope")["ok"] is False
    assert call(type="prepare", rules={"undo_limit": "many"})["error"]["kind"] == "bad-rules"


def test_the_first_deal_is_winnable_and_the_same_every_time():

    first = ok(type="new_game", preset="standard", first=True)["board"]
    assert first == ok(type="new_game", preset="standard", first=True)["board"]
    expected = analysis.first_winnable(bridge.FIRST_DEAL, preset_rules("standard")).number
    assert first["deal_number"] == expected


# -- difficulty, replay links and the AI beside the player (issue 14) ------------------


def test_rate_names_the_class_of_a_deal_and_of_the_current_game():

    expected = rate(1234, preset_rules("standard")).to_json()
    assert ok(type="rate", number=1234) == {**expected, "deal_code": encode_code(1234)}
    ok(type="new_game", number=1234)
    ok(type="action", move="draw")
    assert ok(type="rate")["class"] == expected["class"]  # from the deal's start
    assert ok(type="state")["board"]["moves"] == 1  # the game in progress stays
    assert ok(type="rate", code=encode_code(1234))["class"] == expected["class"]
    assert call(type="rate", number="x")["ok"] is False


def test_rate_of_a_daily_deal_is_the_rating_of_the_deal_daily_deals():
    rated = ok(type="rate", date="2026-11-30", preset="challenge")
    dealt = ok(type="daily", date="2026-11-30", preset="challenge")["board"]
    assert rated["deal_code"] == dealt["deal_code"]
    assert rated["class"] == ok(type="rate")["class"]


def test_rating_a_day_finds_its_deal_once_for_playing_it():
    """The Deals panel rates today's deal as it opens: the day's deal is then found,
    and playing it needs no search (nothing left to prepare)."""
    bridge.ENGINE.forget_caches()
    ok(type="rate", date="2026-11-29", preset="standard")
    assert ok(type="prepare", date="2026-11-29", preset="standard") == {"ready": True}
    assert call(type="rate", date="29/11/2026")["ok"] is False


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard", "expert"])
@pytest.mark.parametrize("preset", ["standard", "classic"])
def test_new_game_by_difficulty_deals_a_winnable_deal_of_that_class(difficulty, preset):
    board = ok(type="new_game", difficulty=difficulty, preset=preset)["board"]
    assert board["preset"] == preset
    rating = ok(type="rate")
    assert rating["class"].lower() == difficulty and rating["winnable"] is True


def test_a_prepared_deal_of_a_difficulty_is_the_one_dealt(monkeypatch):
    bridge.ENGINE.forget_caches()
    monkeypatch.setattr(dealer, "random_number", lambda: 500)
    while not ok(type="prepare", difficulty="hard")["ready"]:
        pass
    monkeypatch.setattr(dealer, "random_number", lambda: 9000)
    number = ok(type="new_game", difficulty="hard")["board"]["deal_number"]
    assert 500 <= number < 9000
    assert ok(type="rate")["class"] == "Hard"


def test_a_difficulty_not_found_is_said_and_the_game_stays(monkeypatch):
    ok(type="new_game", number=7)
    monkeypatch.setattr(dealer, "DIFFICULTY_TRIES", 0)
    answer = call(type="new_game", difficulty="expert")
    assert answer["error"]["kind"] == "not-found"
    assert answer["error"]["values"] == {"difficulty": "Expert", "tries": 0}
    assert "No Expert deal was found" in said(answer["error"])
    assert ok(type="state")["board"]["deal_number"] == 7
    assert call(type="new_game", difficulty="impossible")["error"]["kind"] == "bad-request"


def test_share_game_is_the_replay_link_and_check_replay_reads_it_back():

    ok(type="new_game", number=1234, preset="classic")
    line = solver.solve(Game.new(1234, bridge.make_rules("classic"))).line
    for move in line:
        state = ok(type="action", move=int(move))
    assert state["board"]["won"]
    link = ok(type="share_game", base="https://example.org/tp/#deal=1")["link"]
    assert link.startswith("https://example.org/tp/#replay=") and "preset=classic" in link
    replay = ok(type="check_replay", link=link)
    assert replay["won"] is True and replay["deal_code"] == state["board"]["deal_code"]
    assert replay["actions"] == ["draw" if m == DRAW else int(m) for m in line]
    # Its request deals the start; its actions, sent in order, win it again.
    ok(type="new_game", number=7)
    ok(type="new_game", **replay["request"])
    for action in replay["actions"]:
        state = ok(type="action", move=action)
    assert state["board"]["won"] and state["board"]["score"] == replay["score"]


def test_a_bad_replay_link_is_one_message_and_the_game_in_progress_stays():
    ok(type="new_game", number=7)
    before = ok(type="action", move="draw")
    bad = ("#replay=TP1-E-AAAABGU.bbb", "#deal=7", "#replay=nonsense.", 7, "#replay=" + "d" * 2000)
    for link in bad:
        answer = call(type="check_replay", link=link)
        assert answer["ok"] is False and answer["error"]["kind"] == "bad-replay", link
        assert said(answer["error"]).startswith("This replay link does not replay"), link
        assert not said(answer["error"]).endswith("..")
    assert ok(type="state") == before


def test_share_game_refuses_a_game_too_long_for_a_link(monkeypatch):

    ok(type="new_game", number=7)
    ok(type="action", move="draw")
    monkeypatch.setattr(replay_link, "MAX_LINK", 10)
    answer = call(type="share_game")
    assert answer["error"]["kind"] == "too-long"
    assert answer["error"]["reason"] == "replay-too-many-actions"
    assert said(answer["error"]) == (
        "No replay link: this game has too many actions (1) for a replay link.")


def test_ai_results_play_the_deal_from_its_start_and_leave_the_game():

    ok(type="new_game", number=1234)
    before = ok(type="action", move="draw")
    results = ok(type="ai_results")["results"]
    assert [r["level"] for r in results] == ["easy", "normal", "hard"]
    for r in results:
        played = make_ai(r["level"], seed=0).play(Game.new(1234))
        assert (r["won"], r["cards_left"], r["score"]) == (
            played.won, played.cards_left, played.score)
    assert ok(type="ai_results") == {"results": results}  # seeded: the same every time
    assert ok(type="state") == before
