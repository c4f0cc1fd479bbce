"""Race mode (tripeaks/race.py): the AI's timed game and who wins a race."""

from __future__ import annotations

import json

import pytest

from tripeaks import bridge, race
from tripeaks.ai import make_ai
from tripeaks.game import Game
from tripeaks.rules import preset_rules


def test_the_plan_is_the_ai_s_own_game_timed_and_seeded():
    game = Game.new(1)
    for level in ("easy", "normal", "hard"):
        plan = race.plan(game, level)
        played = make_ai(level, seed=0).play(Game.new(1))
        assert [s.move for s in plan.steps] == list(played.actions)
        assert plan.won == played.won and plan.cards_left == played.cards_left
        assert plan.steps[-1].cards_left == played.cards_left
        assert plan == race.plan(Game.new(1), level)  # the same on every device
        times = [s.at for s in plan.steps]
        assert times == sorted(times) and len(set(times)) == len(times)
    assert game.moves == 0  # the game given is untouched


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_pace_is_human_like_per_level(level):
    plan = race.plan(Game.new(2), level)
    gaps = [b.at - a.at for a, b in zip((race.Step(0, 0, "", 0, 0), *plan.steps), plan.steps,
                                        strict=False)]
    play, draw, _extra = race.PACE[level]
    assert min(gaps) >= draw * 0.75 - 1
    assert 1000 <= sum(gaps) / len(gaps) <= 3500  # about two seconds a move
    fast = race.plan(Game.new(2), level, scale=0.01)
    assert [s.move for s in fast.steps] == [s.move for s in plan.steps]
    assert fast.finish_at < plan.finish_at / 50


def test_harder_ai_is_quicker():
    averages = []
    for level in ("easy", "normal", "hard"):
        plans = [race.plan(Game.new(n), level) for n in range(1, 6)]
        averages.append(sum(p.finish_at / len(p.steps) for p in plans) / len(plans))
    assert averages == sorted(averages, reverse=True)


def cleared_plan(finish_at: int) -> race.Plan:
    steps = (race.Step(finish_at // 2, 3, "8S", 10, 20), race.Step(finish_at, 4, "9S", 0, 20))
    return race.Plan("normal", steps, True, 0, 2, 100, 28)


def stuck_plan(left: int, finish_at: int = 5000) -> race.Plan:
    return race.Plan("hard", (race.Step(finish_at, 28, "D", left, 0),), False, left, 1, 0, 28)


def judged(plan, **game):
    return race.judge(plan, **{"won": False, "over": False, "cards_left": 20, **game})


def test_whoever_clears_first_wins():
    plan = cleared_plan(60_000)
    assert judged(plan, won=True, over=True, cards_left=0, elapsed=59_999).winner == "you"
    assert judged(plan, won=True, over=True, cards_left=0, elapsed=60_001).winner == "ai"
    # A clear at the very same race time is a tie.
    tie = judged(plan, won=True, over=True, cards_left=0, elapsed=60_000)
    assert (tie.winner, tie.reason) == ("tie", "same")
    # The AI clears while the player still plays: decided then, not before.
    assert judged(plan, elapsed=59_999).winner is None
    ai = judged(plan, elapsed=60_000)
    assert (ai.winner, ai.reason) == ("ai", "cleared")
    assert ai.ai["now_cards_left"] == 0 and ai.ai["done"]
    assert judged(plan, elapsed=30_000).ai["now_cards_left"] == 10
    assert judged(plan, elapsed=10).ai["now_cards_left"] == 28


def test_a_stuck_player_loses_to_an_ai_that_clears_later():
    result = judged(cleared_plan(90_000), over=True, cards_left=1, elapsed=20_000)
    assert (result.winner, result.reason) == ("ai", "cleared")


def test_a_player_who_clears_beats_a_stuck_ai_whenever_it_got_stuck():
    assert judged(stuck_plan(3, 1000), won=True, over=True, cards_left=0,
                  elapsed=99_000).winner == "you"
    # A stuck AI does not end the race: the player plays on.
    assert judged(stuck_plan(3, 1000), elapsed=99_000).winner is None


@pytest.mark.parametrize(("yours", "winner", "reason"), [
    (2, "you", "fewer"), (4, "ai", "fewer"), (3, "tie", "same")])
def test_both_stuck_fewer_cards_left_wins_and_as_many_ties(yours, winner, reason):
    for elapsed in (100, 10_000):  # whichever got stuck first
        result = judged(stuck_plan(3), over=True, cards_left=yours, elapsed=elapsed)
        assert (result.winner, result.reason) == (winner, reason)
        assert result.to_json()["winner"] == winner


def test_bad_levels_and_paces_are_refused():
    with pytest.raises(ValueError, match="unknown AI level"):
        race.plan(Game.new(1), "expert")
    with pytest.raises(ValueError, match="positive"):
        race.plan(Game.new(1), "easy", scale=0)


def ask(message):
    return json.loads(bridge.handle_json(json.dumps({"game": "player", **message})))


def test_the_bridge_plans_and_judges_a_race_on_the_game_in_progress():
    state = ask({"type": "new_game", "number": 1, "preset": "challenge"})
    assert state["ok"]
    plan = ask({"type": "race", "op": "plan", "level": "normal"})["result"]
    expected = race.plan(Game.new(1, preset_rules("challenge")), "normal")
    assert plan["finish_at"] == expected.finish_at and plan["won"] == expected.won
    assert [s["move"] for s in plan["steps"]] == [s.move for s in expected.steps]
    assert plan["steps"][0].keys() == {"at", "move", "text", "cards_left", "stock"}
    early = ask({"type": "race", "op": "judge", "level": "normal", "elapsed": 0})["result"]
    assert early["winner"] is None and early["you"]["cards_left"] == 28
    # Play the AI's own line: the player who makes the same moves sooner wins.
    for step in plan["steps"]:
        assert ask({"type": "action", "move": step["move"]})["ok"]
    done = ask({"type": "race", "op": "judge", "level": "normal",
                "elapsed": plan["finish_at"] - 1})["result"]
    assert done["winner"] == ("you" if expected.won else "tie")
    assert ask({"type": "state"})["result"]["board"]["moves"] == len(plan["steps"])
    fast = ask({"type": "race", "level": "normal", "pace": 0.01})["result"]
    assert fast["finish_at"] < plan["finish_at"] / 50


@pytest.mark.parametrize("message", [
    {"level": "impossible"}, {"level": 3}, {"level": "easy", "pace": 0},
    {"level": "easy", "pace": True}, {"level": "easy", "op": "judge"},
    {"level": "easy", "op": "judge", "elapsed": -1}, {"level": "easy", "op": "cheat"}])
def test_the_bridge_refuses_a_bad_race_request(message):
    ask({"type": "new_game", "number": 1})
    answer = ask({"type": "race", **message})
    assert not answer["ok"] and answer["error"]["kind"] == "bad-request"
