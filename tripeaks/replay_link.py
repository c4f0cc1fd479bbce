"""Replay links: a whole game (deal, rules, every action) in a URL fragment.

The format is specified in ``docs/notation.md`` ("Replay links")::

    #replay=<deal>.<actions>[&preset=<name>][&rules=<key:value,...>]

``<deal>`` is a deal code (``TP1-E-AAAABGU``) or, for a custom deal, its 52
card codes run together; ``<actions>`` has one character per action of the
game's record: a peak position 0..27 as a base64url digit (``A``..``Z``, ``a``,
``b``), ``d`` a draw, ``u`` an undo, ``r`` a redo. :func:`decode_link` replays
every action with the engine, so a link that it returns a game for replays.

>>> from tripeaks.game import Game
>>> game = Game.new(1234)
>>> _ = game.apply(28)  # a draw
>>> link = encode_link(game)
>>> link
'#replay=TP1-E-AAAABGU.d'
>>> decode_link("https://example.org/tripeaks/" + link).actions == game.actions
True
"""

from __future__ import annotations

from dataclasses import fields
from urllib.parse import unquote_plus

from . import deals
from .cards import CardError, card_code, parse_card
from .game import Game, IllegalMoveError, UndoError
from .notation import DRAW, REDO, UNDO, NotationError, actions_text, check_deal
from .refusal import Refusal
from .rules import PRESETS, SCORING_SYSTEMS, Rules, RulesError, RuleValue, preset_rules

__all__ = ["ReplayLinkError", "encode_link", "decode_link", "MAX_LINK", "ACTION_DIGITS"]

MAX_LINK = 1500
"""Longest fragment read (after ``#``), in characters: a won game with a few dozen undos
fits with room to spare (a deal code, 28 plays and 23 draws take 73)."""

ACTION_DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZab"
"""Peak position ``p`` is ``ACTION_DIGITS[p]``: the first 28 digits of base64url."""
_SPECIAL = {DRAW: "d", UNDO: "u", REDO: "r"}
_CHAR_ACTION = {c: p for p, c in enumerate(ACTION_DIGITS)} | {c: a for a, c in _SPECIAL.items()}

_PARAMS = ("replay", "preset", "rules")
_FLAGS = ("wrap", "face_up", "empty_waste")
"""The rules a deal code carries itself."""
_BOOLS = {f.name for f in fields(Rules) if f.type in (bool, "bool")}
_ON, _OFF = ("1", "true", "on", "yes"), ("0", "false", "off", "no")
"""A rule option's value, as a field of :class:`~tripeaks.rules.Rules` holds it."""


class ReplayLinkError(Refusal):
    """A replay link that does not replay: what is wrong, in one sentence."""

    reason = "not-a-replay-link"


# -- encoding ---------------------------------------------------------------------------


def _changes(base: Rules, rules: Rules) -> list[str]:
    out = []
    for f in fields(Rules):
        value = getattr(rules, f.name)
        if getattr(base, f.name) == value or f.name == "winnable_only":
            continue
        if isinstance(value, bool):
            out.append(f"{f.name}:{'on' if value else 'off'}")
        elif value is None:
            out.append(f"{f.name}:none")
        else:
            out.append(f"{f.name}:{value}")
    return out


