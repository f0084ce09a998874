"""Scores with partial credit, the same in every format, in the shapes Gradescope, PrairieLearn and Classroom 50 read.

Five submissions a teacher would rank: perfect, never beaten but slow to
win (judged by best), beatable, crashing, and one that does not import.
"""

from __future__ import annotations

import csv
import datetime
import io
import json
import re
from collections.abc import Callable
from pathlib import Path

import jsonschema
import pytest

from check_reports import Checked
from cli_helpers import InProcess
from grader_schemas import AUTOLAB, CODERUNNER
from perfectplay.check.report.model import CheckReport
from perfectplay.check.report.render_csv import csv_row
from perfectplay.check.report.render_graders import (
    autolab_output,
    classroom50_json,
    coderunner_json,
    gradescope_json,
    prairielearn_json,
    release_body,
)
from perfectplay.check.report.render_json import report_json
from perfectplay.check.report.render_text import render_text
from perfectplay.check.report.score import load_weights, points, score

RANKED = {
    "perfect": "cs50/tictactoe.py",
    "slow": "fatalist.py",
    "beatable": "graders/beatable/tictactoe.py",
    "crashes": "graders/crashes/tictactoe.py",
    "no_import": "graders/syntax_error/tictactoe.py",
}


@pytest.fixture(scope="module")
def reports(checked: Checked) -> dict[str, CheckReport]:
    # Named as the command line names them (from the checkout's root): the same runs as its tests make.
    return {name: checked(f"examples/{path}") for name, path in RANKED.items()}


def every_format(report: CheckReport) -> dict[str, tuple[float, float]]:
    """(points, out of) as each format states them."""
    gradescope = gradescope_json(report)
    prairie = prairielearn_json(report)
    classroom = classroom50_json(report, environ={})
    document = report_json(report)
    row = csv_row(report)
    text = re.search(r"^Score: (\d+) of (\d+)", render_text(report), re.MULTILINE)
    assert text is not None
    coderunner = coderunner_json(report)
    autolab = json.loads(autolab_output(report, text=render_text(report)).splitlines()[-1])
    return {
        "gradescope": (gradescope["score"], sum(test["max_score"] for test in gradescope["tests"])),
        "prairielearn": (prairie["score"] * 100, sum(test["max_points"] for test in prairie["tests"])),
        "classroom50": (classroom["score"], classroom["max-score"]),
        "json": (document["score"]["points"], document["score"]["max_points"]),
        "csv": (float(str(row["score"])), float(str(row["max_score"]))),
        "text": (float(text[1]), float(text[2])),
        "api": (points(report, out_of=100), 100),
        "coderunner": (coderunner["fraction"] * 100, sum(row[3] for row in coderunner["testresults"][1:])),
        "autolab": (sum(autolab["scores"].values()), 100),
    }


def test_every_format_ranks_the_five_as_a_teacher_would_and_gives_each_the_same_points(
    reports: dict[str, CheckReport],
) -> None:
    points = {}
    for name, report in reports.items():
        stated = every_format(report)
        assert len(set(stated.values())) == 1, (name, stated)
        points[name] = stated["classroom50"][0]
    assert points["perfect"] == 100
    assert points["perfect"] > points["slow"] > points["beatable"] > points["crashes"] > points["no_import"] == 0


def test_a_file_that_does_not_import_scores_0_is_not_gradable_and_says_why(reports: dict[str, CheckReport]) -> None:
    prairie = prairielearn_json(reports["no_import"])
    assert prairie["gradable"] is False and prairie["score"] == 0
    assert "SyntaxError: expected ':' (line 11: def player(board))" in prairie["message"]


def test_partial_credit_follows_the_positions_right_rounded_down(reports: dict[str, CheckReport]) -> None:
    slow = {category.name: category for category in score(reports["slow"]).categories}
    assert (slow["best_move"].right, slow["best_move"].of) == (4035, 4520)
    assert slow["best_move"].points == 15 * 4035 // 4520 == 13
    beatable = {category.name: category for category in score(reports["beatable"]).categories}
    assert beatable["never_beaten"].points == 0 and beatable["helpers"].points == 15


def test_a_cs50_submission_judged_by_value_has_no_best_move_category_and_its_helpers_count(
    reports: dict[str, CheckReport],
) -> None:
    names = [category.name for category in score(reports["perfect"]).categories]
    assert names == ["loads", "legal", "never_beaten", "keeps_value", "helpers"]
    assert "best_move" in [category.name for category in score(reports["slow"]).categories]


