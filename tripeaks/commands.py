"""What each bridge request does, by job: playing a game, dealing and loading
games, the solver's services, the AI and races, and the engine itself.

Each command takes the :class:`~tripeaks.engine.Engine` and the request and
answers plain JSON; :mod:`tripeaks.bridge` dispatches to them (its docstring is
the protocol). A command about a game reads the game's name with
:func:`~tripeaks.request.game_name`; the others ignore a ``game`` field.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from . import __version__, ai, analysis, jsontext, race, replay_link, solver
from .advice import advise
from .engine import Engine
from .game import Game
from .goals import daily_goals, goal_from_json, goals_met
from .notation import DRAW, REDO, UNDO, move_text
from .par import par
from .request import (
    ERROR_KINDS,
    BridgeError,
    Reply,
    Request,
    deal_of,
    difficulty,
    fair_hint,
    game_name,
    make_rules,
    names_a_deal,
    recorded_game,
    seconds,
)
from .rules import PRESETS, RULE_KEYS
from .scoring import scoring_for

__all__ = ["Command", "state", "GAME_COMMANDS", "OTHER_COMMANDS"]

Command = Callable[[Engine, Request], Reply]


def state(game: Game) -> Reply:
    """What every command that changes a game answers."""
    return {"board": game.view(), "record": game.to_record()}


def _held(engine: Engine, msg: Request) -> Game:
    return engine.game(game_name(msg))


# --------------------------------------------------------------------------- playing a game


def _action(engine: Engine, msg: Request) -> Reply:
    game = _held(engine, msg)
    move = msg.get("move")
    if move == "undo":
        game.undo()
    elif move == "redo":
        game.redo()
    elif move == "draw":
        game.apply(DRAW)
    elif isinstance(move, int) and not isinstance(move, bool) and 0 <= move <= DRAW:
        game.apply(move)
    else:
        raise BridgeError(f"unknown move {move!r}", "unknown-move", move=str(move)[:20])
    return state(game)


def _restart(engine: Engine, msg: Request) -> Reply:
    name = game_name(msg)
    return state(engine.put(name, engine.game(name).restarted()))


def _describe(engine: Engine, msg: Request) -> Reply:
    return dict(_held(engine, msg).describe())


def _drop_game(engine: Engine, msg: Request) -> Reply:
    return {"dropped": engine.drop(game_name(msg))}


# --------------------------------------------------------------------------- dealing and loading


def _new_game(engine: Engine, msg: Request) -> Reply:
    name = game_name(msg)
    return state(engine.put(name, deal_of(msg, engine.dealer)))


def _daily(engine: Engine, msg: Request) -> Reply:
    name = game_name(msg)
    rules = make_rules(msg.get("preset"), msg.get("rules"))
    date = msg.get("date")
    if not isinstance(date, str):
        raise BridgeError("the daily deal needs a date, YYYY-MM-DD", "date-missing")
    # The daily deal is winnable under its own rules, whatever winnable_only says.
    game = engine.put(name, Game.new(engine.dealer.daily_number(date, rules), rules))
    return {**state(game), "date": date}


def _restore(engine: Engine, msg: Request) -> Reply:
    name = game_name(msg)
    return state(engine.put(name, recorded_game(msg)))


def _prepare(engine: Engine, msg: Request) -> Reply:
    rules = make_rules(msg.get("preset"), msg.get("rules"))
    date = msg.get("date")
    if date is not None and not isinstance(date, str):
        raise BridgeError("the daily deal needs a date, YYYY-MM-DD", "date-missing")
    return {"ready": engine.dealer.prepare(rules, date=date, level=difficulty(msg))}


def _check_deal(engine: Engine, msg: Request) -> Reply:
    """What ``new_game`` would open (with no deal named: the game's own deal),
    without touching any game: the app asks before it offers to leave a game for a link."""
    board = (deal_of(msg, engine.dealer) if names_a_deal(msg) else _held(engine, msg)).view()
    return {"deal_code": board["deal_code"], "preset": board["preset"]}


def _check_record(engine: Engine, msg: Request) -> Reply:
    """Whether ``restore`` would take this record, touching no game: the app asks
    before it offers to replace a game with a backup's."""
    return {"deal_code": recorded_game(msg).view()["deal_code"]}


def _share_game(engine: Engine, msg: Request) -> Reply:
    game = _held(engine, msg)
    base = msg.get("base", "")
    if not isinstance(base, str):
        raise BridgeError("base is the app's address, a string", "bad-base")
    try:
        return {"link": replay_link.encode_link(game, base)}
    except replay_link.ReplayLinkError as error:
        raise BridgeError(f"No replay link: {str(error).rstrip('.')}.", error.reason,
                          kind="too-long", **error.values) from None


def _action_name(action: int) -> int | str:
    return {DRAW: "draw", UNDO: "undo", REDO: "redo"}.get(action, action)


def _check_replay(engine: Engine, msg: Request) -> Reply:
    """What a replay link holds, every action checked; no game is touched."""
    link = msg.get("link")
    if not isinstance(link, str):
        raise BridgeError("a replay link is a text", "replay-not-text", kind="bad-replay")
    try:
        game = replay_link.decode_link(link)
    except replay_link.ReplayLinkError as error:
        raise BridgeError(f"This replay link does not replay: {str(error).rstrip('.')}.",
                          error.reason, kind="bad-replay", **error.values) from None
    board = game.view()
    rules = game.rules.to_json()
    start: jsontext.JSONObject = {"rules": rules}
    if game.deal_number is not None:
        start["number"] = game.deal_number
    else:
        start["cards"] = list(game.cards)
    return {
        "deal_code": board["deal_code"], "preset": board["preset"], "rules": rules,
        "actions": [_action_name(a) for a in game.actions], "request": start,
        "won": board["won"], "over": board["over"], "moves": board["moves"],
        "score": board["score"], "cards_left": board["cards_left"],
    }


# --------------------------------------------------------------------------- the solver's services


def _rate(engine: Engine, msg: Request) -> Reply:
    date = msg.get("date")
    if isinstance(date, str):
        rules = make_rules(msg.get("preset"), msg.get("rules"))
        game = Game.new(engine.dealer.daily_number(date, rules), rules)
    elif any(msg.get(key) is not None for key in ("number", "code", "cards")):
        game = deal_of(msg, engine.dealer)
    else:
        game = _held(engine, msg)
    return {**engine.dealer.rating_of(game).to_json(), "deal_code": game.view()["deal_code"]}


def _hint(engine: Engine, msg: Request) -> Reply:
    game = _held(engine, msg)
    fair = fair_hint(game.rules, msg.get("fair"))
    result = analysis.hint(game, fair=fair, cache=engine.solvers)
    return {
        "move": result.move,
        "reason": result.reason,
        "values": result.values,
        "source": result.source,
        "fair": fair,
        # "par": the move keeps a line to the best score still possible
        # ("score" is that score); "win": a winning line; "clear": the line
        # that clears the most cards (no line wins); "fair": the fair hint.
        "aim": "fair" if fair else result.aim,
        "score": None if fair else result.score,
    }


def _solve(engine: Engine, msg: Request) -> Reply:
    game = _held(engine, msg)
    result = solver.solve(game, max_seconds=seconds(msg), cache=engine.solvers)
    return {"result": result.result, "line": list(result.line) if result.won else None}


def _par(engine: Engine, msg: Request) -> Reply:
    game = _held(engine, msg)
    start = game.restarted()
    result = dict(par(start, max_seconds=seconds(msg), cache=engine.solvers).to_json())
    # The player's own figures beside par's, for the end-of-game panel.
    result["yours"] = {"score": game.score, "draws": start.stock_count - game.stock_count}
    return result


def _analyse(engine: Engine, msg: Request) -> Reply:
    game = _held(engine, msg)
    budget = seconds(msg)
    found = analysis.analyse(game, with_par=bool(msg.get("par", True)),
                             max_seconds=budget, cache=engine.solvers)
    result = dict(found.to_json())
    result["line"], result["line_start"] = _winning_line(engine, game, found, budget), 0
    turning = found.turning_point
    if found.winnable and turning is not None and result["line"] is not None:
        # The player's own moves up to the one that lost, then a win from there: the
        # page shows it from that move ("line_start"), with the start a tap away.
        before = game.restarted()
        for move in found.moves[:turning]:
            before.apply(move)
        rest = solver.solve(before, max_seconds=budget, cache=engine.solvers)
        if rest.won and rest.line:
            result["line"] = [*found.moves[:turning], *rest.line]
            result["line_start"] = turning
    return result


def _winning_line(engine: Engine, game: Game, found: analysis.Analysis,
                  budget: float) -> list[int] | None:
    """A winning line from the deal's start, when the deal is winnable."""
    if not found.winnable:
        return None
    solution = solver.solve(game.restarted(), max_seconds=budget, cache=engine.solvers)
    return list(solution.line) if solution.won and solution.line else None


# --------------------------------------------------------------------------- the AI and races


def _ai_step(engine: Engine, msg: Request) -> Reply:
    game = _held(engine, msg)
    level = msg.get("level", "normal")
    if not isinstance(level, str):
        raise BridgeError("an AI level is easy, normal or hard", "unknown-level",
                          level=str(level)[:20], choices="easy, normal, hard")
    if game.over:
        raise BridgeError("The game is over.", "game-over", kind="game-over")
    move = ai.make_ai(level, seed=len(game.actions)).choose(game)
    game.apply(move)
    return {**state(game), "move": move, "text": move_text(game.cards, move)}


def _ai_results(engine: Engine, msg: Request) -> Reply:
    """The three AI players on this deal from its start, under its rules: what a
    player's result is set beside. Each is seeded, so the same on every device."""
    start = _held(engine, msg).restarted()
    levels = msg.get("levels", ["easy", "normal", "hard"])
    names = [x for x in levels if isinstance(x, str)] if isinstance(levels, list) else []
    if not isinstance(levels, list) or len(names) != len(levels):
        raise BridgeError("levels is a list of AI levels: easy, normal, hard", "bad-levels")
    out = []
    for level in names[:3]:
        played = ai.make_ai(level, seed=0).play(start.restarted())
        out.append({"level": level, "won": bool(played.won), "cards_left": played.cards_left,
                    "moves": played.view()["moves"], "score": played.score})
    return {"results": out}


def _race(engine: Engine, msg: Request) -> Reply:
    """Race mode: the AI's whole game on this deal, timed (op "plan"), and who
    won, judged by tripeaks.race (op "judge"); the game stays as it is."""
    game = _held(engine, msg)
    level, pace = msg.get("level"), msg.get("pace", 1)
    if not isinstance(level, str) or level.strip().lower() not in race.PACE:
        raise BridgeError("an AI level is easy, normal or hard", "unknown-level",
                          level=str(level)[:20], choices=", ".join(race.PACE))
    if not isinstance(pace, (int, float)) or isinstance(pace, bool) or not 0.001 <= pace <= 10:
        raise BridgeError("pace is a number from 0.001 to 10", "bad-pace")
    plan = engine.races.plan(game, level.strip().lower(), float(pace))
    if msg.get("op", "plan") == "plan":
        return plan.to_json()
    if msg.get("op") != "judge":
        raise BridgeError("a race op is plan or judge", "bad-race-op")
    elapsed = msg.get("elapsed")
    if not isinstance(elapsed, (int, float)) or isinstance(elapsed, bool) or elapsed < 0:
        raise BridgeError("elapsed is the race time in ms", "bad-elapsed")
    board = game.view()
    return race.judge(plan, won=bool(board["won"]), over=bool(board["over"]),
                      cards_left=int(board["cards_left"]), elapsed=float(elapsed),
                      moves=int(board["moves"])).to_json()


# --------------------------------------------------------------------------- money and daily goals


def _advise(engine: Engine, msg: Request) -> Reply:
    """Draw and play on, or deal again? From what the player sees only (tripeaks.advice)."""
    return advise(_held(engine, msg)).to_json()


def _daily_goals(engine: Engine, msg: Request) -> Reply:
    rules = make_rules(msg.get("preset"), msg.get("rules"))
    date = msg.get("date")
    if not isinstance(date, str):
        raise BridgeError("the daily goals need a date, YYYY-MM-DD", "date-missing")
    return dict(daily_goals(date, rules, engine.dealer))


def _goals_met(engine: Engine, msg: Request) -> Reply:
    goals = msg.get("goals")
    if not isinstance(goals, list) or not 1 <= len(goals) <= 3:
        raise BridgeError("goals is the list daily_goals gave: one to three goals", "bad-goals")
    return {"met": goals_met(_held(engine, msg), [goal_from_json(g) for g in goals])}


# --------------------------------------------------------------------------- the engine itself


def _hello(engine: Engine, msg: Request) -> Reply:
    return {
        "version": __version__,
        "python": sys.version.split()[0],
        # The words the page and the engine share (web/vocabulary.js holds them for the page).
        "vocabulary": {"draw_move": DRAW, "rule_keys": list(RULE_KEYS),
                       "error_kinds": list(ERROR_KINDS)},
    }


def _presets(engine: Engine, msg: Request) -> Reply:
    return {
        "presets": [
            {"name": p.name, "rules": p.rules.to_json(),
             "scores": scoring_for(p.rules.scoring).counts()}
            for p in PRESETS.values()
        ]
    }


GAME_COMMANDS: dict[str, Command] = {
    "new_game": _new_game, "restore": _restore, "daily": _daily, "restart": _restart,
    "state": lambda engine, msg: state(_held(engine, msg)), "action": _action,
    "describe": _describe, "drop_game": _drop_game, "share_game": _share_game,
    "hint": _hint, "solve": _solve, "par": _par, "analyse": _analyse,
    "ai_step": _ai_step, "ai_results": _ai_results, "race": _race,
    "advise": _advise, "goals_met": _goals_met,
}
"""The commands about one game: each names it in ``game``."""
OTHER_COMMANDS: dict[str, Command] = {
    "hello": _hello, "presets": _presets, "prepare": _prepare, "check_record": _check_record,
    "check_replay": _check_replay, "daily_goals": _daily_goals,
    # about the game named only when no deal is named:
    "check_deal": _check_deal, "rate": _rate,
}
"""The commands not about a game: a ``game`` field is ignored."""
