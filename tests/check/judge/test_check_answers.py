"""Reading what a candidate answered: a legal move, or the kind of thing that is wrong with it."""

from __future__ import annotations

from typing import Any

import pytest

from perfectplay.check.judge.answers import answer_text, error_text, read_move
from perfectplay.check.position import TicTacToePosition
from perfectplay.check.run.command import is_chatter, parse_answer, request_line

#  X | O | X
# ---+---+---
#  O | O | .      X to move; free cells 5, 6 and 8.
# ---+---+---
#  . | X | .
POSITION = TicTacToePosition.from_text("XOX/OO./.X.", "X")


@pytest.mark.parametrize(
    ("record", "returns", "move", "problem"),
    [
        ({"kind": "int", "value": 5}, None, 5, None),
        ({"kind": "pair", "value": [1, 2]}, None, 5, None),
        ({"kind": "pair", "value": [2, 2]}, "rowcol", 8, None),
        ({"kind": "int", "value": 5}, "rowcol", None, "wrong_type"),
        ({"kind": "pair", "value": [1, 2]}, "index", None, "wrong_type"),
        ({"kind": "int", "value": 0}, None, None, "illegal_move"),
        ({"kind": "int", "value": 9}, None, None, "illegal_move"),
        ({"kind": "pair", "value": [3, 0]}, None, None, "illegal_move"),
        ({"kind": "none"}, None, None, "wrong_type"),
        ({"kind": "other", "type": "str", "repr": "'5'"}, None, None, "wrong_type"),
        ({"error": {"type": "IndexError", "message": "list index out of range"}}, None, None, "raises"),
        ({"failure": "timeout", "seconds": 2.0}, None, None, "timeout"),
        ({"failure": "died", "status": "was killed by SIGKILL"}, None, None, "crash"),
    ],
)
def test_read_move_accepts_only_a_free_cell_in_the_promised_shape(
    record: dict[str, Any], returns: str | None, move: int | None, problem: str | None
) -> None:
    assert read_move(record, POSITION, returns) == (move, problem)


def test_answers_are_written_as_the_candidate_gave_them() -> None:
    assert answer_text({"kind": "pair", "value": [1, 2], "type": "tuple"}) == "returned (1, 2)"
    assert answer_text({"kind": "pair", "value": [1, 2], "type": "list"}) == "returned [1, 2]"
    assert answer_text({"kind": "none"}) == "returned None"
    assert answer_text({"failure": "timeout", "seconds": 2.0}) == "gave no answer within 2 s of CPU time"
    assert answer_text({"failure": "timeout", "clock": "wall", "seconds": 13.0}) == (
        "gave no answer within 13 s on the clock, waiting rather than computing"
    )
    assert (
        answer_text({"failure": "died", "status": "was killed by SIGKILL"}) == "died: its process was killed by SIGKILL"
    )
    error = {"type": "NameError", "message": "name 'copy' is not defined", "line": 79, "code": "copy.deepcopy(b)"}
    assert error_text(error) == "NameError: name 'copy' is not defined (line 79: copy.deepcopy(b))"


def test_the_line_protocol_sends_the_position_and_reads_an_index_or_a_row_and_column() -> None:
    assert request_line(POSITION) == b"XOX/OO./.X. X\n"
    assert parse_answer("5\n") == {"kind": "int", "value": 5}
    assert parse_answer(" 1 2 ") == {"kind": "pair", "value": [1, 2], "type": "line"}
    assert parse_answer("move 5")["kind"] == "other"
    assert is_chatter("# thinking...") and is_chatter("   ") and not is_chatter("5")
