"""A report is scored once, however many formats show it: the renderers take the score they are handed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_helpers import InProcess


@pytest.fixture()
def scorings(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The target of every report scored from now on.

    The scorer measures a report's ``loads`` category once per score, whoever holds the scorer; so that
    counts every call, the front end's own included.
    """
    from perfectplay.check.report import score as scorer
    from perfectplay.check.report.model import CheckReport

    seen: list[str] = []
    original = scorer._measure

    def counted(report: CheckReport, name: str) -> tuple[int, int, str]:
        if name == "loads":
            seen.append(report.target)
        return original(report, name)

    monkeypatch.setattr(scorer, "_measure", counted)
    return seen


def test_a_class_with_csv_feedback_and_a_summary_scores_each_report_once(
    checked_cli: InProcess, scorings: list[str], tmp_path: Path
) -> None:
    grades, feedback = tmp_path / "grades.csv", tmp_path / "feedback"
    # A sample of each: what is counted is the scoring of each report, whatever it holds (a class run's checks
    # are its own, not the whole checks the other tests share).
    files = ("examples/correct.py", "examples/graders/beatable/tictactoe.py")
    args = ("--jobs", "1", "--sample", "20", "--csv", str(grades), "--feedback-dir", str(feedback), "--summary")
    result = checked_cli("check", *files, *args)
    assert result.returncode == 1, result.stderr  # the beatable one loses
    assert sorted(scorings) == sorted(files)
    assert len(list(feedback.iterdir())) == 2 and "students" in result.stdout


def test_a_grader_file_and_its_release_body_score_the_report_once(
    checked_cli: InProcess, scorings: list[str], tmp_path: Path
) -> None:
    result = checked_cli("check", "examples/fatalist.py", "--format", "classroom50", "--output", str(tmp_path))
    assert result.returncode == 1, result.stderr
    assert scorings == ["examples/fatalist.py"]
    document = json.loads((tmp_path / "result.json").read_text())
    assert document["score"] < document["max-score"]
    assert (tmp_path / "release-body.md").read_text().strip()


def test_the_text_report_of_one_file_scores_it_once(checked_cli: InProcess, scorings: list[str]) -> None:
    result = checked_cli("check", "examples/fatalist.py")
    assert result.returncode == 1, result.stderr
    assert scorings == ["examples/fatalist.py"]
