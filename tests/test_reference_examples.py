"""The worked examples of the five reference pages, each as a game played here."""

from __future__ import annotations

import pytest

from tests.helpers import chain_deal, custom_deal, play_all, shown
from tripeaks.cards import parse_card
from tripeaks.cli import board_words
from tripeaks.game import DRAW, Game, IllegalMoveError, UndoError
from tripeaks.layout import ALL_REMOVED, PEAK_CARDS, PEAK_GROUPS
from tripeaks.notation import parse_deal
from tripeaks.rules import Rules, preset_rules

CLASSIC = preset_rules("classic")
COUNTDOWN = preset_rules("countdown")
STANDARD = preset_rules("standard")


def plan(*streaks: int, draws_first: int = 0, draws_last: int = 0) -> str:
    """'P'*a + 'D' + 'P'*b + ...: streaks separated by one draw each."""
    return "D" * draws_first + "D".join("P" * n for n in streaks) + "D" * draws_last


# --- 001: classic scoring --------------------------------------------------------


def test_001_win_with_streaks_of_8_5_5_4_3_3_scores_198():
    cards, moves = chain_deal(plan(8, 5, 5, 4, 3, 3))
    game = play_all(Game(cards, CLASSIC), moves)
    assert game.won
    assert game.score == 198
    assert game.scoring.breakdown(game.state) == {"streaks": 88, "peaks": 60, "bonus": 50}


def test_001_loss_with_70_streak_points_one_peak_and_6_cards_left_scores_55():
    removal = [*range(27, 8, -1), 8, 7, 2]  # base, row 3, then the right peak's top
    leftovers = [0, 1, 3, 4, 5, 6]  # two tips first, so the open row-2 cards cannot fit
    cards, moves = chain_deal(plan(9, 4, 3, 2, 2, 2, draws_last=18), removal, leftovers)
    game = Game(cards, CLASSIC)
    play_all(game, moves[:-1])
    assert not game.stuck
    game.apply(moves[-1])
    assert game.stuck and not game.won
    assert game.cards_left == 6
    assert game.events[-1] == {"kind": "stuck", "points": -30}
    assert shown(game.events[-1]) == "Stuck -30"
    assert game.score == 55
    assert game.state.card_points == 70 and game.state.peak_points == 15


def test_001_maximum_one_streak_of_28_scores_516():
    cards, moves = chain_deal("P" * 28)
    game = play_all(Game(cards, CLASSIC), moves)
    assert game.won and game.score == 516
    assert game.stock_count == 23  # classic pays no stock bonus


def test_001_has_no_undo():
    game = Game.new(7, CLASSIC)
    game.draw()
    with pytest.raises(UndoError, match="Undo is off"):
        game.undo()


def test_001_empty_waste_variant_lets_any_base_card_start():
    game = Game.new(7, CLASSIC.replace(empty_waste=True))
    assert game.waste_top is None and game.stock_count == 24
    assert game.legal_moves() == [*range(18, 28), DRAW]


def test_001_face_up_variant_shows_all_28_but_plays_only_uncovered():
    game = Game.new(7, CLASSIC.replace(face_up=True))
    assert all(game.view()["slots"][p]["card"] for p in range(PEAK_CARDS))
    assert game.why_illegal(0) == "This card is blocked."


# --- 002: points (500 down) --------------------------------------------------------


def test_002_best_win_without_a_draw_is_772():
    cards, moves = chain_deal("P" * 28)
    assert play_all(Game(cards, COUNTDOWN), moves).score == 772


def test_002_win_after_drawing_all_23_is_749():
    cards, moves = chain_deal("D" * 23 + "P" * 28)
    game = play_all(Game(cards, COUNTDOWN), moves)
    assert game.won and game.moves == 51 and game.score == 749


def test_002_peaks_cleared_on_moves_37_42_50_score_750():
    order = [18, 25, 26, 27, 16, 21, 22, 23, 24, 12, 13, 14, 5, 6, 1,
             15, 17, 7, 8, 2, 19, 20, 9, 10, 11, 3, 4, 0]
    cards, moves = chain_deal("D" * 22 + "P" * 28, order)
    game = Game(cards, COUNTDOWN)
    cleared_on = []
    for move in moves:
        game.apply(move)
        if any(shown(e) == "Peak +100" for e in game.events):
            cleared_on.append(game.moves)
    assert cleared_on == [37, 42, 50]
    assert game.won and game.score == 750


def test_002_peak_groups_split_the_base_row_3_3_4():

    assert [len(g) for g in PEAK_GROUPS] == [9, 9, 10]
    assert sorted(p for g in PEAK_GROUPS for p in g) == list(range(PEAK_CARDS))


