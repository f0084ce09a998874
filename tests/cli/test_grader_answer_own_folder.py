"""CodeRunner and Autolab check the answer in a folder of its own, never in the job's folder beside the wheel.

Jobe puts the question's support files (the perfectplay wheel) in the job's
folder, where the template wrote the answer; Autolab unpacks autograde.tar
(the wheel) beside the handin. The answer's private copy of its folder then
carried the wheel, and a zip on ``sys.path`` is importable: an answer of a
few lines played perfectplay's own solver, 100 of 100.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from cli_helpers import InProcess

pytestmark = [pytest.mark.slow, pytest.mark.integration]

BORROWS_THE_CHECKER = """import glob, sys
sys.path[:0] = glob.glob("perfectplay-*.whl")
from perfectplay import analyze, parse_position

def find_best_move(board):
    rows = "/".join("".join(cell if cell in ("X", "O") else "." for cell in row) for row in board)
    game, state = parse_position(rows)
    return divmod(analyze(game, state).best[0], 3)
"""


def test_an_answer_cannot_import_the_checker_from_the_wheel_beside_it(tmp_path: Path, in_process: InProcess) -> None:
    made = in_process("grader", "coderunner", "--out", str(tmp_path / "bundle"))
    assert made.returncode == 0, made.stderr
    job = tmp_path / "jobe"
    job.mkdir()
    escaped = BORROWS_THE_CHECKER.replace("\\", "\\\\").replace("'", "\\'").replace('"', '\\"')
    template = (tmp_path / "bundle" / "template.py").read_text().replace("timeout=25)", "timeout=600)")
    (job / "prog.py").write_text(template.replace("{{ STUDENT_ANSWER | e('py') }}", escaped))
    for wheel in (tmp_path / "bundle").glob("perfectplay-*.whl"):
        shutil.copy(wheel, job / wheel.name)
    environ = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV")}
    graded = subprocess.run(
        [sys.executable, "prog.py"], cwd=job, env=environ, capture_output=True, text=True, timeout=900
    )
    assert graded.returncode == 0, graded.stderr
    document = json.loads(graded.stdout)
    assert document["fraction"] == 0.0
    assert "No module named 'perfectplay'" in json.dumps(document)
    assert not list(job.glob("perfectplay-lib*")) and not (job / "tictactoe.py").exists()


def test_an_autolab_handin_cannot_import_the_checker_from_the_wheel_unpacked_beside_it(
    tmp_path: Path, in_process: InProcess
) -> None:
    made = in_process("grader", "autolab", "--out", str(tmp_path / "bundle"), "--sample", "20")
    assert made.returncode == 0, made.stderr
    job = tmp_path / "job"
    job.mkdir()
    with tarfile.open(tmp_path / "bundle" / "autograde.tar") as archive:
        archive.extractall(job, filter="data")  # what the Makefile's "tar xf autograde.tar" leaves
    (job / "handin.py").write_text(BORROWS_THE_CHECKER)
    environ = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV")}
    graded = subprocess.run(
        ["bash", "grade.sh"],
        cwd=job,
        env={**environ, "PYTHON": sys.executable},
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert graded.returncode == 0, graded.stderr
    scores = json.loads(graded.stdout.splitlines()[-1])["scores"]
    assert sum(scores.values()) == 0
    assert "No module named 'perfectplay'" in graded.stdout
