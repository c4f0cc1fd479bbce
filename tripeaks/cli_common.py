"""What every ``python -m tripeaks`` command shares: the parser, rule options, the deal named.

:mod:`tripeaks.cli` (the engine's commands) and :mod:`tripeaks.solver_cli`
(the solver's) both build on it, so neither imports the other back.
"""

from __future__ import annotations

import argparse
from typing import NoReturn

from . import deals
from .game import Game, IllegalMoveError, UndoError
from .notation import actions_text, parse_actions, parse_deal
from .rules import PRESETS, SCORING_SYSTEMS, Rules, preset_rules

__all__ = ["UsageError", "Parser", "add_rule_options", "add_deal_argument", "rules_from",
           "game_from", "apply_moves"]


class UsageError(ValueError):
    """Command-line input that names no deal, rule or move."""


class Parser(argparse.ArgumentParser):
    """An argparse parser whose errors are one line on stderr, exit status 2."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def add_rule_options(parser: argparse.ArgumentParser) -> None:
    """The options every command takes to choose rules."""
    parser.add_argument("--preset", default="standard",
                        help=f"rule set: {', '.join(PRESETS)} (default standard)")
    parser.add_argument("--scoring", choices=SCORING_SYSTEMS, help="override the scoring system")
    parser.add_argument("--no-wrap", action="store_true", help="King and Ace are not neighbours")
    parser.add_argument("--face-up", action="store_true", help="all peak cards face up")
    parser.add_argument("--empty-waste", action="store_true", help="no card turned at the start")


def add_deal_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("deal", nargs="?", help="a deal number or a deal code (TP1-...)")
    parser.add_argument("--cards", help="a custom deal: 52 card codes")


def rules_from(args: argparse.Namespace) -> Rules:
    rules = preset_rules(args.preset)
    changes: dict[str, bool | str] = {}
    if args.scoring:
        changes["scoring"] = args.scoring
    if args.no_wrap:
        changes["wrap"] = False
    if args.face_up:
        changes["face_up"] = True
    if args.empty_waste:
        changes["empty_waste"] = True
    return rules.replace(**changes)


def game_from(args: argparse.Namespace, required: bool = True) -> Game:
    """The game named by ``deal`` / ``--cards`` under the chosen rules.

    A deal code brings its own wrap, face-up and empty-waste rules.
    """
    rules = rules_from(args)
    if args.cards is not None:
        if args.deal is not None:
            raise UsageError("give either a deal number or code, or --cards, not both")
        return Game(parse_deal(args.cards), rules)
    if args.deal is None:
        if required:
            raise UsageError("name a deal: a number, a code (TP1-...) or --cards \"<52 codes>\"")
        return Game.new(0, rules)
    text = args.deal.strip()
    if text.upper().startswith("TP"):
        code = deals.decode_code(text)
        rules = rules.replace(wrap=code.wrap, face_up=code.face_up, empty_waste=code.empty_waste)
        return Game.new(code.number, rules)
    return Game.new(deals.parse_number(text), rules)


def apply_moves(game: Game, text: str) -> Game:
    """Carry out moves (and ``U``/``R``) given on the command line.

    :raises UsageError: naming the first move the game refuses, and why.
    """
    for i, action in enumerate(parse_actions(game.cards, text)):
        try:
            game.act(action)
        except (IllegalMoveError, UndoError) as error:
            label = actions_text(game.cards, [action])
            raise UsageError(f"move {i + 1} ({label}): {error}") from None
    return game
