"""The solver's commands for ``python -m tripeaks``: solve, hint, par, stats, analyse, rate.

:func:`register` adds them to the main parser's subcommands. Each handler
returns an exit status; bad input raises :class:`ValueError`, which the main
program prints as one line on stderr before exiting with status 2.

    python -m tripeaks solve 1234 --json
    python -m tripeaks solve --cards "<52 codes>" --no-wrap --json
    python -m tripeaks solve --batch --no-wrap < deals.txt
    python -m tripeaks hint 1234 --moves "7H 8S D" --json
    python -m tripeaks par 1234 --scoring classic --json
    python -m tripeaks stats --deals 10000 --no-wrap --jobs 2
    python -m tripeaks analyse 1234 --moves "D D 7H" --json
    python -m tripeaks rate TP1-C-AAAABGU --json
    python -m tripeaks rate --batch --preset challenge < deals.txt
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import signal
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from typing import TextIO, TypeVar

from . import analysis, deals, jsontext, rating, solver
from .cli_common import (
    Parser,
    add_deal_argument,
    add_rule_options,
    apply_moves,
    game_from,
    rules_from,
)
from .cli_words import words
from .game import Game
from .jsontext import RatingJSON, SolutionJSON
from .notation import parse_deal
from .par import HINT_NODES, PAR_NODES, par
from .rules import Rules

T = TypeVar("T")

def _seconds(text: str) -> float:
    """A number of seconds: finite and 0 or more (``nan`` and ``inf`` are refused)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"seconds must be a finite number, 0 or more: {text!r}")
    return value


def _budget_options(parser: argparse.ArgumentParser, nodes: int | None = None) -> None:
    parser.add_argument("--max-nodes", type=int, metavar="K", default=nodes,
                        help="give up (result unknown, or a bound) after K search nodes"
                        + ("" if nodes is None else f" (default {nodes:,})"))
    parser.add_argument("--max-seconds", type=_seconds, metavar="S",
                        help="give up after S seconds: answers then depend on the machine's "
                        "speed" + ("" if nodes is None else
                                   f" (default: a {solver.SAFETY_SECONDS:.0f} s safety net)"))


def _safety(seconds: float | None) -> float:
    return solver.SAFETY_SECONDS if seconds is None else seconds


def _positive(value: int | float | None, name: str) -> None:
    if value is not None and value < 0:
        raise ValueError(f"{name} must be 0 or more")


def _game(args: argparse.Namespace) -> Game:
    """The game named on the command line, with ``--moves`` applied."""
    return apply_moves(game_from(args), getattr(args, "moves", None) or "")


class _DealSolution(SolutionJSON):
    """What ``solve --json`` prints for a deal with a code: the solution, then the code."""

    deal: str


class _DealRating(RatingJSON):
    """What ``rate --json`` prints: the deal's code (``None`` for a custom deal), then
    the rating."""

    deal: str | None


def _solution_json(solution: solver.Solution,
                   game: Game | None = None) -> SolutionJSON | _DealSolution:
    out = solution.to_json()
    if game is None or not game.deal_code:
        return out
    with_deal: _DealSolution = {**out, "deal": game.deal_code}
    return with_deal


# -- solve ---------------------------------------------------------------------------


def _no_deal_with_batch(args: argparse.Namespace) -> None:
    if args.deal is not None or args.cards is not None:
        raise ValueError("--batch reads deals from stdin: give no deal on the command line")


def _batch(stdin: TextIO | None, parse: Callable[[str], T]) -> Iterator[T]:
    """``--batch``: each non-blank line of stdin, parsed; a bad line names its number."""
    for i, text in enumerate(stdin or sys.stdin):
        if not text.strip():
            continue
        try:
            yield parse(text)
        except ValueError as error:
            raise ValueError(f"line {i + 1}: {error}") from None


