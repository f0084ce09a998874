"""Options of ``perfectplay check`` that do not apply, refused in one line before anything runs (issue 43).

A flag that is silently ignored hides a mistake: ``--rows bottom`` on a
tic-tac-toe check reads as if it did something, and ``--allow-package
nunpy`` lets a class be graded without the package the teacher meant.
The Connect Four check refuses tic-tac-toe's flags itself; this module
refuses the other direction, and packages that are not installed here.
"""

from __future__ import annotations

import argparse

from perfectplay.check.connect4_check import DEFAULT_ALLOWED, DEFAULT_POSITIONS
from perfectplay.check.errors import CheckUsageError
from perfectplay.check.run.allowed import package_folders

CONNECT4_FLAGS = (
    ("--interface", "interface"), ("--board-type", "board_type"), ("--rows", "rows"), ("--pieces", "pieces"),
    ("--no-games", "no_games"), ("--allow-package", "allow_package"),
)  # fmt: skip
"""Flags of the Connect Four check, by their attribute: given (not None, not False), they need ``--game connect4``."""


def refuse_inapplicable(args: argparse.Namespace) -> None:
    """Raise ``CheckUsageError`` for the first flag that does not apply to this check, or names nothing."""
    if getattr(args, "game", "tictactoe") != "connect4":
        for flag, name in CONNECT4_FLAGS:
            if getattr(args, name, None) not in (None, False, []):
                raise CheckUsageError(f"{flag} is for Connect Four checks (--game connect4), not tic-tac-toe")
        if getattr(args, "positions", DEFAULT_POSITIONS) != DEFAULT_POSITIONS:
            raise CheckUsageError("--positions is for Connect Four checks (--game connect4), not tic-tac-toe "
                                  "(tic-tac-toe's partial check is --sample N)")
        return
    for name in getattr(args, "allow_package", None) or []:
        if name not in DEFAULT_ALLOWED and package_folders(name) is None:
            # A default that is missing is reported as not graded; a name the teacher typed must exist.
            raise CheckUsageError(f"--allow-package {name}: no such package is installed here")
