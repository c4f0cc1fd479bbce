"""Fair advice for the money game: draw and play on, or deal again?

In the ``original`` preset (the 1991 game) a player may walk away from a deal
at any time and keep its money, and every card drawn costs $5. :func:`advise`
weighs playing on against dealing again (worth 0 from here) from what the
player can see only (reference 004's fairness: :func:`tripeaks.ai.visible`):
the face-up cards, the waste, the stock's count and the history.

It deals the unseen cards into the face-down places and the stock
:data:`WORLDS` times, shuffled by a generator seeded from the visible position
alone (:func:`visible_seed`), so the same visible position always gets the
same answer, whatever the hidden cards really are. In each world the fair
player (:class:`tripeaks.ai.NormalAI`'s choice of card, a draw only when
nothing fits) plays on, and the money gained is noted before each draw. The
player's plans are "draw at most k more times, then deal again", one for each
k; a plan is fixed before any hidden card shows, so following it is fair.
``play_on`` is the best plan's mean money still to come over the worlds; when
the next move would be a draw the plans draw at least once, so ``play_on``
is what drawing now is worth. Playing a card never costs money, so while a
card fits the advice is always to play on.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass

from .ai import normal_pick
from .cards import adjacent
from .game import Game
from .layout import ALL_REMOVED, COVER_MASK, COVERS, GROUP_MASKS, GROUP_OF, PEAK_CARDS, TIPS
from .refusal import Refusal
from .scoring import ScoreState, Scoring

__all__ = ["Advice", "advise", "visible_seed", "WORLDS", "PLAY_ON", "REDEAL"]

WORLDS = 40
"""Worlds sampled per question: the mean's spread stays a few dollars, and a
question costs tens of milliseconds (docs/benchmarks.md)."""
PLAY_ON, REDEAL = "play-on", "redeal"


class AdviceError(Refusal):
    """A position the advice cannot weigh: a game that scores nothing."""

    reason = "no-money"


@dataclass(frozen=True)
class Advice:
    """What playing on is worth against dealing again (0), and which is better."""

    play_on: float
    """Expected money still to come if the player plays on well (the best plan)."""
    draws: int
    """The best plan's most draws before dealing again (0: play what fits, then stop)."""
    next_is_draw: bool
    """Whether nothing fits now, so playing on starts with a draw."""
    worlds: int

    @property
    def advice(self) -> str:
        return PLAY_ON if self.play_on > 0 else REDEAL

    def to_json(self) -> dict[str, object]:
        return {"play_on": self.play_on, "redeal": 0, "advice": self.advice,
                "draws": self.draws, "next_is_draw": self.next_is_draw, "worlds": self.worlds}


def _seen(game: Game) -> tuple[list[int], dict[int, int]]:
    """The cards turned from the stock in their order (the first waste card too), and
    the face-up peak cards by position."""
    waste = list(game.cards[PEAK_CARDS:game.stock_index])
    face_up = {p: game.cards[p] for p in range(PEAK_CARDS)
               if not game.removed >> p & 1 and game.face_up(p)}
    return waste, face_up


def visible_seed(game: Game) -> int:
    """A seed from what the player can see: rules, the peak cards gone and the
    face-up ones, every card turned from the stock, the stock's count, the
    score and streak. Face-down cards and the stock's order never enter it."""
    waste, face_up = _seen(game)
    gone = [game.cards[p] for p in range(PEAK_CARDS) if game.removed >> p & 1]
    text = repr((sorted(game.rules.to_json().items()), game.removed, sorted(gone),
                 sorted(face_up.items()), waste, game.stock_count, tuple(game.state),
                 game.waste_top))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def _rollout(ranks: list[int], known: dict[int, int], removed: int, waste: int | None, s: int,
             state: ScoreState, system: Scoring, wrap: bool) -> list[int]:
    """The fair player's money gained in one world, noted before each draw and
    at the end: entry k is what stopping before the (k+1)-th draw keeps."""
    start, marks = state.score, []
    while True:
        if removed == ALL_REMOVED:
            state, _ = system.win(state, 52 - s)
            break
        plays = sorted(p for p, r in known.items() if COVER_MASK[p] & ~removed == 0
                       and (waste is None or adjacent(r, waste, wrap)))
        if plays:
            p = normal_pick(known, removed, plays, wrap)
            removed |= 1 << p
            waste = known.pop(p)
            group = GROUP_MASKS[GROUP_OF[p]]
            state, _ = system.play(state, p in TIPS, removed & group == group)
            for q in COVERS[p]:
                if COVER_MASK[q] & ~removed == 0:
                    known[q] = ranks[q]
        elif s < 52:
            marks.append(state.score - start)
            state, _ = system.draw(state)
            waste, s = ranks[s], s + 1
        else:
            state, _ = system.stuck(state, PEAK_CARDS - removed.bit_count())
            break
    marks.append(state.score - start)
    return marks


def advise(game: Game, worlds: int = WORLDS) -> Advice:
    """Whether drawing and playing on beats dealing again, from what is visible.

    :raises AdviceError: for a game that scores nothing.
    """
    system = game.scoring
    if not system.has_score:
        raise AdviceError("there is no money to weigh: this game scores nothing", "no-money")
    if game.over:
        return Advice(0.0, 0, False, 0)
    waste_cards, face_up = _seen(game)
    wrap = game.rules.wrap
    hidden = [p for p in range(PEAK_CARDS) if not game.removed >> p & 1 and p not in face_up]
    seen = set(waste_cards) | set(face_up.values())
    seen |= {game.cards[p] for p in range(PEAK_CARDS) if game.removed >> p & 1}
    pool = sorted(c >> 2 for c in range(52) if c not in seen)  # suits never matter
    rng = random.Random(visible_seed(game))
    known = {p: c >> 2 for p, c in face_up.items()}
    top = game.waste_top
    waste = None if top is None else top >> 2
    next_is_draw = not any(COVER_MASK[p] & ~game.removed == 0
                           and (waste is None or adjacent(r, waste, wrap))
                           for p, r in known.items())
    s0 = game.stock_index
    runs = []
    for _ in range(worlds):
        rng.shuffle(pool)
        ranks = [0] * 52
        for p, r in zip(hidden, pool, strict=False):
            ranks[p] = r
        ranks[s0:] = pool[len(hidden):]
        runs.append(_rollout(ranks, dict(known), game.removed, waste, s0, game.state, system,
                             wrap))
    longest = max(len(run) for run in runs)
    first = 1 if next_is_draw else 0
    best, best_k = None, first
    for k in range(first, longest):
        total = sum(run[min(k, len(run) - 1)] for run in runs)
        if best is None or total > best:
            best, best_k = total, k
    value = 0.0 if best is None else round(best / worlds, 2)
    return Advice(value, best_k, next_is_draw, worlds)
