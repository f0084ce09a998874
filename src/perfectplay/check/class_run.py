"""A class checked in one run: every submission side by side (``--jobs``), results in the roster's order.

Each student's check is ``check_ai`` as for one file, in its own private
copy, sandbox and child processes; the checks run on threads of this
process (they spend their time waiting for their candidates, and share
the oracle). Whatever one submission does, or whatever goes wrong while
preparing it, is that student's result; the run goes on to the next. The
results come back in the roster's order whatever order the checks finish
in, so ``--jobs 1`` and ``--jobs 8`` write the same rows.
"""

from __future__ import annotations

import concurrent.futures
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from perfectplay.check.api import Cancel, Cancelled
from perfectplay.check.errors import CheckUsageError
from perfectplay.check.report.model import CheckReport, unchecked
from perfectplay.check.roster import Submission

DEFAULT_STUDENT_WALL = 300.0
"""Wall-clock seconds one student's check may take in a class run unless told otherwise (docs/check.md)."""
MAX_JOBS = 256

Check = Callable[[Submission, "Cancel | None"], CheckReport]
"""Checks one submission (``cancel``: how the run stops it from another thread, None when it runs inline)."""


@dataclass(frozen=True, slots=True)
class Result:
    """One student's result: the report, or why the check could not start (``problem``: not checked)."""

    submission: Submission
    report: CheckReport | None = None
    problem: str | None = None

    @property
    def graded(self) -> CheckReport:
        """The report; for a submission that was not checked, the report of one that could not be (0 points)."""
        if self.report is not None:
            return self.report
        return unchecked(
            self.submission.name, self.problem or "not checked", self.submission.settings.get("standard") or "best"
        )


def default_jobs() -> int:
    return max(1, os.cpu_count() or 1)


def validate_jobs(jobs: object) -> int:
    if isinstance(jobs, bool) or not isinstance(jobs, int) or not 1 <= jobs <= MAX_JOBS:
        raise CheckUsageError(f"--jobs must be a whole number from 1 to {MAX_JOBS}, not {jobs!r}")
    return jobs


def check_class(submissions: Sequence[Submission], check: Check, jobs: int) -> Iterator[Result]:
    """Each submission's result, in order; ``jobs`` checks at a time.

    With one job the checks run in this thread, so Ctrl-C reaches a running
    check as it always has. With more, stopping the iteration (Ctrl-C,
    SIGTERM, the caller's own error) cancels every running check: their
    candidates are ended at once and no new check starts.
    """
    if jobs <= 1 or len(submissions) <= 1:
        for submission in submissions:
            yield _one(check, submission, None)
        return
    cancel = Cancel()
    pool = concurrent.futures.ThreadPoolExecutor(
        max_workers=min(jobs, len(submissions)), thread_name_prefix="perfectplay-class"
    )
    futures = [pool.submit(_one, check, submission, cancel) for submission in submissions]
    try:
        for future in futures:
            yield future.result()
    finally:
        cancel.cancel()
        pool.shutdown(wait=True, cancel_futures=True)


def _one(check: Check, submission: Submission, cancel: Cancel | None) -> Result:
    if submission.problem is not None:
        return Result(submission, problem=submission.problem)
    try:
        return Result(submission, report=check(submission, cancel))
    except Cancelled:
        raise
    except CheckUsageError as error:
        return Result(submission, problem=str(error))
    except Exception as error:  # one submission's failure must not end the class's run
        # A bug of the checker's met on one submission: that row says so; the other students keep theirs.
        return Result(submission, problem=f"the checker failed on this submission ({type(error).__name__}: {error})")
