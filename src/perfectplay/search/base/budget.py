"""What one solver call may still spend, and the live progress it reports while spending it.

The recursion counts nodes itself (a method call per node would cost as
much as the node) and hands over to ``Budget.checkpoint`` every
``CHECK_EVERY`` nodes, which reads the clock, raises ``Stop`` when a limit
is spent and calls the progress callback now and then.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from perfectplay.search.base.limits import Limit

CHECK_EVERY = 2048
"""Nodes between two looks at the clock (a clock read costs as much as a node)."""

PROGRESS_EVERY = 0.1
"""Seconds between two progress reports."""


class Progress(NamedTuple):
    """A snapshot of a running search, for live displays.

    ``depth`` is the current iteration's depth (None for the exact search),
    ``phase`` says in words what is being searched.
    """

    phase: str
    depth: int | None
    nodes: int
    seconds: float
    table_size: int


ProgressCallback = Callable[[Progress], None]

Clock = Callable[[], float]


class Stop(Exception):
    """A limit ran out; unwinds the recursion to the driver."""


class AttemptOver(Stop):
    """The node allowance of one exact attempt between two iterations ran out."""


class Budget:
    """The limits of one call, the clock, and who wants to hear about progress.

    ``allowance`` is a temporary node cap (``soft_deadline`` a temporary
    deadline) that the iterative-deepening driver sets for an attempt;
    running into it raises ``AttemptOver`` instead of ``Stop``, so only
    the attempt is abandoned.
    """

    def __init__(
        self, limit: Limit | None, progress: ProgressCallback | None, clock: Clock = time.perf_counter
    ) -> None:
        self.clock = clock
        self.started = clock()
        self.deadline = None if limit is None or limit.seconds is None else self.started + limit.seconds
        self.node_cap = None if limit is None else limit.nodes
        self.depth_cap = None if limit is None else limit.depth
        self.roomy = limit is None or limit.roomy  # bound for exact scores: an analysis tries them first
        self.progress = progress
        self.next_progress = self.started + PROGRESS_EVERY
        self.allowance: int | None = None
        self.soft_deadline: float | None = None
        self.phase = "exact"
        self.depth: int | None = None
        self.table_size = 0

    def elapsed(self) -> float:
        return self.clock() - self.started

    def tighten(self, nodes: int) -> None:
        """Lower the node cap to at most ``nodes`` (a move that must be played: no need to search long)."""
        self.node_cap = nodes if self.node_cap is None else min(self.node_cap, nodes)

    def first_check(self) -> int:
        """The node count at which the recursion first calls ``checkpoint``."""
        return CHECK_EVERY if self.node_cap is None else min(CHECK_EVERY, self.node_cap)

    def checkpoint(self, nodes: int, table_size: int) -> int:
        """Stop if a limit is spent, report progress if due; return the node count of the next check."""
        self.table_size = table_size
        next_check = nodes + CHECK_EVERY
        if self.node_cap is not None:
            if nodes >= self.node_cap:
                raise Stop
            next_check = min(next_check, self.node_cap)
        if self.allowance is not None:
            if nodes >= self.allowance:
                raise AttemptOver
            next_check = min(next_check, self.allowance)
        now = self.clock()
        if self.deadline is not None and now >= self.deadline:
            raise Stop
        if self.soft_deadline is not None and now >= self.soft_deadline:
            raise AttemptOver
        if self.progress is not None and now >= self.next_progress:
            self.next_progress = now + PROGRESS_EVERY
            self.progress(self.snapshot(nodes))
        return next_check

    def snapshot(self, nodes: int) -> Progress:
        return Progress(self.phase, self.depth, nodes, self.elapsed(), self.table_size)
