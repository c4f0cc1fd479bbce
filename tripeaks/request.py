"""What a bridge request asks for, read and checked: its rules, deal, saved game, budget.

:mod:`tripeaks.bridge` carries requests out; the functions here turn a
request's fields into engine values (a :class:`~tripeaks.rules.Rules`, a
:class:`~tripeaks.game.Game`) or refuse them with a :class:`BridgeError`,
whose message is for the player. None of them touches a game the engine holds.
"""

from __future__ import annotations

import re
from typing import Any

from . import deals, rating, solver
from .dealer import Dealer
from .game import Game, RecordError
from .jsontext import JSONObject
from .notation import parse_deal
from .refusal import Refusal, Value
from .rules import Rules, preset_of, preset_rules

__all__ = ["Request", "Reply", "BridgeError", "ERROR_KINDS", "FIRST_DEAL", "make_rules",
           "difficulty", "deal_of", "names_a_deal", "DEAL_FIELDS", "recorded_game", "fair_hint",
           "seconds", "game_name", "GAME_NAME"]


Request = JSONObject
"""A request as the worker sends it, ``{"type": ..., ...}``: parsed JSON, every
field checked before it is used (a field of the wrong type is a bad request)."""
Reply = dict[str, Any]
"""What a command answers: plain JSON. Its values go unchecked by mypy because a
reply nests engine shapes (``TypedDict`` s such as :class:`~tripeaks.jsontext.Board`,
which mypy does not count as JSON) and bridge.py also answers a race's JSONObject
as it is: a dict's value type is invariant, and nothing narrower takes both."""


ERROR_KINDS = ("bad-request", "bad-rules", "bad-deal", "bad-notation", "bad-card", "bad-record",
               "bad-replay", "illegal-move", "illegal-undo", "no-game", "game-over", "not-found",
               "too-long", "internal")
"""Every ``kind`` an error reply can have (:mod:`tripeaks.bridge` says what each means)."""


class BridgeError(Refusal):
    """A request the bridge cannot carry out: its kind (one of ERROR_KINDS), its
    reason code and values (see :class:`~tripeaks.refusal.Refusal`)."""

    def __init__(self, message: str, reason: str, kind: str = "bad-request",
                 **values: Value) -> None:
        super().__init__(message, reason, **values)
        self.kind = kind


FIRST_DEAL = 1
"""A new player's first game is the first deal from this number on that its
rules accept (a winnable one under Standard): build.py draws it into the page,
so real cards show before the engine is ready, and the engine then deals it."""


def make_rules(preset: object = None, overrides: object = None) -> Rules:
    """A preset's rules (default: the default preset) with some options changed."""
    if preset is not None and not isinstance(preset, str):
        raise BridgeError("a preset is a name, such as \"standard\"", "preset-not-name",
                          kind="bad-rules")
    base = preset_rules(preset) if preset else Rules()
    if overrides is None:
        return base
    if isinstance(overrides, Rules):
        return overrides
    if not isinstance(overrides, dict):
        raise BridgeError("rules must be an object of rule options", "rules-not-object")
    return Rules.from_json({**base.to_json(), **overrides})


def difficulty(msg: Request) -> int | None:
    """The level (1..4) a ``difficulty`` asks for; None for any deal."""
    asked = msg.get("difficulty")
    if asked is None or asked == "any":
        return None
    names = [name.lower() for name in rating.CLASSES]
    if not isinstance(asked, str) or asked.lower() not in names:
        raise BridgeError(f"a difficulty is any, {', '.join(names)}; not {str(asked)[:20]!r}",
                          "unknown-difficulty", text=str(asked)[:20], choices=", ".join(names))
    return names.index(asked.lower()) + 1


_CODE_RULES = (("wrap", "King-Ace wrap"), ("face_up", "face-up peaks"),
               ("empty_waste", "an empty waste at the start"))


DEAL_FIELDS = ("number", "code", "cards", "first")
"""The fields that name a deal; with none of them a request asks for a random deal."""


def names_a_deal(msg: Request) -> bool:
    return any(msg.get(key) is not None for key in DEAL_FIELDS)


