"""The command line's words, from the catalogs in the language the environment
asks for (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``: :mod:`tripeaks.catalogs`).

The engine hands over codes and numbers (a card's code, a hint's reason, an
event's kind and points, a refusal's reason and values); these functions word them.
``--help`` stays in English (argparse's own words).
"""

from __future__ import annotations

from functools import lru_cache

from . import catalogs
from .analysis import Hint
from .jsontext import ScoreEvent
from .refusal import Refusal

__all__ = ["words", "card_words", "refusal_text", "event_text", "hint_text"]


@lru_cache(maxsize=1)
def words() -> catalogs.Catalog:
    """The catalog the command line speaks (read once a run)."""
    return catalogs.for_environment()


def card_words(code: str | None, catalog: catalogs.Catalog | None = None) -> str:
    """A card's name from its code (``KC``: "king of clubs"); ``None``: a face-down card."""
    catalog = catalog or words()
    if code is None:
        return catalog.text("card-face-down")
    return catalog.text("card-name", rank=catalog.text(f"rank-{code[0]}"),
                        suit=catalog.text(f"suit-{code[1]}"))


def refusal_text(error: ValueError, catalog: catalogs.Catalog | None = None) -> str:
    """What the engine refused, and why: ``error-<reason>`` with its values; the
    English ``str(error)`` for an error that has no message in the catalogs."""
    catalog = catalog or words()
    if isinstance(error, Refusal) and f"error-{error.reason}" in catalog.entries:
        return catalog.text(f"error-{error.reason}", **error.values)
    return str(error)


def event_text(event: ScoreEvent, catalog: catalogs.Catalog | None = None) -> str:
    """A board event (what a move earned or cost), as the page floats it: "Peak +15"."""
    return (catalog or words()).text(f"engine-event-{event['kind']}", points=event["points"])


def hint_text(found: Hint, catalog: catalogs.Catalog | None = None) -> str:
    """A hint's move and its reason, or that there is none."""
    catalog = catalog or words()
    if found.text is None:
        return catalog.text("cli-hint-none")
    reason = catalog.text(f"engine-hint-{found.reason}", **found.values)
    return catalog.text("cli-hint", move=found.text, reason=reason)
