"""A class checked in one run: every submission side by side (``--jobs``), results in the roster's order.

Each student's check is ``check_ai`` as for one file, in its own private
copy, sandbox and child processes. With several jobs each check runs in a
checker process of its own (a ``ProcessPoolExecutor``, started by
``spawn``): the checker's own work (judging answers, following games) is
as much as the candidate's for a fast AI, and processes do it side by side
where threads would take turns. Whatever one submission does, or whatever
goes wrong while preparing it, is that student's result; the run goes on.
The results come back in the roster's order whatever order the checks
finish in, so ``--jobs 1`` and ``--jobs 8`` write the same rows.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import os
import queue
import signal
import stat
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from perfectplay.check.api import check_ai
from perfectplay.check.errors import CheckUsageError
from perfectplay.check.judge.interface import Hint
from perfectplay.check.report.model import CheckReport, unchecked
from perfectplay.check.roster import Submission
from perfectplay.check.run.sandbox import Isolation
from perfectplay.check.run.sweep import Progress
from perfectplay.check.settings import Candidate, Grading, Limits, Output

DEFAULT_STUDENT_WALL = 300.0
"""Wall-clock seconds one student's check may take in a class run unless told otherwise (docs/check.md)."""
MAX_JOBS = 256
PROGRESS_EVERY = 0.2
"""Seconds between two progress reports of one check sent from its process (phase changes always are)."""

Progresses = Callable[[str], Progress | None]
"""Makes the progress callback of one submission (by its row's name), or None for no progress."""


@dataclass(frozen=True, slots=True)
class Plan:
    """What every student's check shares: the run's settings (a manifest row's own settings override the hint
    and the standard)."""

    isolation: Isolation
    hint: Hint = field(default_factory=Hint)
    limits: Limits = field(default_factory=Limits)
    grading: Grading = field(default_factory=Grading)
    transcript: str | None = None
    """Where to save the transcript of the check's answers (one submission only)."""
    seeds: Mapping[str, tuple[int, bool]] = field(default_factory=dict)
    """Each row's own seed and whether its report shows it, by the row's name (a student's from the grader's
    secret is not shown: ``cli/check_game.student_seeds``), in place of ``grading``'s; a row not named takes it."""
    packages: tuple[str, ...] = ()
    """The installed packages every candidate may import, read-only (``--allow-package``)."""


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
        standard = self.submission.settings.get("standard") or "best"
        return unchecked(self.submission.name, self.problem or "not checked", standard)


Check = Callable[[Plan, Submission, "Progress | None"], CheckReport]
"""Checks one submission; a module-level function, so that a checker process can be sent it."""


def check_submission(plan: Plan, submission: Submission, progress: Progress | None = None) -> CheckReport:
    """One submission's check: the plan, with the submission's own settings where it has them."""
    own = submission.settings
    names = ("function", "board", "empty", "returns", "plays")
    hint = Hint(*(own.get(name) or getattr(plan.hint, name) for name in names))
    candidate = Candidate(
        submission.file, submission.command, submission.name, tuple(submission.others), plan.isolation, plan.packages
    )
    grading = replace(plan.grading, standard=own.get("standard") or plan.grading.standard)
    if submission.name in plan.seeds:
        seed, shown = plan.seeds[submission.name]
        grading = replace(grading, seed=seed, seed_shown=shown)
    return check_ai(candidate, hint, plan.limits, grading, Output(progress, plan.transcript))


def default_jobs() -> int:
    """The processors this process may run on (a container's or ``taskset``'s, not the machine's count)."""
    affinity = getattr(os, "sched_getaffinity", None)
    if affinity is not None:
        with contextlib.suppress(OSError):
            return max(1, len(affinity(0)))
    return max(1, os.cpu_count() or 1)


