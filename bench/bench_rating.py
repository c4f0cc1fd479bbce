"""Difficulty rating: does the class predict how the AI players do on a deal?

    python bench/bench_rating.py --deals 2000                     # Standard (wrap)
    python bench/bench_rating.py --deals 1000 --preset challenge  # no wrap
    python bench/bench_rating.py --deals 1000 --start 5000 --no-ai   # quartiles only
    python bench/bench_rating.py --deals 100 --timing             # one process: time per rating

Each deal from ``--start`` is rated (:func:`tripeaks.rating.rate`), then played
once by the normal AI and once by the hard AI seeded with ``1_000_000 +`` the
deal number, seeds the rating never uses (its playouts use 0..31; the normal
AI makes no random choice, so its game is the same whatever the seed). Prints,
per class, the deals, both AI players' win rates, and the rating's CPU time;
the quartiles of playouts won over the winnable deals; and, with ``--write``,
puts the table into docs/benchmarks.md between this run's markers.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import pathlib
import platform
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tripeaks import ai, rating, solver  # noqa: E402
from tripeaks.game import Game  # noqa: E402
from tripeaks.rules import preset_rules  # noqa: E402

AI_SEED = 1_000_000
CHUNK = 25


def run(job: tuple[str, int, int, bool]) -> list[dict]:
    preset, start, count, with_ai = job
    rules = preset_rules(preset)
    solver.lattice()  # built once per process (the app builds it at boot), not timed
    out = []
    for number in range(start, start + count):
        # each deal rated from scratch: no cache is kept between deals
        t_cpu, t_wall = time.process_time(), time.perf_counter()
        found = rating.rate(number, rules)
        row = {"number": number, "level": found.level, "wins": found.wins,
               "cpu_ms": 1000 * (time.process_time() - t_cpu),
               "wall_ms": 1000 * (time.perf_counter() - t_wall)}
        if with_ai:
            row["normal"] = ai.NormalAI(AI_SEED + number).play(Game.new(number, rules)).won
            row["hard"] = ai.HardAI(AI_SEED + number).play(Game.new(number, rules)).won
        out.append(row)
    return out


def summary(rows: list[dict], python: str, preset: str) -> dict:
    """Wall time per rating and the playouts won per deal, as --timing prints them (and
    bench_rating_pyodide.mjs, which runs :func:`run` inside Pyodide)."""
    def spread(key: str) -> dict[str, float]:
        times = sorted(r[key] for r in rows)

        def at(share: float) -> float:
            return round(times[round(share * (len(times) - 1))], 1)

        return {"mean": round(statistics.mean(times), 1), "median": at(0.5), "p95": at(0.95),
                "p99": at(0.99), "max": round(times[-1], 1)}

    return {"python": python, "preset": preset, "deals": len(rows),
            "start": rows[0]["number"] if rows else None,
            "wall_ms": spread("wall_ms"), "cpu_ms": spread("cpu_ms"),
            "wins": [r["wins"] for r in rows]}


def interval(wins: int, n: int) -> tuple[float, float]:
    """A 95% Wilson interval for a win rate."""
    if n == 0:
        return (0.0, 0.0)
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def table(rows: list[dict], with_ai: bool) -> tuple[str, bool]:
    lines = ["| class | deals | normal AI wins | hard AI wins | rating CPU ms: mean / max |",
             "|---|---:|---:|---:|---:|"]
    monotone = True
    last: dict[str, float] = {}
    for level in (1, 2, 3, 4, 0):
        group = [r for r in rows if r["level"] == level]
        if not group:
            continue
        name = rating.CLASSES[level - 1] if level else rating.NOT_WINNABLE
        cells = []
        for who in ("normal", "hard"):
            if not with_ai:
                cells.append("")
                continue
            won = sum(r[who] for r in group)
            low, high = interval(won, len(group))
            rate = won / len(group)
            cells.append(f"{100 * rate:.1f}% ({100 * low:.0f}-{100 * high:.0f})")
            if level and who in last and rate >= last[who]:
                monotone = False
            if level:
                last[who] = rate
        times = [r["cpu_ms"] for r in group]
        lines.append(f"| {name} | {len(group):,} | {cells[0]} | {cells[1]} | "
                     f"{statistics.mean(times):.1f} / {max(times):.0f} |")
    return "\n".join(lines), monotone


def write(section: str, text: str) -> None:
    path = ROOT / "docs" / "benchmarks.md"
    doc = path.read_text(encoding="utf-8")
    begin, end = f"<!-- bench_rating {section} -->", f"<!-- /bench_rating {section} -->"
    if begin not in doc or end not in doc:
        raise SystemExit(f"docs/benchmarks.md has no {begin} ... {end} markers")
    head, rest = doc.split(begin, 1)
    tail = rest.split(end, 1)[1]
    path.write_text(f"{head}{begin}\n{text}\n{end}{tail}", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--preset", default="standard", help="standard (wrap), challenge (none)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (at most 2 here)")
    parser.add_argument("--no-ai", action="store_true", help="only rate: quartiles, times")
    parser.add_argument("--rows", help="write each deal's figures to this JSON-lines file")
    parser.add_argument("--write", action="store_true", help="put the table in benchmarks.md")
    parser.add_argument("--timing", action="store_true",
                        help="only time each rating, in this one process (no pool, no AI)")
    args = parser.parse_args()
    if args.timing:
        rows = run((args.preset, args.start, args.deals, False))
        python = platform.python_implementation() + " " + platform.python_version()
        print(json.dumps(summary(rows, python, args.preset)))
        return
    with_ai = not args.no_ai
    work = [(args.preset, s, min(CHUNK, args.start + args.deals - s), with_ai)
            for s in range(args.start, args.start + args.deals, CHUNK)]
    rows: list[dict] = []
    started = time.perf_counter()
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        for part in pool.imap_unordered(run, work):
            rows.extend(part)
            print(f"\r{len(rows)}/{args.deals}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    rows.sort(key=lambda r: r["number"])
    if args.rows:
        with open(args.rows, "w", encoding="utf-8") as handle:
            handle.writelines(json.dumps(r) + "\n" for r in rows)
    text, monotone = table(rows, with_ai)
    wins = sorted(r["wins"] for r in rows if r["level"])
    quartiles = statistics.quantiles(wins, n=4) if len(wins) > 1 else []
    times = sorted(r["cpu_ms"] for r in rows)
    print(text)
    print(json.dumps({
        "preset": args.preset, "deals": len(rows), "start": args.start,
        "winnable": len(wins), "monotone": monotone if with_ai else None,
        "playouts_won_quartiles": quartiles,
        "thresholds": rating.THRESHOLDS[preset_rules(args.preset).wrap],
        "cpu_ms": {"mean": round(statistics.mean(times), 1),
                   "p99": round(times[int(0.99 * (len(times) - 1))], 1),
                   "max": round(times[-1], 1)},
        "wall_seconds": round(time.perf_counter() - started, 1),
        "python": platform.python_implementation() + " " + platform.python_version(),
    }))
    if args.write:
        write(args.preset, text)


if __name__ == "__main__":
    main()
