"""Arguments several commands share, and the parser that reports errors in one line."""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn

from perfectplay.games.mnk import MNK, MNKState
from perfectplay.notation import parse_player, parse_position


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors are one line on stderr and exit 2."""

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"{self.prog}: error: {message} (see --help)\n")
        sys.exit(2)


def add_board_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("board size (default 3x3, tic-tac-toe)")
    group.add_argument("--rows", type=int, metavar="R", help="rows on the board")
    group.add_argument("--cols", type=int, metavar="C", help="columns on the board")
    group.add_argument("--k", type=int, metavar="K", help="stones in a row to win (default: the shorter side)")


def add_position_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "position",
        metavar="POSITION",
        help="the board, rows separated by '/': X, O and . (or - _ space) for empty, e.g. XOX/OO./.X.",
    )
    parser.add_argument("--to-move", metavar="X|O", help="the side to move (default: fewer stones, X on equal counts)")
    add_board_options(parser)


def read_position(args: argparse.Namespace) -> tuple[MNK, MNKState]:
    to_move = None if args.to_move is None else parse_player(args.to_move)
    return parse_position(args.position, rows=args.rows, cols=args.cols, k=args.k, to_move=to_move)


def add_time_limit_option(parser: argparse.ArgumentParser, default: float) -> None:
    parser.add_argument(
        "--time-limit",
        type=float,
        default=default,
        metavar="S",
        help=f"seconds the computer may think per move on boards it cannot solve at once (default {default:g})",
    )
