"""The one module the web app's worker calls: JSON in, JSON out.

The worker hands :func:`handle_json` a JSON text ``{"type": ..., ...}`` and
posts back the JSON text it returns: ``{"ok": true, "result": ...}`` or
``{"ok": false, "error": {"kind": ..., "message": ...}}``. Nothing but plain
JSON crosses the boundary, and no exception escapes: a bug in the engine
reaches the page as a message, never as a frozen board.

The bridge holds the one live :class:`~tripeaks.game.Game` of the page; a
request's fields are read by :mod:`tripeaks.request`, and the deals prepared
ahead are kept by :mod:`tripeaks.dealer`.
Every command that changes it answers with the new *state*::

    {"board": {...},        # Game.view(): what the page draws, events included
     "record": {...}}       # Game.to_record(): the save, restorable with "restore"

A *move* is a peak position 0..27, or 28 (``notation.DRAW``) for a draw: that
is what ``action`` takes (or "draw", "undo", "redo") and what ``hint``,
``ai_step``, ``solve`` and ``analyse`` give as "move" and "line". Where a reply
holds a move for people to read it is its card code (``notation.move_text``:
``7H`` or ``D``): a field named "text", par's lines and analyse's "moves".

Commands:

    hello                                   versions, features, and the "vocabulary" the page
                                            shares: draw_move, rule_keys, error_kinds
    new_game  {number | code | cards | first, preset?, rules?, from_options?, difficulty?}
                                            difficulty: easy|medium|hard|expert: a random
                                            winnable deal of that class (rating.rate), the
                                            one "prepare" got ready if asked with the same
                                            difficulty; kind "not-found" after
                                            dealer.DIFFICULTY_TRIES
                                            from_options: the preset and rules are the
                                            player's saved options, so a deal code's own
                                            rules replace theirs instead of being refused;
                                            with none of number, code, cards: a random deal,
                                            the one "prepare" got ready if there is one;
                                            first: the first game a new player gets (the
                                            deal build.py draws before the engine is ready)
    prepare   {preset?, rules?, date?, difficulty?}
                                            get the next random deal (or the daily deal of
                                            date) ready while the player plays, at most one
                                            solver search a call: {"ready": bool}; ask again
                                            until ready
    check_deal {the same}                   {"deal_code", "preset"} of that deal; the game
                                            in progress stays
    action    {move: 0..27 | "draw" | "undo" | "redo"}
    restore   {record}
    check_record {record}                   {"deal_code"} if restore would take it; the game
                                            in progress stays
    state                                   the current state again
    restart                                 the same deal from its start, same rules
    daily     {date: "YYYY-MM-DD", preset?, rules?}
                                            the day's deal: the first winnable one from
                                            deals.daily_number(date); state + {"date"}
    hint      {fair?}                       {"move": int | None, "reason": str, "source",
                                            "fair": bool, "aim": "par"|"win"|"clear"|"fair",
                                            "score": int | None}: the fair hint (only the
                                            cards the player can see) under Challenge or
                                            when asked
    solve     {max_seconds?}                {"result": "win"|"loss"|"unknown", "line": [...] | None}
    par       {max_seconds?}                the deal's par from its start (par.Par.to_json()),
                                            plus "yours": {"score", "draws"} of the game so far
    analyse   {max_seconds?}                analysis.Analysis.to_json() of the game so far, plus
                                            "line": a winning line from the start (ints) or None
    ai_step   {level: easy|normal|hard}     the AI's next move, played: state + {"move", "text"}
    ai_results {levels?}                    how each AI does on this deal from its start (same
                                            rules, seeded): [{"level", "won", "cards_left",
                                            "moves", "score"}]; the game in progress stays
    rate      {number | code | cards | date, preset?, rules?}
                                            rating.Rating.to_json() of that deal (of the daily
                                            deal of date; of the current game's deal with
                                            none), plus "deal_code"; kept, so asking again
                                            is free
    share_game {base?}                      {"link"}: the replay link of the game so far
                                            (replay_link.encode_link); kind "too-long" when
                                            it has too many actions for a link
    check_replay {link}                     {"deal_code", "preset", "rules", "actions",
                                            "request", "won", "over", "moves", "score"} of a
                                            replay link, every action checked by the engine;
                                            "request" is the new_game that deals its start,
                                            "actions" what to send "action" after it, in
                                            order. A bad link: kind "bad-replay", the game
                                            in progress stays
    race      {level, op: "plan"|"judge", pace?, elapsed?}
                                            race.plan of the AI of level on this deal from
                                            its start (its moves timed; "pace" scales the
                                            times), or, with op "judge", race.judge of the
                                            game in progress at race time elapsed (ms):
                                            {"winner": "you"|"ai"|"tie"|None, ...}
    describe                                {"text": the board in words}
    presets                                 the named rule sets

Errors. An error's ``kind`` is one of these stable names (``ERROR_KINDS``, sent in
``hello``); its ``message`` is written for the player:

    bad-request    a request the bridge cannot read: not JSON, an unknown type, a bad field
    bad-rules      rules or a preset that do not exist (rules.RulesError)
    bad-deal       a deal number, code or date that names no deal (deals.DealError)
    bad-notation   text that is not a deal or a move (notation.NotationError)
    bad-card       a card code that is no card (cards.CardError)
    bad-record     a saved game that cannot be restored (game.RecordError)
    bad-replay     a replay link that does not replay (replay_link.ReplayLinkError)
    illegal-move   a move the rules refuse now (game.IllegalMoveError)
    illegal-undo   an undo or a redo the rules or the history refuse (game.UndoError)
    no-game        a command that needs a game, before one is dealt
    game-over      the AI's move asked of a finished game
    not-found      no deal of the difficulty asked for was found (dealer.NoDealFound)
    too-long       a game with too many actions for a replay link
    internal       a bug in the engine; the message names it, with a traceback
"""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Callable