def encode_link(game: Game, base: str = "") -> str:
    """The replay link of ``game``: its deal, its rules and every action so far.

    ``base`` (the app's address, without a fragment) is put in front.
    The preset named is the one needing the fewest ``rules`` changes (none for
    a preset's own rules); Standard is left out. *Winnable deals only* is not
    carried: it decides which deal a new game picks, not how this one plays
    (the decoded game has its preset's value).

    :raises ReplayLinkError: when the game has too many actions for a link.
    """
    rules = game.rules
    if game.deal_number is not None:
        code = deals.encode_code(game.deal_number, rules.wrap, rules.face_up, rules.empty_waste)
        fixed = {k: getattr(rules, k) for k in _FLAGS}
        deal = code
    else:
        fixed = {}
        deal = "".join(card_code(c) for c in game.cards)
    best: tuple[int, str, list[str]] | None = None
    for rank, name in enumerate(PRESETS):
        changes = _changes(preset_rules(name).replace(**fixed), rules)
        if best is None or (len(changes), rank) < (len(best[2]), best[0]):
            best = (rank, name, changes)
    assert best is not None
    _rank, preset, changes = best
    text = "replay=" + deal + "." + "".join(_action_char(a) for a in game.actions)
    if preset != "standard":
        text += "&preset=" + preset
    if changes:
        text += "&rules=" + ",".join(changes)
    if len(text) > MAX_LINK:
        raise ReplayLinkError(f"this game has too many actions ({len(game.actions):,}) for a "
                              f"replay link: it would be {len(text):,} characters, at most "
                              f"{MAX_LINK:,} are read", "replay-too-many-actions",
                              count=len(game.actions))
    return base.split("#", 1)[0] + "#" + text


def _action_char(action: int) -> str:
    return _SPECIAL[action] if action in _SPECIAL else ACTION_DIGITS[action]


# -- decoding ---------------------------------------------------------------------------


def _fragment(text: str) -> str:
    text = text.strip()
    if "#" in text:
        text = text.split("#", 1)[1]
    elif "://" in text:
        raise ReplayLinkError("this address has no #replay= part: it is not a replay link",
                              "replay-no-fragment")
    if len(text) > MAX_LINK:
        raise ReplayLinkError(f"the link is too long: {len(text):,} characters after '#', "
                              f"at most {MAX_LINK:,}", "replay-link-too-long",
                              length=len(text), max=MAX_LINK)
    return text


def _params(fragment: str) -> dict[str, str]:
    params: dict[str, str] = {}
    for part in fragment.split("&"):
        if not part:
            continue
        key, eq, value = part.partition("=")
        key = unquote_plus(key).strip().lower()
        if key not in _PARAMS:
            if key in ("deal", "cards") and "replay" not in fragment:
                raise ReplayLinkError("this is a link to a deal, not a replay link",
                                      "replay-deal-link")
            raise ReplayLinkError(f"unknown part '{key[:20]}' in the link: a replay link has "
                                  "only replay=, preset= and rules=",
                                  "replay-unknown-part", part=key[:20])
        if key in params:
            raise ReplayLinkError(f"'{key}=' appears twice in the link", "replay-part-twice",
                                  part=key)
        if not eq:
            raise ReplayLinkError(f"'{key}' has no value: write {key}=...", "replay-part-empty",
                                  part=key)
        params[key] = unquote_plus(value)
    if "replay" not in params:
        raise ReplayLinkError("not a replay link: it has no replay=<deal>.<moves> part",
                              "replay-missing")
    return params


def _rule_value(key: str, text: str) -> RuleValue:
    value = text.strip().lower()
    if key in _BOOLS:
        if value in _ON:
            return True
        if value in _OFF:
            return False
        raise ReplayLinkError(f"bad rules: {key} must be on or off, not '{text[:20]}'",
                              "replay-rule-on-off", rule=key, text=text[:20])
    if key == "undo_limit":
        if value in ("none", "null", "unlimited"):
            return None
        if value.isdigit() and value.isascii() and len(value) <= 6:
            return int(value)
        raise ReplayLinkError(f"bad rules: undo_limit must be a number or none, not "
                              f"'{text[:20]}'", "replay-undo-limit", text=text[:20])
    if key == "scoring":
        if value not in SCORING_SYSTEMS:
            raise ReplayLinkError(f"bad rules: scoring must be one of "
                                  f"{', '.join(SCORING_SYSTEMS)}, not '{text[:20]}'",
                                  "unknown-scoring", scoring=text[:20],
                                  choices=", ".join(SCORING_SYSTEMS))
        return value
    raise ReplayLinkError(f"bad rules: unknown rule '{key[:20]}'", "unknown-rule",
                          rules=key[:20])


