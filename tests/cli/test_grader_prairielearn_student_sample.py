"""The PrairieLearn bundle asks each student the same sample on every resubmission and regrade (issue 39): it ships
a grader's secret in the question's ``tests/`` and names the student by PrairieLearn's variant of the question
(``data.json``'s ``variant_seed``; ``singleVariant``: one variant a student), never by the student's files.

Each grading is a fresh job: the bundle's ``tests/`` copied into a new ``/grade`` laid out as PrairieLearn lays it
out, ``data.json`` beside the student's file, and ``run.sh`` run with this interpreter as the image's ``python3``
(it unpacks the bundle's own wheel). The positions asked are read from the transcript of the same check run by hand
with the bundle's secret and the student the bundle names.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cli_helpers import InProcess
from commands_here import run_here
from perfectplay.check.run import sandbox
from perfectplay.cli.grader_student import PRAIRIELEARN_WHO, SECRET_FILE
from platform_records import not_files, read_record
from secret_snoop import FOUND, snooping

pytestmark = pytest.mark.xdist_group("grader-prairielearn-student")  # one worker: the bundle and Alice's made once

AI = Path(__file__).resolve().parents[2] / "examples" / "graders" / "beatable" / "tictactoe.py"
AS_CHECKED = ("--format", "prairielearn", "--budget", "25", "--sample", "10")
"""The bundle's check line (``--sample 10`` as it is made here)."""
ALICE, BOB = "4213377", "918273"
needs_sandbox = pytest.mark.skipif(sandbox.probe() is not None, reason=f"no bubblewrap sandbox: {sandbox.probe()}")


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("bundle") / "question"
    made = run_here("grader", "prairielearn", "--sample", "10", "--out", str(out))
    assert made.returncode == 0, made.stderr
    return out


def job(bundle: Path, where: Path, data: object | None, agent: str | None = None) -> Path:
    """A fresh /grade: the question's tests/, the student's file, PrairieLearn's data.json (``None``: none)."""
    root = where / "grade"
    shutil.copytree(bundle / "tests", root / "tests")
    (root / "student").mkdir()
    (root / "student" / "tictactoe.py").write_text(agent if agent is not None else AI.read_text())
    if data is not None:
        (root / "data").mkdir()
        (root / "data" / "data.json").write_text(json.dumps(data))
    return root


def grade(root: Path) -> tuple[dict[str, Any], str]:
    """(results.json, run.sh's stderr)."""
    environment = {key: value for key, value in os.environ.items() if key not in ("PERFECTPLAY", "PYTHONPATH")}
    done = subprocess.run(
        [str(root / "tests" / "run.sh")],
        env={**environment, "GRADE_ROOT": str(root), "PYTHON": sys.executable},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    return json.loads((root / "results" / "results.json").read_text()), done.stderr


def variant(seed: str) -> dict[str, Any]:
    """data.json as PrairieLearn writes it for a file upload (the fields that matter here)."""
    return {"params": {}, "submitted_answers": {"_files": []}, "variant_seed": seed, "options": {}}


@pytest.fixture(scope="module")
def alice(bundle: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], str]:
    return grade(job(bundle, tmp_path_factory.mktemp("alice"), variant(ALICE)))


