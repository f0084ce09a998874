"""What ends a question or a check: a child's time-out or death, the check's time or failures, the machine's failure.

Raised by the candidate's processes (``worker.py``, ``candidate.py``) and read by
whoever asks (``sweep.py``, the plugs): each is a verdict, never a crash.
"""

from __future__ import annotations

import signal
import threading


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


STOP_WORDS = {
    "time": "the check's time limit ran out",
    "budget": "the grader's time budget ran out (it spent that long waiting, neither computing nor queued)",
    "bound": "the class run's wall-clock bound ran out",
    "wall": "the check's wall-clock backstop ran out (it waited that long, neither computing nor queued)",
    "failures": "it timed out, crashed or answered in words too many times",
    "flush": "it answers only when its input is closed (flush after each answer)",
}
"""Why a check stopped asking (``sweep.stop_reason``), in a report's words."""


class GaveUp(Exception):
    """Too many time-outs and crashes: the check stops asking."""


class OutOfStep(Exception):
    """A program's answer line was words, not a move (a welcome line, "thinking..."): the lines it writes next may
    answer other questions than the ones asked, so its process is asked nothing more and a fresh one carries on."""


class MachineFailed(Exception):
    """The machine failed the candidate, again after ``MACHINE_RETRIES`` tries: ``reason`` says how."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class FailureBudget:
    """How many time-outs and crashes one check tolerates, shared by its workers."""

    def __init__(self, allowed: int) -> None:
        self.allowed = allowed
        self.used = 0
        self._lock = threading.Lock()

    def spend(self) -> None:
        with self._lock:
            self.used += 1
            if self.used > self.allowed:
                raise GaveUp

    @property
    def exhausted(self) -> bool:
        return self.used > self.allowed


class ShareOf(FailureBudget):
    """A budget of its own inside a larger one (one reading of a probe inside the whole probe's): each failure is
    spent from both, and either running out ends the asking."""

    def __init__(self, allowed: int, whole: FailureBudget) -> None:
        super().__init__(allowed)
        self.whole = whole

    def spend(self) -> None:
        self.whole.spend()
        super().spend()

    @property
    def exhausted(self) -> bool:
        return self.used > self.allowed or self.whole.exhausted


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