def test_gradescope_results_hold_one_test_a_category_with_markdown_and_the_losing_game_drawn(
    reports: dict[str, CheckReport],
) -> None:
    document = gradescope_json(reports["beatable"], visibility="after_due_date")
    assert set(document) == {"score", "output", "output_format", "visibility", "stdout_visibility", "tests"}
    assert document["output_format"] == "md" and document["visibility"] == "after_due_date"
    never = next(test for test in document["tests"] if test["name"] == "Never beaten")
    assert (never["score"], never["max_score"], never["status"]) == (0, 40, "failed")
    assert "Shortest loss as X moving first" in never["output"] and " ---+---+---" in never["output"]
    assert all(
        set(test) == {"name", "score", "max_score", "status", "output", "output_format", "visibility"}
        for test in document["tests"]
    )


def test_classroom50_result_has_the_runner_identity_integer_points_and_a_release_body(
    reports: dict[str, CheckReport],
) -> None:
    environ = {
        "CLASSROOM": "cs50-fall",
        "ASSIGNMENT": "tictactoe",
        "SUBMISSION_TAG": "submit/2026-11-25T21-00-00Z-abc1234",
        "COMMIT_URL": "https://github.com/o/r/commit/abc",
        "RELEASE_URL": "https://github.com/o/r/releases/tag/x",
    }
    moment = datetime.datetime(2026, 11, 25, 21, 0, 5, tzinfo=datetime.timezone.utc)
    document = classroom50_json(reports["crashes"], environ=environ, now=moment)
    assert document["schema"] == "classroom50/result/v1"
    assert (document["classroom"], document["assignment"], document["review"]) == (
        "cs50-fall",
        "tictactoe",
        "https://github.com/o/r/commit/abc",
    )
    assert document["datetime"] == "2026-11-25T21:00:05Z"
    assert isinstance(document["score"], int) and isinstance(document["max-score"], int)
    assert document["score"] == sum(test["score"] for test in document["tests"])
    for test in document["tests"]:
        assert set(test) == {"test-name", "passed", "score", "max-score", "message"}
        assert test["passed"] == (test["score"] == test["max-score"])
    body = release_body(reports["crashes"])
    assert body.startswith("## perfectplay check: 27 / 100") and "NameError" in body




def test_coderunner_results_are_a_fraction_a_row_a_category_and_escaped_html(
    reports: dict[str, CheckReport],
) -> None:
    for report in reports.values():
        document = coderunner_json(report)
        jsonschema.validate(document, CODERUNNER)
        header, *rows = document["testresults"]
        assert header[0] == "iscorrect" and all(len(row) == len(header) for row in rows)
    beatable = coderunner_json(reports["beatable"])
    assert "<pre>" in beatable["epiloguehtml"] and "```" not in beatable["epiloguehtml"]
    assert "Shortest loss" in beatable["epiloguehtml"]
    assert "<p>Can be beaten" in beatable["prologuehtml"]


def test_autolab_output_ends_with_the_scores_line_after_the_report(reports: dict[str, CheckReport]) -> None:
    for report in reports.values():
        text = render_text(report)
        output = autolab_output(report, text=text)
        assert output.startswith(text.rstrip("\n")) and output.endswith("}\n")
        last = json.loads(output.splitlines()[-1])
        jsonschema.validate(last, AUTOLAB)
        assert set(last["scores"]) == {category.name for category in score(report).categories}
    assert json.loads(autolab_output(reports["perfect"]).splitlines()[-1])["scoreboard"] == [100, 1]


def test_every_grader_file_stays_under_its_size_limit(reports: dict[str, CheckReport]) -> None:
    for report in reports.values():
        assert len(json.dumps(prairielearn_json(report)).encode()) < 1_000_000
        assert len(json.dumps(gradescope_json(report)).encode()) < 1_000_000
        assert len(release_body(report)) < 125_000


def test_the_cli_writes_a_grader_file_and_classroom50_puts_release_body_beside_it(
    tmp_path: Path, checked_cli: InProcess
) -> None:
    result = checked_cli(
        "check", "examples/graders/beatable/tictactoe.py", "--format", "classroom50", "--output", str(tmp_path)
    )
    assert result.returncode == 1, result.stderr
    document = json.loads((tmp_path / "result.json").read_text())
    assert document["score"] == 59
    assert (tmp_path / "release-body.md").read_text().startswith("## perfectplay check: 59 / 100")
    gradescope = tmp_path / "results.json"
    # The default limits instead of Gradescope's default budget: the same check as above, rendered for Gradescope.
    result = checked_cli(
        "check", "examples/graders/beatable/tictactoe.py", "--format", "gradescope", "--time-limit", "600",
        "--output", str(gradescope),
    )  # fmt: skip
    assert json.loads(gradescope.read_text())["score"] == 59


