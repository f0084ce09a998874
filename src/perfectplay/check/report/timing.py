"""What every game's report says of time: the check's wall time and the CPU time of the candidate's own code.

A plug's timing record extends ``CheckTime`` with what only its game
measures (Connect Four's slowest move, Nim's training runs), so that the two
figures every check has are one idea under one pair of names. Tic-tac-toe's
``CheckTiming`` predates it and keeps its own field names (its JSON is
``asdict`` of it, in its order).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class CheckTime:
    """``wall``: seconds the whole check took; ``cpu``: seconds of CPU the candidate's code used (its moves, its
    training), where it could be counted."""

    wall: float = 0.0
    cpu: float = 0.0
