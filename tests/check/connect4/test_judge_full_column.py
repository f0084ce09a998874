"""A full column is named as the board labels it, 1 to 7, as a column played is."""

from __future__ import annotations

from perfectplay.check.connect4.judge import judge
from perfectplay.check.connect4.suite import SuitePosition

# Column 4 (index 3) full; the others' scores made up: only the words are the point.
POSITION = SuitePosition("444444", "opening", (1, 2, 3, None, 3, 2, 1))


def test_a_full_column_is_named_from_1_and_a_column_off_the_board_as_returned() -> None:
    full = judge(POSITION, {"kind": "int", "value": 3, "cpu": 0.0})
    assert (full.kind, full.answer) == ("illegal", "chose column 4, which is full")
    off = judge(POSITION, {"kind": "int", "value": 9, "cpu": 0.0})
    assert (off.kind, off.answer) == ("illegal", "returned 9: not a column 0-6")
    played = judge(POSITION, {"kind": "int", "value": 2, "cpu": 0.0})
    assert played.answer == "played column 3"
