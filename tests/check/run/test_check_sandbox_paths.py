"""The sandbox shows no host path: a hostile candidate that reads its mount table finds neither perfectplay's
files, nor the submission's folder, nor the checker's private copy of it."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from perfectplay.check.api import check_ai
from perfectplay.check.run.sandbox import RUNNER, probe

pytestmark = [
    pytest.mark.integration,  # hostile code in the real bubblewrap sandbox
    pytest.mark.skipif(probe() is not None, reason=f"no bubblewrap sandbox here: {probe()}"),
]

SNOOP = '''
HOST = {host!r}
with open("/proc/self/mountinfo") as file:
    TABLE = file.read()
SEEN = [path for path in HOST if path in TABLE]


def find_best_move(board):
    if SEEN:
        raise ValueError("the mount table shows " + ", ".join(SEEN))
    return board.index(" ")
'''


def test_a_candidate_reading_its_mount_table_sees_no_path_of_the_checkers_machine(tmp_path: Path) -> None:
    folder = tmp_path / "student"
    folder.mkdir()
    host = [str(RUNNER.parent), str(Path(tempfile.gettempdir()) / "perfectplay-check-"), str(folder)]
    path = folder / "ai.py"
    path.write_text(SNOOP.format(host=host))
    report = check_ai(path, board="flat", empty=" ", sandbox="require", sample=20, move_seconds=5, total_seconds=60)
    kinds = {finding.kind: finding for finding in report.findings}
    assert "raises" not in kinds, kinds["raises"].example.answer if "raises" in kinds else ""
    assert report.interface is not None and report.best > 0