from . import __version__, ai, analysis, dealer, deals, jsontext, race, replay_link, solver
from .cards import CardError
from .game import Game, IllegalMoveError, RecordError, UndoError
from .notation import DRAW, REDO, UNDO, NotationError, move_text
from .par import par
from .request import (
    FIRST_DEAL,
    BridgeError,
    Reply,
    Request,
    deal_of,
    difficulty,
    fair_hint,
    make_rules,
    recorded_game,
    seconds,
)
from .rules import PRESETS, RULE_KEYS, RulesError
from .scoring import scoring_for

__all__ = ["handle", "handle_json", "COMMANDS", "ERROR_KINDS", "BridgeError", "FIRST_DEAL",
           "make_rules", "fair_hint"]

ERROR_KINDS = ("bad-request", "bad-rules", "bad-deal", "bad-notation", "bad-card", "bad-record",
               "bad-replay", "illegal-move", "illegal-undo", "no-game", "game-over", "not-found",
               "too-long", "internal")
"""Every ``kind`` an error reply can have (the module docstring says what each means)."""

_KIND_OF: tuple[tuple[type[ValueError], str], ...] = (
    (IllegalMoveError, "illegal-move"), (UndoError, "illegal-undo"), (RecordError, "bad-record"),
    (replay_link.ReplayLinkError, "bad-replay"), (dealer.NoDealFound, "not-found"),
    (RulesError, "bad-rules"), (deals.DealError, "bad-deal"), (NotationError, "bad-notation"),
    (CardError, "bad-card"),
)
"""The kind of each refusal the engine raises (the first class that matches); a BridgeError
names its own, any other ValueError is a request the engine cannot carry out: bad-request."""


def _kind(error: ValueError) -> str:
    if isinstance(error, BridgeError):
        return error.kind
    return next((kind for cls, kind in _KIND_OF if isinstance(error, cls)), "bad-request")


_game: Game | None = None

