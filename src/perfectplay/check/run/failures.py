"""What ends a question or a check: a child's time-out or death, the check's time or failures, the machine's failure.

Raised by the candidate's processes (``worker.py``, ``candidate.py``) and read by
whoever asks (``sweep.py``, the plugs): each is a verdict, never a crash.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Mapping
from typing import Any


class ChildTimedOut(Exception):
    """No answer within the per-move limit: ``clock`` says which (``cpu`` or ``wall``), ``seconds`` how long;
    ``cpu`` and ``waited`` what the move had used of the check's time when it was stopped."""

    def __init__(self, clock: str = "cpu", seconds: float = 0.0, cpu: float = 0.0, waited: float = 0.0) -> None:
        super().__init__(clock)
        self.clock = clock
        self.seconds = seconds
        self.cpu = cpu
        self.waited = waited


class ChildDied(Exception):
    """The child exited or closed its output; ``status`` says how, ``stderr`` what it wrote last."""

    def __init__(self, status: str, stderr: str) -> None:
        super().__init__(status)
        self.status = status
        self.stderr = stderr


class NotFlushing(Exception):
    """The program answered only once its input was closed: it does not flush its output."""


class OutOfTime(Exception):
    """The whole check's time is up: ``reason`` ``time`` (its CPU time), ``wall`` (the backstop on its waiting) or
    ``budget`` (a grader's budget of waiting) or ``bound`` (a class run's wall-clock bound)."""

    def __init__(self, reason: str = "time") -> None:
        super().__init__(reason)
        self.reason = reason


SILENT_TIMEOUTS = 3
"""Time-outs a check tolerates from a candidate that has answered nothing at all, once a simple question (its
interface probe's, or its plug's ``simple_questions``) ran out of time too. A program that never answers (a loop
with no end, a wait for input) would otherwise cost a whole per-move limit for each of ``MAX_FAILURES`` questions:
a student's endless loop kept ``perfectplay check`` busy 7 minutes. One that answers even once, a simple question
included, is only slow where it timed out (the costliest positions are asked first), and is asked everything."""


STOP_WORDS = {
    "time": "the check's time limit ran out",
    "budget": "the grader's time budget ran out (it spent that long waiting, neither computing nor queued)",
    "bound": "the class run's wall-clock bound ran out",
    "wall": "the check's wall-clock backstop ran out (it waited that long, neither computing nor queued)",
    "failures": "it timed out, crashed or answered in words too many times",
    "flush": "it answers only when its input is closed (flush after each answer)",
    "silent": f"it ran out of time on each of its first {SILENT_TIMEOUTS} questions and had answered none",
}
"""Why a check stopped asking (``sweep.stop_reason``), in a report's words."""


class GaveUp(Exception):
    """Too many time-outs and crashes: the check stops asking. ``reason``: ``failures``, or ``silent`` where its
    first questions all ran out of time and none was answered (``FailureBudget``)."""

    def __init__(self, reason: str = "failures") -> None:
        super().__init__(reason)
        self.reason = reason


class OutOfStep(Exception):
    """A program's answer line was words, not a move (a welcome line, "thinking..."): the lines it writes next may
    answer other questions than the ones asked, so its process is asked nothing more and a fresh one carries on."""


class MachineFailed(Exception):
    """The machine failed the candidate, again after ``MACHINE_RETRIES`` tries: ``reason`` says how."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class FailureBudget:
    """How many time-outs and crashes one check tolerates, shared by its workers; and, given ``silent``, how many
    time-outs of a candidate that never answered, once ``arm`` was called (a check's whole budget:
    ``SILENT_TIMEOUTS``; never a probe's, whose wrong readings of the board may leave a correct program looping)."""

    def __init__(self, allowed: int, silent: int | None = None) -> None:
        self.allowed = allowed
        self.silent_allowed = silent
        self.used = 0
        self.silent = 0
        self.armed = False
        self.heard = False
        self.reason: str | None = None
        """Why it ran out (``GaveUp.reason``); None while it has not."""
        self._lock = threading.Lock()

    def arm(self) -> None:
        """A simple question (the interface probe's, a plug's simple ones) ran out of time: from now on, time-outs
        with no answer ever are counted as silence."""
        self.armed = True

    def answered(self) -> None:
        """An answer came (a wrong one too): the candidate's time-outs are its slowness, not its silence."""
        self.heard = True

    def probed(self, record: Mapping[str, Any]) -> None:
        """What one answer to the interface probe tells this (the check's) budget: an answer is heard, and a simple
        position that ran out of time arms the count of silence."""
        if "failure" not in record:
            self.answered()
        elif record["failure"] == "timeout":
            self.arm()

    def spend(self, timed_out: bool = False) -> None:
        with self._lock:
            self.used += 1
            self.silent += timed_out and self.armed and not self.heard
            if self.reason is None and self.used > self.allowed:
                self.reason = "failures"
            elif self.reason is None and self.silent_allowed is not None and self.silent >= self.silent_allowed:
                self.reason = "silent"
            if self.reason is not None:
                raise GaveUp(self.reason)

    @property
    def exhausted(self) -> bool:
        return self.reason is not None


class ShareOf(FailureBudget):
    """A budget of its own inside a larger one (one reading of a probe inside the whole probe's): each failure is
    spent from both, and either running out ends the asking."""

    def __init__(self, allowed: int, whole: FailureBudget) -> None:
        super().__init__(allowed)
        self.whole = whole

    def arm(self) -> None:
        self.whole.arm()
        super().arm()

    def answered(self) -> None:
        self.whole.answered()
        super().answered()

    def spend(self, timed_out: bool = False) -> None:
        self.whole.spend(timed_out)
        super().spend(timed_out)

    @property
    def exhausted(self) -> bool:
        return self.reason is not None or self.whole.exhausted


def exit_text(status: int | None) -> str:
    if status is None:
        return "stopped answering"
    if status < 0:
        try:
            name = signal.Signals(-status).name
        except ValueError:
            name = f"signal {-status}"
        return f"was killed by {name}"
    return f"exited with status {status}"
