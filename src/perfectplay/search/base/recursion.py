"""Room on Python's stack for a search as deep as its game.

The pure-Python searches recurse once a ply (the solver twice), and Nim's
longest game is 990 plies (10 heaps of 99): past Python's default limit of
1,000 frames, a search of a big heap stopped with ``RecursionError``. Each
search entry asks for room for its game's longest game; the limit is only
ever raised (another thread may be deep in a search of its own), and never
above ``MOST_FRAMES``.
"""

from __future__ import annotations

import sys

FRAMES_PER_PLY = 3
"""Frames a ply may hold: the solver's node search and its helpers."""

CALLERS = 500
"""Frames left for whatever called the search (a web framework, a notebook, a test runner)."""

MOST_FRAMES = 10_000
"""The highest limit set: Nim's 990 plies need about 3,500; no built-in game needs more."""


def make_room(plies: int) -> None:
    """Let a search recurse ``plies`` deep below its caller."""
    needed = min(plies * FRAMES_PER_PLY + CALLERS, MOST_FRAMES)
    if sys.getrecursionlimit() < needed:
        sys.setrecursionlimit(needed)