def _rules(params: dict[str, str]) -> tuple[Rules, dict[str, RuleValue]]:
    """The preset's rules and the changes the link asks for."""
    try:
        rules = preset_rules(params.get("preset", "standard"))
    except RulesError as error:
        raise ReplayLinkError.like(f"bad rules: {error}", error) from None
    changes: dict[str, RuleValue] = {}
    for part in params.get("rules", "").split(","):
        if not part.strip():
            continue
        key, _colon, value = part.partition(":")
        key = key.strip().lower()
        if key in changes:
            raise ReplayLinkError(f"bad rules: {key} is given twice", "replay-rule-twice",
                                  rule=key[:20])
        changes[key] = _rule_value(key, value if _colon else "on")
    return rules, changes


def _deal(text: str, rules: Rules, changes: dict[str, RuleValue]) -> Game:
    compact = "".join(text.split())
    if compact.upper().startswith("TP"):
        try:
            code = deals.decode_code(compact)
        except deals.DealError as error:
            raise ReplayLinkError.like(f"unknown deal: {error}", error) from None
        own = dict(zip(_FLAGS, code[1:], strict=True))
        for key, value in own.items():
            if key in changes and changes[key] != value:
                raise ReplayLinkError(
                    f"bad rules: {key}:{'on' if changes[key] else 'off'} contradicts the deal "
                    f"code {compact.upper()}, which has {key} {'on' if value else 'off'}",
                    "replay-rule-contradicts", rule=key, code=compact.upper()[:40])
        return Game.new(code.number, rules.replace(**changes, **own))
    if len(compact) != 104:
        raise ReplayLinkError(f"unknown deal: '{compact[:24]}' is neither a deal code "
                              "(TP1-E-ABCDEFG) nor 52 card codes run together",
                              "replay-unknown-deal", text=compact[:24])
    try:
        cards = [parse_card(compact[i:i + 2]) for i in range(0, 104, 2)]
        return Game(check_deal(cards), rules.replace(**changes))
    except CardError as error:
        raise ReplayLinkError.like(f"unknown deal: {error}", error) from None
    except NotationError:
        raise ReplayLinkError("unknown deal: the 52 cards must hold each card once",
                              "deal-not-52") from None


def decode_link(text: str) -> Game:
    """The game a replay link holds, every action replayed and checked by the engine.

    ``text`` is a whole address, a fragment (``#replay=...``) or the fragment's text.

    :raises ReplayLinkError: naming the first thing wrong: the link's shape, an
        unknown deal, bad rules, an action that is not a move character, the
        N-th action refused by the game (and why), or text after the actions.
    """
    params = _params(_fragment(text))
    deal_text, dot, moves = params["replay"].partition(".")
    if not dot:
        raise ReplayLinkError("the replay part must be <deal>.<moves>: the '.' is missing",
                              "replay-no-dot")
    rules, changes = _rules(params)
    try:
        game = _deal(deal_text, rules, changes)
    except RulesError as error:
        raise ReplayLinkError.like(f"bad rules: {error}", error) from None
    for i, char in enumerate(moves):
        action = _CHAR_ACTION.get(char)
        if action is None:
            if char == ".":
                rest = moves[i:]
                shown = rest if len(rest) <= 20 else rest[:20] + "..."
                raise ReplayLinkError(f"unexpected text after move {i}: '{shown}'",
                                      "replay-text-after-moves", position=i, text=shown)
            raise ReplayLinkError(f"character {i + 1} of the moves, '{char}', is not a move "
                                  "(A-Z, a, b for a peak card; d, u, r)", "replay-move-character",
                                  position=i + 1, character=char)
        try:
            game.act(action)
        except (IllegalMoveError, UndoError) as error:
            label = actions_text(game.cards, [action])
            raise ReplayLinkError(f"move {i + 1} ({label}) is illegal: {error}",
                                  "replay-illegal-move", position=i + 1, move=label) from None
    return game
