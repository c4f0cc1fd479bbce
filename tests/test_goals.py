"""Daily goals: three reachable aims of rising difficulty for each day's deal."""

from __future__ import annotations

import datetime as dt
import json
import os

import pytest

from tests.helpers import replay_line
from tripeaks import bridge
from tripeaks.cli import main
from tripeaks.dealer import Dealer
from tripeaks.engine import Engine
from tripeaks.game import Game
from tripeaks.goals import MEDALS, Goal, GoalError, choose_goals, goal_from_json, goals_met
from tripeaks.par import par
from tripeaks.rules import preset_rules

SLOW = pytest.mark.skipif(not os.environ.get("TRIPEAKS_SLOW"),
                          reason="a year of daily deals: set TRIPEAKS_SLOW=1")


def check_day(date: str, preset: str, dealer: Dealer) -> list[Goal]:
    """The day's goals, each one met by a line the solver finds."""
    rules = preset_rules(preset)
    game = Game.new(dealer.daily_number(date, rules), rules)
    found = par(game, cache=dealer.solvers)
    goals = choose_goals(game, dealer.rating_of(game), found)
    assert [g.medal for g in goals] == list(MEDALS)
    bronze, _silver, gold = goals
    assert bronze.kind == "clear_cards" and 0 < bronze.target < 28
    assert gold.kind == "win_draws" and gold.target >= found.draws
    # gold: par's fewest-draws line wins within the target, and meets bronze on the way
    assert {"bronze", "gold"} <= set(goals_met(replay_line(game, found.draws_line), goals))
    # silver: par's best-score line (or, with no score, any winning line) reaches it
    best = replay_line(game, found.score_line or found.draws_line)
    assert "silver" in goals_met(best, goals)
    met = goals_met(game, goals)  # at the start: nothing cleared, nothing won
    assert "bronze" not in met and "gold" not in met
    return goals


@pytest.mark.parametrize("preset", ["original", "standard", "countdown", "relaxed"])
def test_a_days_goals_are_reachable_by_the_solvers_lines(preset):
    goals = check_day("2026-12-05", preset, Dealer())
    kinds = [g.kind for g in goals]
    assert kinds == ["clear_cards", "clear_cards" if preset == "relaxed" else "score",
                     "win_draws"]


def test_goals_met_counts_only_what_the_game_did():
    game = Game.new(1, preset_rules("original"))
    goals = [Goal("bronze", "clear_cards", 1), Goal("silver", "score", 1),
             Goal("gold", "win_draws", 30)]
    assert goals_met(game, goals) == []
    game.apply(next(m for m in game.legal_moves() if m != 28))
    assert goals_met(game, goals) == ["bronze", "silver"]
    with pytest.raises(GoalError):
        goal_from_json({"medal": "bronze", "kind": "fly", "target": 3})
    with pytest.raises(GoalError):
        goal_from_json({"medal": "bronze", "kind": "score", "target": True})


def test_daily_prints_the_deal_its_class_and_three_goals(capsys):
    assert main(["daily", "2026-12-05", "--preset", "original", "--json"]) == 0
    printed = json.loads(capsys.readouterr()[0])
    assert printed["deal_code"] == Game.new(
        Dealer().daily_number("2026-12-05", preset_rules("original")),
        preset_rules("original")).deal_code
    assert printed["difficulty"]["class"] in ("Easy", "Medium", "Hard", "Expert")
    assert [(g["medal"], sorted(g)) for g in printed["goals"]] == [
        (m, ["kind", "medal", "target"]) for m in MEDALS]
    engine = Engine()
    reply = bridge.handle({"type": "daily_goals", "date": "2026-12-05", "preset": "original"},
                          engine)
    assert reply["ok"] and reply["result"] == printed
    bridge.handle({"type": "daily", "game": "player", "date": "2026-12-05",
                   "preset": "original"}, engine)
    met = bridge.handle({"type": "goals_met", "game": "player", "goals": printed["goals"]},
                        engine)
    assert met == {"ok": True, "result": {"met": []}}


@pytest.mark.parametrize("argv", [
    ["daily", "2026-12-05", "--preset", "nowhere"],
    ["daily", "2026-02-30"],
    ["daily", "2026-13-01"],
    ["daily", "10000-01-01"],
    ["daily", "yesterday"],
])
def test_bad_daily_questions_get_one_line_and_status_2(capsys, argv):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("tripeaks: ") and err.count("\n") == 1


@SLOW
@pytest.mark.parametrize("preset", ["original"])
def test_every_goal_of_a_year_of_daily_deals_is_reachable(preset):
    dealer, day = Dealer(), dt.date(2026, 1, 1)
    while day.year == 2026:
        check_day(day.isoformat(), preset, dealer)
        day += dt.timedelta(days=1)
