"""Replay links (docs/notation.md, "Replay links"): round trip, and every way a link fails."""

from __future__ import annotations

import doctest
import json
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tripeaks.replay_link
from tripeaks import solver
from tripeaks.cli import main
from tripeaks.deals import shuffle
from tripeaks.game import DRAW, Game
from tripeaks.notation import REDO, UNDO, deal_text
from tripeaks.replay_link import MAX_LINK, ReplayLinkError, decode_link, encode_link
from tripeaks.rules import PRESETS, Rules, preset_rules

needs_processes = pytest.mark.skipif(sys.platform == "emscripten",
                                     reason="Pyodide cannot start a process")

CODE = "TP1-E-AAAABGU"  # deal 1234: 9C on the waste, KD drawn first, then QS (base card 19, T) fits
BASE = "https://example.github.io/tripeaks/"


def test_docstring_examples():
    failures, _ = doctest.testmod(tripeaks.replay_link)
    assert failures == 0


def same_rules(a: Rules, b: Rules) -> bool:
    """Equal but for *winnable deals only*, which a link does not carry."""
    return a.replace(winnable_only=False) == b.replace(winnable_only=False)


def random_game(number: int | None, rules: Rules, seed: int) -> Game:
    """A game of random legal moves, with undos and redos where the rules allow them."""
    rng = random.Random(seed)
    cards = shuffle(number if number is not None else seed % 100_000)
    game = Game.new(number, rules) if number is not None else Game(cards, rules)
    for _ in range(rng.randrange(80)):
        roll = rng.random()
        if game.can_redo and roll < 0.1:
            game.act(REDO)
        elif game.can_undo and roll < 0.25:
            game.act(UNDO)
        elif not game.over:
            game.act(rng.choice(game.legal_moves()))
    return game


rules_values = st.builds(
    Rules,
    wrap=st.booleans(),
    face_up=st.booleans(),
    empty_waste=st.booleans(),
    scoring=st.sampled_from(["streak", "classic", "points", "chain", "none"]),
    undo_limit=st.sampled_from([None, 0, 3, 100]),
    undo_restores_moves=st.booleans(),
    winnable_only=st.booleans(),
    abandon_is_loss=st.booleans(),
)
any_rules = st.one_of(st.sampled_from([p.rules for p in PRESETS.values()]), rules_values)


@settings(max_examples=120)
@given(st.one_of(st.none(), st.integers(0, 2**35 - 1)), any_rules, st.integers(0, 2**32))
def test_a_link_replays_the_same_game(number, rules, seed):
    game = random_game(number, rules, seed)
    link = encode_link(game, BASE)
    assert link.startswith(BASE + "#replay=") and len(link) - len(BASE) - 1 <= MAX_LINK
    assert all(c.isascii() and (c.isalnum() or c in "#=&.-_:,/") for c in link)
    back = decode_link(link)
    assert back.actions == game.actions and back.cards == game.cards
    assert back.deal_number == game.deal_number and same_rules(back.rules, game.rules)
    view, expected = back.view(), game.view()
    view.pop("rules"), expected.pop("rules")  # compared above, but for winnable_only
    assert view == expected
    assert (back.can_undo, back.can_redo) == (game.can_undo, game.can_redo)


def test_a_presets_own_rules_give_a_short_link():
    game = Game.new(1234, preset_rules("standard"))
    game.apply(DRAW)
    assert encode_link(game) == f"#replay={CODE}.d"
    game = Game.new(1234, preset_rules("challenge"))
    assert encode_link(game) == "#replay=TP1-C-AAAABGU.&preset=challenge"
    game = Game.new(1234, preset_rules("classic").replace(face_up=True))
    assert encode_link(game) == "#replay=TP1-EF-AAAABGU.&preset=classic"
    game = Game.new(1234, preset_rules("relaxed").replace(undo_limit=3))
    assert encode_link(game) == "#replay=TP1-E-AAAABGU.&preset=relaxed&rules=undo_limit:3"


def test_a_whole_won_game_fits_in_under_a_hundred_characters():

    game = Game.new(1234, preset_rules("standard"))
    for move in solver.solve(game).line:
        game.apply(move)
    link = encode_link(game)
    assert game.won and len(link) < 100
    assert decode_link(link).won


def test_the_link_is_read_from_an_address_a_fragment_or_the_bare_text():
    game = decode_link(f"{BASE}#replay={CODE}.dT")
    assert game.actions == [DRAW, 19]
    for text in (f"#replay={CODE}.dT", f"replay={CODE}.dT", f"  #replay={CODE.lower()}.dT\n",
                 "#replay=TP1-E-AAAA%20BGU.dT", f"#replay={CODE}.dT&preset=standard",
                 f"#rules=&replay={CODE}.dT"):
        assert decode_link(text).actions == game.actions, text


def test_rules_in_the_link_are_played():
    game = decode_link(f"#replay={CODE}.dud&preset=countdown&rules=undo_limit:5")
    assert game.rules == preset_rules("countdown").replace(undo_limit=5)
    assert game.moves == 2  # Countdown's move counter never goes down
    assert decode_link(f"#replay={CODE}.dud&preset=relaxed").moves == 1
    custom = deal_text(shuffle(7)).replace(" ", "")
    game = decode_link(f"#replay={custom}.d&rules=wrap:off,face_up")
    assert game.deal_number is None and not game.rules.wrap and game.rules.face_up


