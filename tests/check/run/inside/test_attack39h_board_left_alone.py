"""A board the candidate wrote on is a changed board, whatever it wrote there (attack 39h).

The runner compared the board after the call with its copy by ``==``: a cell overwritten with a value that says
it equals anything compared equal, so an AI that wrote on its board (a move made and never taken back) kept its
"boards left alone" points. Each cell must now be the mark that was there: the same type, and equal.
"""

from __future__ import annotations

from typing import Any

import pytest

from perfectplay.check.run.inside import values


class Agrees:
    """Equal to anything."""

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = object.__hash__


class Mark(str):
    """A string that says it equals anything: not the mark that was there either."""

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = str.__hash__


def flat() -> list[Any]:
    return ["X", "O", " ", " ", "X", " ", " ", " ", "O"]


def nested() -> list[Any]:
    return [["X", "O", None], [None, "X", None], [None, None, "O"]]


@pytest.mark.parametrize("liar", [Agrees(), Mark("Z")], ids=["object", "str-subclass"])
def test_a_cell_overwritten_with_a_value_equal_to_anything_is_a_changed_board(liar: Any) -> None:
    board, snapshot = flat(), flat()
    board[2] = liar
    assert board == snapshot  # what the runner believed
    assert not values.equal(board, snapshot)
    rows, kept = nested(), nested()
    rows[0][2] = liar
    assert not values.equal(rows, kept)


def test_a_row_replaced_by_something_else_than_a_list_is_a_changed_board() -> None:
    rows = nested()
    rows[1] = tuple(rows[1])
    assert not values.equal(rows, nested())
    assert not values.equal(tuple(flat()), flat())


def test_a_board_left_as_it_was_is_equal_whether_its_marks_are_the_same_objects_or_copies() -> None:
    assert values.equal(flat(), flat()) and values.equal(nested(), nested())
    marks = [[1], [2]]
    assert values.equal([[1], [2]], marks)  # a deep copy's marks: equal, not the same objects
