"""What a player is shown never depends on the machine's speed.

A very slow machine is simulated by a clock on which every reading is
``STEP`` seconds after the last (so the simulation does not depend on how
loaded the test machine is): every answer must be the one a normal clock
gives. Budgets are work, not time; the wall-clock safety net is far beyond
what these deals need.
"""

from __future__ import annotations

import itertools
import json
import time

import pytest

from tripeaks import analysis, bridge, solver
from tripeaks.ai import make_ai
from tripeaks.cli import main
from tripeaks.game import Game
from tripeaks.rules import preset_rules

STEP = 0.05
"""Seconds that pass between two readings of the slow clock. The old one-second
hint budget ran out after 20 readings; the answers below take up to 200."""


@pytest.fixture
def slow_clock(monkeypatch):
    def install():
        for name in ("perf_counter", "monotonic", "time"):
            ticks = itertools.count()
            origin = getattr(time, name)()
            monkeypatch.setattr(time, name,
                                lambda ticks=ticks, origin=origin: origin + STEP * next(ticks))
    return install


def fresh() -> None:
    """No table or line kept from before (the library's calls keep none of their own)."""
    bridge.ENGINE.forget_caches()


def answers(capsys) -> dict:
    fresh()
    out = {}
    assert main(["hint", "28"]) == 0
    out["cli hint"] = capsys.readouterr().out
    fresh()
    game = Game.new(28, preset_rules("standard"))  # needs the table
    out["hint"] = analysis.hint(game).to_json()
    fresh()
    out["par"] = analysis.par(Game.new(7, preset_rules("standard"))).to_json()
    fresh()
    played = Game.new(1, preset_rules("classic"))
    for move in solver.solve(played).line[:10]:
        played.apply(move)
    fresh()
    out["analyse"] = analysis.analyse(played).to_json()
    fresh()
    out["bridge"] = [json.loads(bridge.handle_json(json.dumps({"game": "player", **m}))) for m in (
        {"type": "new_game", "number": 28, "preset": "standard"},
        {"type": "hint"}, {"type": "solve", "max_seconds": 1},
        {"type": "par", "max_seconds": 3}, {"type": "analyse", "max_seconds": 3})][1:]
    game = Game.new(5, preset_rules("challenge"))
    out["hard ai"] = [make_ai("hard", seed=3).choose(game)]
    for _ in range(6):
        game.apply(make_ai("hard", seed=len(game.actions)).choose(game))
        out["hard ai"].append(game.actions[-1])
    return out


def test_hints_par_analysis_and_the_hard_ai_ignore_the_clock(slow_clock, capsys):
    normal = answers(capsys)
    slow_clock()
    slow = answers(capsys)
    for key in normal:
        assert slow[key] == normal[key], key
