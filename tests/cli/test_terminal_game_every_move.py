"""The terminal game's ``scores`` and ``hint`` are an analysis: no book or table answer ends them early."""

from __future__ import annotations

from cli_helpers import InProcess


def test_scores_as_o_after_4_4_4_show_every_columns_proven_outcome_and_the_slowest_loss(
    in_process: InProcess,
) -> None:
    # The book proves 4 the slowest loss (38 plies); the outcome layer proves every other column loses too.
    # The computer's own moves still come from the book at once; scores and hint run on to the limit.
    result = in_process(
        "play", "--game", "connect4", "--two-players", "--time-limit", "1", stdin="4\n4\n4\nscores\nhint\n"
    )
    out = result.stdout
    lines = out[out.index("What each move leads to for O") :].splitlines()
    labels = next(number for number, line in enumerate(lines) if line.split() == list("1234567"))
    marks = lines[labels + 1].split()
    assert len(marks) == 7 and "?" not in marks, marks
    assert marks[3] == "L38" and all(mark.startswith("L") for mark in marks), marks
    assert "Best: 4 (loss in 38)." in out  # the book proves 4 the slowest: the position's exact value
    assert "Hint for O: play 4 (every move loses against best play; this one holds out longest: loss in 38)." in out
