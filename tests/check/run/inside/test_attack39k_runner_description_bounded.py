"""The runner describes a module in no more than the checker reads: a correct AI whose module also holds sixty
board-shaped lists, a list of nine long strings, or a very long function name is checked as the correct AI it is,
never "broke the protocol while starting" (0 points) for data beside it; nor is one whose module star-imports more
than the 200 functions described first (``from os import *``) found to define no function at all."""

from __future__ import annotations

from pathlib import Path

import pytest

from perfectplay.check.api import check_ai
from perfectplay.check.run.inside.values import board_shape
from perfectplay.check.settings import Candidate, Grading

EXTRAS = {
    "sixty boards": "".join(f"BOARD_{i} = [['-', '-', '-'], ['-', 'X', '-'], ['-', '-', '-']]\n" for i in range(60)),
    "nine long strings": "HELP = [" + ", ".join(repr(f"line {i} " + "x" * 8000) for i in range(9)) + "]\n",
    "a long name": f"def {'helper_' * 20}(board):\n    return board\n",
    "star imports first": "from os import *\nfrom math import *\n",
    "a banner of long rows": "BANNER = [" + ", ".join(f"[{c * 30000!r}] * 3" for c in "=-~") + "]\n",
}


@pytest.mark.parametrize("extra", sorted(EXTRAS))
def test_a_correct_ai_with_data_beside_it_is_checked_as_correct(tmp_path: Path, examples: Path, extra: str) -> None:
    path = tmp_path / "tictactoe.py"
    correct = (examples / "correct.py").read_text()
    path.write_text(EXTRAS[extra] + correct if "imports" in extra else correct + "\n" + EXTRAS[extra])
    report = check_ai(Candidate(path), grading=Grading(sample=30))
    assert report.problem is None, report.problem
    assert not report.findings or all(finding.kind == "incomplete" for finding in report.findings), report.findings


def test_a_board_describes_only_the_values_that_can_be_marks() -> None:
    described = board_shape(["x" * 30, "X", 7, 10**12, 1.5, None, "-", "-", "-"])
    assert described is not None
    assert described["values"] == sorted([None, "X", 7, 1.5, "-"], key=repr)
