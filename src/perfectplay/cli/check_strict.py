"""Options of ``perfectplay check`` that do not apply, refused in one line before anything runs (issue 43).

A flag that is silently ignored hides a mistake: ``--rows bottom`` on a
tic-tac-toe check reads as if it did something, and ``--allow-package
nunpy`` lets a class be graded without the package the teacher meant.
A plug game's check refuses tic-tac-toe's flags itself (``check_game``);
this module refuses another game's flags, and packages that are not
installed here. Every game's flags come from its plug, through the
checker's door.
"""

from __future__ import annotations

import argparse

from perfectplay.check import (
    CONNECT4_ALLOWED,
    CONNECT4_POSITIONS,
    CheckUsageError,
    package_folders,
    plug_flags,
    plug_games,
)

CONNECT4_ONLY = (("--no-games", "no_games"),)
"""Connect Four's own flags beside its plug's interface overrides (``check_game.add_options``)."""


def _given(args: argparse.Namespace, name: str) -> bool:
    return getattr(args, name, None) not in (None, False, [])


def refuse_inapplicable(args: argparse.Namespace) -> None:
    """Raise ``CheckUsageError`` for the first flag that does not apply to this check, or names nothing."""
    game = getattr(args, "game", "tictactoe")
    for flag in ("--secret", "--student"):
        if getattr(args, "replay", None) is not None and _given(args, flag.lstrip("-")):
            # Which seed a check draws with is chosen where it asks (``check_game.student_seeds``); a replay asks none.
            raise CheckUsageError(f"{flag} draws a check's seed: --replay judges a saved transcript and draws nothing")
    own = {option.flag for option in plug_flags(game)[1]}
    for other in plug_games():
        if other == game:
            continue
        title, options = plug_flags(other)  # its flags alone: another game's checker is never imported
        for option in options:
            if option.flag not in own and _given(args, option.flag.lstrip("-").replace("-", "_")):
                raise CheckUsageError(f"{option.flag} is for {title} checks (--game {other}), not --game {game}")
    for name in getattr(args, "allow_package", None) or []:
        # Any game's (a tic-tac-toe AI on a NumPy board too). A default that is missing is reported as not graded;
        # a name the teacher typed must exist.
        if not (game == "connect4" and name in CONNECT4_ALLOWED) and package_folders(name) is None:
            raise CheckUsageError(f"--allow-package {name}: no such package is installed here")
    if game != "connect4":
        for flag, name in CONNECT4_ONLY:
            if _given(args, name):
                raise CheckUsageError(f"{flag} is for Connect Four checks (--game connect4), not --game {game}")
        if getattr(args, "positions", CONNECT4_POSITIONS) != CONNECT4_POSITIONS:
            raise CheckUsageError(
                f"--positions is for Connect Four checks (--game connect4), not --game {game}"
                + (" (tic-tac-toe's partial check is --sample N)" if game == "tictactoe" else "")
            )
        return
