"""The text report counts in words a student reads as written: one position, two positions."""

from __future__ import annotations

from dataclasses import replace

import pytest

from perfectplay.check.report.model import CheckReport, CheckTiming, RoleResult
from perfectplay.check.report.render_text import render_text, verdict_line


def broken(positions: int) -> CheckReport:
    """A check whose candidate gave no legal move in ``positions`` positions of its own games, and never lost."""
    roles = (RoleResult("X", "X", 100, False, positions), RoleResult("O", "X", 90, False, 0))
    timing = CheckTiming(190, 0.001, 0.2, "XOX/OXO/...", "X", 0.5, 1.5, 0.4)
    return CheckReport("ai.py", "find_best_move(board)", "best", 190, 190, 150, roles, (), (), False, True, timing)


@pytest.mark.parametrize(("count", "words"), [(1, "in 1 position its games reach"), (3, "in 3 positions its games")])
def test_the_positions_it_breaks_in_are_counted_in_the_singular_or_the_plural(count: int, words: str) -> None:
    line = verdict_line(broken(count))
    assert line.startswith("Breaks in its own games: it gives no legal move in time ") and words in line, line


@pytest.mark.parametrize(("in_moves", "summed"), [(15.12, True), (1.5, False)])
def test_seconds_inside_its_moves_above_the_whole_checks_say_they_are_added_up(in_moves: float, summed: bool) -> None:
    timing = CheckTiming(5668, 0.0002, 0.9, ".../.../...", "X", in_moves, 9.29, 8.46)
    text = render_text(replace(broken(0), timing=timing))
    line = next(line for line in text.splitlines() if line.startswith("Time per move:"))
    assert ("inside its 5,668 moves, added up over its processes answering side by side (" in line) is summed, line
    assert line.endswith("9.29 s for the whole check."), line
