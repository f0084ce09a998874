"""``perfectplay check --game nim``: every grader's format valid and equal in points, usage errors, a class."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from cli_helpers import InProcess
from grader_schemas import AUTOLAB, CLASSROOM50, CODERUNNER, GRADESCOPE, PRAIRIELEARN

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "nim"
QUICK = ("--game", "nim", "--train-games", "300", "--train-seed", "1", "--jobs", "1")
"""A little training on one process: these tests are about the command, its formats and its errors."""


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> InProcess:
    return InProcess(capsys, monkeypatch)


def test_every_graders_format_is_valid_and_gives_the_same_points(
    run: InProcess, tmp_path: Path, game_checks_once: None
) -> None:
    # One check, each format its rendering (tests/check/conftest.py): the formats are the subject.
    target = str(EXAMPLES / "running_max" / "nim.py")
    schemas = {"gradescope": GRADESCOPE, "prairielearn": PRAIRIELEARN, "classroom50": CLASSROOM50}
    points = {}
    for grader in ("gradescope", "prairielearn", "classroom50", "coderunner", "autolab", "json"):
        folder = tmp_path / grader
        folder.mkdir()
        finished = run("check", target, *QUICK, "--format", grader, "--output", str(folder))
        assert finished.returncode == 1, finished.stderr
        [written] = [path for path in folder.iterdir() if path.name != "release-body.md"]
        text = written.read_text()
        if grader == "autolab":
            last = json.loads(text.splitlines()[-1])
            jsonschema.validate(last, AUTOLAB)
            points[grader] = sum(last["scores"].values())
            continue
        document = json.loads(text)
        if grader == "coderunner":
            jsonschema.validate(document, CODERUNNER)
            points[grader] = sum(row[2] for row in document["testresults"][1:])
        elif grader == "json":
            points[grader] = document["points"]
        else:
            jsonschema.validate(document, schemas[grader])
            tests = document["tests"]
            key = {"gradescope": "score", "prairielearn": "points", "classroom50": "score"}[grader]
            points[grader] = sum(test[key] for test in tests)
        if grader == "classroom50":
            assert "## perfectplay check (Nim): " in (folder / "release-body.md").read_text()
    assert len(set(points.values())) == 1, points
    assert 0 < next(iter(points.values())) < 100


def test_a_missing_file_is_exit_2_with_one_line_and_a_grader_gets_0_points_not_gradable(
    run: InProcess, tmp_path: Path
) -> None:
    missing = run("check", str(tmp_path / "absent.py"), *QUICK)
    assert (missing.returncode, missing.stdout, missing.stderr.count("\n")) == (2, "", 1)
    assert "no such file" in missing.stderr and "Traceback" not in missing.stderr
    graded = run("check", str(tmp_path / "absent.py"), *QUICK, "--format", "prairielearn")
    document = json.loads(graded.stdout)
    assert graded.returncode == 2 and document["gradable"] is False and document["score"] == 0
    jsonschema.validate(document, PRAIRIELEARN)


def test_a_module_with_no_nim_ai_is_not_gradable_and_says_what_it_looked_for(run: InProcess, tmp_path: Path) -> None:
    empty = tmp_path / "nim.py"
    empty.write_text("x = 1\n")
    finished = run("check", str(empty), *QUICK)
    assert finished.returncode == 2 and finished.stderr.count("\n") == 1
    assert "NimAI" in finished.stderr and "best_move" in finished.stderr


@pytest.mark.parametrize(
    "flags",
    [
        ("--start", "1,x"),
        ("--train-games", "0"),
        ("--train-seed", "a,b"),
        ("--train-budget", "-1"),
        ("--pass-mark", "2"),
        ("--board", "flat"),
        ("--rules", "sideways"),
    ],
)
def test_a_teachers_wrong_flag_is_a_usage_error_of_one_line(run: InProcess, flags: tuple[str, ...]) -> None:
    finished = run("check", str(EXAMPLES / "minimax" / "nim_player.py"), *QUICK, *flags)
    assert (finished.returncode, finished.stdout, finished.stderr.count("\n")) == (2, "", 1), finished.stderr
    assert "Traceback" not in finished.stderr


def test_a_class_folder_runs_in_one_command_with_a_summary_and_csv(run: InProcess, tmp_path: Path) -> None:
    grades = tmp_path / "grades.csv"
    # The class run is the subject, not how far training goes: 2,000 games a student (a third of the CPU of the
    # default 10,000) train the learning example to pass and leave the running maximum failing, with the same
    # findings. Full training's verdicts are test_nim_lab_check.py's (every seed).
    class_run = ("--game", "nim:misere", "--train-seed", "1", "--train-games", "2000")
    finished = run("check", str(EXAMPLES), *class_run, "--summary", "--csv", str(grades))
    assert finished.returncode == 1, finished.stderr
    assert "Class summary: 3 students" in finished.stdout
    assert "no value below 0 is ever reported" in finished.stdout
    rows = grades.read_text().splitlines()
    assert rows[0].startswith("target,verdict,points")
    verdicts = {row.split(",")[0].split("/")[-1]: row.split(",")[1] for row in rows[1:]}
    assert verdicts == {"learning": "pass", "minimax": "pass", "running_max": "fail"}


def test_a_saved_transcript_is_judged_again_to_the_same_report_without_running_the_student(
    run: InProcess, tmp_path: Path
) -> None:
    student = tmp_path / "nim.py"
    student.write_bytes((EXAMPLES / "running_max" / "nim.py").read_bytes())
    transcript = tmp_path / "transcript.json"
    first = run("check", str(student), *QUICK, "--transcript", str(transcript), "--json")
    student.unlink()  # replaying runs nothing of the student's
    again = run("check", "--game", "nim", "--replay", str(transcript), "--json")
    assert (first.returncode, again.returncode) == (1, 1), again.stderr
    assert json.loads(first.stdout) == json.loads(again.stdout)
    transcript.write_text(transcript.read_text().replace('"nim-learning"', '"nim-player"'))
    changed = run("check", "--game", "nim", "--replay", str(transcript))
    assert changed.returncode == 2 and changed.stderr.count("\n") == 1


PROGRAM = """\
import sys
from functools import reduce