def cmd_solve(args: argparse.Namespace, stdin: TextIO | None = None) -> int:
    _positive(args.max_nodes, "--max-nodes")
    _positive(args.max_seconds, "--max-seconds")
    if args.batch:
        _no_deal_with_batch(args)
        rules = rules_from(args)
        for cards in _batch(stdin, parse_deal):
            result = solver.solve(cards, rules, max_nodes=args.max_nodes,
                                  max_seconds=args.max_seconds)
            print(json.dumps(_solution_json(result)), flush=True)
        return 0
    game = _game(args)
    result = solver.solve(game, max_nodes=args.max_nodes, max_seconds=args.max_seconds)
    if args.json:
        print(json.dumps(_solution_json(result, game)))
    else:
        print(solver.describe(result))
        if result.line:
            print(" ".join(result.line_text()))
    return 0


# -- hint ------------------------------------------------------------------------------


def cmd_hint(args: argparse.Namespace) -> int:
    game = _game(args)
    _positive(args.max_nodes, "--max-nodes")
    result = analysis.hint(game, fair=args.fair, max_nodes=args.max_nodes,
                         max_seconds=_safety(args.max_seconds))
    if args.json:
        print(json.dumps(result.to_json()))
    else:
        reason = words().text(f"engine-hint-{result.reason}", **result.values)
        print(reason if result.text is None else f"{result.text}: {reason}")
    return 0


# -- par -----------------------------------------------------------------------------------


def cmd_par(args: argparse.Namespace) -> int:
    _positive(args.max_nodes, "--max-nodes")
    game = _game(args)
    result = par(game, max_nodes=args.max_nodes, max_seconds=_safety(args.max_seconds))
    if args.json:
        print(json.dumps(result.to_json()))
        return 0
    if result.result != "win":
        print("no par: " + ("no line wins" if result.result == "loss" else "the budget ran out"))
        return 0
    if result.score is not None:
        exact = "exact" if result.score_exact else "at least (budget ran out)"
        print(f"par score {result.score} ({result.scoring}, {exact})")
    exact = "exact" if result.draws_exact else "at most (budget ran out)"
    print(f"fewest draws {result.draws} ({exact})")
    return 0


# -- analyse ---------------------------------------------------------------------------------


def cmd_analyse(args: argparse.Namespace) -> int:
    if args.record:
        try:
            with open(args.record, encoding="utf-8") as handle:
                record = jsontext.loads(handle.read())
        except (OSError, ValueError) as error:  # bad JSON, too deep, bad UTF-8
            raise ValueError(f"cannot read the saved game {args.record}: {error}") from None
        report = analysis.analyse(record, with_par=not args.no_par)
    else:
        report = analysis.analyse(_game(args), with_par=not args.no_par)
    if args.json:
        print(json.dumps(report.to_json()))
        return 0
    if report.winnable is None:
        print("the deal could not be decided in the time allowed")
        return 0
    print("the deal was winnable" if report.winnable else "the deal could not be won")
    if report.turning_point is not None:
        print(f"the game became lost with move {report.turning_point + 1} "
              f"({report.turning_move})")
    elif report.winnable:
        print("the game " + ("was won" if report.still_winnable else "can still be won"))
    if report.par is not None and report.par.score is not None:
        print(f"par score {report.par.score}, fewest draws {report.par.draws}")
    return 0


# -- stats ------------------------------------------------------------------------------------


def _solve_range(job: tuple[int, int, bool, int | None]) -> list[tuple[int, str, float]]:
    start, count, wrap, max_nodes = job
    rules = Rules(wrap=wrap)
    solver.lattice()  # built once per process, not counted in any deal's time
    out = []
    for number in range(start, start + count):
        cards = deals.shuffle(number)
        t0 = time.perf_counter()
        result = solver.solve(cards, rules, max_nodes=max_nodes)
        out.append((number, result.result, (time.perf_counter() - t0) * 1000))
    return out


def _progress(done: int, total: int, stream: TextIO, started: float) -> None:
    width = 30
    filled = width * done // max(total, 1)
    rate = done / max(time.perf_counter() - started, 1e-9)
    stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} "
                 f"{rate:,.0f} deals/s")
    stream.flush()


