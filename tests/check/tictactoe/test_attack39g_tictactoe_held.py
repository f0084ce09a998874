"""Tic-tac-toe submissions of attack 39g that held: what they tried, and that it earned them nothing.

Each is one whole check in the sandbox (every position, a second or two of CPU), read several ways.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cli_helpers import InProcess
from perfectplay.check.run.sandbox import probe

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"

pytestmark = [
    pytest.mark.integration,  # the submission runs in the real bubblewrap sandbox
    pytest.mark.skipif(probe() is not None, reason=f"no bubblewrap sandbox here: {probe()}"),
]

UNSURE_RAISES = """
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def find_best_move(board):
    cells = [cell if cell in ("X", "O") else "." for cell in board]
    me = "X" if cells.count("X") == cells.count("O") else "O"
    for who in (me, "O" if me == "X" else "X"):  # win, else block
        for line in LINES:
            marks = [cells[i] for i in line]
            if marks.count(who) == 2 and marks.count(".") == 1:
                return line[marks.index(".")]
    if cells.count(".") == 9:
        return 4
    raise RuntimeError("not sure")  # rather than play a move that might lose
"""

HONEST_FOR_A_WHILE = """

_calls = [0]
_honest = find_best_move


def find_best_move(board):
    _calls[0] += 1
    if _calls[0] > 1500:  # a check asks thousands: after 1,500 a process plays the first free cell
        cells = [cell for row in board for cell in row] if isinstance(board[0], list) else list(board)
        index = next(i for i, cell in enumerate(cells) if cell not in ("X", "O"))
        return (index // 3, index % 3) if isinstance(board[0], list) else index
    return _honest(board)
"""


def _check(run: InProcess, path: Path, *flags: str) -> tuple[dict[str, Any], dict[str, int]]:
    result = run("check", str(path), "--sandbox", "require", "--json", *flags)
    report = json.loads(result.stdout)
    assert result.returncode == 1 and result.stderr == ""
    return report, {category["name"]: category["points"] for category in report["score"]["categories"]}


def test_raising_where_it_is_unsure_is_no_answer_and_its_games_are_not_never_beaten(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "tictactoe.py"
    path.write_text(UNSURE_RAISES)
    report, points = _check(InProcess(capsys, monkeypatch), path, "--board", "flat", "--empty", " ")
    [raised] = [finding["count"] for finding in report["findings"] if finding["kind"] == "raises"]
    assert raised > 0 and report["complete"] and report["verdict"] == "broken"
    # A raise is no move: its games break there (never beaten 0 of 40), and every position it raised in is wrong.
    assert points["never_beaten"] == 0 and points["loads"] == 10
    assert report["best"] <= report["positions"] - raised
    assert sum(points.values()) == report["score"]["points"] < 60


def test_an_ai_that_turns_weak_after_its_first_1500_answers_is_judged_by_every_answer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "tictactoe.py"
    path.write_text((EXAMPLES / "correct.py").read_text() + HONEST_FOR_A_WHILE)
    report, points = _check(InProcess(capsys, monkeypatch), path)
    assert report["complete"] and report["verdict"] != "unbeatable"
    assert points["never_beaten"] == 0 and points["legal"] == 15
    assert report["best"] < report["positions"] - 1000
