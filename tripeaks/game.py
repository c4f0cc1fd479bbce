"""A game as the app and the save see it: what the page draws, the board as facts, the record.

:class:`Game` is a :class:`~tripeaks.position.GamePosition` (the position, the
moves, undo and redo) with :meth:`Game.view` (everything the page draws),
:meth:`Game.describe` (the board as facts the page and the command line put
into words) and the versioned save (:meth:`Game.to_record`, :meth:`Game.from_record`).

>>> game = Game(tuple(range(52)))
>>> game.legal_moves()  # the four 7s fit the 8 of clubs on the waste, or draw
[24, 25, 26, 27, 28]
>>> game.why_illegal(18), game.why_illegal(0)
('Must be one rank higher or lower', 'This card is blocked.')
"""

from __future__ import annotations

from . import deals
from .cards import card_code
from .jsontext import Board, Description, GameRecord, Slot, TableCard
from .layout import COVERED_BY, PEAK_CARDS, ROW_OF, ROW_SIZES, ROW_STARTS
from .notation import (
    DRAW,
    NotationError,
    actions_text,
    deal_text,
    move_text,
    parse_actions,
    parse_deal,
)
from .position import GamePosition, IllegalMoveError, UndoError
from .refusal import Refusal
from .rules import Rules, RulesError, preset_of

__all__ = ["DRAW", "Game", "IllegalMoveError", "UndoError", "RecordError", "COLUMNS"]

RECORD_FORMAT = "tripeaks-game"
RECORD_VERSION = 1


def _columns() -> tuple[int, ...]:
    """Each position's column (0..9) on the table's 10-column grid: a base-row
    card sits in its own column, every other card midway between the two that
    cover it, counted in the column its left half falls in.

    >>> _columns()[:3], _columns()[9], _columns()[18:21]
    ((1, 4, 7), 0, (0, 1, 2))
    """
    x = [0.0] * PEAK_CARDS
    for p in reversed(range(PEAK_CARDS)):  # the covering cards come later
        cover = COVERED_BY[p]
        x[p] = sum(x[q] for q in cover) / len(cover) if cover else p - ROW_STARTS[3]
    return tuple(int(v) for v in x)


COLUMNS = _columns()
"""For each position, its column on a 4-row, 10-column grid (the row is ``ROW_OF``)."""


class RecordError(Refusal):
    """A saved game that cannot be read."""

    reason = "not-a-record"


class Game(GamePosition):
    """One deal being played under one set of rules, as the app shows and saves it."""

    def view(self) -> Board:
        """Everything the app draws, as plain JSON. Face-down cards stay hidden."""
        slots: list[Slot] = []
        for p in range(PEAK_CARDS):
            removed = bool(self.removed >> p & 1)
            face_up = not removed and self.face_up(p)
            slots.append({
                "slot": p,
                "card": card_code(self.cards[p]) if face_up else None,
                "removed": removed,
                "face_up": face_up,
                "free": self.is_uncovered(p),
                "fits": not self.over and self.fits(p),
                # Where it lies and what lies on it, for a screen reader's grid:
                "row": ROW_OF[p],
                "column": COLUMNS[p],
                "covered_by": [q for q in COVERED_BY[p] if not self.removed >> q & 1],
                "uncovers": [] if removed else self.would_uncover(p),
            })
        top = self.waste_top
        last = next((a for a in reversed(self.actions) if a >= 0), None)
        return {
            "rules": self.rules.to_json(),
            "preset": preset_of(self.rules),
            "deal_number": self.deal_number,
            "deal_code": self.deal_code,
            "slots": slots,
            "waste": {
                "card": None if top is None else card_code(top),
                "count": self.waste_count,
            },
            "stock": {"count": self.stock_count},
            "score": self.score,
            "scores": self.scoring.counts(),
            "breakdown": self.scoring.breakdown(self.state),
            "streak": self.streak,
            "best_streak": self.best_streak,
            "peaks_cleared": self.state.peaks,
            "moves": self.moves,
            "cards_left": self.cards_left,
            "won": self.won,
            "stuck": self.stuck,
            "over": self.over,
            "can_undo": self.can_undo,
            "can_redo": self.can_redo,
            "used_undo": self.used_undo,
            "events": self.events,
            "revealed": self.revealed,
            "last_action": self.last_action,
            "last_move": None if last is None else move_text(self.cards, last),
            "actions": len(self.actions),
        }

    def describe(self) -> Description:
        """The board as facts, no words: each row of the peaks (top row first,
        left to right) with each position's card (its number and code; ``None``
        while face down or once played) and whether it can be played now; the
        waste's top card; the stock's size. The page's Read panel and B key and
        the command line word it (``tripeaks.cli.board_words``)."""
        over = self.over
        rows: list[list[TableCard]] = []
        for start, size in zip(ROW_STARTS, ROW_SIZES, strict=True):
            row: list[TableCard] = []
            for p in range(start, start + size):
                removed = bool(self.removed >> p & 1)
                shown = not removed and self.face_up(p)
                card = self.cards[p] if shown else None
                row.append({"slot": p, "column": COLUMNS[p], "card": card,
                            "code": None if card is None else card_code(card),
                            "face_up": shown, "removed": removed,
                            "playable": not over and self.fits(p)})
            rows.append(row)
        top = self.waste_top
        return {
            "peaks": rows,
            "waste": {"card": top, "code": None if top is None else card_code(top),
                      "count": self.waste_count},
            "stock": self.stock_count,
            "cards_left": self.cards_left,
            "over": over,
        }

    def to_record(self) -> GameRecord:
        """The versioned save: rules, deal and every action, replayable exactly."""
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "rules": self.rules.to_json(),
            "number": self.deal_number,
            "deal": deal_text(self.cards),
            "actions": actions_text(self.cards, self.actions),
        }

    @classmethod
    def from_record(cls, record: object) -> Game:
        """Rebuild a game from :meth:`to_record` by replaying its actions. Every
        record any version wrote loads (there is one format so far, version 1;
        rule options added since take their defaults).

        :raises RecordError: for anything that is not such a record, with the reason.
        """
        if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
            raise RecordError("this is not a TriPeaks saved game", "not-a-record")
        version = record.get("version")
        if version != RECORD_VERSION:
            raise RecordError(f"saved game version {version!r} is not supported", "record-version",
                              version=str(version)[:20])
        try:
            rules = Rules.from_json(record.get("rules", {}))
            cards = parse_deal(str(record.get("deal", "")))
            number = record.get("number")
            if number is not None and not isinstance(number, int):
                raise RecordError("the deal number of the saved game is not a number",
                                  "record-number")
            game = cls(cards, rules, number)
            for i, action in enumerate(parse_actions(cards, str(record.get("actions", "")))):
                try:
                    game.act(action)
                except (IllegalMoveError, UndoError) as error:
                    raise RecordError(f"action {i + 1} of the saved game: {error}",
                                      "record-action", action=i + 1) from None
        except (RulesError, NotationError, deals.DealError) as error:
            raise RecordError.like(f"saved game: {error}", error) from None
        return game

    def __repr__(self) -> str:
        return f"<Game deal={self.deal_code or 'custom'} moves={self.moves} left={self.cards_left}>"
