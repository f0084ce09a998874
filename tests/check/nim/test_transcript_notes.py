"""The Nim lab's notes count in words a teacher can read aloud: one position, two positions."""

from __future__ import annotations

from perfectplay.check.nim.transcript import uncounted_note


def test_one_uncounted_position_is_said_in_the_singular_and_more_in_the_plural_with_thousands_grouped() -> None:
    assert uncounted_note(7, 1).startswith("seed 7: in 1 winnable position a winning move was not counted: ")
    assert uncounted_note(7, 2).startswith("seed 7: in 2 winnable positions a winning move was not counted: ")
    assert "in 1,200 winnable positions" in uncounted_note(7, 1200)
