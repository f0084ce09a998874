"""A check that exits 3 ("not graded": the machine's failure, such as a package the lab allows missing) keeps its
own result in every bundle: the student never reads "your file could not be checked ...: 0 points" for it.

The checker here is a stand-in (``PERFECTPLAY``) that writes a not-graded
result and exits 3, as ``perfectplay check`` does when NumPy is missing
where it runs (tests/check/connect4/test_connect4_lab_packages.py).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from cli_helpers import InProcess

pytestmark = [pytest.mark.slow, pytest.mark.integration]

MACHINE = "not graded: numpy is not installed where perfectplay runs"
STAND_IN = f"""#!{sys.executable}
import json, os, sys
argv = sys.argv[1:]
output = argv[argv.index("--output") + 1] if "--output" in argv else None
if "classroom50" in argv:
    with open(os.path.join(output, "result.json"), "w") as file:
        json.dump({{"score": 0, "max-score": 100, "tests": [], "note": {MACHINE!r}}}, file)
    with open(os.path.join(output, "release-body.md"), "w") as file:
        file.write({MACHINE!r})
elif output is not None:
    with open(output, "w") as file:
        json.dump({{"score": 0, "output": {MACHINE!r}, "gradable": False, "message": {MACHINE!r}}}, file)
else:
    print({MACHINE!r})
    print(json.dumps({{"scores": {{"loads": 0}}}}))
sys.exit(3)
"""


@pytest.fixture
def stand_in(tmp_path: Path) -> Path:
    command = tmp_path / "perfectplay"
    command.write_text(STAND_IN)
    command.chmod(0o755)
    return command


def bundle(in_process: InProcess, tmp_path: Path, grader: str) -> Path:
    made = in_process("grader", grader, "--out", str(tmp_path / grader), "--game", "connect4")
    assert made.returncode == 0, made.stderr
    return tmp_path / grader


def run(argv: list[str], cwd: Path, **extra: str) -> subprocess.CompletedProcess[str]:
    environ = {**os.environ, **extra}
    return subprocess.run(argv, cwd=cwd, env=environ, capture_output=True, text=True, timeout=300)


def test_gradescope_and_prairielearn_keep_a_not_graded_result(
    tmp_path: Path, in_process: InProcess, stand_in: Path
) -> None:
    root = tmp_path / "autograder"
    (root / "submission").mkdir(parents=True)
    (root / "submission" / "agent.py").write_text("import numpy\n")
    ran = run(
        ["bash", str(bundle(in_process, tmp_path, "gradescope") / "run_autograder")],
        tmp_path,
        AUTOGRADER_ROOT=str(root),
        PERFECTPLAY=str(stand_in),
    )
    assert ran.returncode == 0, ran.stderr
    assert json.loads((root / "results" / "results.json").read_text())["output"] == MACHINE
    grade = tmp_path / "grade"
    (grade / "student").mkdir(parents=True)
    ran = run(
        ["bash", str(bundle(in_process, tmp_path, "prairielearn") / "tests" / "run.sh")],
        tmp_path,
        GRADE_ROOT=str(grade),
        PERFECTPLAY=str(stand_in),
    )
    assert ran.returncode == 0, ran.stderr
    assert json.loads((grade / "results" / "results.json").read_text())["message"] == MACHINE


def test_classroom50_keeps_a_not_graded_result(tmp_path: Path, in_process: InProcess, stand_in: Path) -> None:
    checkout = tmp_path / "checkout"
    checkout.mkdir()
    (checkout / "agent.py").write_text("import numpy\n")
    script = bundle(in_process, tmp_path, "classroom50") / "autograder.py"
    ran = run([sys.executable, str(script)], checkout, PERFECTPLAY=str(stand_in))
    assert ran.returncode == 0, ran.stderr
    assert (checkout / "release-body.md").read_text() == MACHINE


def test_autolab_keeps_a_not_graded_scores_line(tmp_path: Path, in_process: InProcess, stand_in: Path) -> None:
    made = in_process("grader", "autolab", "--out", str(tmp_path / "autolab"))  # tic-tac-toe: its sandbox may fail
    assert made.returncode == 0, made.stderr
    job = tmp_path / "job"
    job.mkdir()
    with tarfile.open(tmp_path / "autolab" / "autograde.tar") as archive:
        archive.extractall(job, filter="data")
    (job / "agent.py").write_text("import numpy\n")
    ran = run(["bash", "grade.sh"], job, PERFECTPLAY=str(stand_in))
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.splitlines() == [MACHINE, json.dumps({"scores": {"loads": 0}})]
