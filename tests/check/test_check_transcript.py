"""A check's transcript: every answer recorded, then judged again without running the student (``--replay``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_helpers import InProcess
from perfectplay.check import Candidate, CheckReport, CheckUsageError, Grading, Output, check_ai
from perfectplay.check.api import replay
from perfectplay.check.report.render_graders import prairielearn_json
from perfectplay.check.report.render_text import render_text
from perfectplay.check.report.score import load_weights
from shared_results import SharedResults


@pytest.fixture(scope="module")
def recorded(
    tmp_path_factory: pytest.TempPathFactory, examples: Path, shared_results: SharedResults
) -> tuple[Path, CheckReport]:
    """The check and its transcript, made once a run for the tests here on every xdist worker (only read)."""

    def make() -> tuple[Path, CheckReport]:
        # Beatable: its losing games are played again in fresh processes, and the transcript keeps those too.
        path = tmp_path_factory.mktemp("transcript") / "beatable.json"
        beatable = examples / "graders" / "beatable" / "tictactoe.py"
        report = check_ai(
            Candidate(beatable, sandbox="off"), grading=Grading(sample=60, seed=3), output=Output(transcript=path)
        )
        return path, report

    return shared_results.get(f"{__name__}: recorded", make)


def test_a_report_judged_again_from_its_transcript_is_the_report_of_the_check(
    recorded: tuple[Path, CheckReport],
) -> None:
    path, report = recorded
    again = replay(path)
    assert again == report
    assert render_text(again) == render_text(report)


def test_a_transcript_is_judged_again_by_another_standard_and_other_weights_without_the_student(
    recorded: tuple[Path, CheckReport], tmp_path: Path, in_process: InProcess
) -> None:
    path, report = recorded
    best = replay(path, standard="best")
    assert best.standard == "best" and best.positions == report.positions
    weights = tmp_path / "weights.json"
    weights.write_text(json.dumps({"never_beaten": 10}))
    result = in_process("check", "--replay", str(path), "--format", "prairielearn", "--weights", str(weights))
    assert result.returncode == 1, result.stderr
    assert json.loads(result.stdout) == prairielearn_json(report, load_weights(weights))


def test_a_changed_or_foreign_transcript_is_one_line_and_exit_status_2(
    recorded: tuple[Path, CheckReport], tmp_path: Path, in_process: InProcess
) -> None:
    path, _ = recorded
    document = json.loads(path.read_text())
    document["body"]["every"] += 1  # one figure changed by hand: the digest no longer matches
    changed = tmp_path / "changed.json"
    changed.write_text(json.dumps(document))
    with pytest.raises(CheckUsageError, match="changed after it was written"):
        replay(changed)
    for name, text in (("changed.json", None), ("garbage.json", "{not json"), ("other.json", '{"schema": "x"}')):
        file = tmp_path / name
        if text is not None:
            file.write_text(text)
        result = in_process("check", "--replay", str(file))
        assert result.returncode == 2 and result.stdout == ""
        assert result.stderr.count("\n") == 1 and "--replay" in result.stderr
