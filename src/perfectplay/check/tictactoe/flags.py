"""Tic-tac-toe's title and flags: all the command line's parser needs of it.

Kept apart from the plug (``plug.py``) so that building ``perfectplay check``'s
parser, its ``--help`` or another game's check, imports none of tic-tac-toe's
checker: the registry (``check/plugs.py``, ``plug_flags``) reads this module alone.
"""

from __future__ import annotations

from perfectplay.check.judge.interface import BOARDS
from perfectplay.check.plug import PlugOption

TITLE = "tic-tac-toe"

OPTIONS = (
    PlugOption("--function", "function", "the function that returns a move"),
    PlugOption(
        "--board", "board", "a flat list of 9 cells, a list of 3 lists, a string of 9 or a dict of squares 1-9", BOARDS
    ),
    PlugOption("--empty", "empty", "what an empty cell holds"),
    PlugOption("--returns", "returns", "a cell index 0-8, or (row, col)", ("index", "pair")),
    PlugOption("--plays", "plays", "the side(s) it plays", interface=False),
)
"""Tic-tac-toe's interface overrides (``--function``...) and its own setting (``--plays``)."""
TICTACTOE_OPTIONS = OPTIONS
"""The door's name for them (``perfectplay.check``)."""
