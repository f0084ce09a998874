"""Every student of one check is scored on the same categories, each with the same maximum: a CS50 AI too slow for a
grader's budget to ask any of its helpers still has the helpers category (0 points), not a score with it left out
and the others' maxima grown (12/18/47/23 instead of 10/15/40/20/15: another test list on Gradescope)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from check_reports import Checked
from perfectplay.check.api import check_ai
from perfectplay.check.report.model import CheckReport
from perfectplay.check.report.score import score
from perfectplay.check.settings import Candidate, Limits

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
SLOW = """
import time as _time
_minimax = minimax


def minimax(board):  # a quarter of a CPU second a move, in every position (a time-bound search's way)
    end = _time.process_time() + 0.25
    while _time.process_time() < end:
        pass
    return _minimax(board)
"""


def _maxima(report: CheckReport) -> list[tuple[str, int]]:
    return [(category.name, category.max_points) for category in score(report).categories]


def test_a_cs50_ai_too_slow_for_the_budget_has_the_categories_and_maxima_of_a_fast_one(
    tmp_path: Path, checked: Checked
) -> None:
    slow = tmp_path / "tictactoe.py"
    slow.write_text((EXAMPLES / "cs50" / "tictactoe.py").read_text() + SLOW)
    # The fast one is the same module unslowed, every position and helper asked (its whole check, made once a run
    # for the tests that read it): the categories and maxima a budget must keep are those.
    fast = checked("examples/cs50/tictactoe.py")
    # A budget of 4 s buys under a CPU second: a few of its moves, none of its helpers (8 s buys the same report,
    # nothing asked and no helper, for twice the CPU); the assertion below says no helper was asked.
    reports = [fast, check_ai(Candidate(slow, sandbox="off"), limits=Limits(budget_seconds=4))]
    assert reports[1].helpers_of == 0  # the budget asked none of its helpers
    assert [name for name, _ in _maxima(reports[0])] == ["loads", "legal", "never_beaten", "keeps_value", "helpers"]
    assert _maxima(reports[1]) == _maxima(reports[0])
    assert score(reports[1]).category("helpers").points == 0
    assert _maxima(replace(reports[0], helpers=0, helpers_of=0)) == _maxima(reports[0])
