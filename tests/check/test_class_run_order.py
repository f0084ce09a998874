"""A class run side by side starts the likeliest longest check first (the largest file), whatever the roster's order;
the results still come back in the roster's order."""

from __future__ import annotations

import os
import time
from dataclasses import replace
from pathlib import Path

from perfectplay.check.class_run import Plan, check_class, guess_length, longest_first
from perfectplay.check.report.model import CheckReport, unchecked
from perfectplay.check.roster import Submission
from perfectplay.check.run.sandbox import Isolation
from perfectplay.check.run.sweep import Progress

PLAN = Plan(Isolation("none", "fake checks run nothing"))


CS50 = "".join(f"def {name}(board):\n    pass\n" for name in ("player", "actions", "result", "winner", "terminal"))


def test_the_largest_file_starts_first_one_with_cs50s_helpers_counts_twice_and_unchecked_ones_last(
    tmp_path: Path,
) -> None:
    texts = {
        "ann": "#" * 300,
        "ben": "#" * 3000,
        "cy": "#" * 3000,
        "dee": "#" * 10,
        "gus": CS50 + "def utility(board):\n    pass\n" + "#" * 1400,  # every helper: guessed twice as long
        "hal": CS50 + "#" * 1400,  # no utility: not CS50's functions
    }
    roster = []
    for name, text in texts.items():
        (tmp_path / f"{name}.py").write_text(text)
        roster.append(Submission(name, file=tmp_path / f"{name}.py"))
    roster.append(Submission("eve", problem="no Python file"))
    roster.append(Submission("flo", file=tmp_path / "gone.py"))
    os.mkfifo(tmp_path / "pipe.py")  # never opened for reading: it would wait for a writer
    roster.append(Submission("ida", file=tmp_path / "pipe.py"))
    roster.append(Submission("jo", command="java Ai"))
    order = [roster[index].name for index in longest_first(roster)]
    assert order == ["gus", "ben", "cy", "hal", "ann", "dee", "jo", "eve", "flo", "ida"]  # ties: the roster's order
    assert guess_length(roster[4]) == 2 * len(texts["gus"])


def meets_the_largest(plan: Plan, submission: Submission, progress: Progress | None) -> CheckReport:
    """A check that runs nothing; the largest file's says it started, the others wait (10 s at most) to see it."""
    assert submission.file is not None
    started = submission.file.with_name("largest.started")
    if submission.name == "largest":
        started.write_text("")
        met = True
    else:
        deadline = time.monotonic() + 10
        while not started.exists() and time.monotonic() < deadline:
            time.sleep(0.01)
        met = started.exists()
    return replace(unchecked(submission.name, "x"), problem=None, isolation=f"met {met}")


def test_two_jobs_start_the_largest_file_even_when_the_roster_names_it_last(tmp_path: Path) -> None:
    # In the roster's order the first two would wait for the largest while they held both jobs: never met.
    roster = []
    for name, size in (("first", 10), ("second", 20), ("largest", 3000)):
        (tmp_path / f"{name}.py").write_text("#" * size)
        roster.append(Submission(name, file=tmp_path / f"{name}.py"))
    results = list(check_class(roster, PLAN, 2, None, meets_the_largest))
    assert [result.submission.name for result in results] == ["first", "second", "largest"]
    assert [result.report.isolation for result in results if result.report is not None] == ["met True"] * 3