def lost(piles):  # misère: Bouton's rule, with the endgame of piles of 0 and 1
    return sum(piles) % 2 == 1 if max(piles) <= 1 else reduce(lambda a, b: a ^ b, piles) == 0


for line in sys.stdin:
    piles = [int(word) for word in line.split()]
    moves = [(i, c) for i, n in enumerate(piles) for c in range(1, n + 1)]
    after = lambda i, c: [n - c if j == i else n for j, n in enumerate(piles)]
    winning = [move for move in moves if lost(after(*move))]
    print(*(winning or moves)[0], flush=True)
"""


def test_a_program_in_any_language_is_checked_as_a_player_over_the_line_protocol(
    run: InProcess, tmp_path: Path
) -> None:
    program = tmp_path / "player.py"
    program.write_text(PROGRAM)
    finished = run("check", "--game", "nim:misere", "--command", f"python3 {program}", "--json")
    assert finished.returncode == 0, finished.stderr
    document = json.loads(finished.stdout)
    assert document["verdict"] == "pass" and document["player"]["winning"] == 335
    assert document["interface"].startswith("a program (--command)")


def test_each_student_draws_their_own_seed_from_the_graders_secret_and_the_seed_shown_asks_the_same_again(
    run: InProcess, game_checks_once: None
) -> None:
    """No answer key to carry in: without the grader's secret nobody knows the hand-made tables' values beforehand,
    and a resubmission is asked the same (grader_secret.py).

    Each check made once for its settings (tests/check/conftest.py): the resubmission is the same check only if the
    seed drawn for it is the same; the seed given with --seed (shown) is another setting, so another check."""
    target = str(EXAMPLES / "learning" / "nim.py")
    quick = ("--game", "nim", "--train-games", "50", "--jobs", "1", "--format", "json")

    def drawn(*extra: str) -> str:
        finished = run("check", target, *quick, *extra)
        assert finished.returncode in (0, 1), finished.stderr
        return str(json.loads(finished.stdout)["settings"]["hand-made tables"])

    first, second, other = drawn(), drawn(), drawn("--student", "someone else")
    assert first == second != other
    seed = first.rsplit(" ", 1)[-1]
    assert drawn("--seed", seed) == first
