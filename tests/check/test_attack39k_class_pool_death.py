"""A class run side by side: a checker process that dies during one student's check (the kernel's OOM killer, a
kill from outside, a crash the check cannot catch) costs that student's row only. ``ProcessPoolExecutor`` fails
every check still waiting or running once one of its processes dies: the classmates' checks are run again."""

from __future__ import annotations

import os
import signal
from dataclasses import replace
from pathlib import Path

from perfectplay.check.class_run import Plan, check_class
from perfectplay.check.report.model import CheckReport, unchecked
from perfectplay.check.roster import Submission
from perfectplay.check.run.sandbox import Isolation
from perfectplay.check.run.sweep import Progress

PLAN = Plan(Isolation("none", "fake checks run nothing"))


def dies_on_the_killer(plan: Plan, submission: Submission, progress: Progress | None) -> CheckReport:
    """A check that runs nothing; the one of the file named "killer" kills its own checker process."""
    if submission.name == "killer":
        os.kill(os.getpid(), signal.SIGKILL)
    return replace(unchecked(submission.name, "x"), problem=None, isolation=f"checked {submission.name}")


def _roster(tmp_path: Path, names: list[str]) -> list[Submission]:
    roster = []
    for name in names:
        # The killer's file is the largest: started first, it breaks the pool while every other check waits.
        (tmp_path / f"{name}.py").write_text("#" * (3000 if name == "killer" else 10))
        roster.append(Submission(name, file=tmp_path / f"{name}.py"))
    return roster


def test_a_checker_process_killed_during_one_check_leaves_every_other_row_graded(tmp_path: Path) -> None:
    names = ["ann", "ben", "killer", "cy", "dee"]
    results = list(check_class(_roster(tmp_path, names), PLAN, 2, None, dies_on_the_killer))
    assert [result.submission.name for result in results] == names
    for result in results:
        if result.submission.name == "killer":
            assert result.report is None
            assert result.problem is not None and "the checker's process for it died" in result.problem
        else:
            assert result.problem is None, result.problem
            assert result.report is not None and result.report.isolation == f"checked {result.submission.name}"


def test_two_killers_each_lose_only_their_own_row(tmp_path: Path) -> None:
    roster = _roster(tmp_path, ["ann", "killer", "ben"])
    roster.append(replace(roster[1], name="killer"))
    results = list(check_class(roster, PLAN, 2, None, dies_on_the_killer))
    assert [result.problem is None for result in results] == [True, False, True, False]
