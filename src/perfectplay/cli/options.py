"""Arguments several commands share, and the parser that reports errors in one line.

Every numeric option has a range, checked here and said in its help: a
value outside it (a 30-digit number, ``nan``, ``inf``, a negative count) is
a usage error, one line and exit status 2, before any work starts. So is an
empty path (``--output ''``), which would otherwise mean the current folder.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    from perfectplay import Game

# The engine is imported inside the functions below, not here: ``perfectplay.cli`` imports this
# module for ``Parser`` alone, and a command pays for the games and searches only when it runs.

DEFAULT_SPEC = "mnk"
"""The ``--game`` when none is named (the engine's ``DEFAULT_SPEC``; a test holds the two equal)."""

TEXTBOOK = "textbook"
"""The ``--game`` of an abstract textbook tree (``tree`` and ``quiz`` only)."""


class Formatter(argparse.HelpFormatter):
    """argparse's help layout, told the terminal's width without ``shutil`` (and the bz2 and lzma it brings).

    argparse makes a formatter for every ``add_argument``; the default one
    imports ``shutil`` to ask the width, a cost every command paid at start.
    """

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None):
        super().__init__(prog, indent_increment, max_help_position, terminal_columns() - 2 if width is None else width)


def terminal_columns() -> int:
    """The width ``shutil.get_terminal_size`` would say: ``$COLUMNS``, else the terminal's, else 80."""
    import os

    try:
        columns = int(os.environ.get("COLUMNS", ""))
    except ValueError:
        columns = 0
    if columns > 0:
        return columns
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns or 80  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):
        return 80


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors are one line on stderr and exit 2."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"{self.prog}: error: {message} (see --help)\n")
        sys.exit(2)


GAME_FILE = re.compile(r"(?P<path>.+\.py)(?::(?P<params>.*))?", re.DOTALL)
"""``--game FILE.py`` or ``--game FILE.py:PARAMS``: a game of your own, in a file that registers it."""


MAX_SECONDS = 1_000_000.0
"""The longest time limit an option takes: about 11 days, far beyond any search a person waits for."""

MAX_SEED = 2**63 - 1
"""The largest ``--seed``: any 64-bit signed seed a script may pass."""

MAX_DIGITS = 30
"""A number with more digits than this (leading zeros aside) is out of every range without being read."""

MAX_DEPTH = 60
"""The deepest ``--depth``: deeper than any game a depth-limited search is used on."""

MAX_SEARCH_NODES = 10_000_000_000
"""The largest ``--max-search-nodes``: hours of a traced search, far past a drawing anyone reads."""


def whole(lowest: int, what: str, highest: int) -> Callable[[str], int]:
    """An argument type: a whole number from ``lowest`` to ``highest``, else a one-line usage error."""

    def parse(text: str) -> int:
        body = text.strip()
        digits = body[1:] if body[:1] in ("-", "+") else body
        if not (digits.isascii() and digits.isdigit()):
            raise argparse.ArgumentTypeError(f"{what} must be a whole number, not {text[:20]!r}")
        if len(digits.lstrip("0")) > MAX_DIGITS:
            side = "at least" if body.startswith("-") else "at most"
            bound = lowest if body.startswith("-") else highest
            raise argparse.ArgumentTypeError(f"{what} must be {side} {bound:,}, not a {len(digits)}-digit number")
        value = int(body)
        if value < lowest:
            raise argparse.ArgumentTypeError(f"{what} must be {lowest} or more, not {value}")
        if value > highest:
            raise argparse.ArgumentTypeError(f"{what} must be at most {highest:,}, not {value:,}")
        return value

    return parse


def add_whole(options: argparse._ActionsContainer, flag: str, lowest: int, highest: int, **settings: Any) -> None:
    """Add ``flag N``, a whole number from ``lowest`` to ``highest`` (``whole``, its errors naming ``flag``)."""
    options.add_argument(flag, type=whole(lowest, flag, highest), **settings)


