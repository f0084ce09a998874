"""The game plugs by name (``--game``): each a folder of ``check/`` holding a ``plug.GamePlug``.

A plug is imported only when its game is asked for; a game whose folder is
not there (yet) is simply not offered. What the command line's parser needs
of every game (its title and flags) is each folder's light ``flags`` module
(``plug_flags``), so that ``--help`` or one game's check imports no other
game's checker.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from perfectplay.check.errors import CheckUsageError
from perfectplay.check.plug import GamePlug, PlugOption

PLUGS: dict[str, tuple[str, str]] = {
    "tictactoe": ("perfectplay.check.tictactoe.plug", "TicTacToePlug"),
    "connect4": ("perfectplay.check.connect4.plug", "Connect4Plug"),
    "nim": ("perfectplay.check.nim.plug", "NimPlug"),
    "nim:misere": ("perfectplay.check.nim.plug", "NimMiserePlug"),
}
"""Each game's plug: (module, class), tic-tac-toe (the default game) first."""


def plug_flags(game: str) -> tuple[str, tuple[PlugOption, ...]]:
    """The title and flags (``PlugOption``) of ``game``'s plug, read from its folder's ``flags`` module alone."""
    if game not in plug_games():  # the installed ones, all in PLUGS
        raise CheckUsageError(f"--game {game!r}: one of {', '.join(plug_games())}")
    flags = importlib.import_module(PLUGS[game][0].rpartition(".")[0] + ".flags")
    options: tuple[PlugOption, ...] = flags.OPTIONS
    return str(flags.TITLE), options


def plug_games() -> tuple[str, ...]:
    """The games whose plug is installed, in the registry's order."""
    return tuple(name for name, (module, _) in PLUGS.items() if _installed(module))


def _installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:  # its folder is not there
        return False


def plug_for(game: str, **options: Any) -> GamePlug[Any, Any]:
    """A new plug for ``game`` (``options``: its own, e.g. Connect Four's ``positions``); a usage error if none."""
    if game not in plug_games():  # the installed ones, all in PLUGS
        raise CheckUsageError(f"--game {game!r}: one of {', '.join(plug_games())}")
    module, name = PLUGS[game]
    plug: GamePlug[Any, Any] = getattr(importlib.import_module(module), name)(**options)
    return plug
