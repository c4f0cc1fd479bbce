"""What the fair "draw or deal again?" advice is worth in the 1991 money game.

    nice -n 19 python bench/bench_advice.py --deals 1000 --jobs 2
    nice -n 19 python bench/bench_advice.py --part report   # only the report
    nice -n 19 python bench/bench_advice.py --part timing --deals 50   # time per call
    nice -n 19 node bench/bench_advice_pyodide.mjs .cache/pyodide/314.0.7 --deals 50

Over the same deals (numbers 1..N, ``original`` preset), the money per deal of
three players:

* ``follows advice``: the fair player (NormalAI's choice of card, a draw only
  when nothing fits) asks :func:`tripeaks.advice.advise` before every draw and
  deals again when told to;
* ``never deals again``: the same fair player, playing every deal to its end;
* ``never draws`` (a yardstick, in the report): the same fair player dealing
  again instead of ever drawing;
* ``sees every card``: :func:`tripeaks.hindsight.hindsight_money`, the best
  money of any line, walking away anywhere (the solver's tables).

It also times the advice (CPU time per call: median, 95th percentile, slowest)
and prints a JSON summary. Each deal's figures go to a JSON-lines file as they
come (``--out``), so a run cut short keeps what it did and a second run goes on
from there; ``--part report`` only reads them.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import pathlib
import platform
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tripeaks import solver  # noqa: E402
from tripeaks.advice import REDEAL, advise  # noqa: E402
from tripeaks.ai import NormalAI  # noqa: E402
from tripeaks.game import Game  # noqa: E402
from tripeaks.hindsight import hindsight_money  # noqa: E402
from tripeaks.notation import DRAW  # noqa: E402
from tripeaks.rules import preset_rules  # noqa: E402

RULES = preset_rules("original")


def fair_deal(number: int) -> dict[str, object]:
    """The follower's and the never-stopper's money on one deal, and the advice's call times."""
    never = NormalAI().play(Game.new(number, RULES)).score or 0
    game, player, times = Game.new(number, RULES), NormalAI(), []
    while not game.over:
        move = player.choose(game)
        if move == DRAW:
            t0 = time.process_time()
            told = advise(game)
            times.append(time.process_time() - t0)
            if told.advice == REDEAL:
                break
        game.apply(move)
    return {"deal": number, "follow": game.score or 0, "never": never, "times": times}


def never_draws(number: int) -> int:
    """The money of the fair player who deals again instead of ever drawing (a yardstick)."""
    game, player = Game.new(number, RULES), NormalAI()
    while not game.over:
        move = player.choose(game)
        if move == DRAW:
            break
        game.apply(move)
    return game.score or 0