def deal_of(msg: Request, dealer: Dealer) -> Game:
    """The game a ``new_game`` request asks for (no game held is touched); with no
    deal named, a random one from ``dealer`` (of the ``difficulty`` asked for)."""
    rules = make_rules(msg.get("preset"), msg.get("rules"))
    if msg.get("cards") is not None:
        given_cards = msg["cards"]
        if isinstance(given_cards, str):
            return Game(parse_deal(given_cards), rules=rules)
        numbers = ([c for c in given_cards if isinstance(c, int) and not isinstance(c, bool)]
                   if isinstance(given_cards, list) else [])
        if not isinstance(given_cards, list) or len(numbers) != len(given_cards):
            raise BridgeError("a deal's cards are its notation or a list of 52 card numbers",
                              "deal-cards-shape", kind="bad-deal")
        return Game(tuple(numbers), rules=rules)
    if msg.get("code") is not None:
        text = "".join(str(msg["code"]).split())
        if text.isdigit():
            return Game.new(deals.check_number(int(text)), rules)
        code = deals.decode_code(text)
        # A code carries its own rules; rules given beside it may not say otherwise,
        # but the player's saved options give way to it.
        given = msg.get("rules")
        asked: JSONObject = given if isinstance(given, dict) else {}
        if msg.get("from_options") is True:
            asked = {}
        clash = [f"{label} {'on' if asked[key] else 'off'}" for key, label in _CODE_RULES
                 if key in asked and bool(asked[key]) != getattr(code, key)]
        if clash:
            raise BridgeError(f"the deal code {text.upper()} has its own rules, "
                              f"but the rules beside it ask for {' and '.join(clash)}",
                              "deal-code-own-rules", code=text.upper()[:40])
        rules = rules.replace(wrap=code.wrap, face_up=code.face_up,
                              empty_waste=code.empty_waste)
        return Game.new(code.number, rules)
    number = msg.get("number")
    if number is None and msg.get("first") is True:
        number = dealer.winnable(FIRST_DEAL, rules)
    if number is None:
        number = dealer.random_deal(rules, difficulty(msg))
    if not isinstance(number, int) or isinstance(number, bool):
        raise BridgeError("a deal number is a whole number", "deal-number-not-whole")
    return Game.new(deals.check_number(number), rules)


def recorded_game(msg: Request) -> Game:
    """The game a saved record holds (the live game is not touched)."""
    record = msg.get("record")
    if not isinstance(record, dict):
        raise BridgeError("the saved game is not a record", "not-a-record", kind="bad-record")
    try:
        return Game.from_record(record)
    except RecordError as exc:  # its message names the saved game and the fault
        raise BridgeError(str(exc), exc.reason, kind="bad-record", **exc.values) from exc
    except (ValueError, KeyError, TypeError, IndexError) as exc:
        raise BridgeError(f"the saved game is damaged ({exc})", "record-damaged",
                          kind="bad-record") from exc


def fair_hint(rules: Rules, asked: object = None) -> bool:
    """Whether the hint uses only what the player can see (reference 004's hint):
    always under Challenge's rules, and in any game when the player asks for it."""
    return asked is True or preset_of(rules) == "challenge"


def seconds(msg: Request, default: float = 1.0) -> float:
    """The wall-clock safety net of a solver request. Answers are bounded by work
    (nodes), so they are the same on every device; a request's ``max_seconds``
    is still checked but can no longer cut an answer short."""
    value = msg.get("max_seconds", default)
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not value > 0:
        raise BridgeError("max_seconds must be a positive number", "bad-max-seconds")
    return solver.SAFETY_SECONDS


GAME_NAME = re.compile(r"[a-z0-9-]{1,32}")
"""A game's name, as the page picks it (``player``, ``watch``, ``race``, ``replay``)."""


def game_name(msg: Request) -> str:
    """The ``game`` a request is about; a request about a game that names none,
    or names one badly, is a bad request."""
    name = msg.get("game")
    if name is None:
        raise BridgeError(f"a '{msg.get('type')}' request names its game: add \"game\", "
                          "such as \"player\"", "game-name-missing",
                          request=str(msg.get("type"))[:40])
    if not isinstance(name, str) or not GAME_NAME.fullmatch(name):
        raise BridgeError("a game's name is 1 to 32 of a-z, 0-9 and -, such as \"player\"; "
                          f"not {str(name)[:40]!r}", "bad-game-name", name=str(name)[:40])
    return name
