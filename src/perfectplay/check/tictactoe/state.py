"""One tic-tac-toe check's state, shared by its asking (``asking.py``) and its judging (``judging.py``).

The candidate's processes and the clock are the conductor's (``conductor.py``),
lent through its session; a transcript judged again (``api.replay``) has none.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from perfectplay.check import conductor
from perfectplay.check.judge.answers import read_move
from perfectplay.check.judge.interface import Hint, TicTacToeInterface
from perfectplay.check.judge.oracle import TicTacToeOracle
from perfectplay.check.position import TicTacToePosition
from perfectplay.check.run.candidate import CandidateWorker
from perfectplay.check.run.sweep import ask
from perfectplay.check.run.worker import Clock
from perfectplay.check.settings import CheckSettings
from perfectplay.check.transcript import Transcript

PROBE_FAILURES = 3
"""Failed starts a probe of one reading tolerates (an answer that times out or crashes ends the probe at once)."""
REPEAT_EVERY = 25
"""Besides the empty board and the one-stone positions, every 25th position is asked twice."""
REPLAY_QUESTIONS = 20
"""How many of the check's first positions two fresh processes are asked, to tell chance from memory."""

_ORACLE: list[TicTacToeOracle] = []
_ORACLE_LOCK = threading.Lock()


def shared_oracle() -> TicTacToeOracle:
    """The oracle, built once per process: it never changes, and the checks of a class run share it."""
    with _ORACLE_LOCK:
        if not _ORACLE:
            _ORACLE.append(TicTacToeOracle())
        return _ORACLE[0]


class TicTacToeState:
    """One check of one tic-tac-toe candidate: what it was asked, what it answered, what was found."""

    def __init__(
        self,
        target: str,
        workers: list[CandidateWorker],
        clock: Clock | None,
        settings: CheckSettings,
        isolation: Callable[[], str],
        started: float | None = None,
    ):
        self.target = target
        self.workers = workers
        self.speakers = [worker.speaker for worker in workers]
        self.hint: Hint = settings.hint
        self.limits = settings.limits
        self.grading = settings.grading
        self.progress = settings.output.progress
        self.describe_isolation = isolation
        self.started = time.monotonic() if started is None else started
        # No clock: a transcript judged again (``replay``), with no candidate to run.
        self.clock = clock or Clock(self.limits.move_seconds, self.limits.total_seconds)
        self.notes: list[str] = []
        self.found: dict[str, list[tuple[TicTacToePosition | None, Any]]] = {}
        self.counts: dict[str, int] = {}
        self.helper_cpu = 0.0
        self.trials = 0
        self.stopped: str | None = None
        self.sampled: str | None = None
        """Set (in words) when a grader's budget allowed only a sample of the positions."""
        self.imported: list[dict[str, Any]] = []
        """What importing it showed (a finding for the judge): ``kind``, ``answer``, ``output``."""
        self.transcript: Transcript | None = None
        # Positions right per category, for the score (``score.py``): see the fields of ``CheckReport``.
        self.legal = self.legal_of = self.kept = self.helpers = self.helpers_of = 0
        # Decided with the interface unless the user chose (see ``check_ai``).
        self.standard = self.grading.standard or "best"

    @property
    def _isolation(self) -> str:
        """How the candidate was isolated, and which accounting held for it."""
        return self.describe_isolation()

    def _transcript(
        self, interface: TicTacToeInterface | None = None, problem: str | None = None, **answers: Any
    ) -> Transcript:
        """Everything the run saw, for the judge: nothing of it is judged yet."""
        limits = self.limits
        capped = any(
            worker.stderr_capped or (child is not None and child.stderr.capped)
            for worker in self.workers
            for child in (worker.child,)
        )
        self.transcript = Transcript(
            target=self.target,
            isolation=self._isolation,
            standard=self.grading.standard,
            limits={
                "total_seconds": limits.total_seconds,
                "budget_seconds": limits.budget_seconds,
                "wall_seconds": limits.wall_seconds,
                "wall_label": limits.wall_label,
                "backstop": self.clock.backstop,
                "max_failures": conductor.MAX_FAILURES,
            },
            interface=interface,
            problem=problem,
            stopped=self.stopped,
            sampled=self.sampled,
            notes=list(self.notes),
            imported=list(self.imported),
            capped=capped,
            wall=time.monotonic() - self.started,
            **answers,
        )
        return self.transcript

    # --- the judge: reads the transcript alone ------------------------------------

    def _ask(
        self, phase: str, op: str, shares: list[list[tuple[Any, Any]]], into: dict[Any, list[dict[str, Any]]]
    ) -> None:
        if self.stopped is None and any(shares):
            self.stopped = ask(self.workers, op, shares, phase, self.progress, into)

    def _found(self, kind: str, position: TicTacToePosition | None, detail: Any) -> None:
        self.found.setdefault(kind, []).append((position, detail))

    def _start_limit(self) -> float:
        return self.workers[0].start_limit()

    def _phase(self, phase: str, done: int, total: int) -> None:
        if self.progress is not None:
            self.progress(phase, done, total)


def _legal_moves(
    records: list[dict[str, Any]], position: TicTacToePosition, interface: TicTacToeInterface
) -> frozenset[int]:
    """The legal moves among its answers in ``position``."""
    moves = (read_move(record, position, interface.returns)[0] for record in records if "failure" not in record)
    return frozenset(move for move in moves if move is not None)


def _cpu(records: dict[TicTacToePosition, list[dict[str, Any]]]) -> float:
    return float(sum(record.get("cpu", 0.0) for answers in records.values() for record in answers))


def _helper_cpu(reply: dict[str, Any]) -> float:
    return float(reply.get("cpu", 0.0))
