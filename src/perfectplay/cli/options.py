"""Arguments several commands share, and the parser that reports errors in one line."""

from __future__ import annotations

import argparse
import re
import sys
from typing import Any, NoReturn

from perfectplay.errors import PerfectplayError
from perfectplay.game import Game
from perfectplay.games import DEFAULT_SPEC, KINDS, load_game_file, make_game
from perfectplay.notation import parse_player, parse_position


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors are one line on stderr and exit 2."""

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"{self.prog}: error: {message} (see --help)\n")
        sys.exit(2)


GAME_FILE = re.compile(r"(?P<path>.+\.py)(?::(?P<params>.*))?", re.DOTALL)
"""``--game FILE.py`` or ``--game FILE.py:PARAMS``: a game of your own, in a file that registers it."""


def game_help() -> str:
    kinds = "; ".join(f"{kind.name}: {kind.summary}" for kind in KINDS.values())
    return (
        f"the game, e.g. tictactoe, mnk:4,4,4, connect4, nim:misere (default: {DEFAULT_SPEC}), or your own: "
        f"FILE.py[:PARAMS], a file that calls perfectplay.games.register_game. Games: {kinds}"
    )


def game_option(text: str) -> str:
    """The ``--game`` value as a spec: a game file is loaded here and stands for the one game it registers.

    Only the command line reads files this way; the HTTP API takes specs of
    games already registered, never a path.
    """
    found = GAME_FILE.fullmatch(text)
    if found is None:
        return text
    path, params = found["path"], found["params"]
    try:
        kinds = load_game_file(path)
    except PerfectplayError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    if len(kinds) != 1:
        names = ", ".join(kind.name for kind in kinds)
        raise argparse.ArgumentTypeError(f"{path} registers {len(kinds)} games ({names}): register one per file")
    return kinds[0].name if params is None else f"{kinds[0].name}:{params}"


def add_game_option(parser: argparse.ArgumentParser, default: str = DEFAULT_SPEC) -> None:
    parser.add_argument("--game", default=default, type=game_option, metavar="SPEC", help=game_help())


def add_position_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "position",
        metavar="POSITION",
        help="the position in the game's notation: rows separated by '/' with X, O and . for a board "
        "(e.g. XOX/OO./.X.), the columns played for connect4 (e.g. 4455), heap sizes for nim (e.g. 3,4,5)",
    )
    parser.add_argument("--to-move", metavar="X|O", help="the side to move (default: the game's rule)")
    add_game_option(parser)


def read_position(args: argparse.Namespace) -> tuple[Game[Any], Any]:
    to_move = None if args.to_move is None else parse_player(args.to_move)
    return parse_position(args.position, args.game, to_move=to_move)


def read_game(args: argparse.Namespace) -> Game[Any]:
    """The game named by ``--game`` (an m,n,k spec without a size is tic-tac-toe)."""
    return make_game(args.game)


def add_time_limit_option(parser: argparse.ArgumentParser, default: float) -> None:
    parser.add_argument(
        "--time-limit",
        type=float,
        default=default,
        metavar="S",
        help=f"seconds the computer may think per move on boards it cannot solve at once (default {default:g})",
    )
