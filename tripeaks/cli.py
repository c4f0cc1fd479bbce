"""``python -m tripeaks``: print deals, replay move lists, play in a terminal.

The solver adds ``solve``, ``hint``, ``par``, ``stats``, ``analyse`` and ``rate`` through
:func:`tripeaks.solver_cli.register`; ``advise`` and ``daily`` come from
:func:`tripeaks.coach_cli.register`. Bad input prints one line on stderr and
exits with status 2; nothing is printed on stdout then.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import unicodedata
from collections.abc import Sequence
from typing import NotRequired, TextIO, TypedDict

from .analysis import hint
from .catalogs import Catalog
from .cli_common import (
    Parser,
    UsageError,
    add_deal_argument,
    add_rule_options,
    apply_moves,
    game_from,
    rules_from,
)
from .cli_words import card_words, event_text, refusal_text, words
from .cli_words import hint_text as hint_words
from .coach_cli import register as register_coach_commands
from .dealer import Dealer
from .game import DRAW, Game
from .jsontext import Description
from .layout import COVERED_BY, PEAK_CARDS, ROW_STARTS
from .notation import actions_text, deal_text, parse_actions
from .replay_link import decode_link
from .solver import SolverCache
from .solver_cli import register as register_solver_commands

USAGE_EXIT = 2


class Summary(TypedDict):
    """The JSON that ``replay --json`` prints."""

    won: bool
    stuck: bool
    moves: int
    cards_left: int
    stock_left: int
    score: int | None
    streak: int
    best_streak: int
    breakdown: dict[str, int]
    deal_code: str | None
    actions: NotRequired[str]
    """Only for ``--link``: the link's actions, as a saved game writes them."""


def summary(game: Game) -> Summary:
    """The JSON that ``replay`` prints."""
    return {
        "won": game.won,
        "stuck": game.stuck,
        "moves": game.moves,
        "cards_left": game.cards_left,
        "stock_left": game.stock_count,
        "score": game.score,
        "streak": game.streak,
        "best_streak": game.best_streak,
        "breakdown": game.scoring.breakdown(game.state),
        "deal_code": game.deal_code,
    }


def cmd_deal(args: argparse.Namespace) -> int:
    if args.daily is not None:
        if args.deal is not None:
            raise UsageError("give either a deal or --daily, not both")
        rules = rules_from(args)
        cards = Game.new(Dealer().daily_number(args.daily, rules), rules).cards
    elif args.deal is None:
        raise UsageError("name a deal: a number, a code (TP1-...) or --daily YYYY-MM-DD")
    else:
        args.cards = None
        cards = game_from(args).cards
    print(deal_text(cards))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    if args.link is not None:
        game = _replay_link(args)
    else:
        game = apply_moves(game_from(args), args.moves or "")
    if args.json:
        out = summary(game)
        if args.link is not None:
            out["actions"] = actions_text(game.cards, game.actions)
        print(json.dumps(out))
    else:
        print(board_text(game.describe()))
        print(status_text(game))
    return 0


def _replay_link(args: argparse.Namespace) -> Game:
    """``replay --link``: the link brings the deal, the rules and the moves."""
    given = [name for name, value in (("a deal", args.deal), ("--cards", args.cards),
                                      ("--moves", args.moves), ("--scoring", args.scoring))
             if value]
    given += [f"--{name.replace('_', '-')}" for name in ("no_wrap", "face_up", "empty_waste")
              if getattr(args, name)]
    if args.preset != "standard":
        given.append("--preset")
    if given:
        raise UsageError(f"--link brings its own deal, rules and moves: drop {', '.join(given)}")
    return decode_link(args.link)


def board_text(board: Description, catalog: Catalog | None = None) -> str:
    """The peaks, waste and stock (``Game.describe()``) as a picture: ``##`` face
    down, ``..`` gone; each card midway between the two covering it, 4 columns a card."""
    lines = []
    for row in board["peaks"]:
        line = ""
        for place in row:
            cell = ".." if place["removed"] else place["code"] or "##"
            line = line.ljust(TEXT_COLUMNS[place["slot"]]) + cell
        lines.append(line)
    lines.append((catalog or words()).text("cli-board-waste-stock",
                                           card=board["waste"]["code"] or "--",
                                           count=board["stock"]))
    return "\n".join(lines)


def _text_columns() -> tuple[int, ...]:
    """Where each position starts on a line of :func:`board_text`: a base-row card
    every 4 columns, every other card midway between the two covering it."""
    columns = [0] * PEAK_CARDS
    for p in reversed(range(PEAK_CARDS)):
        below = COVERED_BY[p]
        columns[p] = 4 * (p - ROW_STARTS[3]) if not below else sum(columns[q] for q in below) // 2
    return tuple(columns)


TEXT_COLUMNS = _text_columns()


