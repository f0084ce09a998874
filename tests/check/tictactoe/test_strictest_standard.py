"""A file that offers several interfaces is held to the strictest standard among them; the teacher's choice wins.

CS50's functions are judged by value (their +1/0/-1 utility cannot tell a
fast win from a slow one) and the lab's ``find_best_move`` by the best move.
A CS50 file whose minimax takes any move that keeps the win (the last such,
so often a slow one) must not buy the lenient standard by also defining
``find_best_move``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from perfectplay.check.api import check_ai, replay
from perfectplay.check.report.model import CheckReport
from perfectplay.check.settings import Candidate, Grading, Output

SLOW_WINS = '''

_values = {}


def _value(board):
    key = tuple(map(tuple, board))
    if key not in _values:
        if terminal(board):
            _values[key] = utility(board)
        else:
            values = [_value(result(board, action)) for action in actions(board)]
            _values[key] = max(values) if player(board) == X else min(values)
    return _values[key]


def minimax(board):
    """Any move that keeps the value: the last such, often a slow win."""
    if terminal(board):
        return None
    choose = max if player(board) == X else min
    moves = sorted(actions(board))
    target = choose(_value(result(board, move)) for move in moves)
    return [move for move in moves if _value(result(board, move)) == target][-1]
'''

LAB_TOO = """

def find_best_move(board):
    return minimax(board)
"""


def write(tmp_path: Path, examples: Path, *extra: str) -> Path:
    path = tmp_path / "tictactoe.py"
    path.write_text((examples / "cs50" / "tictactoe.py").read_text() + "".join(extra))
    return path


def check(path: Path, standard: str | None = None) -> CheckReport:
    return check_ai(Candidate(path, sandbox="off"), grading=Grading(sample=150, standard=standard))


def test_cs50s_functions_alone_are_judged_by_value(tmp_path: Path, examples: Path) -> None:
    report = check(write(tmp_path, examples, SLOW_WINS))
    assert (report.standard, report.verdict) == ("value", "unbeatable")


@pytest.fixture(scope="module")
def both_checked(tmp_path_factory: pytest.TempPathFactory, examples: Path) -> tuple[CheckReport, Path]:
    """The file with both interfaces checked once, no standard asked, its transcript saved: the live report and
    the transcript the two tests below read (the teacher's standards are checks of their own, further below)."""
    folder = tmp_path_factory.mktemp("both")
    saved = folder / "transcript.json"
    path = write(folder, examples, SLOW_WINS, LAB_TOO)
    live = check_ai(Candidate(path, sandbox="off"), grading=Grading(sample=150), output=Output(transcript=saved))
    return live, saved


def test_the_lab_function_beside_cs50s_makes_the_stricter_standard_apply(
    both_checked: tuple[CheckReport, Path],
) -> None:
    report = both_checked[0]
    assert report.interface is not None and report.interface.startswith("the CS50 functions")
    assert report.standard == "best"
    assert report.verdict != "unbeatable"  # its slow wins are held against it
    assert any("judged by the stricter standard" in note for note in report.notes)


@pytest.mark.parametrize("standard", ["value", "best"])
def test_the_teachers_standard_always_wins(tmp_path: Path, examples: Path, standard: str) -> None:
    report = check(write(tmp_path, examples, SLOW_WINS, LAB_TOO), standard=standard)
    assert report.standard == standard
    assert not any("judged by the stricter standard" in note for note in report.notes)


def test_a_transcript_judged_again_by_the_teachers_standard_says_nothing_of_the_stricter_one(
    both_checked: tuple[CheckReport, Path],
) -> None:
    # The live run's note said "judged by the stricter standard ... best" under a report judged by value.
    live, saved = both_checked
    assert live.standard == "best" and any("judged by the stricter standard" in note for note in live.notes)
    again = replay(saved)
    assert again.standard == "best" and again.notes == live.notes
    lenient = replay(saved, standard="value")
    assert lenient.standard == "value" and lenient.verdict == "unbeatable"
    assert not any("stricter standard" in note for note in lenient.notes)
