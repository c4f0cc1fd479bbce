"""Engine speed: random legal playouts per second and moves per second.

    python bench/bench_engine.py [--games 2000] [--repeats 5]

Each repeat plays ``--games`` random legal games (deal numbers 0.., a seeded
choice among the legal moves) through the public API (``legal_moves`` and
``apply``) and, separately, through ``push``/``pop`` as a search would. The
median over repeats is printed; see docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tripeaks.game import Game  # noqa: E402


def playouts(games: int, seed: int) -> tuple[float, int]:
    rng = random.Random(seed)
    deals = [Game.new(n) for n in range(games)]
    moves = 0
    start = time.perf_counter()
    for game in deals:
        while not game.over:
            game.apply(rng.choice(game.legal_moves()))
            moves += 1
    return time.perf_counter() - start, moves


def push_pop(games: int, seed: int) -> tuple[float, int]:
    """Walk down a random line with push, then pop back up: a search's inner loop."""
    rng = random.Random(seed)
    deals = [Game.new(n) for n in range(games)]
    moves = 0
    start = time.perf_counter()
    for game in deals:
        depth = 0
        while not game.over:
            game.push(rng.choice(game.legal_moves()))
            depth += 1
        for _ in range(depth):
            game.pop()
        moves += 2 * depth
    return time.perf_counter() - start, moves


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, "
          f"{args.games} games x {args.repeats} repeats")
    for name, run in (("apply (public API)", playouts), ("push/pop (search)", push_pop)):
        rates = []
        for r in range(args.repeats):
            seconds, moves = run(args.games, r)
            rates.append((args.games / seconds, moves / seconds))
        games_rate = statistics.median(g for g, _ in rates)
        moves_rate = statistics.median(m for _, m in rates)
        print(f"{name:20s} median {games_rate:8.0f} playouts/s {moves_rate:10.0f} moves/s")


if __name__ == "__main__":
    main()