def _current() -> Game:
    if _game is None:
        raise BridgeError("no game has been started", kind="no-game")
    return _game


# --------------------------------------------------------------------------- state


def _state(game: Game) -> Reply:
    return {"board": game.view(), "record": game.to_record()}


# --------------------------------------------------------------------------- commands


def _new_game(msg: Request) -> Reply:
    global _game
    random_deal = all(msg.get(key) is None for key in ("number", "code", "cards", "first"))
    level = difficulty(msg)
    rules = make_rules(msg.get("preset"), msg.get("rules"))
    if level is not None and random_deal:
        search = dealer.prepared.pop(("new", dealer.rules_key(rules), str(level)), None)
        if search is None:
            search = dealer.DealSearch(dealer.random_number(), rules, level=level)
        _game = deal_of({**msg, "number": search.finish()})
        return _state(_game)
    ready = dealer.take_prepared(rules) if random_deal else None
    _game = deal_of({**msg, "number": ready}) if ready is not None else deal_of(msg)
    return _state(_game)


def _rate(msg: Request) -> Reply:
    date = msg.get("date")
    if isinstance(date, str):
        rules = make_rules(msg.get("preset"), msg.get("rules"))
        game = Game.new(dealer.daily_deal_number(date, rules), rules)
    elif any(msg.get(key) is not None for key in ("number", "code", "cards")):
        game = deal_of(msg)
    else:
        game = _current()
    return {**dealer.rating_of(game).to_json(), "deal_code": game.view()["deal_code"]}


def _prepare(msg: Request) -> Reply:
    rules = make_rules(msg.get("preset"), msg.get("rules"))
    date = msg.get("date")
    level = difficulty(msg)
    if date is None and level is not None:
        search = dealer.search_for(
            ("new", dealer.rules_key(rules), str(level)),
            lambda: dealer.DealSearch(dealer.random_number(), rules, level=level))
    elif date is None:
        search = dealer.search_for(("new", dealer.rules_key(rules)),
                                   lambda: dealer.DealSearch(dealer.random_number(), rules))
    elif isinstance(date, str):
        search = dealer.daily_search(date, rules)
    else:
        raise BridgeError("the daily deal needs a date, YYYY-MM-DD")
    return {"ready": search.step()}


def _check_deal(msg: Request) -> Reply:
    """What ``new_game`` would open, without leaving the game in progress: the
    app asks this before it offers to leave a game for a link."""
    board = deal_of(msg).view()
    return {"deal_code": board["deal_code"], "preset": board["preset"]}


def _action(msg: Request) -> Reply:
    game = _current()
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
        raise BridgeError(f"unknown move {move!r}")
    return _state(game)


def _restore(msg: Request) -> Reply:
    global _game
    _game = recorded_game(msg)
    return _state(_game)


def _check_record(msg: Request) -> Reply:
    """Whether ``restore`` would take this record, without leaving the game in
    progress: the app asks before it offers to replace a game with a backup's."""
    return {"deal_code": recorded_game(msg).view()["deal_code"]}


def _hint(msg: Request) -> Reply:
    game = _current()
    fair = fair_hint(game.rules, msg.get("fair"))
    result = analysis.hint(game, fair=fair)
    return {
        "move": result.move,
        "reason": result.reason,
        "source": result.source,
        "fair": fair,
        # "par": the move keeps a line to the best score still possible
        # ("score" is that score); "win": a winning line; "clear": the line
        # that clears the most cards (no line wins); "fair": the fair hint.
        "aim": "fair" if fair else result.aim,
        "score": None if fair else result.score,
    }


def _solve(msg: Request) -> Reply:
    game = _current()
    result = solver.solve(game, max_seconds=seconds(msg))
    return {"result": result.result, "line": list(result.line) if result.won else None}


def _restart(msg: Request) -> Reply:
    global _game
    _game = _current().restarted()
    return _state(_game)


