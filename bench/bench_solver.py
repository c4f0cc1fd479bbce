"""Benchmark the solver on random deals, or rebuild the solver's test fixture.

    python bench/bench_solver.py --deals 10000            # wrap
    python bench/bench_solver.py --deals 10000 --no-wrap
    python bench/bench_solver.py --fixture                # tests/fixtures/solver_deals.json
    python bench/bench_solver.py --par streak --deals 150  # par's and the hint's work budgets

Each deal is solved from scratch (the per-deal table cache is cleared), after
one warm-up solve that builds the deal-independent lattice. Prints one JSON
object: win share, the time distribution in milliseconds (wall clock, and the
process's CPU time, which waiting for a busy shared core does not inflate), and
how the deals were decided (quick search or table).
"""

from __future__ import annotations

import argparse
import json
import pathlib
import platform
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tripeaks import analysis, solver  # noqa: E402
from tripeaks import par as par_search  # noqa: E402
from tripeaks.deals import shuffle  # noqa: E402
from tripeaks.rules import Rules  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bench(deals: int, wrap: bool, start: int = 0) -> dict:
    rules = Rules(wrap=wrap)
    t0 = time.perf_counter()
    solver.lattice()
    lattice_ms = (time.perf_counter() - t0) * 1000
    times: list[float] = []
    cpu: list[float] = []
    results: dict[str, int] = {}
    methods: dict[str, int] = {}
    worst = (0.0, -1)
    for number in range(start, start + deals):
        cards = shuffle(number)  # solved with no cache: from scratch
        c0 = time.process_time()
        t0 = time.perf_counter()
        solution = solver.solve(cards, rules)
        ms = (time.perf_counter() - t0) * 1000
        cpu.append((time.process_time() - c0) * 1000)
        times.append(ms)
        results[solution.result] = results.get(solution.result, 0) + 1
        methods[solution.method] = methods.get(solution.method, 0) + 1
        worst = max(worst, (ms, number))
    return {
        "deals": deals,
        "wrap": wrap,
        "results": results,
        "win_share": results.get("win", 0) / deals,
        "methods": methods,
        "ms": {
            "mean": round(statistics.mean(times), 3),
            "median": round(statistics.median(times), 3),
            "p99": round(percentile(times, 0.99), 3),
            "max": round(max(times), 3),
        },
        "cpu_ms": {
            "mean": round(statistics.mean(cpu), 3),
            "median": round(statistics.median(cpu), 3),
            "p99": round(percentile(cpu, 0.99), 3),
            "max": round(max(cpu), 3),
        },
        "worst_deal": worst[1],
        "lattice_ms": round(lattice_ms, 1),
        "python": platform.python_implementation() + " " + platform.python_version(),
        "machine": platform.machine(),
    }


def bench_par(deals: int, wrap: bool, scoring: str, start: int = 0) -> dict:
    """Par and the first hint of each winnable deal from its start, under one
    scoring system: the work (nodes) each needs against its budget, and the time."""
    from tripeaks.game import Game

    rules = Rules(wrap=wrap, scoring=scoring)
    solver.lattice()
    nodes: list[int] = []
    cpu: list[float] = []
    hint_cpu: list[float] = []
    inexact = 0
    hint_aims: dict[str, int] = {}
    worst = (0, -1)
    for number in range(start, start + deals):
        game = Game.new(number, rules)
        cache = solver.SolverCache()  # the deal's table, built by the solve below, not timed
        if not solver.solve(game, cache=cache).won:
            continue
        c0 = time.process_time()
        par = analysis.par(game, cache=cache)
        cpu.append((time.process_time() - c0) * 1000)
        nodes.append(par.nodes)
        worst = max(worst, (par.nodes, number))
        inexact += not (par.score_exact and par.draws_exact)
        solver.deal_solver(game.cards, rules.wrap, cache).best_lines.clear()  # par's lines
        c0 = time.process_time()
        aim = analysis.hint(game, cache=cache).aim
        hint_cpu.append((time.process_time() - c0) * 1000)
        hint_aims[aim] = hint_aims.get(aim, 0) + 1

    def spread(values: list[float]) -> dict:
        return {"median": round(statistics.median(values), 1),
                "p90": round(percentile(values, 0.9), 1), "max": round(max(values), 1)}

    return {
        "deals": deals, "wrap": wrap, "scoring": scoring, "winnable": len(nodes),
        "par_nodes": spread(nodes), "par_budget": par_search.PAR_NODES, "par_inexact": inexact,
        "worst_deal": worst[1], "par_cpu_ms": spread(cpu),
        "hint_budget": par_search.HINT_NODES, "hint_aims": hint_aims,
        "hint_cpu_ms": spread(hint_cpu),
        "python": platform.python_implementation() + " " + platform.python_version(),
    }


def build_fixture(path: pathlib.Path) -> None:
    """Known verdicts (from the simple reference solver in the tests) and exact
    par values, for regression tests."""
    sys.path.insert(0, str(ROOT))
    from tests.reference_solver import reference_solve
    from tripeaks.game import Game

    entries = []
    for wrap in (True, False):
        for number in range(150):
            cards = shuffle(number)
            verdict = "win" if reference_solve(cards, wrap) else "loss"
            entry = {"number": number, "wrap": wrap, "result": verdict}
            if verdict == "win" and number < 12:
                game = Game.new(number, Rules(wrap=wrap, scoring="points"))
                par = analysis.par(game, max_seconds=30.0)
                if par.score_exact and par.draws_exact:
                    entry["par"] = {"points": par.score, "draws": par.draws}
            entries.append(entry)
            print(wrap, number, verdict, file=sys.stderr)
    path.write_text(json.dumps({
        "about": "Deal numbers (tripeaks.deals.shuffle) with the verdict of the simple "
                 "reference solver and exact par (points scoring, fewest draws).",
        "deals": entries,
    }, indent=1) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--no-wrap", action="store_true")
    parser.add_argument("--fixture", action="store_true", help="rebuild the test fixture")
    parser.add_argument("--par", metavar="SCORING", help="measure par and hints instead")
    args = parser.parse_args()
    if args.par:
        print(json.dumps(bench_par(args.deals, not args.no_wrap, args.par, args.start)))
        return
    if args.fixture:
        build_fixture(ROOT / "tests" / "fixtures" / "solver_deals.json")
        return
    print(json.dumps(bench(args.deals, not args.no_wrap, args.start)))


if __name__ == "__main__":
    main()
