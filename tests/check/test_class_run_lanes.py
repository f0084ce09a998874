"""``--jobs N`` is N processes computing at once: ``--jobs 1`` checks one student at a time on one candidate
process, the default runs as many one-process checks side by side as there are processors, and one file alone
still gets a check's two processes."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest

from perfectplay.check.class_run import Plan, check_class, default_jobs, lanes
from perfectplay.check.report.model import CheckReport, unchecked
from perfectplay.check.roster import Submission
from perfectplay.check.run.sandbox import Isolation
from perfectplay.check.run.sweep import Progress
from perfectplay.check.settings import Limits

PLAN = Plan(Isolation("none", "fake checks run nothing"))


@pytest.mark.parametrize(
    ("workers", "jobs", "checks", "each"),
    [
        (2, 1, 6, 1),  # --jobs 1: one thing at a time
        (2, 2, 6, 1),  # the default on two cores: two checks of one process
        (2, 2, 1, 2),  # one file on two cores: its two processes, as before
        (2, 1, 1, 1),  # one file with --jobs 1
        (2, 8, 3, 2),  # more jobs than checks: no check asks more than a check's own processes
        (2, 7, 3, 2),
        (2, 5, 2, 2),
        (3, 9, 2, 3),
        (2, 256, 1, 2),
    ],
)
def test_each_check_asks_its_share_of_the_jobs_and_never_more_processes_than_it_has(
    workers: int, jobs: int, checks: int, each: int
) -> None:
    assert lanes(workers, jobs, checks) == each
    assert min(jobs, checks) * each <= jobs  # never more processes computing at once than jobs


def records_its_workers(plan: Plan, submission: Submission, progress: Progress | None) -> CheckReport:
    """A check that runs nothing and says how many candidate processes it was given."""
    return replace(unchecked(submission.name, "x"), problem=None, isolation=f"workers {plan.limits.workers}")


def roster(folder: Path, students: int) -> list[Submission]:
    submissions = []
    for number in range(students):
        path = folder / f"s{number}.py"
        path.write_text("#" * (number + 1))
        submissions.append(Submission(f"s{number}", file=path))
    return submissions


def given(results: object) -> list[str]:
    return [result.report.isolation for result in results if result.report is not None]  # type: ignore[attr-defined]


def test_jobs_1_gives_every_check_of_a_class_one_candidate_process(tmp_path: Path) -> None:
    results = list(check_class(roster(tmp_path, 3), PLAN, 1, None, records_its_workers))
    assert given(results) == ["workers 1"] * 3


def test_two_jobs_for_a_class_run_two_checks_of_one_process_each(tmp_path: Path) -> None:
    results = list(check_class(roster(tmp_path, 4), PLAN, 2, None, records_its_workers))
    assert [result.submission.name for result in results] == ["s0", "s1", "s2", "s3"]
    assert given(results) == ["workers 1"] * 4


def test_one_file_keeps_its_two_processes_with_two_jobs_and_one_with_jobs_1(tmp_path: Path) -> None:
    assert given(check_class(roster(tmp_path, 1), PLAN, 2, None, records_its_workers)) == ["workers 2"]
    assert given(check_class(roster(tmp_path, 1), PLAN, 1, None, records_its_workers)) == ["workers 1"]


def test_a_plan_with_one_process_a_check_keeps_it_whatever_the_jobs(tmp_path: Path) -> None:
    plan = replace(PLAN, limits=Limits(workers=1))
    assert given(check_class(roster(tmp_path, 1), plan, 8, None, records_its_workers)) == ["workers 1"]


def test_the_default_jobs_are_the_processors_this_process_may_use() -> None:
    expected = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    assert default_jobs() == expected
