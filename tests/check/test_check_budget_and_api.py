"""A graded partial result when time runs out, in every format; and the Python API a notebook grader calls."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from check_reports import Checked
from cli_helpers import InProcess
from perfectplay.check import CheckReport, CheckUsageError, check_ai, points, render_text, score
from shared_results import shared_folder

SLOW = "import time\n\ndef find_best_move(board):\n    time.sleep(0.2)\n    return board.index(' ')\n"
"""0.2 s of waiting a move over 4,520 positions: minutes on any machine, however fast, so a budget of 10 s
always runs out; and 10 s leaves the check enough to start the candidate even on a busy machine (a budget of 8
still did at load 23)."""


@pytest.fixture(scope="session")
def slow(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The slow file at one path for the whole run (every worker's), so its checks are shared (``checked_cli``)."""
    # Without xdist, a folder of its own: the run's base folder holds the grader's secret (tests/conftest.py), which
    # the check refuses to find inside a submission's folder.
    folder = shared_folder(tmp_path_factory) or tmp_path_factory.mktemp("budget")
    path = folder / "slow.py"
    partial = folder / f"slow.{os.getpid()}.partial"
    partial.write_text(SLOW)
    partial.replace(path)  # two workers may write it at once: each writes it whole
    return path


@pytest.mark.parametrize("grader", ["gradescope", "prairielearn", "classroom50", "json", "text"])
def test_when_the_budget_runs_out_every_format_holds_a_graded_partial_result_saying_how_much_was_checked(
    slow: Path, grader: str, checked_cli: InProcess
) -> None:
    # One check whose budget runs out (10 s of waiting), shared: each format is the command's rendering of it.
    started = time.monotonic()
    result = checked_cli("check", str(slow), "--board", "flat", "--empty", " ", "--format", grader, "--budget", "10")
    # Generous: the budget keeps a margin, and a busy machine adds start-up time, never a whole budget.
    assert time.monotonic() - started < 20 * 4  # a generous bound: the other worker may be making it
    assert result.returncode == 1, result.stderr
    out = result.stdout
    assert "not asked before the check stopped" in out
    if grader == "text":
        assert "Not checked everywhere: it was asked" in out and "of 4,520 positions" in out
        return
    document = json.loads(out)
    points = {
        "gradescope": lambda: document["score"],
        "prairielearn": lambda: document["score"] * 100,
        "classroom50": lambda: document["score"],
        "json": lambda: document["score"]["points"],
    }[grader]()
    # The file loaded and its AI was found: those points are earned; most of the rest was never asked.
    assert 10 <= points < 50


def test_a_budget_too_small_or_beside_a_time_limit_is_a_usage_error(slow: Path, in_process: InProcess) -> None:
    small = in_process("check", str(slow), "--budget", "2")
    assert small.returncode == 2 and "--budget must be more than 5 seconds" in small.stderr
    both = in_process("check", str(slow), "--budget", "60", "--time-limit", "30")
    assert both.returncode == 2 and "give --budget or --time-limit, not both" in both.stderr


def test_the_notebook_api_returns_a_report_with_points_a_verdict_and_the_explanation(checked: Checked) -> None:
    report = checked("examples/graders/beatable/tictactoe.py")  # check_ai, shared with others
    assert isinstance(report, CheckReport)
    assert (report.verdict, report.exit_status) == ("beatable", 1)
    assert points(report, out_of=10) == 5.9
    assert score(report).category("never_beaten").points == 0
    text = render_text(report)
    assert "Can be beaten" in text and "Score: 59 of 100" in text


@pytest.mark.slow  # a process started a time-out (test_check_isolation holds the accounting in --fast)
def test_the_notebook_api_does_not_hang_on_an_endless_loop_and_gives_a_partial_grade(tmp_path: Path) -> None:
    endless = tmp_path / "endless.py"
    endless.write_text("def find_best_move(board):\n    while True:\n        pass\n")
    started = time.monotonic()
    # A twentieth of a second of CPU a move: every answer spins until its limit, and the check gives up on it after
    # its failures budget (each a fresh process) or its CPU time (a quarter of a second: five answers), whichever
    # comes first.
    report = check_ai(endless, board="flat", empty=" ", move_seconds=0.05, total_seconds=0.25)
    # It stops on CPU time: on a busy machine, where the loop gets a small share of a core, that takes longer
    # on the clock, but never for ever.
    assert time.monotonic() - started < 6 * 20
    assert points(report, out_of=10) < 2 and report.exit_status == 1


def test_check_ai_takes_typed_settings_and_the_former_keywords_alike(examples: Path) -> None:
    from perfectplay.check import Candidate, Grading, Hint, Limits

    path = examples / "graders" / "beatable" / "tictactoe.py"
    typed = check_ai(Candidate(path, sandbox="off"), limits=Limits(move_seconds=5), grading=Grading(sample=40, seed=3))
    keywords = check_ai(path, sandbox="off", move_seconds=5, sample=40, seed=3)
    assert (typed.verdict, typed.positions, typed.asked, typed.best) == (
        keywords.verdict,
        keywords.positions,
        keywords.asked,
        keywords.best,
    )
    with pytest.raises(CheckUsageError, match="not both"):
        check_ai(path, Hint(board="flat"), sample=40)
    with pytest.raises(CheckUsageError, match="unknown setting 'move_second'"):
        check_ai(path, move_second=5)
    with pytest.raises(CheckUsageError, match="--time-per-move must be"):
        check_ai(path, limits=Limits(move_seconds=float("nan")))
