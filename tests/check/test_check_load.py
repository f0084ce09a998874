"""Verdicts that do not depend on how busy the machine is: limits count the candidate's CPU time.

A correct AI (examples/correct.py) made deliberately slow: it burns 0.3 s of
CPU time on each of the ten positions with eight or nine empty cells. With a
limit of 1 s of CPU time per move it must get the same verdict and the same
counts with every core busy as on an idle machine, although its moves then
take several times longer on the clock.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from perfectplay.check.api import check_ai
from perfectplay.check.report.model import CheckReport

SLOW = """

import time

_fast = find_best_move


def find_best_move(board):
    if sum(cell == EMPTY for row in board for cell in row) >= 8:
        start = time.process_time()
        while time.process_time() - start < 0.3:
            pass
    return _fast(board)
"""


def summary(report: CheckReport) -> tuple[object, ...]:
    counts = {finding.kind: finding.count for finding in report.findings}
    return report.verdict, report.positions, report.asked, report.best, report.complete, counts, report.timing.moves


@pytest.mark.slow  # two whole checks, the second beside three busy processes per core
def test_a_slow_but_correct_ai_gets_the_same_verdict_and_counts_with_every_core_busy(
    tmp_path: Path, examples: Path
) -> None:
    path = tmp_path / "slow.py"
    path.write_text((examples / "correct.py").read_text() + SLOW)
    idle = check_ai(path, move_seconds=1.0, sandbox="off")
    assert idle.verdict == "unbeatable" and idle.exit_status == 0
    hogs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(3 * (os.cpu_count() or 1))]
    try:
        busy = check_ai(path, move_seconds=1.0, sandbox="off")
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()
    assert summary(busy) == summary(idle)
    # The clock saw the load (generous bounds only: the machine may be busy anyway).
    assert busy.timing.cpu_in_candidate is not None and busy.timing.cpu_in_candidate >= 3 * 0.3
