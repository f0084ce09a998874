"""A tic-tac-toe sample is each student's own, drawn from the grader's secret as Connect Four's and Nim's positions
are (issue 39: no fixed answer key, and a resubmission or a regrade is graded the same).

``--sample N`` (a budget's rounds, CodeRunner's 200) is what a tic-tac-toe check draws. From the public seed 2026 it
was an answer key; from a seed drawn afresh on every run a student could resubmit until a kinder sample came. The
command line now draws it as it draws every game's (``check_game.student_seeds``): an HMAC of the student's name
under the grader's secret, not shown; ``--seed N`` wins and is shown. The positions a check asked are read from
its ``--transcript``; every check here is a sample of 20 (or a whole check of a two-line AI), unsandboxed.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cli_helpers import InProcess
from perfectplay.check.grader_secret import student_seed
from perfectplay.check.settings import SECRET_WORDS
from shared_results import SharedResults

AI = Path(__file__).resolve().parents[2] / "examples" / "graders" / "beatable" / "tictactoe.py"
"""A one-ply CS50 player that a fork beats: every sample of it finds something."""
QUICK = ("--sample", "20", "--sandbox", "off")
SECRET = "0123456789abcdef" * 4
ANOTHER = "fedcba9876543210" * 4


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> InProcess:
    return InProcess(capsys, monkeypatch)


@pytest.fixture
def class_folder(tmp_path: Path) -> Path:
    """A class of two students who handed in the same file."""
    for name in ("ann", "bob"):
        (tmp_path / "class" / name).mkdir(parents=True)
        (tmp_path / "class" / name / "tictactoe.py").write_text(AI.read_text())
    return tmp_path / "class"


def secret_file(where: Path, text: str = SECRET) -> Path:
    where.parent.mkdir(parents=True, exist_ok=True)
    where.write_text(text + "\n")
    where.chmod(0o600)
    return where


def checked(run: InProcess, target: Path, transcript: Path, *flags: str) -> tuple[list[Any], dict[str, Any]]:
    """(the positions the check asked, its JSON report without the timing or the row's name)."""
    finished = run("check", str(target), *QUICK, "--json", "--transcript", str(transcript), *flags)
    assert finished.returncode == 1, finished.stderr
    return json.loads(transcript.read_text())["body"]["asked"], graded(json.loads(finished.stdout))


Own = tuple[list[Any], dict[str, Any], str]
"""A student's check under ``SECRET``: (the positions asked, the graded report, the transcript's text)."""


@pytest.fixture
def own_check(run: InProcess, tmp_path: Path, shared_results: SharedResults) -> Callable[[str], Own]:
    """``own_check(student)``: the beatable AI checked as ``student`` under ``SECRET``, the same command and secret
    (so the same positions, report and transcript) whichever test asks: run once per test run, each test reading
    it. A regrade's sameness is proven on two checks of its own in the first test, one of them this one."""

    def check(student: str) -> Own:
        def fresh() -> Own:
            secret = secret_file(tmp_path / "own-check" / "secret")
            transcript = tmp_path / "own-check" / f"{student}.json"
            asked, report = checked(run, AI, transcript, "--secret", str(secret), "--student", student)
            return asked, report, transcript.read_text()

        return shared_results.get(repr(("tic-tac-toe sample of a student", str(AI), QUICK, SECRET, student)), fresh)

    return check


def graded(document: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in document.items() if key not in ("timing", "target")}


def shown_seeds(document: dict[str, Any]) -> set[str]:
    return {found for note in document["notes"] for found in re.findall(r"\bseed (\d+)", note)}


def test_one_student_checked_again_is_asked_the_same_sample_and_graded_alike_without_its_seed_shown(
    run: InProcess, tmp_path: Path, own_check: Callable[[str], Own]
) -> None:
    secret = secret_file(tmp_path / "grader" / "secret")
    first, report, transcript = own_check("ann")
    again, regraded = checked(run, AI, tmp_path / "2.json", "--secret", str(secret), "--student", "ann")
    assert first == again and report == regraded
    assert 20 < len(first) < 4520  # the sample and the positions its own games reach, not every position
    assert not shown_seeds(report) and any(SECRET_WORDS in note for note in report["notes"])
    text = run("check", str(AI), *QUICK, "--secret", str(secret), "--student", "ann")
    assert SECRET_WORDS in text.stdout and not re.search(r"\bseed \d", text.stdout)
    seed = str(student_seed(SECRET.encode(), "tictactoe", "ann"))  # known answer: the HMAC of Connect Four's checks
    assert seed not in text.stdout and seed not in transcript
    by_seed, _ = checked(run, AI, tmp_path / "3.json", "--seed", seed)
    assert by_seed == first


def test_another_student_or_another_secret_is_asked_another_sample(
    run: InProcess, tmp_path: Path, own_check: Callable[[str], Own]
) -> None:
    ann, bob = own_check("ann")[0], own_check("bob")[0]
    term2 = secret_file(tmp_path / "term2" / "secret", ANOTHER)
    ann_later, _ = checked(run, AI, tmp_path / "later.json", "--secret", str(term2), "--student", "ann")
    assert ann != bob and ann != ann_later


def test_a_seed_given_wins_is_shown_and_asks_every_student_its_sample_which_the_secrets_is_not(
    run: InProcess, tmp_path: Path, own_check: Callable[[str], Own]
) -> None:
    public, report = checked(run, AI, tmp_path / "public.json", "--seed", "2026")
    named, _ = checked(run, AI, tmp_path / "named.json", "--seed", "2026", "--student", "bob")
    assert public == named and shown_seeds(report) == {"2026"}
    secret = secret_file(tmp_path / "grader" / "secret")
    own = own_check("ann")[0]
    assert own != public  # the public seed's sample, an answer key anyone can list, is not what is asked
    both = run("check", str(AI), *QUICK, "--seed", "5", "--secret", str(secret))
    assert both.returncode == 2 and "leave out --seed" in both.stderr and both.stderr.count("\n") == 1


def test_a_class_folder_and_a_manifest_ask_each_row_the_sample_of_its_own_student(
    run: InProcess, tmp_path: Path, class_folder: Path, own_check: Callable[[str], Own]
) -> None:
    secret = secret_file(tmp_path / "grader" / "secret")
    by_folder = run("check", str(class_folder), *QUICK, "--json", "--jobs", "1", "--secret", str(secret))
    manifest = tmp_path / "class.csv"
    manifest.write_text("student,file\nann,class/ann/tictactoe.py\nbob,class/bob/tictactoe.py\n")
    by_manifest = run("check", "--manifest", str(manifest), *QUICK, "--json", "--jobs", "1", "--secret", str(secret))
    rows = [{row["target"]: graded(row) for row in json.loads(done.stdout)} for done in (by_folder, by_manifest)]
    assert rows[0] == rows[1] and sorted(rows[0]) == ["ann", "bob"]
    for name in ("ann", "bob"):
        # The row's own student's sample: the same file checked alone as that student under the same secret (the
        # shared check of its text, which every test here reads) is graded the same, as a regrade of one student is.
        assert rows[0][name] == own_check(name)[1]
    assert own_check("ann")[0] != own_check("bob")[0]


def test_a_replay_grades_a_students_sample_again_and_takes_no_secret(
    run: InProcess, tmp_path: Path, own_check: Callable[[str], Own]
) -> None:
    secret = secret_file(tmp_path / "grader" / "secret")
    transcript = tmp_path / "ann.json"
    _, report, text = own_check("ann")
    transcript.write_text(text)
    replayed = run("check", "--replay", str(transcript), "--json")
    assert replayed.returncode == 1 and graded(json.loads(replayed.stdout)) == report
    for flag, value in (("--secret", str(secret)), ("--student", "ann")):
        refused = run("check", "--replay", str(transcript), flag, value)
        assert refused.returncode == 2 and "--replay judges a saved transcript" in refused.stderr
        assert refused.stderr.count("\n") == 1


def test_the_whole_check_asks_every_position_with_no_secret_and_refuses_one(
    run: InProcess, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    unmakeable = tmp_path / "a file, not a folder"
    unmakeable.write_text("")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(unmakeable))
    first_free = tmp_path / "first_free.py"
    first_free.write_text("def find_best_move(board):\n    return next(i for i in range(9) if board[i] == ' ')\n")
    whole = run("check", str(first_free), "--sandbox", "off", "--json")
    assert whole.returncode == 1, whole.stderr
    document = json.loads(whole.stdout)
    assert document["asked"] == document["positions"] == 4520 and not shown_seeds(document)
    for flag in ("--secret", "--student"):
        refused = run("check", str(first_free), "--sandbox", "off", flag, "x")
        assert refused.returncode == 2 and "tic-tac-toe with --sample or --budget" in refused.stderr
        assert refused.stderr.count("\n") == 1


@pytest.mark.parametrize("sampled", [QUICK[:2], ("--budget", "60"), ("--format", "coderunner")])
def test_a_sample_with_no_secret_to_read_stops_in_one_line_before_anything_is_written(
    run: InProcess, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sampled: tuple[str, ...]
) -> None:
    shared = secret_file(tmp_path / "grader" / "secret")
    shared.chmod(0o644)
    csv = tmp_path / "grades.csv"
    refused = run("check", str(AI), *sampled, "--secret", str(shared), "--csv", str(csv))
    assert refused.returncode == 2 and f"chmod 600 {shared}" in refused.stderr
    unmakeable = tmp_path / "a file, not a folder"
    unmakeable.write_text("")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(unmakeable))
    cannot = run("check", str(AI), *sampled, "--csv", str(csv))
    assert cannot.returncode == 2 and "or give --seed N" in cannot.stderr and cannot.stderr.count("\n") == 1
    assert not csv.exists()
