"""Nim's title and flags: all the command line's parser needs of it.

Kept apart from the plug (``plug.py``) so that building ``perfectplay check``'s
parser, its ``--help`` or another game's check, imports none of the Nim lab's
checker: the registry (``check/plugs.py``, ``plug_flags``) reads this module alone.
"""

from __future__ import annotations

from perfectplay.check.plug import PlugOption

TITLE = "Nim"

OPTIONS = (
    PlugOption("--nim-ai", "nim_ai", "check it as CS50's learning nim.py, or as a minimax player's function",
               ("learning", "player")),
    PlugOption("--function", "function", "the function that returns a move (default: recognised by its name)"),
    PlugOption("--rules", "rules", "a minimax player's rules: misere (the last object loses) or normal "
               "(--game nim:misere sets misere)", ("misere", "normal"), interface=False),
    PlugOption("--start", "start", "a minimax player's starting piles, e.g. 1,3,5,7 (a learning AI always "
               "starts from 1,3,5,7, as CS50's Nim)", interface=False),
    PlugOption("--train-games", "train_games", "games each training run's train(n) plays (default 10000)",
               interface=False),
    PlugOption("--train-seed", "train_seeds",
               "each training run's seed, e.g. 1,2,3 (default: three from the check's seed)", interface=False),
    PlugOption("--train-budget", "train_budget", "CPU seconds for one run's training and play (default 30)",
               interface=False),
    PlugOption("--pass-mark", "pass_mark", "the winning-move rate every run must reach (default 0.9)",
               interface=False),
)  # fmt: skip
"""The lab's interface overrides (``--nim-ai``, ``--function``) and its check's own settings."""