def test_a_missing_file_still_gets_a_grader_file_not_gradable_and_exit_2(in_process: InProcess) -> None:
    result = in_process("check", "nothere.py", "--format", "prairielearn")
    assert result.returncode == 2
    assert result.stderr == "perfectplay check: error: nothere.py: no such file\n"
    document = json.loads(result.stdout)
    assert (document["gradable"], document["score"]) == (False, 0.0)


def test_weights_from_toml_or_json_change_the_points(
    tmp_path: Path, reports: dict[str, CheckReport], checked_cli: InProcess
) -> None:
    toml = tmp_path / "weights.toml"
    toml.write_text("never_beaten = 1\nloads = 0\nlegal = 0\nkeeps_value = 0\nbest_move = 0\nhelpers = 1\ntotal = 10\n")
    weights = load_weights(toml)
    assert score(reports["beatable"], weights).points == 5
    assert points(reports["perfect"], out_of=10, weights=weights) == 10
    as_json = tmp_path / "weights.json"
    as_json.write_text(
        json.dumps(
            {"never_beaten": 1, "loads": 0, "legal": 0, "keeps_value": 0, "best_move": 0, "helpers": 1, "total": 10}
        )
    )
    assert load_weights(as_json) == weights
    result = checked_cli("check", "examples/graders/beatable/tictactoe.py", "--csv", "-", "--weights", str(toml))
    (row,) = csv.DictReader(io.StringIO(result.stdout))
    assert (row["score"], row["max_score"]) == ("5", "10")


@pytest.mark.parametrize(
    ("content", "suffix", "message"),
    [
        ('{"never_beaten": -1}', ".json", "never_beaten must be a number, 0 or more, not -1"),
        ('{"speed": 3}', ".json", "unknown category 'speed'"),
        ('{"total": 0}', ".json", "total must be a whole number of points from 1 to 1,000,000"),
        ("[1, 2]", ".json", "must hold a table of category = weight"),
        ("never_beaten = ", ".toml", "is not valid TOML"),
        ('{"loads": 0, "legal": 0, "never_beaten": 0, "keeps_value": 0}', ".json", "at least one of loads"),
    ],
)
def test_a_bad_weights_file_exits_2_with_one_line(
    tmp_path: Path, content: str, suffix: str, message: str, in_process: InProcess
) -> None:
    path = tmp_path / f"weights{suffix}"
    path.write_text(content)
    result = in_process("check", "examples/correct.py", "--weights", str(path))
    assert result.returncode == 2 and message in result.stderr, result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr and result.stdout == ""


def test_grader_formats_take_one_file_and_release_body_only_goes_with_classroom50(in_process: InProcess) -> None:
    several = in_process("check", "examples/correct.py", "examples/only_x.py", "--format", "gradescope")
    assert several.returncode == 2 and "--format gradescope grades one submission" in several.stderr
    body = in_process("check", "examples/correct.py", "--release-body", "x.md")
    assert body.returncode == 2 and "--release-body goes with --format classroom50" in body.stderr


@pytest.mark.parametrize(
    ("format_", "check"),
    [
        ("text", lambda text: text.startswith("perfectplay check: examples/fatalist.py")),
        ("json", lambda text: json.loads(text)["score"]["points"] == 98),
        ("csv", lambda text: next(csv.DictReader(io.StringIO(text)))["score"] == "98"),
    ],
)
def test_output_writes_text_json_and_csv_to_a_file_instead_of_standard_output(
    tmp_path: Path, format_: str, check: Callable[[str], bool], checked_cli: InProcess
) -> None:
    path = tmp_path / f"report.{format_}"
    result = checked_cli("check", "examples/fatalist.py", "--format", format_, "--output", str(path))
    assert result.returncode == 1, result.stderr
    assert check(path.read_text())
    # As with --csv FILE, a class run's CSV in a file leaves one verdict line a file on standard output.
    expected = "examples/fatalist.py: Never loses, but plays the best move in only 4,035 of 4,520 positions (89.3%).\n"
    assert result.stdout == (expected if format_ == "csv" else "")
