"""The ``perfectplay`` command: a thin front end over the public API.

Each command lives in its own module, imported only when that command runs:
``perfectplay best`` loads the solver and nothing else (no web stack, no
``rich``, no drawing code), so a one-shot question costs little more than
the interpreter's own start. The other commands appear in ``--help`` from
the table below without being imported.

Errors from the library become one line on stderr and exit status 2; what
a command writes goes through ``output``: a failure to write the output (a
full disk, ``> /dev/full``, a closed ``>&-``) is one line and status 1; a
reader that stops early (``| head``) ends the command quietly. No
traceback ever reaches the user.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import NoReturn

from perfectplay import PerfectplayError
from perfectplay.cli import output
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
    "exercise": ("exercise", "write a printable alpha-beta exercise and its answer key (LaTeX) from a seed"),
    "mcts": ("mcts", "Monte Carlo tree search held against the exact value: does it find the best move?"),
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
    """The parser; only the command that ``argv`` names is made and configured (all of them without ``argv``).

    When ``argv`` names a command, the others are left out: their parsers
    would only be built to be ignored (each one costs argparse's message
    look-ups). Without a command (``--help``, a misspelt one) every command
    is listed, none configured.
    """
    parser = Parser(
        prog="perfectplay",
        description="Unbeatable tic-tac-toe and the minimax engine behind it.",
    )
    parser.add_argument("--version", action=VersionAction, help="show the version and which solver core is in use")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    wanted = None if argv is None else wanted_command(argv)
    for name, (module, summary) in COMMANDS.items():
        if wanted is not None and name != wanted:
            continue
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
        from perfectplay import __version__  # the one place the version is written (the wheel reads it too)
        from perfectplay.search.solver import solver_core

        sys.stdout.write(f"perfectplay {__version__}\nsolver core: {solver_core()}\n")
        parser.exit()


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; return its exit status (argparse's ``SystemExit`` passes through for usage and --help)."""
    words = sys.argv[1:] if argv is None else list(argv)
    command = wanted_command(words)
    prefix = "perfectplay" if command is None else f"perfectplay {command}"
    with output.guarded_streams():
        ran = False
        try:
            try:
                args = build_parser(words).parse_args(words)
            except SystemExit:
                output.finish_output()  # --help and --version print: a full or closed output is still an error
                raise
            ran = True
            status: int = args.run(args)
            output.finish_output()
        except PerfectplayError as error:
            _quietly_finish()
            sys.stderr.write(f"{prefix}: error: {_one_line(str(error))}\n")
            return 2
        except KeyboardInterrupt:
            _quietly_finish()
            sys.stderr.write("\nInterrupted.\n")
            return 130
        except output.OutputGone:
            # The reader has all it wanted (``| head``): stop quietly.
            output.abandon_output()
            return 0
        except output.StreamError as error:
            output.abandon_output()
            sys.stderr.write(f"{prefix}: error: {error}\n")
            return REPORT_LOST.get(command or "", output.OUTPUT_FAILED) if ran else output.OUTPUT_FAILED
        except OSError as error:
            # A file a command reads or writes that it did not turn into a message of its own.
            _quietly_finish()
            where = f"{error.filename}: " if isinstance(error.filename, str) else ""
            sys.stderr.write(f"{prefix}: error: {where}{error.strerror or error}\n")
            return 1
    return status


REPORT_LOST = {"check": 3}
"""Exit status, by command, when what it ran was done but its answer could not be written (a full disk, a closed
output), where ``OUTPUT_FAILED`` (1) means something else: a check's 1 is "findings", so a report lost is the
machine's failure (3, as when the machine fails the check itself) and a grader takes no points for it."""


def _one_line(message: str) -> str:
    """A usage error on one line, its control and bidi characters written out: it may quote what a student named
    (a class folder's student folder, a file), and a terminal must not act on that."""
    from perfectplay.check import escape_controls  # only when an error is said: no start-up cost

    return escape_controls(message)


QUICK_EXIT = frozenset({"best"})
"""Commands that leave nothing to clean up (no child process, no temporary file, no server): run as a program,
they end without the interpreter's teardown of every module, a fifth of a one-shot answer's time."""


def run() -> NoReturn:
    """The ``perfectplay`` program (and ``python -m perfectplay``): ``main`` on the command line, then exit.

    A command in ``QUICK_EXIT`` has written and flushed everything by the
    time ``main`` returns, so the process ends at once (``os._exit``); every
    other command ends as usual, its clean-ups and ``atexit`` handlers run.
    """
    words = sys.argv[1:]
    status = main(words)
    if wanted_command(words) in QUICK_EXIT:
        import os

        for stream in (sys.stdout, sys.stderr):
            try:
                if stream is not None:
                    stream.flush()
            except (OSError, ValueError):  # a closed or full stream: main has said so already
                pass
        os._exit(status)
    sys.exit(status)


def _quietly_finish() -> None:
    """Flush what the command printed before it failed; its own error is the one to report."""
    try:
        output.finish_output()
    except (output.OutputGone, output.StreamError):
        output.abandon_output()
