"""The runner's own modules cannot be stood in for by the submission: a folder holding files named like them (and
a helper module of the student's own named like one) is checked on the student's code, sandboxed or not."""

from __future__ import annotations

from pathlib import Path

import pytest

from perfectplay.check.api import check_ai
from perfectplay.check.run import sandbox

AI = """
import values

def find_best_move(board):
    return board.index(values.EMPTY)
"""
FORGERY = 'raise SystemExit("the submission stood in for the runner\'s {name}")\n'


@pytest.mark.integration
@pytest.mark.parametrize("mode", ["off", "require"])
def test_files_named_like_the_runners_modules_are_only_the_students_own(tmp_path: Path, mode: str) -> None:
    if mode == "require" and sandbox.probe() is not None:
        pytest.skip(f"no bubblewrap sandbox here: {sandbox.probe()}")
    folder = tmp_path / "student"
    (folder / "inside").mkdir(parents=True)
    (folder / "perfectplay_runner_inside").mkdir()
    for name in ("streams", "process", "seccomp", "guard", "runner"):
        (folder / f"{name}.py").write_text(FORGERY.format(name=name))
        (folder / "inside" / f"{name}.py").write_text(FORGERY.format(name=name))
        (folder / "perfectplay_runner_inside" / f"{name}.py").write_text(FORGERY.format(name=name))
    for package in ("inside", "perfectplay_runner_inside"):
        (folder / package / "__init__.py").write_text(FORGERY.format(name=package))
    (folder / "perfectplay_runner_inside.py").write_text(FORGERY.format(name="package"))
    (folder / "values.py").write_text('EMPTY = " "\n')  # the student's own helper, imported by its AI
    path = folder / "ai.py"
    path.write_text(AI)
    report = check_ai(path, board="flat", empty=" ", sandbox=mode, sample=20, move_seconds=5, total_seconds=60)
    kinds = {finding.kind: finding for finding in report.findings}
    assert "raises" not in kinds and "crash" not in kinds, [finding.kind for finding in report.findings]
    assert report.interface is not None and report.machine is None and report.best > 0
