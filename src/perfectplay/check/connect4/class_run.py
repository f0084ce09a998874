"""A class of Connect Four agents in one run: one row per student, in the roster's order.

The roster is tic-tac-toe's (``roster.from_paths``: files, a student's
folder, a class folder of student folders), with Connect Four's function
names marking the agent in a folder of several files. Each student's check
is ``check_connect4`` in its own private copy and sandbox. With ``jobs``
above 1 the checks run side by side in threads: unlike tic-tac-toe's, the
checker's own work here is light (the suite's scores are shipped, the
agent's moves are computed in its child processes), so threads need no
process pool of their own. Whatever one submission does, or whatever goes
wrong while preparing it, is that student's row; the run goes on. A usage
error that is the teacher's (a bad flag) ends the run, as for one file.
"""

from __future__ import annotations

import concurrent.futures
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from perfectplay.check.connect4.detect import BOARD_NAMES, CONNECTX_NAMES, PETTINGZOO_NAMES
from perfectplay.check.connect4.model import Connect4Report, not_gradable
from perfectplay.check.connect4.suite import load_suite
from perfectplay.check.errors import CheckUsageError, NotGradable
from perfectplay.check.roster import Submission
from perfectplay.check.run.sweep import Progress

ENTRIES = tuple(dict.fromkeys((*CONNECTX_NAMES, *BOARD_NAMES, *PETTINGZOO_NAMES)))
"""The function names that mark the agent among a student's files (with ``--function``, that name only)."""

CheckOne = Callable[[Submission, "Progress | None"], Connect4Report]
"""Checks one submission (the run's flags already bound)."""
Progresses = Callable[[str], "Progress | None"]


@dataclass(frozen=True, slots=True)
class Connect4Result:
    """One student's row: the report, or why the submission could not be checked (``problem``: not gradable)."""

    submission: Submission
    report: Connect4Report | None = None
    problem: str | None = None

    @property
    def graded(self) -> Connect4Report:
        """The report; for a submission that could not be checked, a not-gradable one (0 points)."""
        if self.report is not None:
            return self.report
        return not_gradable(self.submission.name, self.problem or "not checked", len(load_suite()))


def check_connect4_class(
    submissions: Sequence[Submission], check: CheckOne, jobs: int = 1, progresses: Progresses | None = None
) -> Iterator[Connect4Result]:
    """Each submission's result in the roster's order, ``jobs`` checks at a time."""
    if jobs <= 1 or len(submissions) <= 1:
        for submission in submissions:
            yield _one(check, submission, progresses)
        return
    with concurrent.futures.ThreadPoolExecutor(min(jobs, len(submissions))) as pool:
        futures = [pool.submit(_one, check, submission, progresses) for submission in submissions]
        try:
            for future in futures:
                yield future.result()
        finally:
            for future in futures:  # stopped early (Ctrl-C, an error): no check not yet started starts
                future.cancel()


def _one(check: CheckOne, submission: Submission, progresses: Progresses | None) -> Connect4Result:
    if submission.problem is not None:
        return Connect4Result(submission, problem=submission.problem)
    progress = progresses(submission.name) if progresses is not None else None
    try:
        return Connect4Result(submission, report=check(submission, progress))
    except NotGradable as error:
        return Connect4Result(submission, problem=str(error))
    except CheckUsageError:
        raise  # the teacher's flags: the same for every student, so the run stops with one line
    except Exception as error:  # one submission's failure must not end the class's run
        return Connect4Result(
            submission, problem=f"the checker failed on this submission ({type(error).__name__}: {error})"
        )
    finally:
        if progress is not None:
            progress("finished", 1, 1)
