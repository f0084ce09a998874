"""Each bundle checks only the student's own file, in a folder of its own, never one beside the wheel or outside.

CodeRunner: Jobe puts the question's support files (the perfectplay wheel) in the job's
folder, where the template wrote the answer; Autolab unpacks autograde.tar
(the wheel) beside the handin. The answer's private copy of its folder then
carried the wheel, and a zip on ``sys.path`` is importable: an answer of a
few lines played perfectplay's own solver, 100 of 100.

Gradescope finds the student's file wherever the upload put it. Read line
by line, a folder named ``a<newline>/autograder/source/ref`` holding a
``tictactoe.py`` gave ``find`` a second line, ``/autograder/source/ref/
tictactoe.py``, that sorts first: the teacher's reference was graded
(100/100) in place of the upload's file that returns nothing.
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

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
PERFECTPLAY = str(Path(sys.executable).parent / "perfectplay")
NOTHING = "def find_best_move(board):\n    return None\n"

BORROWS_THE_CHECKER = """import glob, sys
sys.path[:0] = glob.glob("perfectplay-*.whl")
from perfectplay import analyze, parse_position

def find_best_move(board):
    rows = "/".join("".join(cell if cell in ("X", "O") else "." for cell in row) for row in board)
    game, state = parse_position(rows)
    return divmod(analyze(game, state).best[0], 3)
"""


def test_an_answer_cannot_import_the_checker_from_the_wheel_beside_it(tmp_path: Path, in_process: InProcess) -> None:
    bundle = made(in_process, tmp_path, "coderunner")
    job = tmp_path / "jobe"
    job.mkdir()
    escaped = BORROWS_THE_CHECKER.replace("\\", "\\\\").replace("'", "\\'").replace('"', '\\"')
    template = (bundle / "template.py").read_text().replace("timeout=25)", "timeout=600)")
    (job / "prog.py").write_text(template.replace("{{ STUDENT_ANSWER | e('py') }}", escaped))
    for wheel in bundle.glob("perfectplay-*.whl"):
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
    bundle = made(in_process, tmp_path, "autolab", "--sample", "20")
    job = tmp_path / "job"
    job.mkdir()
    with tarfile.open(bundle / "autograde.tar") as archive:
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


def made(in_process: InProcess, tmp_path: Path, grader: str, *flags: str) -> Path:
    """The bundle ``perfectplay grader GRADER`` writes into ``tmp_path``."""
    done = in_process("grader", grader, "--out", str(tmp_path / grader), *flags)
    assert done.returncode == 0, done.stderr
    return tmp_path / grader


def test_a_folder_name_with_a_newline_cannot_point_the_check_at_a_teachers_file(
    tmp_path: Path, in_process: InProcess
) -> None:
    bundle = made(in_process, tmp_path, "gradescope", "--sample", "20")
    root = tmp_path / "autograder"
    reference = root / "source" / "ref"
    reference.mkdir(parents=True)
    shutil.copy(EXAMPLES / "correct.py", reference / "tictactoe.py")  # unbeatable: 100 if it were graded
    trick = root / "submission" / f"a\n{reference}"
    trick.mkdir(parents=True)
    (trick / "tictactoe.py").write_text(NOTHING)
    environ = {**os.environ, "AUTOGRADER_ROOT": str(root), "PERFECTPLAY": PERFECTPLAY}
    ran = subprocess.run(
        ["bash", str(bundle / "run_autograder")], env=environ, capture_output=True, text=True, timeout=600
    )
    assert ran.returncode == 0, ran.stderr
    document = json.loads((root / "results" / "results.json").read_text())
    assert document["score"] == 0
    assert "a\\n" in document["output"]  # the upload's own file, its name's newline shown inert
