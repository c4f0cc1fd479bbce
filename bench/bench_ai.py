"""Win rates of the AI players (visible information only) and of the
perfect-information solver, over the same deals.

    python bench/bench_ai.py --deals 1000            # wrap
    python bench/bench_ai.py --deals 1000 --no-wrap
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


def run(job: tuple[str, int, int, bool]) -> tuple[str, int, float]:
    level, start, count, wrap = job
    rules = Rules(wrap=wrap)
    wins = 0
    t0 = time.perf_counter()
    for number in range(start, start + count):
        game = Game.new(number, rules)
        if level == "solver":
            wins += solver.solve(game).won
            solver._SOLVERS.clear()
        else:
            wins += ai.make_ai(level, number).play(game).won
    return level, wins, time.perf_counter() - t0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--no-wrap", action="store_true")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    wrap = not args.no_wrap
    chunk = 50
    work = [(level, s, min(chunk, args.deals - s), wrap)
            for level in LEVELS for s in range(0, args.deals, chunk)]
    wins = dict.fromkeys(LEVELS, 0)
    seconds = dict.fromkeys(LEVELS, 0.0)
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        for level, won, spent in pool.imap_unordered(run, work):
            wins[level] += won
            seconds[level] += spent
    print(json.dumps({
        "deals": args.deals,
        "wrap": wrap,
        "win_rate": {k: round(v / args.deals, 3) for k, v in wins.items()},
        "ms_per_game": {k: round(1000 * v / args.deals, 2) for k, v in seconds.items()},
        "python": platform.python_implementation() + " " + platform.python_version(),
    }))


if __name__ == "__main__":
    main()