BOTTOM_002 = ["3S", "5S", "KC", "4S", "2D", "AS", "KD", "8H", "7C", "9S"]


def deal_002(wrap: bool = True) -> Game:
    peaks = {18 + i: code for i, code in enumerate(BOTTOM_002)}
    peaks[9 + 4] = "7S"  # the card revealed in the middle peak
    return Game(parse_deal(custom_deal(peaks, "AC")), COUNTDOWN.replace(wrap=wrap))


def test_002_opening_description_matches_the_page():
    assert board_words(deal_002().describe()) == (
        "Stock: 23 cards; waste pile: ace of clubs. Peaks: face-down card, face-down card, "
        "face-down card; row 2: " + ", ".join(["face-down card"] * 6) + "; row 3: "
        + ", ".join(["face-down card"] * 9) + "; bottom row: 3 of spades, 5 of spades, "
        "king of clubs, 4 of spades, 2 of diamonds, ace of spades, king of diamonds, "
        "8 of hearts, 7 of clubs, 9 of spades."
    )


def test_002_easy_rules_allow_three_cards_on_the_ace_classic_only_the_two():
    code = {p: c for p, c in zip(range(18, 28), BOTTOM_002, strict=True)}
    easy = [code[p] for p in deal_002(wrap=True).legal_moves() if p != DRAW]
    classic = [code[p] for p in deal_002(wrap=False).legal_moves() if p != DRAW]
    assert easy == ["KC", "2D", "KD"]
    assert classic == ["2D"]


def test_002_king_ace_two_reveals_the_seven_of_spades():
    game = deal_002()
    for code in ("KC", "AS", "2D"):
        game.play(game.cards.index(parse_card(code)))
    assert game.revealed == [13]
    assert board_words(game.describe()) == (
        "Stock: 23 cards; waste pile: 2 of diamonds. Peaks: face-down card, face-down card, "
        "face-down card; row 2: " + ", ".join(["face-down card"] * 6) + "; row 3: "
        + ", ".join(["face-down card"] * 4) + ", 7 of spades, "
        + ", ".join(["face-down card"] * 4) + "; bottom row: 3 of spades, 5 of spades, "
        "4 of spades, king of diamonds, 8 of hearts, 7 of clubs, 9 of spades."
    )


def test_002_error_help_reasons():
    game = deal_002()
    three_of_spades = 18
    with pytest.raises(IllegalMoveError, match="^Must be one rank higher or lower$"):
        game.play(three_of_spades)
    with pytest.raises(IllegalMoveError, match=r"^This card is blocked\.$"):
        game.play(13)
    assert game.moves == 0 and game.removed == 0  # a refused tap changes nothing


def test_002_undo_restores_points_but_not_the_move_counter():
    game = deal_002()
    game.play(20)  # KC
    game.draw()
    assert (game.score, game.moves) == (498, 2)
    game.undo()
    game.undo()
    assert game.score == 500 and game.moves == 2
    assert game.removed == 0 and game.waste_top == parse_card("AC")


def test_002_keeps_only_the_last_100_actions():
    game = Game.new(11, COUNTDOWN.replace(undo_limit=3))
    for _ in range(5):
        game.draw()
    for _ in range(3):
        game.undo()
    assert not game.can_undo
    with pytest.raises(UndoError):
        game.undo()
    assert game.stock_count == 21
    assert COUNTDOWN.undo_limit == 100


def test_002_blocked_game_gets_no_penalty():
    removal = [*range(27, 8, -1), 8, 7, 2]
    cards, moves = chain_deal(plan(9, 4, 3, 2, 2, 2, draws_last=18), removal, [0, 1, 3, 4, 5, 6])
    game = play_all(Game(cards, COUNTDOWN), moves)
    assert game.stuck
    assert game.score == 500 - game.moves + 100


# --- 000: streak scoring ------------------------------------------------------------


def test_000_streak_scores_1_2_3_and_a_draw_resets_it():
    cards, moves = chain_deal("PPPDPP")
    game = Game(cards, STANDARD)
    labels = []
    for move in moves:
        game.apply(move)
        labels.append(shown(game.events[0]) if game.events else "no points")
    assert labels == ["+1", "+2", "+3", "no points", "+1", "+2"]
    assert game.score == 9 and game.streak == 2


def test_000_tip_bonuses_15_15_30_and_10_per_stock_card_left():
    cards, moves = chain_deal("DD" + "P" * 28)
    game = Game(cards, STANDARD)
    peak_labels = []
    for move in moves:
        game.apply(move)
        peak_labels += [shown(e) for e in game.events if e["kind"] == "peak"]
    assert peak_labels == ["Peak +15", "Peak +15", "Peak +30"]
    assert game.events[-1] == {"kind": "stock", "points": 210}
    assert shown(game.events[-1]) == "Stock +210"
    assert game.score == 406 + 60 + 210


