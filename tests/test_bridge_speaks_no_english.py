"""The engine speaks codes and numbers across the worker boundary, never English:
every string in every reply is an identifier, a code or card notation, and every
refusal's reason has its words in the catalogs, with its values as placeholders.
The command line words the same codes in the environment's language."""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers import IN_WASM
from tripeaks import bridge, catalogs, position
from tripeaks.engine import Engine
from tripeaks.refusal import Refusal

ROOT = Path(__file__).resolve().parent.parent
CARD_OR_MOVE = re.compile(r"(?:[A2-9TJQK][CDHS]|[DUR])")
KNOWN_VALUES = {"Not winnable"}  # rating.NOT_WINNABLE: a difficulty class the page words
TEMPLATE = {entry.key: entry for entry in catalogs.template()}


def english_in(value: object, path: str = "") -> list[str]:
    """Every string in ``value`` that reads as words (a space between letters), with where;
    a list of card codes or moves (a record's deal and actions) is notation, not words, and
    an error's "detail" is for the console."""
    if isinstance(value, dict):
        return [found for key, item in value.items() if key != "detail"
                for found in english_in(item, f"{path}.{key}")]
    if isinstance(value, list):
        return [found for item in value for found in english_in(item, f"{path}[]")]
    if isinstance(value, str) and re.search(r"[A-Za-z]\s+[A-Za-z]", value):
        if value in KNOWN_VALUES or all(CARD_OR_MOVE.fullmatch(t) for t in value.split()):
            return []
        return [f"{path}: {value!r}"]
    return []


def check_error(error: dict[str, object]) -> None:
    """An error is a kind, a reason with a message in the catalogs, and its values."""
    assert set(error) <= {"kind", "reason", "values", "detail"} and "message" not in error
    assert error["kind"] in bridge.ERROR_KINDS
    reason, values = error["reason"], error["values"]
    assert isinstance(reason, str) and re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", reason)
    assert isinstance(values, dict)
    entry = TEMPLATE.get(f"error-{reason}")
    assert entry is not None, f"no message error-{reason} in the catalogs"
    assert catalogs.placeholders(entry.english) == set(values), (reason, values)
    assert all(isinstance(v, (str, int, float)) or v is None for v in values.values())


def checked(engine: Engine, request: dict[str, object]) -> dict[str, object]:
    answer = bridge.handle(request, engine)
    # An error's values may echo what the request said (a name, a text typed): not words.
    echoed = json.dumps(request, ensure_ascii=False)
    found = [f for f in english_in(answer) if not (
        f.startswith(".error.values.") and ast.literal_eval(f.split(": ", 1)[1]) in echoed)]
    assert found == [], request["type"]
    if not answer["ok"]:
        check_error(answer["error"])
    return answer


def good_requests() -> list[dict[str, object]]:
    """Every command, asked well, on a game played a little (a par deal under Standard)."""
    g = {"game": "player"}
    return [
        {"type": "hello"}, {"type": "presets"},
        {"type": "new_game", **g, "number": 7},
        {"type": "action", **g, "move": "draw"}, {"type": "action", **g, "move": "undo"},
        {"type": "action", **g, "move": "redo"}, {"type": "state", **g},
        {"type": "describe", **g}, {"type": "hint", **g}, {"type": "hint", **g, "fair": True},
        {"type": "solve", **g}, {"type": "par", **g}, {"type": "analyse", **g},
        {"type": "ai_step", **g, "level": "normal"}, {"type": "ai_results", **g},
        {"type": "race", **g, "level": "easy", "pace": 0.01},
        {"type": "race", **g, "level": "easy", "pace": 0.01, "op": "judge", "elapsed": 10 ** 6},
        {"type": "advise", **g}, {"type": "rate", "number": 7},
        {"type": "share_game", **g}, {"type": "check_deal", "number": 3},
        {"type": "check_record", "record": {}}, {"type": "prepare"},
        {"type": "daily_goals", "date": "2026-01-01"},
        {"type": "goals_met", **g, "goals": [{"medal": "bronze", "kind": "score", "target": 1}]},
        {"type": "restart", **g}, {"type": "daily", **g, "date": "2026-01-01"},
        {"type": "drop_game", **g},
    ]


