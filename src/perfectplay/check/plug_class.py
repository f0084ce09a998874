"""A class of one game plug's submissions in one run: one row per student, in the roster's order.

The roster is tic-tac-toe's (``roster.from_paths``: files, a student's
folder, a class folder of student folders; or a manifest), with the game's
own names marking its file in a folder of several (``PlugDefaults.entries``).
Each student's check is the conductor's, in its own private copy and
sandbox. With ``jobs`` above 1 the checks run side by side in threads, each
on its share of the jobs in candidate processes (``class_run.lanes``): the
candidate's work is in its child processes, and the checker's own (Connect
Four's positions generated and solved, about 8 s of CPU for each seed, once
per seed in a run) takes turns in one interpreter. Whatever one submission does, or whatever goes
wrong while preparing it, is that student's row; the run goes on. A usage
error that is the teacher's (a bad flag) ends the run, as for one file.
"""

from __future__ import annotations

import concurrent.futures
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from perfectplay.check.errors import CheckUsageError, NotGradable
from perfectplay.check.plug import GamePlug
from perfectplay.check.report.escape import line as one_line
from perfectplay.check.report.render_csv import render_csv
from perfectplay.check.roster import Submission
from perfectplay.check.run.sweep import Progress

__all__ = ["CheckOne", "PlugResult", "Progresses", "check_plug_class", "one_line", "render_rows"]

CheckOne = Callable[[Submission, "Progress | None"], Any]
"""Checks one submission (the run's flags already bound): the plug's report."""
Progresses = Callable[[str], "Progress | None"]


@dataclass(frozen=True, slots=True)
class PlugResult:
    """One student's row: the report, or why the submission could not be checked (``problem``: not gradable)."""

    plug: GamePlug[Any, Any]
    submission: Submission
    report: Any = None
    problem: str | None = None

    @property
    def graded(self) -> Any:
        """The report; for a submission that could not be checked, a not-gradable one (0 points)."""
        if self.report is not None:
            return self.report
        return self.plug.not_gradable(self.submission.name, self.problem or "not checked")


def check_plug_class(
    plug: GamePlug[Any, Any],
    submissions: Sequence[Submission],
    check: CheckOne,
    jobs: int = 1,
    progresses: Progresses | None = None,
) -> Iterator[PlugResult]:
    """Each submission's result in the roster's order, ``jobs`` checks at a time."""
    if jobs <= 1 or len(submissions) <= 1:
        for submission in submissions:
            yield _one(plug, check, submission, progresses)
        return
    with concurrent.futures.ThreadPoolExecutor(min(jobs, len(submissions))) as pool:
        futures = [pool.submit(_one, plug, check, submission, progresses) for submission in submissions]
        try:
            for future in futures:
                yield future.result()
        finally:
            for future in futures:  # stopped early (Ctrl-C, an error): no check not yet started starts
                future.cancel()


def _one(
    plug: GamePlug[Any, Any], check: CheckOne, submission: Submission, progresses: Progresses | None
) -> PlugResult:
    if submission.problem is not None:
        return PlugResult(plug, submission, problem=submission.problem)
    progress = progresses(submission.name) if progresses is not None else None
    try:
        return PlugResult(plug, submission, report=check(submission, progress))
    except NotGradable as error:
        return PlugResult(plug, submission, problem=str(error))
    except CheckUsageError:
        raise  # the teacher's flags: the same for every student, so the run stops with one line
    except Exception as error:  # one submission's failure must not end the class's run
        return PlugResult(
            plug, submission, problem=f"the checker failed on this submission ({type(error).__name__}: {error})"
        )
    finally:
        if progress is not None:
            progress("finished", 1, 1)


def render_rows(plug: GamePlug[Any, Any], rows: Sequence[dict[str, object]], header: bool = True) -> str:
    """A class's rows (``GamePlug.csv_row``) as CSV under the plug's columns: one line a row, never a formula."""
    return render_csv(rows, header, plug.csv_columns())