def _cpus() -> int:
    """CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _ignore_interrupts() -> None:
    """In a stats worker: Ctrl-C is the main process's to handle (it stops the pool)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _deal_number(text: str) -> int:
    try:
        return deals.parse_number(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def cmd_stats(args: argparse.Namespace) -> int:
    if args.deals < 1:
        raise ValueError("--deals must be at least 1")
    cpus = _cpus()
    jobs = args.jobs or cpus
    if jobs < 1:
        raise ValueError("--jobs must be at least 1")
    if jobs > cpus:
        print(f"tripeaks: --jobs {jobs} is more than the {cpus} CPUs here; using {cpus}",
              file=sys.stderr)
        jobs = cpus
    _positive(args.max_nodes, "--max-nodes")
    deals.check_number(args.start)
    wrap = not args.no_wrap
    chunk = max(1, min(200, args.deals // (jobs * 8) or 1))
    work = [(s, min(chunk, args.start + args.deals - s), wrap, args.max_nodes)
            for s in range(args.start, args.start + args.deals, chunk)]
    results: list[tuple[int, str, float]] = []
    started = time.perf_counter()
    stream = sys.stderr
    if jobs == 1:
        for job in work:
            results.extend(_solve_range(job))
            _progress(len(results), args.deals, stream, started)
    else:
        # Workers ignore Ctrl-C (and cannot get it while they start): the main
        # process takes it, and leaving the ``with`` terminates and joins them all.
        blocked = hasattr(signal, "pthread_sigmask")
        if blocked:
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            pool = multiprocessing.get_context("spawn").Pool(jobs, _ignore_interrupts)
        finally:
            if blocked:
                signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        with pool:
            try:
                for part in pool.imap_unordered(_solve_range, work):
                    results.extend(part)
                    _progress(len(results), args.deals, stream, started)
            except KeyboardInterrupt:
                stream.write("\n")
                raise
    stream.write("\n")
    times = sorted(r[2] for r in results)
    counts = {k: sum(1 for r in results if r[1] == k) for k in ("win", "loss", "unknown")}
    ms = {
        "mean": round(statistics.mean(times), 3),
        "median": round(statistics.median(times), 3),
        "p99": round(times[min(len(times) - 1, int(0.99 * len(times)))], 3),
        "max": round(times[-1], 3),
    }
    summary = {
        "deals": len(results),
        "wrap": wrap,
        "win": counts["win"],
        "loss": counts["loss"],
        "unknown": counts["unknown"],
        "winnable_share": counts["win"] / len(results),
        "ms": ms,
        "jobs": jobs,
        "wall_seconds": round(time.perf_counter() - started, 2),
    }
    if args.json:
        print(json.dumps(summary))
    else:
        print(f"{len(results)} deals ({'wrap' if wrap else 'no wrap'}): "
              f"{100 * counts['win'] / len(results):.1f}% winnable, "
              f"{counts['loss']} lost, {counts['unknown']} unknown")
        print(f"time per deal: mean {ms['mean']:.2f} ms, median {ms['median']:.2f} ms, "
              f"p99 {ms['p99']:.2f} ms, max {ms['max']:.2f} ms")
    return 0


# -- rate ------------------------------------------------------------------------------------


def _rated_deal(text: str, rules: Rules) -> Game:
    """A line of ``rate --batch``: 52 card codes, a deal number or a deal code."""
    text = text.strip()
    if len(text.replace(",", " ").split()) > 1:
        return Game(parse_deal(text), rules)
    if text.upper().startswith("TP"):
        code = deals.decode_code(text)
        return Game.new(code.number, rules.replace(wrap=code.wrap, face_up=code.face_up,
                                                   empty_waste=code.empty_waste))
    return Game.new(deals.parse_number(text), rules)


def _rating_json(found: rating.Rating, game: Game) -> _DealRating:
    return {"deal": game.deal_code, **found.to_json()}


def cmd_rate(args: argparse.Namespace, stdin: TextIO | None = None) -> int:
    if args.batch:
        _no_deal_with_batch(args)
        rules = rules_from(args)
        for game in _batch(stdin, lambda text: _rated_deal(text, rules)):
            print(json.dumps(_rating_json(rating.rate(game), game)), flush=True)
        return 0
    game = game_from(args)
    found = rating.rate(game)
    if args.json:
        print(json.dumps(_rating_json(found, game)))
        return 0
    if not found.winnable:
        print(f"{found.label}: no line wins this deal (the solver proved it)")
        return 0
    print(f"{found.label}: {found.wins} of {found.playouts} fair playouts won, "
          f"{found.cards_left:.1f} cards left on average")
    easy, medium, hard = rating.THRESHOLDS[found.wrap]
    print(f"classes by playouts won: Easy {easy}+, Medium {medium}+, Hard {hard}+, "
          f"Expert fewer ({'wrap' if found.wrap else 'no wrap'})")
    return 0


# -- registration ------------------------------------------------------------------------------


def register(subparsers: argparse._SubParsersAction[Parser]) -> None:
    """Add solve, hint, par, stats, analyse and rate to ``python -m tripeaks``."""
    solve = subparsers.add_parser("solve", help="solve a deal or position exactly")
    add_deal_argument(solve)
    solve.add_argument("--moves", default="", help="moves already played (card codes, D, U, R)")
    solve.add_argument("--batch", action="store_true",
                       help="read deals (52 codes a line) from stdin, one JSON line each")
    solve.add_argument("--json", action="store_true", help="print one JSON object")
    _budget_options(solve)
    add_rule_options(solve)
    solve.set_defaults(func=cmd_solve)

    hint = subparsers.add_parser("hint", help="the next move of a winning line")
    add_deal_argument(hint)
    hint.add_argument("--moves", default="", help="moves already played (card codes, D, U, R)")
    hint.add_argument("--fair", action="store_true",
                      help="use only what the player can see (no face-down cards, no stock)")
    hint.add_argument("--json", action="store_true", help="print one JSON object")
    _budget_options(hint, HINT_NODES)
    add_rule_options(hint)
    hint.set_defaults(func=cmd_hint)

    par = subparsers.add_parser("par", help="best reachable score and fewest draws to win")
    add_deal_argument(par)
    par.add_argument("--moves", default="", help="moves already played (card codes, D, U, R)")
    par.add_argument("--json", action="store_true", help="print one JSON object")
    _budget_options(par, PAR_NODES)
    add_rule_options(par)
    par.set_defaults(func=cmd_par)

    stats = subparsers.add_parser("stats", help="share of winnable deals and solve times")
    stats.add_argument("--deals", type=int, default=1000, metavar="N")
    stats.add_argument("--start", type=_deal_number, default=0, metavar="NUMBER")
    stats.add_argument("--no-wrap", action="store_true", help="King and Ace are not neighbours")
    stats.add_argument("--jobs", type=int, metavar="J", help="processes (default: all cores)")
    stats.add_argument("--max-nodes", type=int, metavar="K")
    stats.add_argument("--json", action="store_true", help="print one JSON object")
    stats.set_defaults(func=cmd_stats)

    analyse = subparsers.add_parser("analyse", help="was the deal winnable, where was it lost")
    add_deal_argument(analyse)
    analyse.add_argument("--moves", default="", help="the moves played (card codes, D, U, R)")
    analyse.add_argument("--record", help="a saved game (JSON) instead of a deal and moves")
    analyse.add_argument("--no-par", action="store_true", help="skip the par search")
    analyse.add_argument("--json", action="store_true", help="print one JSON object")
    add_rule_options(analyse)
    analyse.set_defaults(func=cmd_analyse)

    rate = subparsers.add_parser("rate", help="how hard a deal is: Easy, Medium, Hard, Expert")
    add_deal_argument(rate)
    rate.add_argument("--batch", action="store_true",
                      help="read deals from stdin (52 codes, a number or a code a line), "
                      "one JSON line each")
    rate.add_argument("--json", action="store_true", help="print one JSON object")
    add_rule_options(rate)
    rate.set_defaults(func=cmd_rate)
