"""Reading JSON that comes from outside (a saved game, a worker message) safely.

Python's parser recurses once per nesting level. Under CPython a deep text
raises :class:`RecursionError`, but inside Pyodide it can exhaust the
WebAssembly stack first, which is a fatal error for the whole runtime. Every
record and message the game reads is a few levels deep, so the depth is
checked with a plain loop before the parser sees the text.
"""

from __future__ import annotations

import json
from typing import Any

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


def loads(text: str, max_depth: int = MAX_DEPTH) -> Any:
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
    return json.loads(text)
