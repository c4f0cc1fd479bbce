"""Lines of play for the end-to-end tests: winning lines found by a small depth-first
search (independent of tripeaks.solver, so these tests never wait for it), and the
stuck line that throws a winnable deal away."""

from __future__ import annotations

from tripeaks.deals import encode_code
from tripeaks.game import DRAW, Game
from tripeaks.rules import Rules, preset_rules


def winning_line(game: Game, budget: int = 200_000) -> list[int] | None:
    """A list of moves that clears the peaks, or None (none, or out of budget)."""
    game = Game(game.cards, game.rules, game.deal_number)  # searched on a copy
    seen: set[tuple[int, int, int | None]] = set()
    line: list[int] = []
    nodes = 0

    def search() -> bool:
        nonlocal nodes
        if game.won:
            return True
        key = (game.removed, game.stock_index, game.waste_top)
        if key in seen or nodes > budget:
            return False
        seen.add(key)
        nodes += 1
        # Plays before the draw: a greedy first try that usually wins quickly.
        for move in game.legal_moves():
            game.push(move)
            line.append(move)
            if search():
                return True
            line.pop()
            game.pop()
        return False

    return list(line) if search() else None


# Standard deals whose line above is short (36 and 41 moves; deal 1's is 46) and whose
# end costs the engine little: par and the analysis of the won game take 83 + 82 ms and
# 34 + 16 ms in CPython, where deals 40 and 98 (39 moves) took 490-630 ms each, several
# seconds inside WebAssembly. For the tests that win whole games move by move.
SHORT_WINS = (553, 640)


def winnable_deal(rules: Rules | None = None,
                  start: int = SHORT_WINS[0]) -> tuple[int, str, list[int]]:
    """The first deal from ``start`` on with a winning line: (number, code, line); by
    default a short one, as the tests that win move by move want."""
    rules = rules or Rules()
    for number in range(start, start + 500):
        line = winning_line(Game.new(number, rules))
        if line:
            return number, encode_code(number, rules.wrap, rules.face_up, rules.empty_waste), line
    raise AssertionError("no winnable deal found")


STUCK_DEAL = 20261130  # winnable, but lost by drawing the whole stock first (classic rules)


def stuck_line(number: int, preset: str) -> list[int]:
    """Draw through the stock first, then play what fits: a winnable deal thrown away."""
    game = Game.new(number, preset_rules(preset))
    line = []
    while not game.over:
        legal = game.legal_moves()
        move = DRAW if DRAW in legal else legal[0]
        game.apply(move)
        line.append(move)
    assert game.stuck
    return line


__all__ = ["DRAW", "SHORT_WINS", "STUCK_DEAL", "stuck_line", "winnable_deal", "winning_line"]
