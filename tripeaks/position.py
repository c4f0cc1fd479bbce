"""One deal being played: the position as a few ints, the moves, undo and redo.

The position is ``removed`` (a 28-bit mask of peak positions gone),
``stock_index`` (index in the deal of the next stock card; 52 when empty) and
``waste_top`` (a card, or ``None`` before the first play of an empty-waste
game). Undo is a snapshot stack, as in python-chess: each action saves the
few values it changes and undo puts them back. :class:`tripeaks.game.Game`
adds what the app draws and the save format.

>>> game = GamePosition(tuple(range(52)))
>>> game.legal_moves()  # the four 7s fit the 8 of clubs on the waste, or draw
[24, 25, 26, 27, 28]
>>> game.why_illegal(18), game.why_illegal(0)
('Must be one rank higher or lower', 'This card is blocked.')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self

from . import deals
from .cards import adjacent, card_code
from .jsontext import LastAction, ScoreEvent
from .layout import (
    ALL_REMOVED,
    COVER_MASK,
    COVERS,
    GROUP_MASKS,
    GROUP_OF,
    PEAK_CARDS,
    TIPS,
)
from .notation import DRAW, REDO, UNDO, check_deal
from .refusal import Refusal
from .rules import Rules
from .scoring import ScoreState, scoring_for

__all__ = ["DRAW", "GamePosition", "IllegalMoveError", "UndoError", "IS_TIP"]

BLOCKED = "This card is blocked."
WRONG_RANK = "Must be one rank higher or lower"
ALREADY_PLAYED = "This card has already been played."
STOCK_EMPTY = "The stock is empty."
GAME_OVER = "The game is over."
NO_SUCH_MOVE = "There is no such move."
ILLEGAL_REASONS = {BLOCKED: "blocked", WRONG_RANK: "wrong-rank", ALREADY_PLAYED: "already-played",
                   STOCK_EMPTY: "stock-empty", GAME_OVER: "game-over", NO_SUCH_MOVE: "no-such-move"}
"""The reason code of each refusal of a move (IllegalMoveError.reason)."""


NEAR_RANKS = {
    wrap: tuple(sum(1 << r for r in range(13) if adjacent(r, top, wrap)) for top in range(13))
    for wrap in (False, True)
}
"""For each waste rank, a bit mask of the ranks that fit on it, without and with wrap."""
ANY_RANK = (1 << 13) - 1


IS_TIP = tuple(p in TIPS for p in range(PEAK_CARDS + 1))
"""For each move (a position, or ``DRAW``), whether it takes a peak's tip."""


_Snapshot = tuple[int, int, int | None, int, int, ScoreState, int, bool, bool]
"""What undo restores: removed, stock index, waste top, waste count, moves, score
state, best streak, won, stuck."""


class IllegalMoveError(Refusal):
    """A play or draw the rules do not allow now; the message is for the player."""

    reason = "no-such-move"


class UndoError(Refusal):
    """An undo or redo the rules or the history do not allow."""

    reason = "nothing-to-undo"