def lanes(workers: int, jobs: int, checks: int) -> int:
    """Candidate processes each check asks side by side, so that the run never asks more than ``jobs`` at once.

    ``--jobs N`` is N processes computing at once, as a user reads it: within one check each candidate process
    and the checker's work for it take turns (a move is asked only once the answer before it is judged), so a
    check with ``w`` of them keeps about ``w`` processors busy. ``--jobs 1`` is one thing at a time; the default
    (the processors) runs that many checks of one process each, or one check of a single file on up to
    ``workers`` processes.
    """
    side_by_side = max(1, min(jobs, checks))
    return max(1, min(workers, jobs // side_by_side))


def validate_jobs(jobs: object) -> int:
    if isinstance(jobs, bool) or not isinstance(jobs, int) or not 1 <= jobs <= MAX_JOBS:
        raise CheckUsageError(f"--jobs must be a whole number from 1 to {MAX_JOBS}, not {jobs!r}")
    return jobs


def check_class(
    submissions: Sequence[Submission],
    plan: Plan,
    jobs: int,
    progresses: Progresses | None = None,
    check: Check = check_submission,
) -> Iterator[Result]:
    """Each submission's result, in order; ``jobs`` checks at a time.

    With one job the checks run in this process, so Ctrl-C reaches a
    running check as it always has. With more, stopping the iteration
    (Ctrl-C, SIGTERM, the caller's own error) stops every checker process:
    each ends its candidates and removes its copies before it goes.
    ``progresses(name)`` is called in this process either way.
    """
    plan = replace(plan, limits=replace(plan.limits, workers=lanes(plan.limits.workers, jobs, len(submissions))))
    if jobs <= 1 or len(submissions) <= 1:
        for submission in submissions:
            progress = progresses(submission.name) if progresses is not None else None
            try:
                yield _one(check, plan, submission, progress)
            finally:
                if progress is not None:
                    progress("finished", 1, 1)
        return
    yield from _side_by_side(submissions, plan, min(jobs, len(submissions)), progresses, check)


def _side_by_side(
    submissions: Sequence[Submission], plan: Plan, jobs: int, progresses: Progresses | None, check: Check
) -> Iterator[Result]:
    import multiprocessing  # a class run's pool alone needs it: a one-file check never loads it

    context = multiprocessing.get_context("spawn")  # never fork a process that has threads
    events: Any = context.Queue() if progresses is not None else None
    listener = None
    if progresses is not None:
        listener = threading.Thread(target=_relay, args=(events, progresses), daemon=True)
        listener.start()
    pool = concurrent.futures.ProcessPoolExecutor(jobs, mp_context=context, initializer=_start, initargs=(events,))
    finished = False
    futures: list[concurrent.futures.Future[Result]] = []
    try:
        # Started the likeliest longest first, so that no long check is left running alone at the end; the results
        # still come back in the roster's order.
        started = {
            index: pool.submit(_in_process, check, plan, submissions[index]) for index in longest_first(submissions)
        }
        futures += [started[index] for index in range(len(submissions))]
        for index, submission in enumerate(submissions):
            try:
                result = futures[index].result()
            except concurrent.futures.process.BrokenProcessPool:
                # A checker process died (killed from outside, out of memory), and the pool fails every check it
                # had not finished with it, not only the one that process ran: each is checked again on its own.
                result = _alone(context, events, check, plan, submission)
            if events is not None:
                # Sent from here, after the check's own events: the relay reads it before the run's end (None).
                events.put((submission.name, "finished", 1, 1))
            yield result
        finished = True
    finally:
        if not finished:
            # Interrupted: no other check starts, and each checker process ends its check (its candidates,
            # its copies) on SIGTERM before it goes.
            for future in futures:
                future.cancel()
            for process in multiprocessing.active_children():
                process.terminate()
        pool.shutdown(wait=True, cancel_futures=True)
        if events is not None:
            events.put(None)
            if listener is not None:
                listener.join(timeout=5)
            events.close()


def _alone(context: Any, events: Any, check: Check, plan: Plan, submission: Submission) -> Result:
    """One check again in a checker process of its own: if that one dies too, the check itself killed it.

    Run in turn, in this thread (a class run whose pool broke goes on one check at a time): Ctrl-C reaches it here,
    and its check ends as the others do (SIGTERM: its candidates and its copy cleaned up), never waited for.
    """
    import multiprocessing  # as in _side_by_side

    pool = concurrent.futures.ProcessPoolExecutor(1, mp_context=context, initializer=_start, initargs=(events,))
    ended = False
    try:
        result = pool.submit(_in_process, check, plan, submission).result()
        ended = True
    except concurrent.futures.process.BrokenProcessPool as broken:
        ended = True
        result = Result(submission, problem=f"the checker's process for it died ({broken})")
    finally:
        if not ended:
            for process in multiprocessing.active_children():
                process.terminate()
        pool.shutdown(wait=True, cancel_futures=True)
    return result


CS50_HELPERS = tuple(
    f"def {name}(".encode() for name in ("player", "actions", "result", "winner", "terminal", "utility")
)
"""What marks a file that offers CS50's functions: its check asks every helper on thousands of boards besides every
position (about twice the questions), so it is guessed twice as long."""
GUESS_BYTES = 256 * 1024
"""Bytes of a student's file read to guess its check's length (the file is read as text, never run)."""


def longest_first(submissions: Sequence[Submission]) -> list[int]:
    """The roster's indexes in the order to start their checks: the likeliest longest first.

    A check's length is not known before it runs: ``guess_length`` guesses. A wrong guess costs only the end of
    the run, where fewer checks than jobs are left (a class of six on two cores in the roster's order: the last check
    ran alone for 2.4 s of 8.0 s); ties keep the roster's order.
    """
    guesses = [guess_length(submission) for submission in submissions]
    return sorted(range(len(submissions)), key=lambda index: -guesses[index])


def guess_length(submission: Submission) -> int:
    """How long its check is guessed to be, in no unit: the size of the student's file, twice that for one that
    offers CS50's functions (more questions); 0 for a submission that cannot be checked, 1 for a program."""
    if submission.problem is not None:
        return 0
    if submission.file is None:
        return 1
    try:
        if not stat.S_ISREG(submission.file.lstat().st_mode):
            return 0  # not a file of its own (a link, a pipe that would block an open): its row says so
        descriptor = os.open(submission.file, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        with os.fdopen(descriptor, "rb") as file:
            if not stat.S_ISREG(os.fstat(descriptor).st_mode):
                return 0  # swapped for something else since: not read
            text = file.read(GUESS_BYTES)
    except OSError:
        return 0
    return len(text) * (2 if all(helper in text for helper in CS50_HELPERS) else 1)


def _relay(events: Any, progresses: Progresses) -> None:
    """Calls each check's progress callback in this process, with what its checker process sent."""
    callbacks: dict[str, Progress | None] = {}
    while True:
        try:
            event = events.get()
        except (EOFError, OSError, ValueError):
            return
        if event is None:
            return
        name, phase, done, total = event
        if name not in callbacks:
            callbacks[name] = progresses(name)
        callback = callbacks[name]
        if callback is not None:
            callback(phase, done, total)


# --- in a checker process ----------------------------------------------------------------------------

_EVENTS: Any = None
_RUNNING = False
_STOPPING = False


class _Stopped(BaseException):
    """SIGTERM from the class run: the check unwinds through its clean-up (candidates ended, copy removed)."""


def _start(events: Any) -> None:
    global _EVENTS
    _EVENTS = events
    # Ctrl-C reaches the whole terminal's process group: the class run decides, and sends SIGTERM.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _terminated)


def _terminated(signum: int, frame: object) -> None:
    global _STOPPING
    if not _RUNNING:
        os._exit(128 + signum)  # idle: nothing of a check to clean up
    if _STOPPING:
        return  # already unwinding: a second SIGTERM must not cut the clean-up short
    _STOPPING = True
    raise _Stopped


def _in_process(check: Check, plan: Plan, submission: Submission) -> Result:
    global _RUNNING
    _RUNNING = True
    try:
        return _one(check, plan, submission, _sender(submission.name))
    finally:
        _RUNNING = False
        if _STOPPING:
            os._exit(128 + signal.SIGTERM)  # the check has cleaned up; the run wants no result from it


def _sender(name: str) -> Progress | None:
    if _EVENTS is None:
        return None
    events = _EVENTS
    sent: list[tuple[float, str]] = [(0.0, "")]

    def send(phase: str, done: int, total: int) -> None:
        now = time.monotonic()
        at, last = sent[0]
        if phase != last or done == total or now - at >= PROGRESS_EVERY:
            sent[0] = (now, phase)
            # Progress is for people: a check never waits for it, nor fails for it.
            with contextlib.suppress(queue.Full, OSError, ValueError):
                events.put_nowait((name, phase, done, total))

    return send


# --- either way --------------------------------------------------------------------------------------


def _one(check: Check, plan: Plan, submission: Submission, progress: Progress | None) -> Result:
    if submission.problem is not None:
        return Result(submission, problem=submission.problem)
    try:
        return Result(submission, report=check(plan, submission, progress))
    except CheckUsageError as error:
        return Result(submission, problem=str(error))
    except Exception as error:  # one submission's failure must not end the class's run
        # A bug of the checker's met on one submission: that row says so; the other students keep theirs.
        return Result(submission, problem=f"the checker failed on this submission ({type(error).__name__}: {error})")
