"""The commands that coach a player: ``advise`` (draw or deal again?), ``daily`` (the day's goals).

Registered by :func:`register` from :mod:`tripeaks.cli`. Bad input (an unknown
preset, a date that is no date or out of range, a position that does not
parse or replay) raises ``ValueError``: the command line prints one line and
exits with status 2.
"""

from __future__ import annotations

import argparse
import json

from .advice import advise
from .cli_common import (
    Parser,
    add_deal_argument,
    add_rule_options,
    apply_moves,
    game_from,
    rules_from,
)
from .goals import daily_goals

__all__ = ["register", "cmd_advise", "cmd_daily"]


def cmd_advise(args: argparse.Namespace) -> int:
    game = apply_moves(game_from(args), args.moves)
    found = advise(game)
    if args.json:
        print(json.dumps(found.to_json()))
    else:
        advice = found.advice.replace("-", " ")
        print(f"{advice}: playing on is worth ${found.play_on:.2f} still to come "
              f"(dealing again: $0), over {found.worlds} deals of the unseen cards")
    return 0


def cmd_daily(args: argparse.Namespace) -> int:
    found = daily_goals(args.date, rules_from(args))
    if args.json:
        print(json.dumps(found))
        return 0
    level = found["difficulty"]
    print(f"{found['date']}: {found['deal_code']} ({level['class']})")
    for goal in found["goals"]:
        print(f"  {goal['medal']}: {goal['kind']} {goal['target']}")
    return 0


def register(sub: argparse._SubParsersAction[Parser]) -> None:
    """Add ``advise`` and ``daily`` to the command line's subcommands."""
    advice = sub.add_parser("advise", help="money game: draw and play on, or deal again?")
    add_deal_argument(advice)
    advice.add_argument("--moves", default="", help="moves so far: card codes, D (draw)")
    advice.add_argument("--json", action="store_true", help="print one JSON object")
    add_rule_options(advice)
    advice.set_defaults(func=cmd_advise)

    daily = sub.add_parser("daily", help="the daily deal of a date and its three goals")
    daily.add_argument("date", help="YYYY-MM-DD")
    daily.add_argument("--json", action="store_true", help="print one JSON object")
    add_rule_options(daily)
    daily.set_defaults(func=cmd_daily)
