"""An allowed package imported inside the agent's function (Kaggle's way) and missing on the machine: "not graded".

Kaggle's ConnectX agents must be self-contained functions, so they import
NumPy inside ``agent``; the failure then comes in every move (or in the
board-reading probe), not on import. It is still the teacher's install, exit
3; a package the lab does not allow stays the student's failure, broken.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from perfectplay.check.connect4.check import check_connect4
from perfectplay.check.connect4.model import Connect4Report
from perfectplay.check.run.sandbox import probe

CONNECTX = """def agent(observation, configuration):
    import {module}
    return next(column for column in range(7) if observation.board[column] == 0)
"""
BOARD = """def best_move(board):
    import {module}
    return next(column for column in range(7) if board[0][column] == 0)
"""
MISSING = "labpackage_nowhere"


def quick(source: str, folder: Path, **options: Any) -> Connect4Report:
    file = folder / "agent.py"
    file.write_text(source)
    settings: dict[str, Any] = {"positions": 2, "seed": 1, "games": False, "move_seconds": 2.0, **options}
    return check_connect4(file, **settings)


@pytest.mark.parametrize("source", [CONNECTX, BOARD], ids=["connectx agent", "board function (probed)"])
def test_an_allowed_package_missing_on_the_machine_and_imported_in_a_move_is_not_graded(
    tmp_path: Path, source: str
) -> None:
    report = quick(source.format(module=MISSING), tmp_path, sandbox="off", allow_packages=("numpy", MISSING))
    assert (report.verdict, report.exit_status) == ("not graded", 3), report.problem
    assert report.problem == f"not graded: {MISSING} is not installed where perfectplay runs; pip install {MISSING}"


def test_a_package_the_lab_does_not_allow_imported_in_a_move_is_still_the_students_failure(tmp_path: Path) -> None:
    report = quick(CONNECTX.format(module=MISSING), tmp_path, sandbox="off")
    assert (report.verdict, report.exit_status) == ("broken", 1)


@pytest.mark.integration
@pytest.mark.skipif(probe() is not None, reason=f"no bubblewrap sandbox here: {probe()}")
def test_in_the_sandbox_too_a_move_that_imports_the_missing_allowed_package_is_not_graded(tmp_path: Path) -> None:
    report = quick(CONNECTX.format(module=MISSING), tmp_path, sandbox="require", allow_packages=("numpy", MISSING))
    assert (report.verdict, report.exit_status) == ("not graded", 3), report.problem
