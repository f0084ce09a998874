"""The ``perfectplay`` command: a thin front end over the public API.

Each subcommand lives in its own module with a ``register`` function. Errors
from the library become one line on stderr and exit status 2; no traceback
ever reaches the user.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from perfectplay.cli import analyze, check, match, play, serve, solve, tree
from perfectplay.cli.options import Parser
from perfectplay.errors import PerfectplayError

COMMANDS = (play, analyze, solve, match, tree, serve, check)


def build_parser() -> Parser:
    parser = Parser(
        prog="perfectplay",
        description="Unbeatable tic-tac-toe and the minimax engine behind it.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for command in COMMANDS:
        command.register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; return its exit status."""
    args = build_parser().parse_args(argv)
    try:
        status: int = args.run(args)
    except PerfectplayError as error:
        sys.stderr.write(f"perfectplay {args.command}: error: {error}\n")
        return 2
    except KeyboardInterrupt:
        sys.stderr.write("\nInterrupted.\n")
        return 130
    except BrokenPipeError:
        return 0
    return status
