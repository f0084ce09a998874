"""The ``perfectplay`` command: a thin front end over the public API.

Each command lives in its own module, imported only when that command runs:
``perfectplay best`` loads the solver and nothing else (no web stack, no
``rich``, no drawing code), so a one-shot question costs little more than
the interpreter's own start. The other commands appear in ``--help`` from
the table below without being imported.

Errors from the library become one line on stderr and exit status 2; a
failure to write the output (a full disk, ``> /dev/full``) is one line and
status 1; a reader that stops early (``| head``) ends the command quietly.
No traceback ever reaches the user.
"""

from __future__ import annotations

import argparse
import errno
import importlib
import os
import sys
from collections.abc import Sequence

from perfectplay import PerfectplayError
from perfectplay.cli.options import Parser

COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("play", "play against the computer in the terminal"),
    "analyze": ("analyze", "score every move of a position (win in N, draw, loss in N)"),
    "best": ("analyze", "print a best move of a position"),
    "solve": ("solve", "solve a game from its start (win, draw or loss with perfect play)"),
    "match": ("match", "let two computer players play each other and count wins, draws and losses"),
    "tree": ("tree", "draw the search tree minimax or alpha-beta explored (SVG, DOT or JSON)"),
    "orders": ("orders", "alpha-beta's node counts under every move order, side by side"),
    "quiz": ("quiz", "which nodes does alpha-beta prune? A quiz on a textbook tree"),
    "serve": ("serve", "play in the browser: serve the web app and its JSON API"),
    "check": ("check", "check a tic-tac-toe AI against perfect play: where it loses, misplays or breaks"),
    "grader": ("grader", "make a grader's autograder (Gradescope, PrairieLearn, Classroom 50, CodeRunner, Autolab)"),
    "dataset": ("dataset", "write every reachable position of a small game, solved, as JSON lines or CSV"),
    "book": ("book", "prove a Connect Four opening book: a move that keeps the value in every early position"),
}
"""Every command: the module in ``perfectplay.cli`` that runs it, and its one-line summary."""


def wanted_command(argv: Sequence[str]) -> str | None:
    """The command named on the command line (the first word that is not an option), if any."""
    for word in argv:
        if not word.startswith("-"):
            return word if word in COMMANDS else None
    return None


def build_parser(argv: Sequence[str] | None = None) -> Parser:
    """The parser; only the command that ``argv`` names is fully configured (all of them without ``argv``)."""
    parser = Parser(
        prog="perfectplay",
        description="Unbeatable tic-tac-toe and the minimax engine behind it.",
    )
    parser.add_argument("--version", action=VersionAction, help="show the version and which solver core is in use")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    wanted = None if argv is None else wanted_command(argv)
    for name, (module, summary) in COMMANDS.items():
        sub = commands.add_parser(name, help=summary, description=summary[:1].upper() + summary[1:] + ".")
        if argv is None or name == wanted:
            importlib.import_module(f"perfectplay.cli.{module}").configure(sub, name)
    return parser


class VersionAction(argparse.Action):
    """``--version``: the package's version and the solver core in use, found only when asked."""

    def __init__(self, option_strings: Sequence[str], dest: str, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        from importlib.metadata import PackageNotFoundError, version

        from perfectplay.search.solver import solver_core

        try:
            number = version("perfectplay")
        except PackageNotFoundError:
            number = "(not installed)"
        sys.stdout.write(f"perfectplay {number}\nsolver core: {solver_core()}\n")
        parser.exit()


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; return its exit status."""
    words = sys.argv[1:] if argv is None else list(argv)
    args = build_parser(words).parse_args(words)
    try:
        status: int = args.run(args)
        try:
            sys.stdout.flush()
        except OSError as error:
            if isinstance(error, BrokenPipeError):
                raise
            raise OutputError(error) from None
    except PerfectplayError as error:
        sys.stderr.write(f"perfectplay {args.command}: error: {error}\n")
        return 2
    except KeyboardInterrupt:
        sys.stderr.write("\nInterrupted.\n")
        return 130
    except BrokenPipeError:
        # The reader has all it wanted (``| head``): stop quietly.
        _discard_stdout()
        return 0
    except OSError as error:
        cause = error.error if isinstance(error, OutputError) else error
        where = "cannot write the output: " if isinstance(error, OutputError) or cause.errno in OUTPUT_ERRORS else ""
        _discard_stdout()
        sys.stderr.write(f"perfectplay {args.command}: error: {where}{cause.strerror or cause}\n")
        return 1
    return status


OUTPUT_ERRORS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO})
"""What a failed write to standard output raises (commands turn their own file errors into messages)."""


class OutputError(OSError):
    """Standard output could not take the command's answer."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error.errno, error.strerror)
        self.error = error


def _discard_stdout() -> None:
    """Point standard output at the null device, so the interpreter's last flush cannot fail again."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError):
        pass
