"""The solver: its verdicts against a second, deliberately simple solver, every
winning line replayed through the engine, mid-game positions, variants, budgets,
winnable deals, hints, par and post-game analysis."""

from __future__ import annotations

import doctest
import gc
import io
import json
import pathlib
import random
import weakref

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers import IN_WASM, replay_line, wasm_sample
from tests.reference_solver import reference_solve
from tripeaks import ai, analysis, lattice, solver
from tripeaks import par as par_search
from tripeaks.cards import card_code, parse_card
from tripeaks.cli import main
from tripeaks.deals import shuffle
from tripeaks.game import DRAW, Game
from tripeaks.layout import PEAK_CARDS
from tripeaks.notation import deal_text
from tripeaks.rules import Rules

FIXTURE = pathlib.Path(__file__).parent / "fixtures" / "solver_deals.json"


def fixture():
    return json.loads(FIXTURE.read_text())


def replays_to_win(game, line):
    copy = replay_line(game, line)
    return copy.won


# -- verdicts --------------------------------------------------------------------


def test_fixture_verdicts_match_and_every_win_replays():
    """Every deal of the fixture gets its known verdict; every win line wins."""
    data = fixture()
    assert len(data["deals"]) >= 200
    both = {True: set(), False: set()}
    for entry in wasm_sample(data["deals"], 4):
        rules = Rules(wrap=entry["wrap"])
        game = Game.new(entry["number"], rules)
        solution = solver.solve(game)
        assert solution.result == entry["result"], entry
        both[entry["wrap"]].add(solution.result)
        if solution.won:
            assert replays_to_win(game, solution.line), entry
        else:
            assert solution.line == ()
    assert both[True] == {"win", "loss"} and both[False] == {"win", "loss"}


@pytest.mark.parametrize("wrap", [True, False])
def test_live_agreement_with_the_simple_solver(wrap):
    """Fresh deals outside the fixture: both solvers agree."""
    for number in wasm_sample(range(900_000, 900_012), 3):
        cards = shuffle(number)
        fast = solver.solve(cards, Rules(wrap=wrap))
        assert fast.won == reference_solve(cards, wrap), number


def test_known_loss_is_a_proof_not_a_timeout():
    data = fixture()
    loss = next(e for e in data["deals"] if e["result"] == "loss" and not e["wrap"])
    solution = solver.solve(Game.new(loss["number"], Rules(wrap=False)))
    assert solution.result == "loss" and solution.method == "table"


def test_wrap_only_helps():
    """Every deal won without the wrap is won with it (reference 001)."""
    for entry in fixture()["deals"]:
        if not entry["wrap"] and entry["result"] == "win":
            assert solver.solve(Game.new(entry["number"], Rules(wrap=True))).won


# -- positions in progress and variants -------------------------------------------


def _play_some(game, moves, seed):
    """Make up to ``moves`` legal moves, drawing sometimes, deterministically."""

    rng = random.Random(seed)
    for _ in range(moves):
        legal = game.legal_moves()
        if not legal or game.over:
            break
        game.apply(rng.choice(legal))
    return game


@pytest.mark.parametrize("wrap", [True, False])
def test_mid_game_positions_agree_with_the_simple_solver(wrap):
    for number in wasm_sample(range(40), 4):
        game = _play_some(Game.new(number, Rules(wrap=wrap)), 6 + number % 9, number)
        solution = solver.solve(game)
        expected = reference_solve(game.cards, wrap, game.removed, game.stock_index,
                                   game.waste_top)
        assert solution.won == expected, (number, game.actions)
        if solution.won:
            assert replays_to_win(game, solution.line)


@settings(max_examples=25, suppress_health_check=[HealthCheck.too_slow])
@given(number=st.integers(0, 10**6), moves=st.integers(0, 30), seed=st.integers(0, 99),
       wrap=st.booleans())
def test_any_position_win_lines_replay(number, moves, seed, wrap):
    game = _play_some(Game.new(number, Rules(wrap=wrap)), moves, seed)
    solution = solver.solve(game)
    assert solution.result in ("win", "loss")
    if solution.won:
        assert replays_to_win(game, solution.line)
    else:
        assert not reference_solve(game.cards, wrap, game.removed, game.stock_index,
                                   game.waste_top)


@pytest.mark.parametrize("variant", [
    {"empty_waste": True}, {"face_up": True}, {"empty_waste": True, "wrap": False},
])
def test_variants(variant):
    rules = Rules(**variant)
    for number in wasm_sample(range(8), 2):
        game = Game.new(number, rules)
        solution = solver.solve(game)
        if rules.empty_waste:
            expected = reference_solve(game.cards, rules.wrap, 0, PEAK_CARDS, None)
        else:
            expected = reference_solve(game.cards, rules.wrap)
        assert solution.won == expected, number
        if solution.won:
            assert replays_to_win(game, solution.line)