def timing(first: int, deals: int, runtime: str) -> dict[str, object]:
    """The advice's CPU time per call while the follower plays deals first..first+deals-1
    (the same calls in CPython and in Pyodide: bench/bench_advice_pyodide.mjs)."""
    solver.lattice()
    times = sorted(t for n in range(first, first + deals)
                   for t in fair_deal(n)["times"])  # type: ignore[attr-defined]
    calls = len(times)
    return {"runtime": runtime, "deals": deals, "calls": calls,
            "ms_median": round(1000 * times[calls // 2], 1),
            "ms_mean": round(1000 * statistics.fmean(times), 1),
            "ms_p95": round(1000 * times[int(calls * 0.95)], 1),
            "ms_max": round(1000 * times[-1], 1)}


def hindsight_deal(number: int) -> dict[str, object]:
    return {"deal": number, "best": hindsight_money(Game.new(number, RULES))}


def run(job: tuple[str, list[int], str]) -> None:
    """Append one JSON line a deal to ``out`` (a run cut short still counts what it did)."""
    part, numbers, out = job
    solver.lattice()
    work = fair_deal if part == "fair" else hindsight_deal
    with open(out, "a", encoding="utf-8") as sink:
        for n in numbers:
            sink.write(json.dumps(work(n)) + "\n")
            sink.flush()


def load(path: pathlib.Path) -> dict[int, dict[str, object]]:
    if not path.exists():
        return {}
    rows = (json.loads(line) for line in path.read_text().splitlines() if line.strip())
    return {int(r["deal"]): r for r in rows}


def report(fair_path: pathlib.Path, best_path: pathlib.Path) -> None:
    fair, best = load(fair_path), load(best_path)
    both = sorted(set(fair) & set(best))
    follow = [float(fair[n]["follow"]) for n in sorted(fair)]  # type: ignore[arg-type]
    never = [float(fair[n]["never"]) for n in sorted(fair)]  # type: ignore[arg-type]
    seen = [float(best[n]["best"]) for n in sorted(best)]  # type: ignore[arg-type]
    stingy_of = {n: float(never_draws(n)) for n in sorted(fair)}
    stingy = list(stingy_of.values())
    times = sorted(t for n in fair for t in fair[n]["times"])  # type: ignore[attr-defined]
    calls = len(times)

    def mean(values: list[float]) -> float | None:
        return round(statistics.fmean(values), 2) if values else None

    def spread(values: list[float]) -> float | None:
        return round(statistics.stdev(values), 1) if len(values) > 1 else None

    summary = {
        "deals_fair": len(fair), "deals_hindsight": len(best),
        "money_per_deal": {"follows_advice": mean(follow), "never_deals_again": mean(never),
                           "never_draws": mean(stingy), "sees_every_card": mean(seen)},
        "same_deals": {"deals": len(both),
                       "follows_advice": mean([float(fair[n]["follow"]) for n in both]),
                       "never_deals_again": mean([float(fair[n]["never"]) for n in both]),
                       "never_draws": mean([stingy_of[n] for n in both]),
                       "sees_every_card": mean([float(best[n]["best"]) for n in both])},
        "losing_deals": {"follows_advice": sum(m < 0 for m in follow),
                         "never_deals_again": sum(m < 0 for m in never)},
        "stdev": {"follows_advice": spread(follow), "never_deals_again": spread(never),
                  "never_draws": spread(stingy), "sees_every_card": spread(seen)},
        "advice_calls": calls,
        "advice_calls_per_deal": round(calls / len(fair), 2) if fair else None,
        "advice_ms_median": round(1000 * times[calls // 2], 1) if calls else None,
        "advice_ms_p95": round(1000 * times[int(calls * 0.95)], 1) if calls else None,
        "advice_ms_max": round(1000 * times[-1], 1) if calls else None,
        "machine": platform.machine(), "python": platform.python_version(),
    }
    print(json.dumps(summary, indent=2))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--first", type=int, default=1, help="the first deal number")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--part", choices=("fair", "hindsight", "both", "report", "timing"),
                        default="both")
    parser.add_argument("--out", default=str(ROOT / ".cache" / "bench_advice"),
                        help="folder of the per-deal results (fair.jsonl, hindsight.jsonl)")
    args = parser.parse_args()
    if args.part == "timing":
        print(json.dumps(timing(args.first, args.deals, "CPython " + platform.python_version())))
        return
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    parts = ("fair", "hindsight") if args.part == "both" else (args.part,)
    if args.part != "report":
        numbers = list(range(args.first, args.first + args.deals))
        jobs = []
        for part in parts:
            done = load(out / f"{part}.jsonl")
            todo = [n for n in numbers if n not in done]
            jobs += [(part, todo[i::args.jobs], str(out / f"{part}.jsonl"))
                     for i in range(args.jobs)]
        t0 = time.perf_counter()
        with multiprocessing.Pool(args.jobs) as pool:
            pool.map(run, jobs, chunksize=1)
        print(f"wall {time.perf_counter() - t0:.1f} s", file=sys.stderr)
    report(out / "fair.jsonl", out / "hindsight.jsonl")


if __name__ == "__main__":
    main()
