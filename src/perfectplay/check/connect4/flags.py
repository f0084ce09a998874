"""Connect Four's title, flags and the figures its flags show: all the command line's parser needs of it.

Kept apart from the plug (``plug.py``) so that building ``perfectplay check``'s
parser, its ``--help`` or another game's check, imports none of Connect
Four's checker (its solver, opponents and reports): the registry
(``check/plugs.py``, ``plug_flags``) reads this module alone.
"""

from __future__ import annotations

from typing import Any

from perfectplay.check.plug import PlugOption

TITLE = "Connect Four"

PIECES: dict[str, tuple[Any, Any, Any]] = {
    "012": (0, 1, 2),
    "space": (" ", "X", "O"),
    "dot": (".", "X", "O"),
    "dash": ("-", "X", "O"),
    "1-1": (0, 1, -1),
    "ry": (" ", "R", "Y"),
}
"""The board values tried, by name (``--pieces``): empty, the first player's, the second player's."""

DEFAULT_POSITIONS = 200
"""Positions asked by default: every phase in its share, about 20 s of a 0.1 s agent's time on two cores, and
about 10 s of the checker's to generate and solve them."""

OPTIONS = (
    PlugOption("--function", "function", "the agent's function (default: recognised by its name)"),
    PlugOption(
        "--interface",
        "style",
        "agent(observation, configuration) as Kaggle's ConnectX; a board function; PettingZoo's observation",
        ("connectx", "board", "pettingzoo"),
    ),
    PlugOption("--board-type", "shape", "a board function's board: lists, or an array", ("list", "numpy")),
    PlugOption("--rows", "rows", "a board function's row 0: at the top or the bottom", ("top", "bottom")),
    PlugOption("--pieces", "pieces", "a board's values: 012, space, dot, dash, 1-1 or ry", tuple(PIECES)),
)
"""Connect Four's interface overrides (``--function``, ``--interface``...)."""

MAX_POSITIONS = 2_000
"""The most positions one check asks (``--positions``): about two minutes of the solver's time."""
LAB_PACKAGES = ("numpy",)
"""The installed packages a Connect Four agent may import by default (read-only)."""
CONNECT4_POSITIONS = DEFAULT_POSITIONS
CONNECT4_MAX_POSITIONS = MAX_POSITIONS
CONNECT4_ALLOWED = LAB_PACKAGES
"""The door's names for them (``perfectplay.check``)."""
