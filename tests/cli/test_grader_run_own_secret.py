"""Bundles told no student (Autolab; PrairieLearn with no data.json, CodeRunner with no Twig) draw a tic-tac-toe
sample afresh for each run, from a seed the report shows, and a machine whose home cannot hold a secret still grades
(issue 39).

A sampled tic-tac-toe check reads the grader's secret, made on first use in the configuration folder. A grader's
user with no writable home (Jobe's users, an image's) would make every check fail to start: a zero for every
student. Each of these bundles is run here as its grader runs it, with a home that is a file (no folder can be made
in it, not even by root) and no XDG_CONFIG_HOME, on a sample of 20 positions. Its report shows the run's seed, never
the words of a student's own draw ("the same on every resubmission"), which only a named student keeps.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from commands_here import run_here
from perfectplay.check.settings import SECRET_WORDS

AI = Path(__file__).resolve().parents[2] / "examples" / "graders" / "beatable" / "tictactoe.py"
PERFECTPLAY = str(Path(sys.executable).parent / "perfectplay")


def shows_a_fresh_seed(report: str) -> bool:
    """The report names the seed it drew with, and does not claim the student's own draw."""
    return SECRET_WORDS not in report and re.search(r"\bseed \d+", report) is not None


@pytest.fixture
def homeless(tmp_path: Path) -> dict[str, str]:
    """This run's environment with a home where no secret can be made, and no configuration folder."""
    home = tmp_path / "home, a file"
    home.write_text("")
    dropped = ("XDG_CONFIG_HOME", "PYTHONPATH", "PERFECTPLAY")
    return {**{key: value for key, value in os.environ.items() if key not in dropped}, "HOME": str(home)}


def bundle(tmp_path: Path, grader: str) -> Path:
    made = run_here("grader", grader, "--sample", "20", "--out", str(tmp_path / grader))
    assert made.returncode == 0, made.stderr
    return tmp_path / grader


def test_without_the_bundles_own_secret_a_homeless_sample_cannot_start(
    tmp_path: Path, homeless: dict[str, str]
) -> None:
    """The contrast: the same check run bare, where the secret would be made in the home, stops in one line."""
    bare = [PERFECTPLAY, "check", str(AI), "--format", "prairielearn", "--sample", "20"]
    done = subprocess.run(bare, env=homeless, capture_output=True, text=True, timeout=300)
    assert done.returncode == 2 and "cannot be made" in done.stderr


def test_prairielearn_with_no_data_json_grades_a_sample_drawn_afresh_with_its_seed_shown(
    tmp_path: Path, homeless: dict[str, str]
) -> None:
    root = tmp_path / "grade"
    shutil.copytree(bundle(tmp_path, "prairielearn") / "tests", root / "tests")
    (root / "student").mkdir()
    shutil.copy(AI, root / "student" / "tictactoe.py")
    environment = {**homeless, "GRADE_ROOT": str(root), "PERFECTPLAY": PERFECTPLAY}
    done = subprocess.run(
        [str(root / "tests" / "run.sh")], env=environment, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    document = json.loads((root / "results" / "results.json").read_text())
    assert document["gradable"] and document["score"] == 0.59 and shows_a_fresh_seed(document["output"])


def test_coderunner_with_no_twig_grades_a_sample_drawn_afresh_with_its_seed_shown(
    tmp_path: Path, homeless: dict[str, str]
) -> None:
    made = bundle(tmp_path, "coderunner")
    job = tmp_path / "jobe"
    job.mkdir()
    escaped = AI.read_text().replace("\\", "\\\\").replace("'", "\\'").replace('"', '\\"')  # Twig's e('py')
    template = (made / "template.py").read_text()
    (job / "prog.py").write_text(template.replace("{{ STUDENT_ANSWER | e('py') }}", escaped))
    for wheel in made.glob("perfectplay-*.whl"):
        shutil.copy(wheel, job / wheel.name)
    done = subprocess.run(
        [sys.executable, "prog.py"], cwd=job, env=homeless, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    document = json.loads(done.stdout)
    assert document["fraction"] == 0.59 and shows_a_fresh_seed(html.unescape(document["prologuehtml"]))


def test_autolab_grades_a_sample_drawn_afresh_with_its_seed_shown(tmp_path: Path, homeless: dict[str, str]) -> None:
    job = tmp_path / "job"
    job.mkdir()
    with tarfile.open(bundle(tmp_path, "autolab") / "autograde.tar") as archive:
        archive.extractall(job, filter="data")
    shutil.copy(AI, job / "tictactoe.py")
    environment = {**homeless, "PERFECTPLAY": PERFECTPLAY}
    done = subprocess.run(["./grade.sh"], cwd=job, env=environment, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert sum(json.loads(done.stdout.splitlines()[-1])["scores"].values()) == 59
    assert shows_a_fresh_seed(done.stdout)


def test_classroom50_grades_a_sample_drawn_afresh_with_its_seed_shown(tmp_path: Path, homeless: dict[str, str]) -> None:
    """The repository is the student's, so no secret is kept there: each run draws afresh and says which seed."""
    checkout = tmp_path / "student-repository"
    checkout.mkdir()
    shutil.copy(AI, checkout / "tictactoe.py")
    autograder = bundle(tmp_path, "classroom50") / "autograder.py"
    environment = {**homeless, "PERFECTPLAY": PERFECTPLAY}
    seeds = []
    for _ in range(2):
        done = subprocess.run([sys.executable, str(autograder)], cwd=checkout, env=environment, capture_output=True,
                              text=True, timeout=300)  # fmt: skip
        assert done.returncode == 0, done.stderr
        body = (checkout / "release-body.md").read_text()
        assert json.loads((checkout / "result.json").read_text())["score"] == 59 and shows_a_fresh_seed(body)
        seeds.append(re.findall(r"\bseed (\d+)", body))
    assert seeds[0] != seeds[1]  # 1 in 2**31 that two runs draw alike
