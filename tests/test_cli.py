"""``python -m tripeaks``: what a person or a script sees."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from tests.helpers import chain_deal
from tests.pinned_deals import PINNED
from tripeaks import analysis, solver
from tripeaks.cards import card_name
from tripeaks.cli import main
from tripeaks.deals import daily_number, encode_code, shuffle
from tripeaks.game import DRAW, Game
from tripeaks.notation import actions_text, deal_text
from tripeaks.rules import preset_rules


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_deal_by_number_and_by_code_print_52_codes(capsys):
    code, out, err = run(capsys, "deal", "1234")
    assert code == 0 and out == PINNED[1234] + "\n" and err == ""
    assert run(capsys, "deal", encode_code(1234).lower())[1] == out


def test_daily_deal_is_the_first_winnable_deal_from_the_dates_number(capsys):

    code, out, _ = run(capsys, "deal", "--daily", "2026-11-30", "--preset", "relaxed")
    assert code == 0
    number = analysis.first_winnable(daily_number("2026-11-30"), preset_rules("relaxed")).number
    assert number >= 20261130
    assert out.strip() == deal_text(shuffle(number))
    assert solver.solve(Game.new(number, preset_rules("relaxed"))).result == "win"
    # without wrap the same date may give a later deal, never an earlier one
    code, out, _ = run(capsys, "deal", "--daily", "2026-11-30", "--preset", "challenge")
    assert code == 0 and len(out.split()) == 52


def test_replay_json_reports_a_win_with_the_score(capsys):
    cards, moves = chain_deal("P" * 28)
    code, out, _ = run(capsys, "replay", "--cards", deal_text(cards), "--moves",
                       actions_text(cards, moves), "--preset", "classic", "--json")
    result = json.loads(out)
    assert code == 0
    assert result["won"] and not result["stuck"] and result["score"] == 516
    assert result["moves"] == 28 and result["cards_left"] == 0


def test_replay_scoring_none_gives_null_score_and_no_wrap_is_honoured(capsys):
    cards, moves = chain_deal("P" * 13)  # the 13th play goes King to Ace
    args = ["replay", "--cards", deal_text(cards), "--moves", actions_text(cards, moves)]
    code, out, _ = run(capsys, *args, "--scoring", "none", "--json")
    assert code == 0 and json.loads(out)["score"] is None
    code, out, err = run(capsys, *args, "--no-wrap", "--json")
    assert code == 2 and out == ""
    assert "Must be one rank higher or lower" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["replay", "--cards", "AC " * 52, "--moves", ""], "AC appears twice"),
        (["replay", "--cards", deal_text(range(51)), "--json"], "this one has 51"),
        (["replay", "7", "--moves", "XZ"], "'XZ' is not a move"),
        (["replay", "7", "--moves", "D KS", "--json"], "move 2 (KS)"),
        (["deal", "TP1-E-AAAAAAB0"], "7 characters"),
        (["deal", "abc"], "not a deal number"),
        (["deal"], "name a deal"),
        (["frobnicate"], "invalid choice"),
        (["replay", "1", "--scoring", "golf"], "invalid choice"),
        (["deal", "--daily", "tomorrow"], "YYYY-MM-DD"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_exit_2(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and message in err


def test_module_entry_point_exits_2_on_bad_input():
    done = subprocess.run([sys.executable, "-m", "tripeaks", "deal", "99999999999"],
                          capture_output=True, text=True)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("tripeaks: Deal numbers run from 0")


def test_a_whole_terminal_game_can_be_played(monkeypatch, capsys):
    cards, moves = chain_deal("D" + "P" * 28)
    typed = ["zz", "u", "h", "b", "d", *[deal_text([cards[m]]) for m in moves[1:]]]
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(typed) + "\n"))
    code, out, _ = run(capsys, "play", "--cards", deal_text(cards), "--preset", "relaxed")
    assert code == 0
    assert "'zz' is not a move" in out
    assert "Nothing to undo." in out
    assert "Hint: D (" in out  # only the draw fits at the start of this deal
    # b reads the board in words, from the engine's description (as the page's B key)
    assert f"Stock: 23 cards; waste pile: {card_name(cards[28])}. Peaks: face-down card" in out
    assert "You won!" in out
    assert "##" in out.split("You won!")[0]


def test_a_stuck_terminal_game_says_reference_002s_words(monkeypatch, capsys):
    rules = preset_rules("classic")

    def stuck_by_drawing(number: int) -> bool:
        game = Game.new(number, rules)
        while not game.over:
            if DRAW not in game.legal_moves():
                return False
            game.apply(DRAW)
        return not game.won

    number = next(n for n in range(500) if stuck_by_drawing(n))
    monkeypatch.setattr(sys, "stdin", io.StringIO("d\n" * 23))
    code, out, _ = run(capsys, "play", str(number), "--preset", "classic")
    assert code == 0
    assert out.rstrip().endswith("No more moves available.")
