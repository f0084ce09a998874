"""The games perfectplay can play, one file each, and a registry by name."""

from __future__ import annotations

from perfectplay.games.mnk import MNK, MNKState, TicTacToe

__all__ = ["MNK", "MNKState", "TicTacToe"]
