"""Two lanes for a search: a small one in the server process, then the worker pool.

Most questions the page asks are cheap: any 3x3 position (a table lookup
once the table is built), a 4x4 board late in the game. Sending them to the
worker pool would make them wait behind the expensive ones (an early 5x5
search takes the whole time limit). So every search is first tried here with
a small node budget (``Settings.fast_nodes``, a few milliseconds of work);
what that proves is the answer, and only what it cannot prove goes to a
worker. The budget is counted in nodes, not seconds, so which lane answers
does not depend on how busy the machine is.

The fast lane holds the GIL while it searches, so it runs one search at a
time in a thread of its own: the event loop keeps answering (``/healthz``
never waits), and a cheap answer waits at most for a few other cheap ones.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import anyio

from perfectplay import Limit, TicTacToe, analyze
from perfectplay.web.pool import PoolClosed, SearchTimeout, ServerBusy, WorkerDied, WorkerFailed, WorkerPool
from perfectplay.web.problems import Problem
from perfectplay.web.search import Job, JobResult, run_job
from perfectplay.web.settings import Settings

RETRY = 1
"""Seconds a client is asked to wait (``Retry-After``) before it tries again after a 503 that may pass."""

log = logging.getLogger("perfectplay.web")

Answer = TypeVar("Answer")


class FastLane:
    """Searches under a node budget in this process, one at a time."""

    def __init__(self, nodes: int) -> None:
        self.nodes = nodes
        self._one_at_a_time = anyio.CapacityLimiter(1)

    async def warm_up(self) -> None:
        """Answer the empty 3x3 board once, so the first request does not pay for loading the engine."""
        game = TicTacToe()
        await anyio.to_thread.run_sync(analyze, game, game.initial_state(), limiter=self._one_at_a_time)

    async def run(self, function: Callable[..., Answer], *args: Any) -> Answer:
        """A small piece of the server's own work (a textbook tree: a few hundred leaves at most) in this lane."""
        return await anyio.to_thread.run_sync(function, *args, limiter=self._one_at_a_time)

    async def try_job(self, job: Job) -> JobResult | None:
        """The job's result if the budget proves it (``complete``), else None."""
        if self.nodes <= 0:
            return None
        result = await anyio.to_thread.run_sync(run_job, job, Limit(nodes=self.nodes), limiter=self._one_at_a_time)
        return result if result["analysis"]["complete"] else None


class Lanes:
    """Where every search of the server runs: the fast lane, then the worker pool."""

    def __init__(self, settings: Settings, worker_command: Sequence[str] | None = None) -> None:
        self.settings = settings
        self.fast = FastLane(settings.fast_nodes)
        self.pool = WorkerPool(settings.workers, worker_command)

    async def search(self, job: Job, too_slow: str) -> JobResult:
        """The job's result from the fast lane if it can prove it, else from a worker under the time limit."""
        quick = await self.fast.try_job(job)
        if quick is not None:
            return quick
        return await self.on_worker(job, self.settings.seconds + self.settings.backstop_seconds, too_slow)

    async def on_worker(self, job: Job, seconds: float, too_slow: str) -> JobResult:
        """Run ``job`` on a free worker within ``seconds``; the pool's failures become HTTP problems.

        ``too_slow`` is the message for a job that was killed at ``seconds``.
        """
        try:
            return await self.pool.run(job, seconds, self.settings.queue_seconds)
        except SearchTimeout:
            raise Problem(503, "position", too_slow) from None
        except ServerBusy:
            raise Problem(503, None, "the server is busy with other searches; try again in a moment", RETRY) from None
        except PoolClosed:
            raise Problem(503, None, "the server is shutting down; try again in a moment", RETRY) from None
        except WorkerDied:
            message = "a search worker stopped (killed or out of memory) twice on this request; try again in a moment"
            raise Problem(503, None, message, RETRY) from None
        except WorkerFailed as error:
            # A bug: the worker has logged its traceback; the client gets no internals.
            log.error("%s", error)
            raise Problem(500, None, "internal error; see the server log") from None
