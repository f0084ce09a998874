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


def environment(**extra: str) -> dict[str, str]:
    dropped = ("PYTHONPATH", "VIRTUAL_ENV", "PERFECTPLAY", "XDG_CONFIG_HOME")
    return {**{key: value for key, value in os.environ.items() if key not in dropped}, **extra}


def test_prairielearn_grades_a_correct_ai_when_tmpdir_names_no_folder(
    tmp_path: Path, in_process: InProcess, bare_python: str
) -> None:
    made = in_process("grader", "prairielearn", "--out", str(tmp_path / "question"), "--sample", "5")
    assert made.returncode == 0, made.stderr
    grade = tmp_path / "grade"
    shutil.copytree(tmp_path / "question" / "tests", grade / "tests")
    (grade / "student").mkdir()
    shutil.copy(ROOT / "examples" / "correct.py", grade / "student" / "tictactoe.py")
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    missing = str(tmp_path / "never-made")
    ran = subprocess.run(
        ["bash", str(grade / "tests" / "run.sh")],
        cwd=cwd,
        env=environment(GRADE_ROOT=str(grade), PYTHON=bare_python, TMPDIR=missing),
        capture_output=True,
        text=True,
        timeout=300,
    )
    result = json.loads((grade / "results" / "results.json").read_text())
    assert result["score"] == 1.0 and result["gradable"] is True, (result, ran.stderr[-400:])
    assert list(cwd.iterdir()) == [], "the wheel was unpacked where the script was started"


def test_autolab_grades_a_correct_ai_when_tmpdir_names_no_folder(
    tmp_path: Path, in_process: InProcess, bare_python: str
) -> None:
    made = in_process("grader", "autolab", "--out", str(tmp_path / "autolab"), "--sample", "5")
    assert made.returncode == 0, made.stderr
    job = tmp_path / "job"
    job.mkdir()
    with tarfile.open(tmp_path / "autolab" / "autograde.tar") as tar:
        tar.extractall(job, filter="data")
    shutil.copy(ROOT / "examples" / "correct.py", job / "tictactoe.py")
    ran = subprocess.run(
        ["bash", "grade.sh"],
        cwd=job,
        env=environment(PYTHON=bare_python, TMPDIR=str(tmp_path / "never-made")),
        capture_output=True,
        text=True,
        timeout=300,
    )
    scores = json.loads(ran.stdout.strip().splitlines()[-1])["scores"]
    assert scores["never_beaten"] > 0 and scores["loads"] > 0, (scores, ran.stdout[-600:], ran.stderr[-400:])
    assert not (job / "perfectplay").exists(), "the wheel was unpacked into the job's folder"