def _daily(msg: Request) -> Reply:
    global _game
    rules = make_rules(msg.get("preset"), msg.get("rules"))
    date = msg.get("date")
    if not isinstance(date, str):
        raise BridgeError("the daily deal needs a date, YYYY-MM-DD")
    # The daily deal is winnable under its own rules, whatever winnable_only says.
    _game = Game.new(dealer.daily_deal_number(date, rules), rules)
    return {**_state(_game), "date": date}


def _par(msg: Request) -> Reply:
    game = _current()
    start = game.restarted()
    result = dict(par(start, max_seconds=seconds(msg)).to_json())
    # The player's own figures beside par's, for the end-of-game panel.
    result["yours"] = {"score": game.score, "draws": start.stock_count - game.stock_count}
    return result


def _analyse(msg: Request) -> Reply:
    game = _current()
    budget = seconds(msg)
    result = dict(analysis.analyse(game, with_par=bool(msg.get("par", True)),
                                 max_seconds=budget).to_json())
    line = None
    if result.get("winnable"):
        solution = solver.solve(game.restarted(), max_seconds=budget)
        if solution.won and solution.line:
            line = list(solution.line)
    result["line"] = line
    return result


def _ai_step(msg: Request) -> Reply:
    game = _current()
    level = msg.get("level", "normal")
    if not isinstance(level, str):
        raise BridgeError("an AI level is easy, normal or hard")
    if game.over:
        raise BridgeError("The game is over.", kind="game-over")
    move = ai.make_ai(level, seed=len(game.actions)).choose(game)
    game.apply(move)
    return {**_state(game), "move": move, "text": move_text(game.cards, move)}


def _ai_results(msg: Request) -> Reply:
    """The three AI players on this deal from its start, under its rules: what a
    player's result is set beside. Each is seeded, so the same on every device."""
    start = _current().restarted()
    levels = msg.get("levels", ["easy", "normal", "hard"])
    names = [x for x in levels if isinstance(x, str)] if isinstance(levels, list) else []
    if not isinstance(levels, list) or len(names) != len(levels):
        raise BridgeError("levels is a list of AI levels: easy, normal, hard")
    out = []
    for level in names[:3]:
        played = ai.make_ai(level, seed=0).play(start.restarted())
        out.append({"level": level, "won": bool(played.won), "cards_left": played.cards_left,
                    "moves": played.view()["moves"], "score": played.score})
    return {"results": out}


def _share_game(msg: Request) -> Reply:
    base = msg.get("base", "")
    if not isinstance(base, str):
        raise BridgeError("base is the app's address, a string")
    try:
        return {"link": replay_link.encode_link(_current(), base)}
    except replay_link.ReplayLinkError as error:
        raise BridgeError(f"No replay link: {str(error).rstrip('.')}.",
                          kind="too-long") from None


def _action_name(action: int) -> int | str:
    return {DRAW: "draw", UNDO: "undo", REDO: "redo"}.get(action, action)


def _check_replay(msg: Request) -> Reply:
    """What a replay link holds, every action checked: the game in progress stays."""
    link = msg.get("link")
    if not isinstance(link, str):
        raise BridgeError("a replay link is a text", kind="bad-replay")
    try:
        game = replay_link.decode_link(link)
    except replay_link.ReplayLinkError as error:
        raise BridgeError(f"This replay link does not replay: {str(error).rstrip('.')}.",
                          kind="bad-replay") from None
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


_race_plans: dict[tuple[tuple[int, ...], str, str, float], race.Plan] = {}