BAD_REQUESTS: list[dict[str, object]] = [
    {"type": "fly"}, {"no": "type"}, {"type": "state", "game": "nothing-here"},
    {"type": "state"}, {"type": "state", "game": "No Such"},
    {"type": "action", "game": "player", "move": 0}, {"type": "action", "game": "player",
                                                      "move": "jump"},
    {"type": "action", "game": "player", "move": "redo"},
    {"type": "new_game", "game": "x", "code": "TP1-E-ABCDEF"},
    {"type": "new_game", "game": "x", "code": "TP1-E-AAAA0GU"},
    {"type": "new_game", "game": "x", "code": "zz"},
    {"type": "new_game", "game": "x", "number": -1},
    {"type": "new_game", "game": "x", "cards": "7H 7H"}, {"type": "new_game", "game": "x",
                                                         "cards": "AC " * 52},
    {"type": "new_game", "game": "x", "preset": "nonsense"},
    {"type": "new_game", "game": "x", "number": 1, "rules": {"wrap": "yes"}},
    {"type": "new_game", "game": "x", "number": 1, "rules": {"no_such_rule": True}},
    {"type": "new_game", "game": "x", "code": "TP1-E-AAAAAAB", "rules": {"wrap": False}},
    {"type": "new_game", "game": "x", "difficulty": "impossible"},
    {"type": "restore", "game": "x", "record": "nope"},
    {"type": "restore", "game": "x", "record": {"format": "tripeaks-game", "version": 9}},
    {"type": "check_replay", "link": "#replay=TP1-E-AAAABGU.bbb"},
    {"type": "check_replay", "link": "#deal=7"}, {"type": "check_replay", "link": 7},
    {"type": "check_replay", "link": "#replay=nonsense."},
    {"type": "daily", "game": "x"}, {"type": "daily", "game": "x", "date": "tomorrow"},
    {"type": "ai_step", "game": "player", "level": "grandmaster"},
    {"type": "race", "game": "player", "level": "easy", "op": "fly"},
    {"type": "goals_met", "game": "player", "goals": [{"medal": "tin"}]},
    {"type": "solve", "game": "player", "max_seconds": -1},
]


def test_every_command_answers_in_codes_and_numbers_good_or_bad():
    engine = Engine()
    asked = set()
    for request in good_requests():
        answer = checked(engine, request)
        assert answer["ok"] or request["type"] == "check_record", answer
        asked.add(request["type"])
    g = {"game": "player"}
    record = checked(engine, {"type": "new_game", **g, "number": 7})["result"]["record"]
    link = checked(engine, {"type": "share_game", **g})["result"]["link"]
    for request in ({"type": "restore", **g, "record": record},
                    {"type": "check_replay", "link": link}):
        assert checked(engine, request)["ok"]
        asked.add(request["type"])
    assert asked == set(bridge.COMMANDS), set(bridge.COMMANDS) - asked
    checked(engine, {"type": "new_game", "game": "player", "number": 3})
    reasons = set()
    for request in BAD_REQUESTS:
        answer = checked(engine, request)
        assert answer["ok"] is False, request
        reasons.add(answer["error"]["reason"])
    assert len(reasons) > 20  # each refusal says what it is, not only its kind


def test_the_board_names_cards_by_code_and_events_by_kind():
    engine = Engine()
    board = checked(engine, {"type": "new_game", "game": "p", "number": 7})["result"]["board"]
    assert all("name" not in slot for slot in board["slots"]) and "name" not in board["waste"]
    board = checked(engine, {"type": "action", "game": "p", "move": "draw"})["result"]["board"]
    board = checked(engine, {"type": "action", "game": "p", "move": "undo"})["result"]["board"]
    assert board["events"] == [{"kind": "undo", "points": 0}]
    presets = checked(engine, {"type": "presets"})["result"]["presets"]
    assert all(set(p) == {"name", "rules", "scores"} for p in presets)
    assert all(f"preset-{p['name']}" in TEMPLATE for p in presets)


JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 60) | st.text(max_size=12),
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=6)
FIELDS = st.dictionaries(st.sampled_from(["game", "move", "number", "code", "cards", "preset",
                                          "rules", "record", "link", "date", "level", "goals",
                                          "difficulty", "op", "elapsed", "pace", "fair"]),
                         JSON, max_size=4)
QUICK = sorted(set(bridge.COMMANDS) - {"solve", "par", "analyse", "ai_results", "race",
                                       "advise", "prepare", "rate", "daily_goals", "hint",
                                       "new_game", "daily"})


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(QUICK), FIELDS)
def test_any_request_is_answered_without_english(kind, fields):
    engine = Engine()
    bridge.handle({"type": "new_game", "game": "player", "number": 7}, engine)
    checked(engine, {**fields, "type": kind})


# -- every reason the engine can raise has its words ----------------------------------------

REFUSALS = {"Refusal", "BridgeError", "CardError", "NotationError", "RulesError", "DealError",
            "NoDealFound", "RecordError", "IllegalMoveError", "UndoError", "ReplayLinkError",
            "AdviceError", "GoalError"}


def raised_reasons() -> dict[str, set[str]]:
    """Each reason code written in the engine's source, with the values given beside it."""
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / "tripeaks").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call) or len(node.args) < 2:
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            if name not in REFUSALS:
                continue
            values = {k.arg for k in node.keywords if k.arg not in (None, "kind")}
            reason = node.args[1]
            codes = [reason.body, reason.orelse] if isinstance(reason, ast.IfExp) else [reason]
            for code in codes:
                if isinstance(code, ast.Constant):
                    assert found.get(code.value, values) == values, code.value
                    found[code.value] = values
    return found


@pytest.mark.skipif(
    IN_WASM, reason="reads the checkout's sources (the site's wheel ships them without comments)")

def test_every_reason_the_engine_raises_has_a_message_with_its_values_as_placeholders():
    reasons = raised_reasons()
    assert len(reasons) > 60
    for reason in position.ILLEGAL_REASONS.values():
        reasons.setdefault(reason, set())
    for cls in Refusal.__subclasses__() + [Refusal]:
        reasons.setdefault(cls.reason, set())
    reasons.update({"bad-request": set(), "not-json": set(), "internal": set()})
    for reason, values in reasons.items():
        entry = TEMPLATE.get(f"error-{reason}")
        assert entry is not None, f"no message error-{reason}"
        assert catalogs.placeholders(entry.english) == values, reason
        if entry.plural:
            assert "count" in values, reason
    for kind in (*bridge.ERROR_KINDS, "boot"):
        assert f"error-kind-{kind}" in TEMPLATE, kind


# -- the command line, in French -------------------------------------------------------------

def run_french(*argv: str, typed: str = "") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    return subprocess.run([sys.executable, "-m", "tripeaks", *argv], input=typed,
                          capture_output=True, text=True, cwd=ROOT,
                          env={**env, "LANG": "fr_FR.UTF-8"}, timeout=120)


@pytest.mark.skipif(
    IN_WASM, reason="a subprocess cannot be started inside Pyodide")

def test_play_speaks_the_environments_language():
    done = run_french("play", "7", "--preset", "relaxed", typed="zz\nb\nq\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout.replace("\u00a0", " ")  # French puts a no-break space before : ; « »
    assert out.startswith("Donne TP1-E-AAAAAAH. Une carte (7H) la joue ; d pioche")
    assert "série x0  coups 0  cartes restantes 28" in out
    assert "défausse 3C   talon 23" in out
    assert "« zz » n’est pas un coup" in out  # the engine's refusal, worded in French
    assert "Talon : 23 cartes ; défausse :" in out
    assert "cards left" not in out and "is not a move" not in out


@pytest.mark.skipif(
    IN_WASM, reason="a subprocess cannot be started inside Pyodide")

def test_an_error_line_speaks_the_environments_language():
    done = run_french("replay", "7", "--moves", "XZ")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.replace("\u00a0", " ") == (
        "tripeaks: « XZ » n’est pas un coup : écrivez une carte des pics comme 7H, ou D.\n")