class GamePosition:
    """One deal being played under one set of rules: the position and the moves."""

    def __init__(self, cards: Sequence[int], rules: Rules | None = None,
                 deal_number: int | None = None) -> None:
        self.cards = check_deal(cards)
        self.rules = rules or Rules()
        self.deal_number = None if deal_number is None else deals.check_number(deal_number)
        self.scoring = scoring_for(self.rules.scoring)
        self.ranks = tuple(c >> 2 for c in self.cards)
        self._near = NEAR_RANKS[self.rules.wrap]
        self.removed = 0
        if self.rules.empty_waste:
            self.waste_top: int | None = None
            self.stock_index = PEAK_CARDS
        else:
            self.waste_top = self.cards[PEAK_CARDS]
            self.stock_index = PEAK_CARDS + 1
        self.waste_count = 0 if self.waste_top is None else 1
        self.moves = 0
        self.state: ScoreState = self.scoring.start()
        self.best_streak = 0
        self.won = False
        self.stuck = False
        self.used_undo = False
        self.events: list[ScoreEvent] = []
        self.revealed: list[int] = []
        self.last_action: LastAction | None = None
        self.actions: list[int] = []
        self._undo: list[tuple[int, _Snapshot]] = []
        self._redo: list[int] = []
        self._stack: list[_Snapshot] = []

    @classmethod
    def new(cls, number: int, rules: Rules | None = None) -> Self:
        """Deal ``number`` through the project's shuffle."""
        return cls(deals.shuffle(number), rules, number)

    # -- reading the position -------------------------------------------------

    @property
    def over(self) -> bool:
        return self.won or self.stuck

    @property
    def score(self) -> int | None:
        return self.state.score if self.scoring.has_score else None

    @property
    def streak(self) -> int:
        return self.state.streak

    @property
    def cards_left(self) -> int:
        return PEAK_CARDS - self.removed.bit_count()

    @property
    def stock_count(self) -> int:
        return 52 - self.stock_index

    @property
    def can_undo(self) -> bool:
        return self.rules.undo_allowed and not self.won and bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return self.rules.undo_allowed and not self.won and bool(self._redo)

    @property
    def deal_code(self) -> str | None:
        if self.deal_number is None:
            return None
        r = self.rules
        return deals.encode_code(self.deal_number, r.wrap, r.face_up, r.empty_waste)

    def is_removed(self, position: int) -> bool:
        return bool(self.removed >> position & 1)

    def is_uncovered(self, position: int) -> bool:
        """On the table with nothing covering it."""
        return not self.removed >> position & 1 and COVER_MASK[position] & ~self.removed == 0

    def face_up(self, position: int) -> bool:
        return self.is_uncovered(position) or (
            self.rules.face_up and not self.removed >> position & 1
        )

    def fits(self, position: int) -> bool:
        """An uncovered card one rank from the waste (or any, on an empty waste)."""
        if not self.is_uncovered(position):
            return False
        top = self.waste_top
        return top is None or bool(self._near[top >> 2] >> self.ranks[position] & 1)

    def would_uncover(self, position: int) -> list[int]:
        """The positions that playing ``position`` would leave with nothing on them."""
        after = self.removed | 1 << position
        return [p for p in COVERS[position] if COVER_MASK[p] & ~after == 0]

    def legal_moves(self) -> list[int]:
        """Playable positions in ascending order, then ``DRAW`` while the stock lasts."""
        if self.over:
            return []
        moves = self._fitting()
        if self.stock_index < 52:
            moves.append(DRAW)
        return moves

    def _fitting(self) -> list[int]:
        """Every position that :meth:`fits`, in one pass over precomputed tables."""
        removed = self.removed
        top = self.waste_top
        near = ANY_RANK if top is None else self._near[top >> 2]
        ranks = self.ranks
        return [
            p for p in range(PEAK_CARDS)
            if not removed >> p & 1 and not COVER_MASK[p] & ~removed and near >> ranks[p] & 1
        ]

    def why_illegal(self, move: int) -> str | None:
        """The reason a player sees for a move they may not make, or ``None``."""
        if self.over:
            return GAME_OVER
        if move == DRAW:
            return STOCK_EMPTY if self.stock_index >= 52 else None
        if not isinstance(move, int) or not 0 <= move < PEAK_CARDS:
            return NO_SUCH_MOVE
        if self.removed >> move & 1:
            return ALREADY_PLAYED
        if not self.is_uncovered(move):
            return BLOCKED
        if not self.fits(move):
            return WRONG_RANK
        return None

    # -- acting ---------------------------------------------------------------

    def play(self, position: int) -> list[ScoreEvent]:
        if position == DRAW:
            raise IllegalMoveError(NO_SUCH_MOVE, "no-such-move")
        return self.apply(position)

    def draw(self) -> list[ScoreEvent]:
        return self.apply(DRAW)

    def apply(self, move: int) -> list[ScoreEvent]:
        """Play a peak position or ``DRAW``; returns the score events.

        :raises IllegalMoveError: with the reason a player sees.
        """
        reason = self.why_illegal(move)
        if reason:
            raise IllegalMoveError(reason, ILLEGAL_REASONS[reason])
        before = self.state
        self._remember(move)
        self._note(move, before)
        self._redo.clear()
        self.actions.append(move)
        return self.events

    def undo(self) -> None:
        """Take back the last action, as the rules' undo policy allows.

        :raises UndoError: when undo is off, the game is won, or nothing is left.
        """
        if not self.rules.undo_allowed:
            raise UndoError("Undo is off in these rules.", "undo-off")
        if self.won:
            raise UndoError("The game is won: there is nothing to undo.", "undo-won")
        if not self._undo:
            raise UndoError("Nothing to undo.", "nothing-to-undo")
        move, snapshot = self._undo.pop()
        moves_now, streak_now = self.moves, self.state.streak
        self._restore(snapshot)
        # The card the undone move had moved: back on the peaks, or back in the stock.
        card = self.cards[self.stock_index if move == DRAW else move]
        if not self.rules.undo_restores_moves:
            self.moves = moves_now
        if self.scoring.keeps_broken_streak and self.state.streak > streak_now:
            # 000: undo never gives a streak back. Taking back a draw leaves the
            # streak it broke at 0, and so does taking back the plays before it.
            self.state = self.state._replace(streak=streak_now)
        self._redo.append(move)
        self.actions.append(UNDO)
        self.used_undo = True
        self.events = [{"kind": "undo", "points": 0}]
        self.revealed = []
        self.last_action = {"kind": "undo", "move": move, "card": card, "code": card_code(card),
                            "points": 0, "streak_grew": False, "peak_cleared": None}

    def redo(self) -> list[ScoreEvent]:
        """Make again the last action taken back.

        :raises UndoError: when there is nothing to redo.
        """
        if not self.can_redo:
            raise UndoError("Nothing to redo.", "nothing-to-redo")
        move = self._redo.pop()
        before = self.state
        self._remember(move)
        self._note(move, before)
        self.actions.append(REDO)
        return self.events

    def _note(self, move: int, before: ScoreState) -> None:
        """What the app celebrates about the move just made (``last_action`` in
        the view): the card it moved, the points it scored (end bonuses
        included), whether it made a streak that scores longer, and the peak
        (0..2) it cleared, if any.
        Kept out of :meth:`_apply` so a search pays nothing for it."""
        scoring = self.scoring
        peak = None
        if move != DRAW:
            if scoring.peak_is_group:
                group = GROUP_MASKS[GROUP_OF[move]]
                peak = GROUP_OF[move] if self.removed & group == group else None
            elif IS_TIP[move]:  # a peak's tip is its last card to go
                peak = move
        card = self.waste_top if self.waste_top is not None else self.cards[move]
        self.last_action = {
            "kind": "draw" if move == DRAW else "play",
            "move": move,
            "card": card,
            "code": card_code(card),
            "points": self.state.score - before.score if scoring.has_score else 0,
            "streak_grew": scoring.scores_streaks and self.state.streak > before.streak,
            "peak_cleared": peak,
        }

    def restarted(self) -> Self:
        """The same deal from its start, under the same rules."""
        return type(self)(self.cards, self.rules, self.deal_number)

    def act(self, action: int) -> None:
        """Carry out one action of a record: a move, ``UNDO`` or ``REDO``."""
        if action == UNDO:
            self.undo()
        elif action == REDO:
            self.redo()
        else:
            self.apply(action)

    def push(self, move: int) -> None:
        """Apply a legal move without checks or history, for a search; see :meth:`pop`."""
        self._stack.append(self._snapshot())
        self._apply(move)

    def pop(self) -> None:
        """Take back the last :meth:`push`."""
        self._restore(self._stack.pop())

    def _remember(self, move: int) -> None:
        limit = self.rules.undo_limit
        if limit != 0:
            self._undo.append((move, self._snapshot()))
            if limit is not None and len(self._undo) > limit:
                del self._undo[0]
        self._apply(move)

    def _snapshot(self) -> _Snapshot:
        return (self.removed, self.stock_index, self.waste_top, self.waste_count, self.moves,
                self.state, self.best_streak, self.won, self.stuck)

    def _restore(self, snapshot: _Snapshot) -> None:
        (self.removed, self.stock_index, self.waste_top, self.waste_count, self.moves,
         self.state, self.best_streak, self.won, self.stuck) = snapshot

    def _apply(self, move: int) -> None:
        scoring = self.scoring
        self.revealed = []
        if move == DRAW:
            self.waste_top = self.cards[self.stock_index]
            self.stock_index += 1
            self.state, events = scoring.draw(self.state)
        else:
            self.removed |= 1 << move
            self.waste_top = self.cards[move]
            group = GROUP_MASKS[GROUP_OF[move]]
            self.state, events = scoring.play(
                self.state, IS_TIP[move], self.removed & group == group
            )
            self.best_streak = max(self.best_streak, self.state.streak)
            self.revealed = [
                p for p in COVERS[move]
                if COVER_MASK[p] & ~self.removed == 0 and not self.rules.face_up
            ]
        self.waste_count += 1
        self.moves += 1
        if self.removed == ALL_REMOVED:
            self.won = True
            self.state, end = scoring.win(self.state, self.stock_count)
            events = events + end
        elif self.stock_index >= 52 and not self._fitting():
            self.stuck = True
            self.state, end = scoring.stuck(self.state, self.cards_left)
            events = events + end
        self.events = events