def _race(msg: Request) -> Reply:
    """Race mode: the AI's whole game on this deal, timed (op "plan"), and who
    won, judged by tripeaks.race (op "judge"); the game in progress stays."""
    game = _current()
    level, pace = msg.get("level"), msg.get("pace", 1)
    if not isinstance(level, str) or level.strip().lower() not in race.PACE:
        raise BridgeError("an AI level is easy, normal or hard")
    if not isinstance(pace, (int, float)) or isinstance(pace, bool) or not 0.001 <= pace <= 10:
        raise BridgeError("pace is a number from 0.001 to 10")
    key = (tuple(game.cards), dealer.rules_key(game.rules), level.strip().lower(), float(pace))
    plan = _race_plans.get(key)
    if plan is None:
        plan = race.plan(game, level, scale=float(pace))
        while len(_race_plans) >= 4:
            del _race_plans[next(iter(_race_plans))]
        _race_plans[key] = plan
    if msg.get("op", "plan") == "plan":
        return plan.to_json()
    if msg.get("op") != "judge":
        raise BridgeError("a race op is plan or judge")
    elapsed = msg.get("elapsed")
    if not isinstance(elapsed, (int, float)) or isinstance(elapsed, bool) or elapsed < 0:
        raise BridgeError("elapsed is the race time in ms")
    board = game.view()
    return race.judge(plan, won=bool(board["won"]), over=bool(board["over"]),
                      cards_left=int(board["cards_left"]), elapsed=float(elapsed),
                      moves=int(board["moves"])).to_json()


def _describe(msg: Request) -> Reply:
    return {"text": _current().describe()}


def _hello(msg: Request) -> Reply:
    return {
        "version": __version__,
        "python": sys.version.split()[0],
        # Every feature is always there; the key stays for the page's check.
        "features": dict.fromkeys(("game", "deals", "notation", "scoring", "solver", "ai",
                                   "rating", "replay_link", "race"), True),
        # The words the page and the engine share (web/vocabulary.js holds them for the page).
        "vocabulary": {"draw_move": DRAW, "rule_keys": list(RULE_KEYS),
                       "error_kinds": list(ERROR_KINDS)},
    }


def _presets(msg: Request) -> Reply:
    return {
        "presets": [
            {"name": p.name, "title": p.title, "summary": p.summary, "rules": p.rules.to_json(),
             "scores": scoring_for(p.rules.scoring).counts()}
            for p in PRESETS.values()
        ]
    }


COMMANDS: dict[str, Callable[[Request], Reply]] = {
    "hello": _hello,
    "new_game": _new_game,
    "prepare": _prepare,
    "check_deal": _check_deal,
    "action": _action,
    "restore": _restore,
    "check_record": _check_record,
    "state": lambda msg: _state(_current()),
    "restart": _restart,
    "daily": _daily,
    "hint": _hint,
    "solve": _solve,
    "par": _par,
    "analyse": _analyse,
    "ai_step": _ai_step,
    "ai_results": _ai_results,
    "rate": _rate,
    "share_game": _share_game,
    "check_replay": _check_replay,
    "race": _race,
    "describe": _describe,
    "presets": _presets,
}


def handle(message: object) -> Reply:
    """Carry out one request; always answers, never raises."""
    try:
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            raise BridgeError("a request is an object with a 'type'")
        command = COMMANDS.get(message["type"])
        if command is None:
            raise BridgeError(f"unknown request type '{message['type']}'")
        return {"ok": True, "result": command(message)}
    except ValueError as exc:  # a refusal: an illegal move, a bad deal, code or record, ...
        return {"ok": False, "error": {"kind": _kind(exc), "message": str(exc)}}
    except Exception as exc:  # a bug: report it, keep the worker alive
        return {
            "ok": False,
            "error": {
                "kind": "internal",
                "message": f"{type(exc).__name__}: {exc}",
                "traceback": traceback.format_exc(limit=8),
            },
        }


def handle_json(text: str) -> str:
    """:func:`handle` for a JSON text, answering JSON text."""
    try:
        message = jsontext.loads(text)
    except ValueError as exc:  # not JSON, or nested deeper than any message
        answer: Reply = {
            "ok": False, "error": {"kind": "bad-request", "message": f"not JSON: {exc}"},
        }
    else:
        answer = handle(message)
    return json.dumps(answer, separators=(",", ":"))