def test_a_won_game_needs_no_moves_and_a_stuck_game_is_lost():
    game = Game.new(1)
    line = solver.solve(game).line
    for move in line:
        game.apply(move)
    assert game.won and solver.solve(game).result == "win" and solver.solve(game).line == ()
    stuck = Game.new(3, Rules(wrap=False))
    while not stuck.over:
        stuck.apply(DRAW if DRAW in stuck.legal_moves() else stuck.legal_moves()[0])
    assert stuck.stuck and not stuck.won
    assert solver.solve(stuck).result == "loss"


@pytest.mark.skipif(
    IN_WASM, reason="the site's wheel ships the engine without its docstrings (build.py)")
@pytest.mark.parametrize("module", [solver, lattice, par_search, analysis, ai])
def test_the_solver_and_ai_docstrings_run(module):
    failures, tried = doctest.testmod(module)
    assert failures == 0 and (tried or module not in (solver, ai))


# -- budgets --------------------------------------------------------------------------


def test_budget_gives_unknown_never_a_wrong_answer():
    data = fixture()
    for entry in data["deals"][:60]:
        game = Game.new(entry["number"], Rules(wrap=entry["wrap"]))
        small = solver.solve(game, max_nodes=50)
        assert small.result in (entry["result"], "unknown")
        if small.won:
            assert replays_to_win(game, small.line)


def test_time_budget_returns_unknown_or_the_truth():
    entry = next(e for e in fixture()["deals"] if e["result"] == "loss")
    result = solver.solve(Game.new(entry["number"], Rules(wrap=entry["wrap"])),
                          max_seconds=0.0)
    assert result.result in ("loss", "unknown")


# -- winnable deals ------------------------------------------------------------------


def test_first_winnable_skips_losses_and_is_reproducible():
    data = fixture()
    loss = next(e for e in data["deals"] if e["result"] == "loss" and e["wrap"])
    found = analysis.first_winnable(loss["number"], Rules(wrap=True))
    assert found.number > loss["number"]
    assert found.solution.won
    assert replays_to_win(Game.new(found.number), found.solution.line)
    again = analysis.first_winnable(loss["number"], Rules(wrap=True))
    assert again.number == found.number and again[0] == found.number


# -- hints ------------------------------------------------------------------------------


def test_following_solver_hints_wins_a_winnable_deal():
    game = Game.new(2, Rules(wrap=False))
    assert solver.solve(game).won
    for _ in range(80):
        if game.over:
            break
        h = analysis.hint(game)
        assert h.move in game.legal_moves() and h.result == "win"
        game.apply(h.move)
    assert game.won


def test_hint_in_a_lost_position_is_a_legal_move():
    entry = next(e for e in fixture()["deals"] if e["result"] == "loss")
    game = Game.new(entry["number"], Rules(wrap=entry["wrap"]))
    h = analysis.hint(game)
    assert h.move in game.legal_moves() and h.result == "loss"
    assert h.to_json()["move"] == h.text and h.reason == "clears-most"


def test_a_deal_is_freed_as_soon_as_the_cache_drops_it():
    """The app's worker solves deal after deal: a deal's table (2 MB) must not
    wait for the cyclic collector, or the page's memory grows by hundreds of MB."""
    lost = next(e for e in fixture()["deals"] if e["result"] == "loss")
    gc.collect()
    gc.disable()
    try:
        for number, wrap in ((lost["number"], lost["wrap"]), (1, False)):
            game = Game.new(number, Rules(wrap=wrap, scoring="points"))
            cache = solver.SolverCache()
            solver.solve(game, cache=cache)
            analysis.hint(game, cache=cache)
            analysis.par(game, max_seconds=3.0, cache=cache)
            alive = weakref.ref(solver.deal_solver(game.cards, wrap, cache))
            assert alive().has_table or number == 1
            assert len(cache) == 1  # one deal: one solver, shared by all three
            cache.clear()
            assert alive() is None
    finally:
        gc.enable()


# -- par -------------------------------------------------------------------------------


@pytest.mark.parametrize("scoring", ["streak", "classic", "points", "chain"])
def test_par_lines_replay_to_the_engine_score(scoring):
    game = Game.new(1, Rules(scoring=scoring, wrap=False))
    result = analysis.par(game, max_seconds=3.0)
    assert result.result == "win"
    scored = replay_line(game, result.score_line)
    assert scored.won and scored.score == result.score
    fewest = replay_line(game, result.draws_line)
    assert fewest.won and fewest.actions.count(DRAW) == result.draws


