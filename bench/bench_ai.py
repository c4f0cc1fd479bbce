"""Win rates of the AI players (visible information only) and of the
perfect-information solver, over the same deals.

    python bench/bench_ai.py --deals 1000            # wrap
    python bench/bench_ai.py --deals 1000 --no-wrap

Times are CPU time in the worker processes: a whole game, and the slowest
single decision of an AI. The solver's deal-independent tables are built in
each process before the clock starts (the app builds them once, at boot).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import pathlib
import platform
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tripeaks import ai, solver  # noqa: E402
from tripeaks.game import Game  # noqa: E402
from tripeaks.rules import Rules  # noqa: E402

LEVELS = ("easy", "normal", "hard", "solver")


def run(job: tuple[str, int, int, bool]) -> tuple[str, int, float, float]:
    """Wins, CPU seconds and the slowest single decision (CPU seconds) of a chunk."""
    level, start, count, wrap = job
    rules = Rules(wrap=wrap)
    wins = 0
    worst = 0.0
    solver.lattice()  # the one-off tables of every search, built before the clock starts
    t0 = time.process_time()
    for number in range(start, start + count):
        game = Game.new(number, rules)
        if level == "solver":
            wins += solver.solve(game).won  # no cache: each deal from scratch
            continue
        player = ai.make_ai(level, number)
        while not game.over:
            t = time.process_time()
            move = player.choose(game)
            worst = max(worst, time.process_time() - t)
            game.apply(move)
        wins += game.won
    return level, wins, time.process_time() - t0, worst


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--no-wrap", action="store_true")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    args = parser.parse_args()
    wrap = not args.no_wrap
    chunk = 50
    work = [(level, s, min(chunk, args.deals - s), wrap)
            for level in LEVELS for s in range(0, args.deals, chunk)]
    wins = dict.fromkeys(LEVELS, 0)
    seconds = dict.fromkeys(LEVELS, 0.0)
    worst = dict.fromkeys(LEVELS[:-1], 0.0)
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        for level, won, spent, slowest in pool.imap_unordered(run, work):
            wins[level] += won
            seconds[level] += spent
            if level in worst:
                worst[level] = max(worst[level], slowest)
    print(json.dumps({
        "deals": args.deals,
        "wrap": wrap,
        "win_rate": {k: round(v / args.deals, 3) for k, v in wins.items()},
        "cpu_ms_per_game": {k: round(1000 * v / args.deals, 2) for k, v in seconds.items()},
        "worst_decision_ms": {k: round(1000 * v, 1) for k, v in worst.items()},
        "python": platform.python_implementation() + " " + platform.python_version(),
    }))


if __name__ == "__main__":
    main()
