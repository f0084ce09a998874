"""Evaluation functions: what a depth-limited search makes of a position at its horizon.

An evaluator takes the game and a position that is not over and returns a
whole number for the side to move there: positive when that side looks
better, 0 when even. The searches squeeze it below any proven result
(``scale.py``), so it only ever orders guesses among themselves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from perfectplay.game import Game

Evaluator = Callable[[Game[Any], Any], int]


def no_evaluation(game: Game[Any], state: Any) -> int:
    """Every unfinished position at the horizon looks even (the evaluation called ``none``)."""
    return 0
