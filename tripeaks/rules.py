"""One immutable value for every rule a game can vary, and the named presets.

Each preset reproduces the defaults of one reference game (the pages in
``shared/references``); see the README for which page each one follows.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import TypeAlias

from .jsontext import JSONObject
from .refusal import Refusal

SCORING_SYSTEMS = ("streak", "classic", "points", "chain", "original", "none")


class RulesError(Refusal):
    """A rules value or preset name that does not exist."""

    reason = "bad-rules"


RuleValue: TypeAlias = bool | int | str | None
"""The value of one rule option (undo_limit's None is unlimited)."""


@dataclass(frozen=True)
class Rules:
    """Everything that changes how a deal plays, scores or is recorded.

    ``undo_limit``: ``None`` for unlimited undo, ``0`` for none, ``N`` for the
    last N actions. ``undo_restores_moves``: whether undo gives the move back
    (003) or the counter never goes down (002). ``abandon_is_loss``: whether
    leaving a started deal records a loss (003) or drops it (001).
    """

    wrap: bool = True
    face_up: bool = False
    empty_waste: bool = False
    scoring: str = "streak"
    undo_limit: int | None = None
    undo_restores_moves: bool = True
    winnable_only: bool = False
    abandon_is_loss: bool = False

    def __post_init__(self) -> None:
        if self.scoring not in SCORING_SYSTEMS:
            raise RulesError(
                f"unknown scoring system '{self.scoring}': use one of {', '.join(SCORING_SYSTEMS)}",
                "unknown-scoring", scoring=str(self.scoring)[:20],
                choices=", ".join(SCORING_SYSTEMS))
        if self.undo_limit is not None and (
            not isinstance(self.undo_limit, int) or self.undo_limit < 0
        ):
            raise RulesError("undo_limit must be a whole number >= 0, or null for unlimited",
                             "bad-undo-limit")

    @property
    def undo_allowed(self) -> bool:
        return self.undo_limit != 0

    def replace(self, **changes: RuleValue) -> Rules:
        """These rules with some options changed, checked as :meth:`from_json` checks."""
        return Rules.from_json({**self.to_json(), **changes})

    def to_json(self) -> JSONObject:
        return asdict(self)

    @classmethod
    def from_json(cls, data: object) -> Rules:
        """Rebuild from :meth:`to_json`; unknown keys are refused, missing ones default."""
        if not isinstance(data, dict):
            raise RulesError("rules must be a JSON object", "rules-not-object")
        known = {f.name: f.type for f in fields(cls)}
        unknown = sorted(set(data) - set(known))
        if unknown:
            raise RulesError(f"unknown rule option(s): {', '.join(unknown)}", "unknown-rule",
                             rules=", ".join(unknown)[:80])
        for key, value in data.items():
            if key in ("wrap", "face_up", "empty_waste", "undo_restores_moves",
                       "winnable_only", "abandon_is_loss") and not isinstance(value, bool):
                raise RulesError(f"rule option '{key}' must be true or false", "rule-not-boolean",
                                 rule=key)
        return cls(**data)


RULE_KEYS = tuple(f.name for f in fields(Rules))
"""The name of every rule option, in order: the keys of :meth:`Rules.to_json`."""


@dataclass(frozen=True)
class Preset:
    """A named rule set reproducing one reference game."""

    name: str
    title: str
    source: str
    rules: Rules
    summary: str


PRESETS: dict[str, Preset] = {
    p.name: p
    for p in (
        Preset(
            "standard", "Standard", "000",
            Rules(scoring="streak", winnable_only=True),
            "Wrap on, streak scoring with peak and stock bonuses, unlimited undo, "
            "winnable deals only.",
        ),
        Preset(
            "classic", "Classic", "001",
            Rules(scoring="classic", undo_limit=0),
            "Wrap on, streak points, peak bonuses, +50 for clearing, -5 a card when stuck; "
            "no undo; leaving a deal records nothing.",
        ),
        Preset(
            "countdown", "Countdown", "002",
            Rules(scoring="points", undo_limit=100, undo_restores_moves=False),
            "Start at 500, -1 a card and a draw, +100 a cleared peak; the last 100 actions "
            "can be undone and the move counter never goes down.",
        ),
        Preset(
            "relaxed", "Relaxed", "003",
            Rules(scoring="none", abandon_is_loss=True),
            "Wrap on, no points: cards left, moves and time; unlimited undo that gives moves "
            "back; leaving a started deal counts as a loss.",
        ),
        Preset(
            "challenge", "Challenge", "004",
            Rules(wrap=False, scoring="chain", undo_limit=0),
            "No King-Ace wrap, one pass, no undo; chain points and a stock bonus; "
            "AI opponents of three strengths.",
        ),
        Preset(
            "original", "1991 original", "001",
            Rules(scoring="original", undo_limit=0),
            "The 1991 money game: wrap on, $n for the n-th card of a streak, tips $15, $15, "
            "$30, each card drawn costs $5; no undo; deal again at any time and keep the money.",
        ),
    )
}


def preset_of(rules: Rules) -> str:
    """The name of the preset these rules are, or ``custom``. Whether random deals
    are checked winnable does not change how a deal plays, so it does not count."""
    for preset in PRESETS.values():
        if preset.rules.replace(winnable_only=rules.winnable_only) == rules:
            return preset.name
    return "custom"


def preset_rules(name: str) -> Rules:
    """The rules of a preset, by name (any case).

    :raises RulesError: for an unknown name.
    """
    preset = PRESETS.get(name.strip().lower())
    if preset is None:
        raise RulesError(f"unknown preset '{name}': use one of {', '.join(PRESETS)}",
                         "unknown-preset", preset=name[:20], choices=", ".join(PRESETS))
    return preset.rules