def test_000_undoing_a_play_takes_back_its_points_and_place_in_the_streak():
    cards, moves = chain_deal("PPP")
    game = play_all(Game(cards, STANDARD), moves)
    assert (game.score, game.streak) == (6, 3)
    game.undo()
    assert (game.score, game.streak) == (3, 2)
    game.apply(moves[2])
    assert (game.score, game.streak) == (6, 3)


def test_000_undoing_a_draw_does_not_give_the_streak_back():
    cards, moves = chain_deal("PPPP")
    game = play_all(Game(cards, STANDARD), moves[:3])
    game.draw()
    game.undo()
    assert game.stock_count == 23 and game.waste_top == game.cards[moves[2]]
    assert game.streak == 0 and game.score == 6
    game.apply(moves[3])  # the fourth card of the chain now starts a new streak
    assert shown(game.events[0]) == "+1" and game.score == 7


@pytest.mark.parametrize("again", ["replay", "redo"])
def test_000_undo_cannot_keep_a_streak_alive(again):
    """Taking back the draw, then the play before it, and playing on must not
    score as if the draw had never happened (that would be 1+2+3+4 = 10)."""
    cards, moves = chain_deal("PPPP")
    game = play_all(Game(cards, STANDARD), moves[:3])
    game.draw()
    game.undo()
    game.undo()
    assert game.score == 3 and game.streak == 0 and game.cards_left == 26
    if again == "replay":
        game.apply(moves[2])
    else:
        game.redo()
    game.apply(moves[3])
    assert [shown(e) for e in game.events] == ["+2"]
    assert game.streak == 2 and game.score == 6


def test_000_undo_has_no_limit_and_redo_replays():
    game = Game.new(3, STANDARD)
    for _ in range(23):
        game.draw()
    while game.can_undo:
        game.undo()
    assert game.stock_count == 23 and game.moves == 0
    game.redo()
    assert game.stock_count == 22 and game.moves == 1


def test_000_keyboard_and_moves_each_play_and_draw_count_one_move():
    cards, moves = chain_deal("PDP")
    assert play_all(Game(cards, STANDARD), moves).moves == 3


# --- 003: no score, undo gives moves back --------------------------------------------


def test_003_seven_eight_seven_six_is_legal_and_ace_goes_on_king_or_two():
    rules = preset_rules("relaxed")
    peaks = {18: "8H", 19: "7D", 20: "6S", 21: "KS", 22: "2C", 23: "AH"}
    game = Game(parse_deal(custom_deal(peaks, "7C")), rules)
    for slot in (18, 19, 20):
        game.play(slot)
    assert game.waste_top == parse_card("6S")
    assert game.score is None and game.moves == 3
    ace_on_king = Game(parse_deal(custom_deal({18: "AH"}, "KC")), rules)
    assert 18 in ace_on_king.legal_moves()
    ace_on_two = Game(parse_deal(custom_deal({18: "AH"}, "2C")), rules)
    assert 18 in ace_on_two.legal_moves()


def test_003_undo_restores_the_previous_move_count():
    game = Game.new(5, preset_rules("relaxed"))
    game.draw()
    game.draw()
    game.undo()
    assert game.moves == 1


def test_003_win_is_immediate_with_cards_left_in_stock():
    cards, moves = chain_deal("P" * 28)
    game = play_all(Game(cards, preset_rules("relaxed")), moves)
    assert game.won and game.removed == ALL_REMOVED and game.stock_count == 23
    assert game.legal_moves() == []
    with pytest.raises(UndoError):
        game.undo()  # undo only before winning
    with pytest.raises(IllegalMoveError, match="over"):
        game.draw()


# --- 004: no wrap, chain score ---------------------------------------------------------


def test_004_no_king_ace_loop():
    rules = preset_rules("challenge")
    assert not rules.wrap and rules.undo_limit == 0
    game = Game(parse_deal(custom_deal({18: "AH", 19: "QD", 20: "2S"}, "KC")), rules)
    assert game.why_illegal(18) == "Must be one rank higher or lower"
    assert game.legal_moves() == [19, DRAW]


def test_004_eight_of_clubs_plays_on_seven_of_hearts():
    game = Game(parse_deal(custom_deal({18: "8C"}, "7H")), preset_rules("challenge"))
    game.play(18)
    assert game.waste_top == parse_card("8C")


def test_004_chain_points_and_stock_bonus_without_peak_bonus():
    rules = Rules(scoring="chain")
    cards, moves = chain_deal("D" + "P" * 28)
    game = play_all(Game(cards, rules), moves)
    assert game.score == 406 + 22 * 10
    assert not any(e["kind"] == "peak" for e in game.events)