BAD_LINKS = [
    # the shape of the link
    (f"{BASE}?replay={CODE}.d", "no #replay= part"),
    ("#deal=TP1-E-AAAABGU", "a link to a deal, not a replay link"),
    ("#preset=classic", "no replay=<deal>.<moves> part"),
    (f"#replay={CODE}", "the '.' is missing"),
    (f"#replay={CODE}.d&replay={CODE}.d", "'replay=' appears twice"),
    (f"#replay={CODE}.d&speed=2", "unknown part 'speed'"),
    (f"#replay={CODE}.d&preset", "'preset' has no value"),
    ("#replay=" + CODE + "." + "d" * MAX_LINK, "too long"),
    # the deal
    ("#replay=TP1-E-AAAA0GU.d", "unknown deal: 'TP1-E-AAAA0GU': character 5"),
    ("#replay=TP2-E-AAAABGU.d", "unknown deal"),
    ("#replay=1234.d", "neither a deal code"),
    ("#replay=" + "AS" * 52 + ".d", "unknown deal: the 52 cards must hold each card once"),
    ("#replay=" + "XX" * 52 + ".d", "unknown deal"),
    # the rules
    (f"#replay={CODE}.d&preset=easy", "bad rules: unknown preset 'easy'"),
    (f"#replay={CODE}.d&rules=gravity:on", "bad rules: unknown rule 'gravity'"),
    (f"#replay={CODE}.d&rules=wrap:maybe", "bad rules: wrap must be on or off"),
    (f"#replay={CODE}.d&rules=wrap:off", "wrap:off contradicts the deal code"),
    (f"#replay={CODE}.d&rules=undo_limit:-1", "undo_limit must be a number or none"),
    (f"#replay={CODE}.d&rules=scoring:golf", "scoring must be one of"),
    (f"#replay={CODE}.d&rules=face_up,face_up:off", "face_up is given twice"),
    # the moves
    (f"#replay={CODE}.dA", "move 2 (4H) is illegal: This card is blocked."),
    (f"#replay={CODE}.Z", "move 1 (9D) is illegal: Must be one rank higher or lower"),
    (f"#replay={CODE}.dTT", "move 3 (QS) is illegal: This card has already been played."),
    (f"#replay={CODE}.u&preset=classic", "move 1 (U) is illegal: Undo is off"),
    (f"#replay={CODE}.r", "move 1 (R) is illegal"),
    (f"#replay={CODE}." + "d" * 24, "move 24 (D) is illegal: The stock is empty."),
    (f"#replay={CODE}.d!", "character 2 of the moves, '!', is not a move"),
    (f"#replay={CODE}.dT.dT", "unexpected text after move 2: '.dT'"),
]


@pytest.mark.parametrize(("link", "message"), BAD_LINKS)
def test_a_link_that_does_not_replay_says_what_is_wrong(link, message):
    with pytest.raises(ReplayLinkError) as raised:
        decode_link(link)
    assert message in str(raised.value)
    assert "\n" not in str(raised.value) and len(str(raised.value)) < 200


def test_a_game_too_long_for_a_link_is_refused_when_encoding():
    game = Game.new(1234, preset_rules("standard"))
    game.apply(DRAW)
    for _ in range(MAX_LINK // 2):
        game.undo()
        game.redo()
    with pytest.raises(ReplayLinkError, match="too many actions"):
        encode_link(game)


# -- the command line ---------------------------------------------------------------------


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_replay_link_prints_the_replayed_game(capsys):
    code, out, err = run(capsys, "replay", "--link", f"{BASE}#replay={CODE}.dT", "--json")
    result = json.loads(out)
    assert code == 0 and err == ""
    assert result["deal_code"] == CODE and result["actions"] == "D QS"
    assert result["moves"] == 2 and result["cards_left"] == 27
    code, out, _ = run(capsys, "replay", "--link", f"#replay={CODE}.dT")
    assert code == 0 and "cards left 27" in out


@pytest.mark.parametrize(("argv", "message"), [
    (["replay", "--link", f"#replay={CODE}.dA"], "move 2 (4H) is illegal"),
    (["replay", "--link", "#replay=TP1-E-AAAA0GU.d", "--json"], "is not used in deal codes"),
    (["replay", "1234", "--link", f"#replay={CODE}.d"], "drop a deal"),
    (["replay", "--link", f"#replay={CODE}.d", "--moves", "D"], "drop --moves"),
    (["replay", "--link", f"#replay={CODE}.d", "--preset", "classic"], "drop --preset"),
    (["replay", "--link", f"#replay={CODE}.d", "--no-wrap"], "drop --no-wrap"),
])
def test_a_bad_replay_link_is_one_line_and_status_2(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("tripeaks: ") and err.count("\n") == 1 and message in err


@needs_processes
def test_replay_link_from_a_shell():

    proc = subprocess.run([sys.executable, "-m", "tripeaks", "replay", "--link",
                           f"{BASE}#replay={CODE}.dTd!"], capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == "tripeaks: This replay link does not replay: character 4 of the " \
        "moves, '!', is not a move (A-Z, a, b for a peak card; d, u, r).\n"