def duration(what: str, highest: float = MAX_SECONDS) -> Callable[[str], float]:
    """An argument type: a number of seconds above 0 and at most ``highest`` (no ``nan``, no ``inf``)."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = -1.0
        if not 0 < value <= highest:
            raise argparse.ArgumentTypeError(
                f"{what}: seconds must be a positive number, at most {highest:,.0f}, not {text[:20]!r}"
            )
        return value

    return parse


seconds = duration("--time-limit")
"""``--time-limit S`` of a search: above 0, at most ``MAX_SECONDS``."""

seed = whole(0, "--seed", MAX_SEED)
"""``--seed N``: repeats the random choices; from 0 to ``MAX_SEED``."""


def path(what: str) -> Callable[[str], str]:
    """An argument type: a path, not empty (``''`` would silently mean the current folder) and without NUL."""

    def parse(text: str) -> str:
        if not text.strip():
            raise argparse.ArgumentTypeError(f"{what} needs a path, not an empty one")
        if "\0" in text:
            raise argparse.ArgumentTypeError(f"{what}: a path cannot hold a NUL character")
        return text

    return parse


def add_path_option(parser: argparse.ArgumentParser, flag: str, help: str, metavar: str = "FILE") -> None:
    """``flag FILE``: a path (``path``: never empty), its usage errors naming ``flag``."""
    parser.add_argument(flag, type=path(flag), metavar=metavar, help=help)


def game_help() -> str:
    from perfectplay.games import KINDS

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
    from perfectplay import PerfectplayError, load_game_file

    path, params = found["path"], found["params"]
    try:
        kinds = load_game_file(path)
    except PerfectplayError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    if len(kinds) != 1:
        names = ", ".join(kind.name for kind in kinds)
        raise argparse.ArgumentTypeError(f"{path} registers {len(kinds)} games ({names}): register one per file")
    return kinds[0].name if params is None else f"{kinds[0].name}:{params}"


def add_game_option(parser: argparse.ArgumentParser, default: str = DEFAULT_SPEC, *, textbook: bool = False) -> None:
    extra = f"; {TEXTBOOK}: an abstract tree with leaf values given as POSITION" if textbook else ""
    parser.add_argument("--game", default=default, type=game_option, metavar="SPEC", help=game_help() + extra)


TREE_FILE_BYTES = 64_000
"""Largest file ``--from`` reads: a textbook tree is at most a few thousand characters."""


def add_position_arguments(parser: argparse.ArgumentParser, *, textbook: bool = False) -> None:
    tree = (
        "; with --game textbook, a tree of leaf values such as '3 12 8 | 2 4 6 | 14 5 2' or '(A (B 3 12 8) (C 2 4 6))'"
        if textbook
        else ""
    )
    parser.add_argument(
        "position",
        metavar="POSITION",
        nargs="?" if textbook else None,
        help="the position in the game's notation: rows separated by '/' with X, O and . for a board "
        "(e.g. XOX/OO./.X.), the columns played for connect4 (e.g. 4455), heap sizes for nim (e.g. 3,4,5)" + tree,
    )
    if textbook:
        parser.add_argument(
            "--from",
            dest="from_file",
            metavar="FILE",
            help="read a textbook tree a teacher typed from FILE, - for standard input (either notation; "
            "implies --game textbook)",
        )
    parser.add_argument("--to-move", metavar="X|O", help="the side to move (default: the game's rule)")
    add_game_option(parser, textbook=textbook)


def read_position(args: argparse.Namespace) -> tuple[Game[Any], Any]:
    """The game and position the arguments name; ``--game textbook`` reads a textbook tree."""
    from perfectplay import DEFAULT_SPEC, PerfectplayError

    from_file = getattr(args, "from_file", None)
    if from_file is not None:
        if args.position is not None:
            raise PerfectplayError("give the tree either as POSITION or with --from FILE, not both")
        if args.game.strip().lower() not in (TEXTBOOK, DEFAULT_SPEC):
            raise PerfectplayError(f"--from reads a textbook tree; leave out --game {args.game}")
        args.position, args.game = read_tree_file(from_file), TEXTBOOK
    if args.position is None:
        raise PerfectplayError("give a POSITION (or, for a textbook tree, --from FILE)")
    if args.game.strip().lower() == TEXTBOOK:
        from perfectplay.teaching import TextbookTree

        tree = TextbookTree.parse_text(args.position)
        return tree, tree.initial_state()
    from perfectplay import parse_player, parse_position

    to_move = None if args.to_move is None else parse_player(args.to_move)
    return parse_position(args.position, args.game, to_move=to_move)


def read_tree_file(path: str) -> str:
    """The text of a tree file (``-``: standard input), or a ``PerfectplayError`` naming the file and what is wrong.

    A regular file only, read without blocking (a FIFO or a device is refused at once), at most
    ``TREE_FILE_BYTES`` bytes counted as they are read (``perfectplay.files``).
    """
    from perfectplay import files

    return files.read_text(path, limit=TREE_FILE_BYTES, option="--from", stdin=True)


def read_game(args: argparse.Namespace) -> Game[Any]:
    """The game named by ``--game`` (an m,n,k spec without a size is tic-tac-toe)."""
    from perfectplay import make_game

    return make_game(args.game)


def add_time_limit_option(parser: argparse.ArgumentParser, default: float) -> None:
    parser.add_argument(
        "--time-limit",
        type=seconds,
        default=default,
        metavar="S",
        help=f"seconds the computer may think per move on boards it cannot solve at once (default {default:g}; "
        f"above 0, at most {MAX_SECONDS:,.0f})",
    )


def add_depth_options(parser: argparse.ArgumentParser, what: str = "the search") -> None:
    """``--depth D`` and ``--eval NAME``: the course labs' depth-limited search with an evaluation function."""
    add_whole(
        parser,
        "--depth",
        1,
        MAX_DEPTH,
        metavar="D",
        help=f"limit {what} to D plies (1 to {MAX_DEPTH}): the root's moves are ply 1, positions D plies down are "
        "valued by --eval unless the game ended sooner",
    )
    parser.add_argument(
        "--eval",
        metavar="NAME",
        help="the evaluation at the depth limit: none, open-lines (default on games of lines), threats, "
        "engine, or your own as module:function (a .py file or a module; it gets (game, state) and "
        "returns an int for the side to move)",
    )


def add_search_cap(parser: argparse.ArgumentParser, default: int) -> None:
    """``--max-search-nodes N``: a search that needs more stops with one line."""
    add_whole(
        parser,
        "--max-search-nodes",
        1,
        MAX_SEARCH_NODES,
        default=default,
        metavar="N",
        help=f"stop with an error if a search needs more than N nodes (default {default:,}; 1 to {MAX_SEARCH_NODES:,})",
    )


def add_root_window_option(parser: argparse.ArgumentParser) -> None:
    """``--root-window first|best|all``: alpha-beta's window at the top node, the textbook one by default."""
    from perfectplay.words import DEFAULT_ROOT_WINDOW, ROOT_WINDOWS

    parser.add_argument(
        "--root-window",
        choices=tuple(ROOT_WINDOWS),
        default=DEFAULT_ROOT_WINDOW,
        help="; ".join(f"{name}: {meaning}" for name, meaning in ROOT_WINDOWS.items()).replace("%", "%%"),
    )
