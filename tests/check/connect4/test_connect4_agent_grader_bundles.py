"""``perfectplay grader NAME --game connect4``: Gradescope's and PrairieLearn's bundles grade a Connect Four agent.

Each bundle is laid out as its grader lays it out and run with this
checkout's ``perfectplay`` (``PERFECTPLAY``): what is tested here is the
bundle's scripts and the check's flags they carry; installing the wheel
on Python 3.10 is ``test_grader_bundles.py``'s, the same for both games.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import jsonschema
import pytest

from cli_helpers import InProcess
from grader_schemas import CLASSROOM50, GRADESCOPE, PRAIRIELEARN

pytestmark = [pytest.mark.slow, pytest.mark.integration]

PERFECTPLAY = str(Path(sys.executable).parent / "perfectplay")
"""Each bundle checks four positions (``--sample 4``): its scripts and flags are the subject, not how many positions
a check asks, and each run draws its own (a fresh seed, as a grader's run without a student's secret)."""
MIDDLE = (
    "def agent(observation, configuration):\n"
    "    return min((c for c in range(7) if observation.board[c] == 0), key=lambda c: abs(c - 3))\n"
)


def make_bundle(in_process: InProcess, tmp_path: Path, grader: str, *flags: str, out: str | None = None) -> Path:
    """The bundle ``perfectplay grader`` writes (run in process: what runs it later is the grader's script)."""
    target = tmp_path / (out or grader)
    made = in_process("grader", grader, "--game", "connect4", "--out", str(target), *flags)
    assert made.returncode == 0, made.stderr
    return target


def run(argv: list[str], cwd: Path, **extra: str) -> subprocess.CompletedProcess[str]:
    environ = {**os.environ, "PERFECTPLAY": PERFECTPLAY, **extra}
    return subprocess.run(argv, cwd=cwd, env=environ, capture_output=True, text=True, timeout=600)


def test_the_gradescope_bundle_checks_agent_py_as_connect_four_with_the_teachers_rates(
    tmp_path: Path, in_process: InProcess
) -> None:
    weights = tmp_path / "weights.json"
    weights.write_text(json.dumps({"good_full": 0.5, "games": 0, "total": 50}))
    bundle = make_bundle(
        in_process, tmp_path, "gradescope", "--weights", str(weights), "--sample", "4", out="autograder.zip"
    )
    root = tmp_path / "autograder"
    with zipfile.ZipFile(bundle) as archive:
        archive.extractall(root / "source")
    (root / "source" / "run_autograder").chmod(0o755)
    script = (root / "source" / "run_autograder").read_text()
    assert "--game connect4" in script and "--positions 4" in script and "agent.py" in script
    (root / "submission" / "folder").mkdir(parents=True)
    (root / "submission" / "folder" / "agent.py").write_text(MIDDLE)
    graded = run([str(root / "source" / "run_autograder")], tmp_path, AUTOGRADER_ROOT=str(root))
    assert graded.returncode == 0, graded.stderr
    document = json.loads((root / "results" / "results.json").read_text())
    jsonschema.validate(document, GRADESCOPE)
    assert sum(test["max_score"] for test in document["tests"]) == 50
    assert "Good moves (keeps the win, draw or loss)" in [test["name"] for test in document["tests"]]
    assert "4 of 4 decisive positions" in document["output"]


def test_the_prairielearn_bundle_grades_an_agent_and_a_missing_file_costs_no_attempt(
    tmp_path: Path, in_process: InProcess
) -> None:
    bundle = make_bundle(in_process, tmp_path, "prairielearn", "--sample", "4")
    assert "Connect Four agent" in (bundle / "question.html").read_text()
    root = tmp_path / "grade"
    shutil.copytree(bundle / "tests", root / "tests")
    (root / "student").mkdir()
    missing = run([str(root / "tests" / "run.sh")], tmp_path, GRADE_ROOT=str(root))
    assert missing.returncode == 0, missing.stderr
    document = json.loads((root / "results" / "results.json").read_text())
    jsonschema.validate(document, PRAIRIELEARN)
    assert document["gradable"] is False and document["score"] == 0
    (root / "student" / "agent.py").write_text(MIDDLE)
    graded = run([str(root / "tests" / "run.sh")], tmp_path, GRADE_ROOT=str(root))
    assert graded.returncode == 0, graded.stderr
    document = json.loads((root / "results" / "results.json").read_text())
    jsonschema.validate(document, PRAIRIELEARN)
    assert document["gradable"] is True and 0 < document["score"] < 1


def test_the_classroom50_autograder_writes_a_connect_four_result_and_release_body(
    tmp_path: Path, in_process: InProcess
) -> None:
    bundle = make_bundle(in_process, tmp_path, "classroom50", "--sample", "4")
    checkout = tmp_path / "student-repository"
    checkout.mkdir()
    (checkout / "agent.py").write_text(MIDDLE)
    graded = run([sys.executable, str(bundle / "autograder.py")], checkout, CLASSROOM="c4", COMMIT_URL="c")
    assert graded.returncode == 0, graded.stderr
    document = json.loads((checkout / "result.json").read_text())
    jsonschema.validate(document, CLASSROOM50)
    assert any(test["test-name"] == "Good moves (keeps the win, draw or loss)" for test in document["tests"])
    assert "(Connect Four)" in (checkout / "release-body.md").read_text()


@pytest.mark.parametrize(
    ("flags", "words"),
    [
        (("coderunner",), "not coderunner"),
        (("autolab",), "not autolab"),
        (("gradescope", "--standard", "best"), "--standard is for tic-tac-toe"),
    ],
)
def test_what_connect_four_has_no_bundle_for_is_refused_with_one_line(
    tmp_path: Path, in_process: InProcess, flags: tuple[str, ...], words: str
) -> None:
    refused = in_process("grader", *flags, "--game", "connect4", "--out", str(tmp_path / "new"))
    assert refused.returncode == 2 and words in refused.stderr and len(refused.stderr.splitlines()) == 1
    assert not (tmp_path / "new").exists()
