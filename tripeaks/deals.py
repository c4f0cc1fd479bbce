"""Reproducible deals: the shuffle PRNG, deal numbers, daily deals and deal codes.

Everything here is specified in ``docs/notation.md`` so that deal 1234 is the
same 52 cards in any language, on any version, forever. Python's ``random`` is
never used.

>>> encode_code(1234, wrap=True)
'TP1-E-AAAABGU'
>>> decode_code("tp1-c-aaaabgu")
DealCode(number=1234, wrap=False, face_up=False, empty_waste=False)
"""

from __future__ import annotations

import datetime as _dt
from typing import NamedTuple

from .refusal import Refusal

MASK64 = (1 << 64) - 1
CODE_DIGITS = 7
MAX_DEAL = 32**CODE_DIGITS - 1
"""Deal numbers run from 0 to 32**7 - 1 (34,359,738,367): the seven characters of a code."""

CODE_PREFIX = "TP1"
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Base-32 digits; I, O, 0 and 1 are left out because they are easily misread."""


class DealError(Refusal):
    """A deal number, date or deal code that does not name a deal."""

    reason = "bad-deal"


def splitmix64(state: int) -> tuple[int, int]:
    """One step of SplitMix64: returns (next state, 64-bit output)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def shuffle(number: int) -> tuple[int, ...]:
    """The 52 cards of deal ``number`` in deal order (peaks, waste, stock).

    Start from the deck in card order (AC AD AH AS 2C ... KS) and run a
    Fisher-Yates shuffle from the top index down, drawing each index with
    SplitMix64 seeded with the deal number and rejection sampling (no bias).
    """
    check_number(number)
    deck = list(range(52))
    state = number
    for i in range(51, 0, -1):
        bound = i + 1
        limit = (1 << 64) - (1 << 64) % bound
        while True:
            state, x = splitmix64(state)
            if x < limit:
                break
        j = x % bound
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def check_number(number: int) -> int:
    if not isinstance(number, int) or isinstance(number, bool) or not 0 <= number <= MAX_DEAL:
        raise DealError(f"deal numbers run from 0 to {MAX_DEAL:,}; '{number}' is not one",
                        "deal-number-range", number=str(number)[:24], max=MAX_DEAL)
    return number


def parse_number(text: str) -> int:
    """Read a deal number typed by a player (``#1234`` and ``1,234`` accepted)."""
    cleaned = text.strip().lstrip("#").replace(",", "").replace("_", "")
    if not cleaned.isdigit():
        raise DealError(f"'{text}' is not a deal number: use digits only, like 1234",
                        "not-a-deal-number", text=text[:24])
    if len(cleaned.lstrip("0")) > len(str(MAX_DEAL)):  # far too big (and too long to convert)
        shown = cleaned if len(cleaned) <= 24 else f"{cleaned[:10]}...{cleaned[-10:]}"
        raise DealError(f"deal numbers run from 0 to {MAX_DEAL:,}; '{shown}' "
                        f"({len(cleaned):,} digits) is not one", "deal-number-too-long",
                        number=shown, digits=len(cleaned), max=MAX_DEAL)
    return check_number(int(cleaned))


def daily_number(date: _dt.date | str) -> int:
    """The deal number of a calendar day: YYYYMMDD read as a number.

    With winnable deals only, the app moves on from this number to the first
    winnable one, which is the same for everyone.
    """
    if isinstance(date, str):
        try:
            date = _dt.date.fromisoformat(date.strip())
        except ValueError:
            raise DealError(f"'{date}' is not a date: write it as YYYY-MM-DD", "not-a-date",
                            text=str(date)[:24]) from None
    return date.year * 10000 + date.month * 100 + date.day


class DealCode(NamedTuple):
    """What a deal code carries: the deal number and the rules that change play."""

    number: int
    wrap: bool = True
    face_up: bool = False
    empty_waste: bool = False


def _rules_text(wrap: bool, face_up: bool, empty_waste: bool) -> str:
    return ("E" if wrap else "C") + ("F" if face_up else "") + ("W" if empty_waste else "")


def encode_code(number: int, wrap: bool = True, face_up: bool = False,
                empty_waste: bool = False) -> str:
    """``TP1-<rules>-<seven digits>``: rules ``E`` (wrap) or ``C`` (no wrap), then
    ``F`` for face-up peaks and ``W`` for an empty waste at the start; the deal
    number in base 32, so deal 1 is ``TP1-E-AAAAAAB`` (reference 002's form)."""
    check_number(number)
    digits = []
    for _ in range(CODE_DIGITS):
        digits.append(CODE_ALPHABET[number % 32])
        number //= 32
    return f"{CODE_PREFIX}-{_rules_text(wrap, face_up, empty_waste)}-{''.join(reversed(digits))}"


def decode_code(text: str) -> DealCode:
    """Read a deal code, any case, with spaces ignored.

    An ``N`` rules letter (older codes) reads as ``E``.

    :raises DealError: saying exactly which part is wrong.
    """
    code = "".join(text.split()).upper()
    parts = code.split("-")
    if len(parts) != 3:
        raise DealError(f"'{text}' is not a deal code: it should look like TP1-E-ABCDEFG",
                        "not-a-deal-code", text=text[:40])
    prefix, rules, body = parts
    if prefix != CODE_PREFIX:
        raise DealError(f"'{text}' is not a deal code: it should start with {CODE_PREFIX}-",
                        "deal-code-prefix", text=text[:40], prefix=CODE_PREFIX)
    if not rules or rules[0] not in "ECN":
        raise DealError(
            f"'{text}': the rules part must start with E (King-Ace wrap) or C (no wrap)",
            "deal-code-rules", text=text[:40])
    flags = rules[1:]
    if flags not in ("", "F", "W", "FW"):
        raise DealError(
            f"'{text}': after {rules[0]} the rules part may only add F (face-up peaks) "
            "then W (empty waste)", "deal-code-flags", text=text[:40])
    if len(body) != CODE_DIGITS:
        raise DealError(
            f"'{text}': the last part must have {CODE_DIGITS} characters, not {len(body)}",
            "deal-code-length", text=text[:40], digits=CODE_DIGITS, length=len(body))
    number = 0
    for i, char in enumerate(body):
        if char not in CODE_ALPHABET:
            extra = " (codes never use 0, 1, I or O)" if char in "01IO" else ""
            raise DealError(
                f"'{text}': character {i + 1} of the last part, '{char}', "
                f"is not used in deal codes{extra}",
                "deal-code-misread" if extra else "deal-code-character", text=text[:40],
                position=i + 1, character=char)
        number = number * 32 + CODE_ALPHABET.index(char)
    return DealCode(number, rules[0] != "C", "F" in flags, "W" in flags)
