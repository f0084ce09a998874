"""Connect Four agents of attack 39g that held: what they tried, and that it earned them nothing.

An agent that answers with numbers of other types (a float column, a string, a bool) is not playing a column,
whatever Python would let it index with; NumPy's integers are columns, as Kaggle's ConnectX takes them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from drawn_positions import drawn_once
from perfectplay.check.connect4.check import check_connect4
from perfectplay.check.run.sandbox import probe
from shared_results import SharedResults

POSITIONS = 16
SEED = 5
"""The hostile agents' draw (test_connect4_agent_hostile.py), drawn once a run (tests/drawn_positions.py): its
sixteen positions, every phase in its share, leave the mover a ply of each remainder of 4."""

pytestmark = [
    pytest.mark.integration,  # the agent runs in the real bubblewrap sandbox, NumPy lent read-only
    pytest.mark.skipif(probe() is not None, reason=f"no bubblewrap sandbox here: {probe()}"),
]

TYPES = """
import numpy


def agent(observation, configuration):
    board = list(observation.board)
    column = next(c for c in range(7) if board[c] == 0)
    kind = sum(1 for cell in board if cell) % 4
    if kind == 0:
        return numpy.int64(column)
    if kind == 1:
        return float(column)
    if kind == 2:
        return str(column)
    return numpy.bool_(True) if column == 1 else True
"""


def test_a_numpy_integer_is_a_column_and_a_float_a_string_or_a_bool_is_not(
    tmp_path: Path, shared_results: SharedResults
) -> None:
    pytest.importorskip("numpy")
    path = tmp_path / "agent.py"
    path.write_text(TYPES)
    # One process for each side's positions (each imports NumPy): what its answers are worth is the subject.
    report = check_connect4(
        path, positions=POSITIONS, seed=SEED, games=False, sandbox="require", move_seconds=5.0, workers=1
    )
    as_numpy = sum(1 for position in drawn_once(shared_results)(POSITIONS, SEED) if len(position.moves) % 4 == 0)
    assert 0 < as_numpy < POSITIONS
    assert report.problem is None and report.complete and report.overall.asked == POSITIONS
    assert report.overall.legal == as_numpy
    assert [(failure.kind, failure.count) for failure in report.failures] == [("wrong_type", POSITIONS - as_numpy)]
    assert report.verdict == "broken" and report.exit_status == 1 and report.machine is None