def test_a_resubmission_and_a_regrade_are_asked_alike_and_another_student_another_sample(
    bundle: Path,
    tmp_path: Path,
    alice: tuple[dict[str, Any], str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    first, note = alice
    again, _ = grade(job(bundle, tmp_path / "again", variant(ALICE)))
    other, _ = grade(job(bundle, tmp_path / "bob", variant(BOB)))
    assert "drawn afresh" not in note
    assert first == again
    secret = tmp_path / "secret"
    secret.write_bytes((bundle / "tests" / SECRET_FILE).read_bytes())
    secret.chmod(0o600)
    run = InProcess(capsys, monkeypatch)
    asked = {}
    for seed, graded in ((ALICE, first), (BOB, other)):
        transcript = tmp_path / f"{seed}.json"
        student = f"prairielearn:variant:{seed}"
        by_hand = run("check", str(AI), *AS_CHECKED, "--secret", str(secret), "--student", student,
                      "--transcript", str(transcript))  # fmt: skip
        assert by_hand.returncode == 1, by_hand.stderr
        assert json.loads(by_hand.stdout) == graded  # the bundle asked this student their own sample
        asked[seed] = json.loads(transcript.read_text())["body"]["asked"]
    assert asked[ALICE] != asked[BOB]


def test_each_bundle_ships_its_own_secret_in_tests_for_its_owner_alone(bundle: Path, tmp_path: Path) -> None:
    secret = bundle / "tests" / SECRET_FILE
    assert secret.stat().st_mode & 0o777 == 0o600
    assert len(bytes.fromhex(secret.read_text().strip())) == 32
    assert '--secret "$work/check-secret" --student "$student"' in (bundle / "tests" / "run.sh").read_text()
    assert "check-secret" in (bundle / "README.md").read_text()
    assert json.loads((bundle / "info.json").read_text())["singleVariant"] is True  # one variant, one student
    again = tmp_path / "again"
    assert run_here("grader", "prairielearn", "--out", str(again)).returncode == 0
    assert (again / "tests" / SECRET_FILE).read_text() != secret.read_text()


def test_no_data_json_is_a_fresh_draw_that_says_so_never_a_zero(bundle: Path, tmp_path: Path) -> None:
    alone, note = grade(job(bundle, tmp_path, None))
    assert "no student in data.json" in note and "drawn afresh" in note
    assert isinstance(alone["score"], float | int) and alone.get("gradable", True) is True


@pytest.mark.parametrize(
    ("text", "student"),
    [
        (json.dumps(variant(ALICE)), f"prairielearn:variant:{ALICE}"),
        (json.dumps({"variant_seed": 123}), "prairielearn:variant:123"),
        (json.dumps({"variant_seed": " 7 "}), "prairielearn:variant:7"),
        (json.dumps({"variant_seed": True}), None),
        (json.dumps({"variant_seed": [1]}), None),
        (json.dumps({"variant_seed": ""}), None),
        (json.dumps({"variant_seed": "a\nb"}), None),
        (json.dumps({"variant_seed": "\x1b[31m"}), None),
        (json.dumps({"variant_seed": "9" * 201}), None),
        (json.dumps({"params": {}}), None),
        (json.dumps([]), None),
        ("not json", None),
        ("", None),
    ],
)
def test_the_data_reader_names_the_variant_or_nothing(tmp_path: Path, text: str, student: str | None) -> None:
    data = tmp_path / "data.json"
    data.write_text(text)
    read = read_record(PRAIRIELEARN_WHO, data)
    assert (read.stdout.strip() or None) == student
    assert read.returncode == (0 if student else 1) and read.stderr == ""


def test_the_data_reader_follows_no_link_and_reads_no_fifo(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    real.write_text(json.dumps(variant(ALICE)))
    for make, data in not_files(tmp_path, "data.json", real):
        read = read_record(PRAIRIELEARN_WHO, data)
        assert (read.returncode, read.stdout) == (1, ""), make


@needs_sandbox
def test_the_submission_cannot_read_the_secret(bundle: Path, tmp_path: Path, alice: tuple[dict[str, Any], str]) -> None:
    """An AI that reads the secret (in tests/ or the job's copy) exits before playing, so its grade would change."""
    plain, _ = alice
    source = tmp_path / "snoop" / "grade" / "tests" / SECRET_FILE
    snoop = snooping(AI.read_text(), [str(source)], ["/tmp/*/check-secret"])
    root = job(bundle, tmp_path / "snoop", variant(ALICE), agent=snoop)
    source.chmod(0o644)  # as a git checkout leaves it: git keeps no mode but the executable bit
    snooped, _ = grade(root)
    assert source.is_file() and source.stat().st_mode & 0o077 == 0  # run.sh made it the grader's alone
    assert FOUND not in json.dumps(snooped)
    assert snooped == plain