def board_words(board: Description, catalog: Catalog | None = None) -> str:
    """The board (``Game.describe()``) in words, row by row, as a screen reader
    would want it: the cards still on the table, then a row with none says so."""
    catalog = catalog or words()
    empty = catalog.text("cli-empty")
    rows = [", ".join(card_words(p["code"], catalog) for p in row if not p["removed"]) or empty
            for row in board["peaks"]]
    waste = board["waste"]["code"]
    return catalog.text(
        "cli-board-words", stock=catalog.text("cli-stock-cards", count=board["stock"]),
        waste=empty if waste is None else card_words(waste, catalog),
        row1=rows[0], row2=rows[1], row3=rows[2], row4=rows[3])


def status_text(game: Game, catalog: Catalog | None = None) -> str:
    """The status line: score, streak, moves and cards left, and the end when it came."""
    catalog = catalog or words()
    figures = {"streak": game.streak, "moves": game.moves, "cards_left": game.cards_left}
    if game.score is not None:
        line = catalog.text("cli-status", score=game.score, **figures)
    else:
        line = catalog.text("cli-status-no-score", **figures)
    if game.won:
        line += "  " + catalog.text("cli-status-won")
    elif game.stuck:
        line += "  " + catalog.text("cli-status-stuck")
    return line


def cmd_play(args: argparse.Namespace, stdin: TextIO | None = None) -> int:
    game = game_from(args, required=False)
    solvers = SolverCache()  # one table for every hint of the game
    source = stdin or sys.stdin
    catalog = words()
    print(catalog.text("cli-play-start", code=game.deal_code) if game.deal_code
          else catalog.text("cli-play-start-custom"))
    while True:
        print()
        print(board_text(game.describe(), catalog))
        print(status_text(game, catalog))
        if game.over:
            print(catalog.text("cli-won" if game.won else "cli-stuck"))
            if not game.can_undo:
                return 0
        print("> ", end="", flush=True)
        line = source.readline()
        if not line:
            print()
            return 0
        command = line.strip().lower()
        try:
            if command in ("q", "quit"):
                return 0
            if command == "u":
                game.undo()
            elif command == "r":
                game.redo()
            elif command == "h":
                print(hint_text(game, solvers))
            elif command == "b":
                print(f"  {board_words(game.describe(), catalog)}")
            elif command in ("d", ""):
                game.draw()
            else:
                game.apply(parse_actions(game.cards, command)[0] if command else DRAW)
            for event in game.events:
                if event["kind"] != "undo":
                    print(f"  {event_text(event, catalog)}")
        except ValueError as error:
            print(f"  {refusal_text(error, catalog)}")


def hint_text(game: Game, solvers: SolverCache | None = None) -> str:
    """The hint for ``game``, worded for the terminal."""
    return "  " + hint_words(hint(game, cache=solvers))


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="python -m tripeaks", description="TriPeaks solitaire.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)

    deal = sub.add_parser("deal", help="print a deal as 52 card codes")
    deal.add_argument("deal", nargs="?", help="a deal number or a deal code (TP1-...)")
    deal.add_argument("--daily", metavar="YYYY-MM-DD", help="the daily deal of a date")
    add_rule_options(deal)
    deal.set_defaults(func=cmd_deal)

    replay = sub.add_parser("replay", help="replay moves on a deal and report the result")
    add_deal_argument(replay)
    replay.add_argument("--moves", default="", help="moves: card codes, D, U (undo), R (redo)")
    replay.add_argument("--link", metavar="URL",
                        help="a replay link (#replay=...): its deal, rules and every move")
    replay.add_argument("--json", action="store_true", help="print one JSON object")
    add_rule_options(replay)
    replay.set_defaults(func=cmd_replay)

    play = sub.add_parser("play", help="play a game in the terminal")
    add_deal_argument(play)
    add_rule_options(play)
    play.set_defaults(func=cmd_play)

    register_solver_commands(sub)
    register_coach_commands(sub)
    return parser


MESSAGE_LIMIT = 300
"""Longest error message printed: longer ones (echoing a huge argument) lose their middle."""


def one_line(message: str) -> str:
    """A message safe for a terminal: control and format characters (escape
    sequences, newlines, bidirectional overrides) shown escaped, and not endless.
    Spaces of every width stay spaces (French puts a no-break one before a colon)."""
    text = "".join(ch if ch.isprintable() or unicodedata.category(ch) == "Zs"
                   else ch.encode("unicode_escape").decode("ascii") for ch in message)
    if len(text) > MESSAGE_LIMIT:
        half = MESSAGE_LIMIT // 2
        text = f"{text[:half]}...{text[-half:]}"
    return text


PIPE_CLOSED_EXIT = 128 + 13
"""What a shell reports for a tool stopped by SIGPIPE (``yes | head -1``)."""


def _drop_stdout() -> None:
    """Point stdout at /dev/null, so that nothing more (not even the flush at
    exit) writes to a pipe the reader has closed."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        status = int(args.func(args))
        sys.stdout.flush()  # a closed pipe is found here, not in the flush at exit
        return status
    except BrokenPipeError:  # the reader stopped (``| head``): end quietly, as Unix tools do
        _drop_stdout()
        return PIPE_CLOSED_EXIT
    except ValueError as error:
        print(f"tripeaks: {one_line(refusal_text(error))}", file=sys.stderr)
        return USAGE_EXIT
    except KeyboardInterrupt:
        return 130
