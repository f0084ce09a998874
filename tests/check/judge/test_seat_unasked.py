"""A one-side reading the other seat's positions could not bear out is checked as both sides.

A program that answered the probe as X only, then died on the positions of O's games asked to bear that out,
kept "plays X only", 100 of 100, its O never asked (an attack: it picked a seed that drew positions it dies on).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from perfectplay.check.judge.detect import _Probing, _seat_checked
from perfectplay.check.judge.interface import Hint, TicTacToeInterface
from perfectplay.check.position import TicTacToePosition


def test_a_seat_check_that_could_not_be_asked_checks_both_sides() -> None:
    def unasked(interface: TicTacToeInterface, positions: Sequence[TicTacToePosition]) -> list[dict[str, Any]] | None:
        return None  # the process died before answering, or the check's time ran out

    probing = _Probing(unasked, random.Random(8))
    read = TicTacToeInterface("function", "find_best_move", plays="X", notes=("plays X only: it ...",))
    checked = _seat_checked(read, probing, Hint())
    assert checked.plays == "both"
    assert checked.notes == (
        "It answered the probe as if it played X only, but the other seat's positions could not be asked: it is "
        "checked as both sides.",
    )
    assert _seat_checked(read, probing, Hint(plays="X")).plays == "X"  # the teacher's word stands
