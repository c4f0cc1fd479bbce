"""The one module the web app's worker calls: JSON in, JSON out.

The worker hands :func:`handle_json` a JSON text ``{"type": ..., ...}`` and
posts back the JSON text it returns: ``{"ok": true, "result": ...}`` or
``{"ok": false, "error": {"kind": ..., "reason": ..., "values": {...}}}`` (Errors,
below). Nothing but plain JSON crosses the boundary, and no exception escapes: a
bug in the engine reaches the page as an error, never as a frozen board.

No English crosses it either: the engine sends kinds, codes and numbers, and the
page (and the command line) word them from the catalogs (tripeaks/locale):
a card by its code (``card-name``), a preset by its name (``preset-<name>``,
``preset-<name>-summary``), a board event by its kind (``engine-event-<kind>``,
``{points}``), a hint by its reason (``engine-hint-<reason>``, its values), an
error by its reason (``error-<reason>``, its values; else ``error-kind-<kind>``).

Games by name. The engine (:class:`~tripeaks.engine.Engine`, one here: ``ENGINE``)
holds several games at once, each under a name the page picks: 1 to 32 of
a-z, 0-9 and ``-`` (``player``, ``watch``, ``race``, ``replay``). Every command
about a game carries ``"game": name`` (marked [game] below); without it the
answer is kind ``bad-request``, and a name that holds no game yet is kind
``no-game`` (``new_game``, ``daily`` and ``restore`` put a game there instead).
Commands not about a game ignore a ``game`` field. At most ``engine.MAX_GAMES``
(8) games are held: past that, the one asked about least recently goes, never
``player``. ``drop_game`` forgets one (the page sends it when a watch or a
replay ends). There is no current game: the page never swaps saves to watch,
race or replay.

Every command that changes a game answers with its new *state*::

    {"board": {...},        # Game.view(): what the page draws, events included
     "record": {...}}       # Game.to_record(): the save, restorable with "restore"

A *move* is a peak position 0..27, or 28 (``notation.DRAW``) for a draw: that
is what ``action`` takes (or "draw", "undo", "redo") and what ``hint``,
``ai_step``, ``solve`` and ``analyse`` give as "move" and "line". Where a reply
holds a move for people to read it is its card code (``notation.move_text``:
``7H`` or ``D``): a field named "text", par's lines and analyse's "moves".
A card is the engine's int (rank * 4 + suit, ``cards.py``) where a field is
named "card" in ``describe`` and ``last_action``, with its code beside it in "code".

The board's ``last_action`` (after ``action``, ``ai_step``; ``None`` before the
first move and after a restore)::

    {"kind": "play" | "draw" | "undo",
     "move": 0..28,          # the position played, or 28 for a draw; for an undo:
                             # the move it took back (a redo is its play or draw)
     "card": int, "code": "7H",   # the card that move moved: for an undo, the card
                             # back on the peaks (at "move"), or back in the stock
     "points": int, "streak_grew": bool, "peak_cleared": 0..2 | None}

The board's ``events`` (what the last action earned or cost, as it happens)::

    [{"kind": "streak" | "peak" | "stock" | "clear" | "stuck" | "card" | "draw" | "undo",
      "points": int}, ...]   # points signed: a cost is negative

Its ``slots`` give each position's card by its code ("card": "7H" | None while face
down or played), and ``waste`` its top card's: {"card": "7H" | None, "count": int}.

``describe`` is the board as facts, no words (the view's slots carry the same facts, so
the page words its board from those and a move does not pay for both)::

    {"peaks": [[{"slot": 0..27, "column": 0..9, "card": int | None, "code": "7H" | None,
                 "face_up": bool, "removed": bool, "playable": bool}, ...],  # 4 rows,
               ...],        # top row first (3, 6, 9, 10 positions), left to right;
                            # "card" is None while face down and once played
     "waste": {"card": int | None, "code": str | None, "count": int},
     "stock": int,          # cards left in the stock
     "cards_left": int, "over": bool}

Commands ([game]: names its game in "game"):

    hello                                   {"version", "python", "vocabulary"}: the words
                                            the page shares: draw_move, rule_keys, error_kinds
    new_game  [game] {number | code | cards | first, preset?, rules?, from_options?,
                      difficulty?}          a new game under that name; its state
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
    check_deal {the same}                   {"deal_code", "preset"} of that deal (with none
                                            of number, code, cards, first: of [game]'s deal);
                                            no game changes
    action    [game] {move: 0..27 | "draw" | "undo" | "redo"}
    restore   [game] {record}               the game a saved record holds, under that name:
                                            every record any version wrote loads
    check_record {record}                   {"deal_code"} if restore would take it
    state     [game]                        the game's state again
    restart   [game]                        the same deal from its start, same rules
    daily     [game] {date: "YYYY-MM-DD", preset?, rules?}
                                            the day's deal: the first winnable one from
                                            deals.daily_number(date); state + {"date"}
    drop_game [game]                        forget that game: {"dropped": bool}
    describe  [game]                        the board as facts (above)
    hint      [game] {fair?}                {"move": int | None, "reason", "values",
                                            "source", "fair": bool,
                                            "aim": "par"|"win"|"clear"|"fair",
                                            "score": int | None}: the fair hint (only the
                                            cards the player can see) under Challenge or
                                            when asked. "reason": game-over | fair |
                                            keeps-best-score | keeps-win |
                                            keeps-win-best-unknown | clears-most |
                                            clears-most-unknown; "values": its numbers
                                            ({"count": the score} for keeps-best-score, else {})
    solve     [game] {max_seconds?}         {"result": "win"|"loss"|"unknown", "line": [...] | None}
    par       [game] {max_seconds?}         the deal's par from its start (par.Par.to_json()),
                                            plus "yours": {"score", "draws"} of the game so far
    analyse   [game] {max_seconds?}         analysis.Analysis.to_json() of the game so far
                                            ({"winnable", "turning_point", "turning_move":
                                            its card code or "D", "still_winnable", "moves",
                                            "par"}),
                                            plus "line": a winning line from the start (ints)
                                            or None, which follows the player's own moves
                                            up to the turning point when one is found, and
                                            "line_start": where the player's moves end in
                                            it (the turning point, or 0)
    ai_step   [game] {level: easy|normal|hard}
                                            the AI's next move, played: state + {"move", "text"}
    ai_results [game] {levels?}             how each AI does on the game's deal from its
                                            start (same rules, seeded): [{"level", "won",
                                            "cards_left", "moves", "score"}]; the game stays
    rate      {number | code | cards | date, preset?, rules?}
                                            rating.Rating.to_json() of that deal (of the daily
                                            deal of date; with none, of [game]'s deal), plus
                                            "deal_code"; kept, so asking again is free
    share_game [game] {base?}               {"link"}: the replay link of the game so far
                                            (replay_link.encode_link); kind "too-long" when
                                            it has too many actions for a link
    check_replay {link}                     {"deal_code", "preset", "rules", "actions",
                                            "request", "won", "over", "moves", "score"} of a
                                            replay link, every action checked by the engine;
                                            "request" is the new_game that deals its start,
                                            "actions" what to send "action" after it, in
                                            order. A bad link: kind "bad-replay"
    race      [game] {level, op: "plan"|"judge", pace?, elapsed?}
                                            race.plan of the AI of level on the game's deal
                                            from its start (its moves timed; "pace" scales the
                                            times), or, with op "judge", race.judge of the
                                            game at race time elapsed (ms):
                                            {"winner": "you"|"ai"|"tie"|None, "reason":
                                            "cleared"|"fewer"|"same"|"" (undecided), ...}
    presets                                 the named rule sets: {"presets": [{"name",
                                            "rules", "scores"}]}; the page words each by
                                            its name (preset-<name>, preset-<name>-summary)
    advise    [game]                        advice.Advice.to_json(): {"play_on": dollars
                                            still to come if the player plays on well (a
                                            float), "redeal": 0, "advice": "play-on" |
                                            "redeal", "draws": the best plan's most draws,
                                            "next_is_draw": bool, "worlds": int}; from the
                                            cards the player can see only (the money game)
    daily_goals {date: "YYYY-MM-DD", preset?, rules?}
                                            goals.daily_goals: {"date", "preset", "deal_code",
                                            "number", "difficulty": {"class", "level"},
                                            "par": {"score", "draws"}, "goals": [{"medal":
                                            "bronze"|"silver"|"gold", "kind": "clear_cards" |
                                            "score" | "win_draws", "target": int}] x3}
    goals_met [game] {goals}                {"met": ["bronze", ...]}: the goals (as
                                            daily_goals gave them) the game has met so far

Errors. Every refusal is::

    {"ok": false, "error": {"kind": str,          # one of ERROR_KINDS, below
                            "reason": str,        # a stable code, lowercase-dashed:
                                                  # the page words it as error-<reason>
                            "values": {name: str | int | float | None},  # its placeholders
                            "detail"?: {"type", "text", "traceback"?}}}  # for the console

``reason`` names the refusal more closely than ``kind`` (``blocked``, ``wrong-rank``,
``not-a-deal-code``, ``replay-illegal-move``...): each exception the engine raises
towards the bridge (:class:`~tripeaks.refusal.Refusal`) carries one, and every one
has a message ``error-<reason>`` in the catalogs with the values as its placeholders
(tests/test_bridge_speaks_no_english.py). Identifiers in values (a deal code, a card
code, a text the player typed) are as given; numbers are numbers. Only an
``internal`` error (a bug) or a request no refusal names (reason ``bad-request``,
``not-json``) has a ``detail``: a developer's words, never shown to the player.
An error's ``kind`` is one of these stable names (``ERROR_KINDS``, sent in ``hello``):

    bad-request    a request the bridge cannot read: not JSON, an unknown type, a bad field,
                   a command about a game with no "game" or a badly formed one
    bad-rules      rules or a preset that do not exist (rules.RulesError)
    bad-deal       a deal number, code or date that names no deal (deals.DealError)
    bad-notation   text that is not a deal or a move (notation.NotationError)
    bad-card       a card code that is no card (cards.CardError)
    bad-record     a saved game that cannot be restored (game.RecordError)
    bad-replay     a replay link that does not replay (replay_link.ReplayLinkError)
    illegal-move   a move the rules refuse now (game.IllegalMoveError)
    illegal-undo   an undo or a redo the rules or the history refuse (game.UndoError)
    no-game        a command about a game, under a name that holds none
    game-over      the AI's move asked of a finished game
    not-found      no deal of the difficulty asked for was found (dealer.NoDealFound)
    too-long       a game with too many actions for a replay link
    internal       a bug in the engine; its detail names it, with a traceback
"""

