"""A grader's budget buys a sample, and the sample is followed into the games its answers lead to.

"Never beaten" is about the candidate's own games: a sample alone breaks
them after a move or two (the empty board is one position in 4,520), so a
slow AI that plays the first free cell, and is beaten in a few moves as X
and as O, came out "never beaten where it was asked" with full points under
PrairieLearn's default budget. Following its games, as ``--sample N`` does,
finds the loss. PrairieLearn's default budget (25 s) buys 4.9 s of CPU time;
here the format's default is scaled down to 16.5 s, which buys 2.96 s, and
each move burns 2 ms of CPU time (``time.process_time``) instead of 5: with
the checker's own 2 ms or so a position, the same proportions at three fifths
of the CPU. All 4,520 positions would take 18 s, far beyond the budget on any
machine (6 times it, as 32 s is 4.9 s), while its own games (232 positions)
take a third of it (0.9 s, as 1.6 s is of 4.9 s).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_helpers import InProcess
from perfectplay.cli import check_options

SLOW = """
import time

def burn():
    start = time.process_time()
    while time.process_time() - start < 0.002:
        pass
"""

SLOW_FIRST_FREE = (
    SLOW
    + """
def find_best_move(board):
    burn()
    return board.index(" ")
"""
)


@pytest.fixture(autouse=True)
def scaled_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """PrairieLearn's default budget scaled down with the moves' cost (above): still the format's own default."""
    monkeypatch.setitem(check_options.GRADER_BUDGETS, "prairielearn", 16.5)


def prairielearn(in_process: InProcess, path: Path) -> dict[str, object]:
    """The check PrairieLearn's autograder runs: its format's default budget, its JSON."""
    result = in_process("check", str(path), "--format", "prairielearn", "--sandbox", "off")
    document: dict[str, object] = json.loads(result.stdout)
    return document


def test_a_slow_beatable_ai_under_prairielearns_budget_is_found_beatable(tmp_path: Path, in_process: InProcess) -> None:
    path = tmp_path / "slow_first_free.py"
    path.write_text(SLOW_FIRST_FREE)
    document = prairielearn(in_process, path)
    output = str(document["output"])
    # The budget bought a sample, not every position. On a machine loaded enough that following the first
    # round's games outlasts the budget, nothing is a sample and the rest is counted as not asked: either
    # way not every position was asked, and the loss is found.
    assert "in a sample of" in output or "not asked before the check stopped" in output
    assert "| Never beaten | 0 / 40 |" in output
    assert "it loses as X moving first and as O moving second" in str(document["message"])
    assert document["score"] < 0.6  # type: ignore[operator]


def test_a_slow_correct_ai_under_the_same_budget_keeps_every_point(
    tmp_path: Path, in_process: InProcess, examples: Path
) -> None:
    path = tmp_path / "slow_correct.py"
    path.write_text(
        (examples / "correct.py").read_text() + SLOW + "\n_fast = find_best_move\n\n\n"
        "def find_best_move(board):\n    burn()\n    return _fast(board)\n"
    )
    document = prairielearn(in_process, path)
    assert "in a sample of" in str(document["output"])
    assert document["score"] == 1.0
