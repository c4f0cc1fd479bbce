"""The view's ``last_action``: what the app celebrates after a move (points, a
longer streak, a cleared peak) comes from the engine, never from the page."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import TOP_DOWN, chain_deal, play_all
from tripeaks import bridge
from tripeaks.cards import card_code
from tripeaks.game import DRAW, Game
from tripeaks.layout import GROUP_MASKS, PEAK_CARDS, TIPS
from tripeaks.rules import preset_rules


def test_a_new_game_has_no_last_action():
    assert Game.new(1).view()["last_action"] is None


def test_each_card_of_a_streak_scores_one_more_and_grows_the_streak():
    cards, moves = chain_deal("PPPDP")
    game = Game(cards, preset_rules("standard"))
    seen = []
    for move in moves:
        game.apply(move)
        last = game.view()["last_action"]
        seen.append((last["kind"], last["move"], last["points"], last["streak_grew"]))
    assert seen == [
        ("play", moves[0], 1, True), ("play", moves[1], 2, True), ("play", moves[2], 3, True),
        ("draw", DRAW, 0, False), ("play", moves[4], 1, True),
    ]


def test_countdown_streaks_score_nothing_so_none_grows():
    cards, moves = chain_deal("PPD")
    game = Game(cards, preset_rules("countdown"))
    game.apply(moves[0])
    assert game.last_action["points"] == -1 and game.last_action["streak_grew"] is False
    game.apply(moves[1])
    game.apply(moves[2])
    drawn = cards[29]
    assert game.last_action == {"kind": "draw", "move": DRAW, "card": drawn,
                                "code": card_code(drawn), "points": -1,
                                "streak_grew": False, "peak_cleared": None}


def test_relaxed_scores_no_points():
    cards, moves = chain_deal("PP")
    game = play_all(Game(cards, preset_rules("relaxed")), moves)
    assert game.last_action["points"] == 0 and game.last_action["streak_grew"] is False


def test_a_peak_is_cleared_when_its_tip_goes_with_the_tip_bonus():
    cards, moves = chain_deal("P" * PEAK_CARDS)
    game = Game(cards, preset_rules("standard"))
    cleared = {}
    for move in moves:
        game.apply(move)
        if game.last_action["peak_cleared"] is not None:
            cleared[move] = game.last_action["peak_cleared"]
            assert any(e["kind"] == "peak" for e in game.events)
    assert cleared == {tip: tip for tip in TIPS}
    # the winning move's points include the end bonus (10 a stock card left)
    assert game.won and game.last_action["points"] == 28 + 30 + 10 * game.stock_count


def test_countdown_clears_a_peak_with_its_whole_group_and_its_100_points():
    # Right to left, the base row's left cards and the left peak's group go last:
    # the middle and right groups are each cleared by a card that is not a tip.
    order = [p for p in TOP_DOWN if p not in (0, 3, 4, 9, 10, 11, 18, 19, 20)] + [
        20, 19, 18, 11, 10, 9, 4, 3, 0]
    cards, moves = chain_deal("P" * PEAK_CARDS, order=order)
    game = Game(cards, preset_rules("countdown"))
    cleared = []
    for move in moves:
        game.apply(move)
        peak = game.last_action["peak_cleared"]
        if peak is not None:
            cleared.append(peak)
            assert game.removed & GROUP_MASKS[peak] == GROUP_MASKS[peak]
            assert game.last_action["points"] == 99  # -1 for the card, +100 for the peak
    assert sorted(cleared) == [0, 1, 2]


def test_undo_and_redo_say_what_they_did():
    cards, moves = chain_deal("PP")
    game = play_all(Game(cards, preset_rules("standard")), moves)
    game.undo()
    assert game.last_action["kind"] == "undo" and game.last_action["points"] == 0
    game.redo()
    assert game.last_action["kind"] == "play" and game.last_action["move"] == moves[1]


def test_an_undo_says_which_card_it_brought_back_and_where():
    """The page says "the 7 of hearts is back on the peaks" (or "back in the stock")
    from last_action alone, without comparing two boards."""
    cards, moves = chain_deal("PD")
    game = play_all(Game(cards, preset_rules("standard")), moves)
    game.undo()  # the draw: its card goes back to the stock
    back = game.view()["last_action"]
    assert (back["kind"], back["move"], back["card"]) == ("undo", DRAW, cards[29])
    assert back["code"] == card_code(cards[29]) and game.stock_count == 23
    game.undo()  # the play: its card goes back on the peaks, at its position
    back = game.view()["last_action"]
    assert (back["kind"], back["move"], back["card"]) == ("undo", moves[0], cards[moves[0]])
    assert not game.view()["slots"][moves[0]]["removed"]
    answer = bridge.handle({"type": "new_game", "game": "player", "cards": list(cards),
                            "preset": "standard"})
    assert answer["ok"]
    for move in (moves[0], "undo"):
        answer = bridge.handle({"type": "action", "game": "player", "move": move})
    assert answer["result"]["board"]["last_action"]["move"] == moves[0]
    assert answer["result"]["board"]["last_action"]["code"] == card_code(cards[moves[0]])


def test_the_bridge_carries_last_action():
    new = {"type": "new_game", "game": "player", "number": 7, "preset": "standard"}
    assert bridge.handle(new)["result"]["board"]["last_action"] is None
    answer = bridge.handle({"type": "action", "game": "player", "move": "draw"})["result"]
    assert answer["board"]["last_action"]["kind"] == "draw"


def test_a_search_does_not_touch_last_action():
    game = Game.new(3)
    game.push(DRAW)
    game.pop()
    assert game.last_action is None


@settings(max_examples=60)
@given(number=st.integers(1, 10_000), preset=st.sampled_from(["standard", "classic", "countdown"]),
       picks=st.lists(st.integers(0, 50), max_size=60))
def test_points_of_every_move_add_up_to_the_score(number, preset, picks):
    game = Game.new(number, preset_rules(preset))
    start = game.score
    total = 0
    for pick in picks:
        legal = game.legal_moves()
        if not legal:
            break
        game.apply(legal[pick % len(legal)])
        total += game.last_action["points"]
        assert game.last_action["streak_grew"] == (game.last_action["kind"] == "play"
                                                   and preset != "countdown")
    assert start + total == game.score