from __future__ import annotations

import json
import traceback

from . import deals, jsontext, replay_link
from .cards import CardError
from .commands import GAME_COMMANDS, OTHER_COMMANDS, Command
from .dealer import NoDealFound
from .engine import Engine
from .game import IllegalMoveError, RecordError, UndoError
from .jsontext import JSONObject
from .notation import NotationError
from .refusal import Refusal, Value
from .request import ERROR_KINDS, FIRST_DEAL, BridgeError, Reply, fair_hint, make_rules
from .rules import RulesError

__all__ = ["handle", "handle_json", "COMMANDS", "ERROR_KINDS", "ENGINE", "BridgeError",
           "FIRST_DEAL", "make_rules", "fair_hint"]

COMMANDS: dict[str, Command] = {**GAME_COMMANDS, **OTHER_COMMANDS}
"""Every request type, and what carries it out (:mod:`tripeaks.commands`)."""

ENGINE = Engine()
"""The engine the worker talks to: its games and caches (``ENGINE.reset()`` starts afresh)."""

_KIND_OF: tuple[tuple[type[ValueError], str], ...] = (
    (IllegalMoveError, "illegal-move"), (UndoError, "illegal-undo"), (RecordError, "bad-record"),
    (replay_link.ReplayLinkError, "bad-replay"), (NoDealFound, "not-found"),
    (RulesError, "bad-rules"), (deals.DealError, "bad-deal"), (NotationError, "bad-notation"),
    (CardError, "bad-card"),
)
"""The kind of each refusal the engine raises (the first class that matches); a BridgeError
names its own, any other ValueError is a request the engine cannot carry out: bad-request."""


