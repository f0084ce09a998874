"""The interface probe is bounded as a whole: a program that offers it hundreds of boards and dies on each
finishes quickly with a verdict.

The probe tries the empty markers a module's own boards hold; each reading that crashes starts a process
again. A module with 50 boards (as many as the runner describes) of 9 distinct values each offered 902 readings,
each a process.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hostile_payloads import EITHER_SANDBOX
from perfectplay.check import conductor
from perfectplay.check.api import check_ai
from perfectplay.check.settings import Candidate, Grading
from perfectplay.check.tictactoe.asking import PROBE_FAILURES_IN_ALL

MANY_BOARDS = """
import os

for number in range(50):
    globals()[f"BOARD_{number}"] = [f"cell {number}.{index}" for index in range(9)]


def find_best_move(board):
    os._exit(3)
"""


@pytest.mark.parametrize("sandbox", EITHER_SANDBOX)
def test_a_program_offering_hundreds_of_boards_and_dying_on_each_is_probed_a_few_times(
    tmp_path: Path, process_starts: list[int], sandbox: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The check's own failures are not the subject (the probe's budget is its own): 5 of them before it stops
    # asking, not 25, each a process started (in the sandbox, a new one), and a bound tighter still.
    monkeypatch.setattr(conductor, "MAX_FAILURES", 5)
    path = tmp_path / "many_boards.py"
    path.write_text(MANY_BOARDS)
    report = check_ai(Candidate(path, sandbox=sandbox), grading=Grading(sample=20))
    # A few readings of the probe, then the check's own failures: never a process for each board offered.
    assert process_starts[0] <= PROBE_FAILURES_IN_ALL + conductor.MAX_FAILURES + 4, process_starts[0]
    assert report.verdict != "unbeatable" and not report.complete
    assert any("ways of reading its board crashed" in note for note in report.notes)
    assert any(finding.kind == "crash" for finding in report.findings)
