"""The bash bundles on a machine whose TMPDIR names no folder: the student is graded, and nothing lands elsewhere.

``mktemp -d`` (unlike Python's ``tempfile``) does not fall back when ``TMPDIR`` names a folder that is not there
(an image that sets it to a scratch disk never mounted). PrairieLearn's ``run.sh`` and Autolab's ``grade.sh``
went on with an empty folder name (attack 39i): the wheel was unpacked into the working folder, the checker was
looked for in ``/lib``, the run's grader's secret was made in ``/config`` at the root of the machine, and on an
image whose Python has no perfectplay of its own a correct AI got the "could not be checked" zero. Each
fresh folder now falls back to ``/tmp``, as Python's does.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest

from cli_helpers import InProcess
from repo_paths import ROOT

SYSTEM_PYTHON = "/usr/bin/python3"
"""An interpreter with no perfectplay of its own, as the graders' images have: only the bundle's wheel is there."""


@pytest.fixture
def bare_python() -> str:
    found = subprocess.run([SYSTEM_PYTHON, "-I", "-c", "import sys; sys.exit(sys.version_info < (3, 10))"])
    if found.returncode != 0:
        pytest.skip(f"no Python 3.10 or later at {SYSTEM_PYTHON}")
    if subprocess.run([SYSTEM_PYTHON, "-I", "-c", "import perfectplay"], capture_output=True).returncode == 0:
        pytest.skip(f"{SYSTEM_PYTHON} has a perfectplay of its own: the bundle's wheel would not be the one run")
    return SYSTEM_PYTHON


def bundle(in_process: InProcess, tmp_path: Path, grader: str) -> Path:
    made = in_process("grader", grader, "--out", str(tmp_path / grader), "--sample", "5")
    assert made.returncode == 0, made.stderr
    return tmp_path / grader


def run(argv: list[str], cwd: Path, **extra: str) -> subprocess.CompletedProcess[str]:
    """The script as its grader runs it: this run's perfectplay out of sight, TMPDIR naming no folder."""
    dropped = ("PYTHONPATH", "VIRTUAL_ENV", "PERFECTPLAY", "XDG_CONFIG_HOME")
    environ = {key: value for key, value in os.environ.items() if key not in dropped}
    environ.update(extra, TMPDIR=str(cwd.parent / "never-made"))
    return subprocess.run(argv, cwd=cwd, env=environ, capture_output=True, text=True, timeout=300)


def test_prairielearn_grades_a_correct_ai_when_tmpdir_names_no_folder(
    tmp_path: Path, in_process: InProcess, bare_python: str
) -> None:
    grade = tmp_path / "grade"
    shutil.copytree(bundle(in_process, tmp_path, "prairielearn") / "tests", grade / "tests")
    (grade / "student").mkdir()
    shutil.copy(ROOT / "examples" / "correct.py", grade / "student" / "tictactoe.py")
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    ran = run(["bash", str(grade / "tests" / "run.sh")], cwd, GRADE_ROOT=str(grade), PYTHON=bare_python)
    result = json.loads((grade / "results" / "results.json").read_text())
    assert result["score"] == 1.0 and result["gradable"] is True, (result, ran.stderr[-400:])
    assert list(cwd.iterdir()) == [], "the wheel was unpacked where the script was started"


def test_autolab_grades_a_correct_ai_when_tmpdir_names_no_folder(
    tmp_path: Path, in_process: InProcess, bare_python: str
) -> None:
    job = tmp_path / "job"
    job.mkdir()
    with tarfile.open(bundle(in_process, tmp_path, "autolab") / "autograde.tar") as tar:
        tar.extractall(job, filter="data")
    shutil.copy(ROOT / "examples" / "correct.py", job / "tictactoe.py")
    ran = run(["bash", "grade.sh"], job, PYTHON=bare_python)
    scores = json.loads(ran.stdout.strip().splitlines()[-1])["scores"]
    assert scores["never_beaten"] > 0 and scores["loads"] > 0, (scores, ran.stdout[-600:], ran.stderr[-400:])
    assert not (job / "perfectplay").exists(), "the wheel was unpacked into the job's folder"
