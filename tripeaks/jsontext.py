"""JSON at the engine's edge: its types, the shapes the engine sends, and outside JSON read safely.

:data:`JSON` is every value a JSON text can hold; the ``TypedDict`` classes below are
the shapes the engine sends (a board, a saved game, par, an analysis, ...), so
mypy checks every key a producer writes and every field a reader takes.

Python's parser recurses once per nesting level. Under CPython a deep text
raises :class:`RecursionError`, but inside Pyodide it can exhaust the
WebAssembly stack first, which is a fatal error for the whole runtime. Every
record and message the game reads is a few levels deep, so the depth is
checked with a plain loop before the parser sees the text.
"""

from __future__ import annotations

import json
from typing import TypeAlias, TypedDict

__all__ = ["JSON", "JSONObject", "MAX_DEPTH", "TooDeepError", "nesting_depth", "loads",
           "ScoreEvent", "ScoreCounts", "LastAction", "Slot", "Waste", "Stock", "Board",
           "TableCard", "WasteTop", "Description",
           "GameRecord", "HintJSON", "ParJSON", "AnalysisJSON", "RatingJSON", "SolutionJSON"]

JSON: TypeAlias = dict[str, "JSON"] | list["JSON"] | str | int | float | bool | None
"""Every value a JSON text can hold, as :func:`json.loads` gives it."""
JSONObject: TypeAlias = dict[str, JSON]
"""A JSON object: what a shape without a ``TypedDict`` of its own is sent as."""

MAX_DEPTH = 64


class TooDeepError(ValueError):
    """The JSON text nests arrays or objects more than :data:`MAX_DEPTH` deep."""


def nesting_depth(text: str) -> int:
    """The deepest nesting of ``[`` and ``{`` in ``text``, outside strings."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def loads(text: str, max_depth: int = MAX_DEPTH) -> JSON:
    """``json.loads`` that refuses a text nested deeper than ``max_depth``.

    >>> loads('{"moves": [1, 2]}')
    {'moves': [1, 2]}
    >>> loads("[" * 100 + "]" * 100)
    Traceback (most recent call last):
    ...
    tripeaks.jsontext.TooDeepError: JSON nested too deeply (100 levels; at most 64)
    """
    depth = nesting_depth(text)
    if depth > max_depth:
        raise TooDeepError(f"JSON nested too deeply ({depth} levels; at most {max_depth})")
    parsed: JSON = json.loads(text)
    return parsed


# -- the shapes the engine sends ---------------------------------------------------------
# To mypy a TypedDict is no dict[str, ...] at all, whatever the value type, so a shape
# that bridge.py answers as a whole reply (race.py's plan and result) is a JSONObject.


class ScoreEvent(TypedDict):
    """What one action earned, as the app shows it: ``{"kind": "streak", "points": 7}``
    (:mod:`tripeaks.scoring`); the page and the command line word it by kind."""

    kind: str
    points: int


class ScoreCounts(TypedDict):
    """What a scoring system scores (``Scoring.counts()``): points at all, and streaks."""

    points: bool
    streaks: bool


class LastAction(TypedDict):
    """What the app celebrates about the last action (``Game.last_action``)."""

    kind: str
    """``play``, ``draw`` or ``undo``."""
    move: int
    """The position played or ``DRAW``; for an undo, the move it took back."""
    card: int
    """The card that move moved (for an undo: the card it brought back to the
    peaks, or back to the stock), and its code."""
    code: str
    points: int
    streak_grew: bool
    peak_cleared: int | None


class Slot(TypedDict):
    """One peak position of the board; a face-down card's code is ``None``."""

    slot: int
    card: str | None
    removed: bool
    face_up: bool
    free: bool
    fits: bool
    row: int
    column: int
    covered_by: list[int]
    uncovers: list[int]


class Waste(TypedDict):
    card: str | None
    count: int


class Stock(TypedDict):
    count: int


class TableCard(TypedDict):
    """One peak position in :class:`Description`; a hidden or played card is ``None``."""

    slot: int
    column: int
    card: int | None
    code: str | None
    face_up: bool
    removed: bool
    playable: bool


class WasteTop(TypedDict):
    card: int | None
    code: str | None
    count: int


class Description(TypedDict):
    """The board as facts, for the page and the command line to put into words
    (``Game.describe()``): the four rows of the peaks, top row first, each
    position left to right; the waste's top card; the stock's size."""

    peaks: list[list[TableCard]]
    waste: WasteTop
    stock: int
    cards_left: int
    over: bool


class Board(TypedDict):
    """Everything the app draws (``Game.view()``)."""

    rules: JSONObject
    preset: str
    deal_number: int | None
    deal_code: str | None
    slots: list[Slot]
    waste: Waste
    stock: Stock
    score: int | None
    scores: ScoreCounts
    breakdown: dict[str, int]
    streak: int
    best_streak: int
    peaks_cleared: int
    moves: int
    cards_left: int
    won: bool
    stuck: bool
    over: bool
    can_undo: bool
    can_redo: bool
    used_undo: bool
    events: list[ScoreEvent]
    revealed: list[int]
    last_action: LastAction | None
    last_move: str | None
    actions: int


class GameRecord(TypedDict):
    """The versioned save (``Game.to_record()``)."""

    format: str
    version: int
    rules: JSONObject
    number: int | None
    deal: str
    actions: str


class HintJSON(TypedDict):
    """``analysis.Hint.to_json()``: the move as its card code, and as a position."""

    move: str | None
    position: int | None
    reason: str
    values: dict[str, int]
    source: str
    result: str
    aim: str
    score: int | None


class ParJSON(TypedDict):
    """``par.Par.to_json()``."""

    result: str
    scoring: str
    score: int | None
    score_exact: bool
    score_line: list[str]
    draws: int | None
    draws_exact: bool
    draws_line: list[str]
    nodes: int


class AnalysisJSON(TypedDict):
    """``analysis.Analysis.to_json()``."""

    winnable: bool | None
    turning_point: int | None
    turning_move: str | None
    still_winnable: bool | None
    moves: list[str]
    par: ParJSON | None


RatingJSON = TypedDict("RatingJSON", {  # "class" is a keyword: no class syntax
    "class": str,
    "level": int,
    "winnable": bool,
    "playouts_won": int,
    "playouts": int,
    "ease": float,
    "cards_left": float,
    "solver_nodes": int,
    "solver_method": str,
    "thresholds": list[int],
})
"""``rating.Rating.to_json()``."""


class SolutionJSON(TypedDict):
    """``solver.Solution.to_json()``: the line as card codes and as moves."""

    result: str
    line: list[str]
    moves: list[int]
    nodes: int
    seconds: float
    method: str