def _kind(error: Refusal) -> str:
    if isinstance(error, BridgeError):
        return error.kind
    return next((kind for cls, kind in _KIND_OF if isinstance(error, cls)), "bad-request")


def _refused(kind: str, reason: str, values: dict[str, Value] | None = None,
             detail: JSONObject | None = None) -> Reply:
    error: JSONObject = {"kind": kind, "reason": reason, "values": dict(values or {})}
    if detail is not None:
        error["detail"] = detail
    return {"ok": False, "error": error}


def _detail(exc: Exception, trace: bool = False) -> JSONObject:
    """What a developer reads in the console; the page never shows it."""
    detail: JSONObject = {"type": type(exc).__name__, "text": str(exc)}
    if trace:
        detail["traceback"] = traceback.format_exc(limit=8)
    return detail


def handle(message: object, engine: Engine = ENGINE) -> Reply:
    """Carry out one request on ``engine``; always answers, never raises."""
    try:
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            raise BridgeError("a request is an object with a 'type'", "not-a-request")
        command = COMMANDS.get(message["type"])
        if command is None:
            raise BridgeError(f"unknown request type '{message['type']}'", "unknown-request",
                              request=message["type"][:40])
        return {"ok": True, "result": command(engine, message)}
    except Refusal as exc:  # a refusal: an illegal move, a bad deal, code or record, ...
        return _refused(_kind(exc), exc.reason, exc.values)
    except ValueError as exc:  # a request the engine cannot carry out, not named more closely
        return _refused("bad-request", "bad-request", detail=_detail(exc))
    except Exception as exc:  # a bug: report it, keep the worker alive
        return _refused("internal", "internal", detail=_detail(exc, trace=True))


def handle_json(text: str, engine: Engine = ENGINE) -> str:
    """:func:`handle` for a JSON text, answering JSON text."""
    try:
        message = jsontext.loads(text)
    except ValueError as exc:  # not JSON, or nested deeper than any message
        answer = _refused("bad-request", "not-json", detail=_detail(exc))
    else:
        answer = handle(message, engine)
    return json.dumps(answer, separators=(",", ":"))
