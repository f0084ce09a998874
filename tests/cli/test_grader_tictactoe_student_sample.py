"""The Gradescope bundle for tic-tac-toe draws each student's sample from its own grader's secret and Gradescope's
id of the student, as the Connect Four and Nim bundles draw their positions (issue 39): a resubmission is graded
alike, another student is asked another sample.

A tic-tac-toe check on Gradescope always has a budget (540 s unless told), so it always samples. Each grading is a
fresh "container": the bundle unpacked into a new ``/autograder``, run_autograder run with this run's environment
as the bundle's ``/opt/perfectplay`` (VENV). The positions a student is asked are read from the transcript of the
same check run by hand with the bundle's secret and the student Gradescope names.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import Any

import pytest

from cli_helpers import InProcess
from commands_here import run_here
from gradescope_runs import run_autograder
from perfectplay.check.settings import SECRET_WORDS
from perfectplay.cli.grader_student import SECRET_FILE

AI = Path(__file__).resolve().parents[2] / "examples" / "graders" / "beatable" / "tictactoe.py"
ALICE = {"users": [{"id": 111, "email": "alice@school.edu"}]}
AS_CHECKED = ("--format", "gradescope", "--budget", "540", "--memory", "256", "--sample", "20")
"""The bundle's check line (``--sample 20`` as it is made here)."""


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("bundle") / "autograder.zip"
    made = run_here("grader", "gradescope", "--sample", "20", "--out", str(out))
    assert made.returncode == 0, made.stderr
    return out


def grade(bundle: Path, where: Path) -> dict[str, Any]:
    """results.json of Alice's submission graded in a fresh /autograder."""
    root = where / "autograder"
    with zipfile.ZipFile(bundle) as archive:
        archive.extractall(root / "source")
    (root / "source" / "run_autograder").chmod(0o755)
    (root / "submission").mkdir(parents=True)
    (root / "submission" / "tictactoe.py").write_text(AI.read_text())
    (root / "submission_metadata.json").write_text(json.dumps(ALICE))
    done = run_autograder(root)
    assert done.returncode == 0 and "drawn afresh" not in done.stderr, done.stderr
    document: dict[str, Any] = json.loads((root / "results" / "results.json").read_text())
    return document


def test_a_resubmission_is_graded_alike_and_each_student_is_asked_the_sample_of_their_gradescope_id(
    bundle: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    first, again = grade(bundle, tmp_path / "1"), grade(bundle, tmp_path / "2")
    assert first == again and SECRET_WORDS in first["output"]
    secret = tmp_path / "secret"
    with zipfile.ZipFile(bundle) as archive:
        secret.write_bytes(archive.read(SECRET_FILE))
    secret.chmod(0o600)
    run = InProcess(capsys, monkeypatch)
    asked = {}
    for student in ("gradescope:id:111", "gradescope:id:222"):
        transcript = tmp_path / f"{student[-3:]}.json"
        by_hand = run(
            "check",
            str(AI),
            *AS_CHECKED,
            "--secret",
            str(secret),
            "--student",
            student,
            "--transcript",
            str(transcript),
        )
        assert by_hand.returncode == 1, by_hand.stderr
        asked[student] = json.loads(transcript.read_text())["body"]["asked"]
        if student.endswith("111"):
            assert json.loads(by_hand.stdout) == first  # the bundle asked Alice her own sample
    assert asked["gradescope:id:111"] != asked["gradescope:id:222"]