def test_fixture_par_values():
    """Exact par values recorded in the fixture (perft-style regression guard)."""
    checked = 0
    for entry in fixture()["deals"]:
        if "par" not in entry:
            continue
        game = Game.new(entry["number"], Rules(wrap=entry["wrap"], scoring="points"))
        result = analysis.par(game, max_seconds=10.0)
        assert result.draws == entry["par"]["draws"], entry
        assert result.score == entry["par"]["points"], entry
        checked += 1
    assert checked >= 10


def test_par_of_a_lost_deal_is_none():
    entry = next(e for e in fixture()["deals"] if e["result"] == "loss")
    result = analysis.par(Game.new(entry["number"], Rules(wrap=entry["wrap"])))
    assert result.result == "loss" and result.score is None and result.score_exact


# -- analysis ---------------------------------------------------------------------------


def test_analysis_finds_the_turning_point():
    game = Game.new(2, Rules(wrap=False))
    # Draw the whole stock first: a winnable deal becomes lost at some draw.
    while DRAW in game.legal_moves():
        game.apply(DRAW)
    report = analysis.analyse(game.to_record(), with_par=False)
    assert report.winnable is True
    assert report.turning_point is not None
    assert report.moves[report.turning_point] == DRAW
    before = Game.new(2, Rules(wrap=False))
    for move in report.moves[:report.turning_point]:
        before.apply(move)
    assert solver.solve(before).won
    before.apply(report.moves[report.turning_point])
    assert solver.solve(before).result == "loss"


def test_analysis_names_a_losing_play_as_a_player_says_it():
    """Follow a winning line until some play would lose the deal, make that play,
    and the analysis names it: move number, code and card name."""
    for number in range(50):
        game = Game.new(number, Rules(wrap=False))
        line = solver.solve(game).line
        for step, move in enumerate(line):
            losing = [p for p in game.legal_moves() if p != DRAW
                      and solver.solve(replay_line(game, [p])).result == "loss"]
            if losing:
                game.apply(losing[0])
                report = analysis.analyse(game, with_par=False)
                assert report.turning_point == step
                # the page names the card from its code ("turning_name" is gone)
                assert report.turning_move == card_code(game.cards[losing[0]])
                assert "turning_name" not in report.to_json()
                return
            game.apply(move)
    pytest.fail("no deal among 0..49 has a losing play on its winning line")


def test_analysis_of_a_won_game_has_no_turning_point_and_a_par():
    game = Game.new(1)
    for move in solver.solve(game).line:
        game.apply(move)
    report = analysis.analyse(game)
    assert report.winnable and report.turning_point is None and report.still_winnable
    assert report.par is not None and report.par.score >= game.score
    assert json.dumps(report.to_json())


def test_analysis_resolves_undo():
    game = Game.new(2, Rules(wrap=False))
    game.apply(DRAW)
    game.undo()
    report = analysis.analyse(game.to_record(), with_par=False)
    assert report.moves == ()


# -- command line -------------------------------------------------------------------------


def test_cli_solve_json_line_replays(capsys):

    assert main(["solve", "1234", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["result"] == "win"
    game = Game.new(1234)
    for text in out["line"]:
        game.apply(DRAW if text == "D" else game.cards.index(_card(text)))
    assert game.won


def _card(text):

    return parse_card(text)


def test_cli_batch_solves_one_json_line_per_deal(capsys, monkeypatch):


    data = fixture()["deals"]
    picks = [e for e in data if not e["wrap"]][:4]
    text = "\n".join(deal_text(shuffle(e["number"])) for e in picks) + "\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    assert main(["solve", "--batch", "--no-wrap"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [json.loads(line)["result"] for line in lines] == [e["result"] for e in picks]


@pytest.mark.parametrize("argv", [
    ["solve", "12x", "--json"],
    ["solve", "--cards", "AH 2H"],
    ["solve", "1", "--max-nodes", "-1"],
    ["hint", "1", "--moves", "ZZ"],
    ["stats", "--deals", "0"],
])
def test_cli_bad_input_is_one_line_and_status_2(argv, capsys):

    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.strip().splitlines()) == 1


def test_cli_hint_par_and_analyse(capsys):

    assert main(["hint", "1234", "--moves", "D", "--json"]) == 0
    hint_out = json.loads(capsys.readouterr().out)
    assert hint_out["result"] == "win" and hint_out["move"]
    assert main(["par", "1", "--no-wrap", "--scoring", "points", "--json"]) == 0
    par_out = json.loads(capsys.readouterr().out)
    assert par_out["score_exact"] and par_out["draws_exact"]
    assert main(["analyse", "1234", "--moves", " ".join(["D"] * 23), "--no-par", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["winnable"] is True and report["turning_move"] == "D"
