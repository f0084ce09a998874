"""The games perfectplay plays, one file each, and the registry that finds them by name (``registry.py``).

This is the games' door. ``perfectplay`` itself gives what everyone uses
(the games, ``make_game``, ``register_game``, ``load_game_file``); this door
adds what a front end that lists games or bounds its input needs: every
registered kind (``KINDS``, ``GameKind``), the ``presets`` front ends offer,
``split_spec``, ``unregister_game``, and the input caps (``SPEC_MAX_CHARS``,
``MAX_SIDE``), and Connect Four's exact scores files read back
(``ExactScores``, ``perfectplay dataset --format scores``). Every name is
imported on first use: a command loads only its game's module.
"""

from __future__ import annotations

import typing as _typing

from perfectplay._lazy import lazy_door as _lazy_door

_HOMES: dict[str, str] = {
    "Connect4": "perfectplay.games.connect4",
    "Connect4State": "perfectplay.games.connect4",
    "DEFAULT_SPEC": "perfectplay.games.registry",
    "ExactScores": "perfectplay.games.connect4_scores",
    "GameKind": "perfectplay.games.registry",
    "KINDS": "perfectplay.games.registry",
    "MAX_SIDE": "perfectplay.games.mnk",
    "MNK": "perfectplay.games.mnk",
    "MNKState": "perfectplay.games.mnk",
    "Nim": "perfectplay.games.nim",
    "NimState": "perfectplay.games.nim",
    "SPEC_MAX_CHARS": "perfectplay.games.registry",
    "TicTacToe": "perfectplay.games.mnk",
    "load_game_file": "perfectplay.games.registry",
    "make_game": "perfectplay.games.registry",
    "presets": "perfectplay.games.registry",
    "register_game": "perfectplay.games.registry",
    "split_spec": "perfectplay.games.registry",
    "unregister_game": "perfectplay.games.registry",
}
"""Where each public name lives: the module imported when the name is first used."""

__all__ = sorted(_HOMES)

__getattr__, __dir__ = _lazy_door(__name__, _HOMES, globals())

if _typing.TYPE_CHECKING:
    from perfectplay.games.connect4 import Connect4 as Connect4
    from perfectplay.games.connect4 import Connect4State as Connect4State
    from perfectplay.games.connect4_scores import ExactScores as ExactScores
    from perfectplay.games.mnk import MAX_SIDE as MAX_SIDE
    from perfectplay.games.mnk import MNK as MNK
    from perfectplay.games.mnk import MNKState as MNKState
    from perfectplay.games.mnk import TicTacToe as TicTacToe
    from perfectplay.games.nim import Nim as Nim
    from perfectplay.games.nim import NimState as NimState
    from perfectplay.games.registry import DEFAULT_SPEC as DEFAULT_SPEC
    from perfectplay.games.registry import KINDS as KINDS
    from perfectplay.games.registry import SPEC_MAX_CHARS as SPEC_MAX_CHARS
    from perfectplay.games.registry import GameKind as GameKind
    from perfectplay.games.registry import load_game_file as load_game_file
    from perfectplay.games.registry import make_game as make_game
    from perfectplay.games.registry import presets as presets
    from perfectplay.games.registry import register_game as register_game
    from perfectplay.games.registry import split_spec as split_spec
    from perfectplay.games.registry import unregister_game as unregister_game
