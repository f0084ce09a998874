"""Where every search of the server runs: a fast lane in the server process, then a pool of worker processes.

Most questions the page asks are cheap: any 3x3 position (a table lookup
once the table is built), a 4x4 board late in the game. Sending them to the
worker pool would make them wait behind the expensive ones (an early 5x5
search takes the whole time limit). So every search is first tried in the
fast lane with a small node budget (``Settings.fast_nodes``, a few
milliseconds of work); what that proves is the answer, and only what it
cannot prove goes to a worker. The budget is counted in nodes, not seconds,
so which lane answers does not depend on how busy the machine is. The fast
lane holds the GIL while it searches, so it runs one search at a time in a
thread of its own: the event loop keeps answering (``/healthz`` never
waits), and a cheap answer waits at most for a few other cheap ones.

Python cannot interrupt a thread that is busy in a search, but it can kill a
process. Each worker is a subprocess speaking JSON lines (``jobs.py``); a
job that overruns its limit gets its worker killed and replaced, so no
request can pin a core for longer than the limit.

A request waits for a free worker on the event loop, not in a thread: a
thousand waiting requests cost a thousand small futures, and each one's wait
starts when it arrives, so the wait is bounded by ``queue_seconds`` however
many there are. Only a job that has a worker holds a thread (one per worker)
while it waits for the worker's answer.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import queue
import subprocess
import sys
import threading
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import IO, Any, TypeVar

import anyio

from perfectplay import Limit, TicTacToe, analyze
from perfectplay.play import is_search_level
from perfectplay.web.jobs import Job, JobResult, run_job
from perfectplay.web.problems import Problem
from perfectplay.web.settings import Settings

WORKER_COMMAND: tuple[str, ...] = (sys.executable, "-m", "perfectplay.web.jobs")
"""How a worker process is started; tests start stand-ins that misbehave on purpose."""

RETRY = 1
"""Seconds a client is asked to wait (``Retry-After``) before it tries again after a 503 that may pass."""

log = logging.getLogger("perfectplay.web")

Answer = TypeVar("Answer")


class SearchTimeout(Exception):
    """The search did not finish within the limit; its worker was killed."""


class ServerBusy(Exception):
    """Every worker stayed busy for longer than a request may wait."""


class WorkerDied(Exception):
    """A worker process ended under a job (killed, out of memory), and so did the fresh one that retried it."""


class WorkerFailed(Exception):
    """A worker answered with an error or with garbage: a bug, logged by the worker and reported as 500."""


class PoolClosed(Exception):
    """The pool is shutting down: the job was not run, or its worker was stopped under it."""


class Worker:
    """One search subprocess, and a thread that hands its answers over one line at a time.

    Reading in a thread (not ``select`` on the pipe) keeps this portable and
    lets ``run`` wait on a queue with a timeout.
    """

    def __init__(self, command: Sequence[str] = WORKER_COMMAND) -> None:
        self.process = subprocess.Popen(
            list(command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            # stderr is inherited: a worker's traceback lands in the server's log.
            # A session of its own: Ctrl-C in the terminal is the server's to
            # handle (it stops the workers); a worker would only print a traceback.
            # If the server dies outright, the worker sees end of input and exits.
            start_new_session=True,
        )
        self._replies: queue.Queue[bytes | None] = queue.Queue()
        threading.Thread(target=self._pump, args=(self._stdout,), daemon=True).start()

    @property
    def _stdin(self) -> IO[bytes]:
        assert self.process.stdin is not None
        return self.process.stdin

    @property
    def _stdout(self) -> IO[bytes]:
        assert self.process.stdout is not None
        return self.process.stdout

    def _pump(self, stdout: IO[bytes]) -> None:
        # The pump owns the pipe: it closes it at end of output, when nobody else reads it.
        with stdout:
            for line in stdout:
                self._replies.put(line)
        self._replies.put(None)  # end of output: the worker has exited

    def run(self, job: Job, seconds: float) -> JobResult:
        """Send ``job`` and wait at most ``seconds`` for its one-line answer."""
        try:
            self._stdin.write(json.dumps(job).encode() + b"\n")
            self._stdin.flush()
        except OSError as error:
            raise WorkerDied(f"search worker is gone: {error}") from None
        try:
            line = self._replies.get(timeout=seconds)
        except queue.Empty:
            raise SearchTimeout from None
        if line is None:
            raise WorkerDied(f"search worker exited with status {self.process.wait()}")
        try:
            reply = json.loads(line)
            if "error" in reply:
                raise WorkerFailed(f"search worker failed: {reply['error']}")
            result: JobResult = reply["ok"]
        except (ValueError, TypeError, KeyError) as error:
            raise WorkerFailed(f"search worker answered something else than a result: {error}") from None
        return result

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        # Closing flushes: a job that could not be written to a dead worker
        # is still buffered and would raise BrokenPipeError here.
        with contextlib.suppress(OSError):
            self._stdin.close()


class WorkerPool:
    """A fixed number of workers shared by the requests, first come first served.

    ``run`` is called on the event loop; the idle workers and the queue of
    waiting requests belong to it. A worker is handed back on the loop when
    its job ends, even if the request that sent the job has gone meanwhile.
    """

    def __init__(self, size: int, command: Sequence[str] | None = None) -> None:
        if size < 1:
            raise ValueError(f"a pool needs at least one worker, not {size}")
        self.size = size
        self._command = tuple(command or WORKER_COMMAND)
        self._lock = threading.Lock()
        self._all: list[Worker] = []
        self._closing = False
        self._idle: deque[Worker] = deque(self._spawn() for _ in range(size))
        self._waiting: deque[asyncio.Future[Worker]] = deque()
        self._threads = ThreadPoolExecutor(max_workers=size, thread_name_prefix="perfectplay-search")

    @property
    def waiting(self) -> int:
        """Requests waiting for a free worker now."""
        return sum(1 for waiter in self._waiting if not waiter.done())

    @property
    def busy(self) -> int:
        """Workers running a job now."""
        return max(0, self.size - len(self._idle))

    def _spawn(self) -> Worker:
        worker = Worker(self._command)
        with self._lock:
            # Checked under the lock that ``close`` takes to list the workers
            # it stops: a worker started while the pool closes is either on
            # that list or stopped here, never left running.
            if not self._closing:
                self._all.append(worker)
                return worker
        worker.stop()
        raise PoolClosed

    def _retire(self, worker: Worker) -> None:
        worker.stop()
        with self._lock:
            if worker in self._all:  # close() may have taken it already
                self._all.remove(worker)

    async def run(self, job: Job, seconds: float, queue_seconds: float) -> JobResult:
        """Run ``job`` on a free worker within ``seconds``; wait ``queue_seconds`` for one.

        A worker that dies under the job (killed, out of memory) is replaced
        and the job tried once more on the fresh one. Raises ``ServerBusy``
        when no worker came free in time; ``SearchTimeout``, ``WorkerDied``
        (twice) or ``WorkerFailed`` when the job failed (its worker is
        replaced); ``PoolClosed`` when the pool shut down first.
        """
        worker = await self._take(queue_seconds)
        loop = asyncio.get_running_loop()
        done = self._threads.submit(self._run_on, loop, worker, job, seconds)
        return await asyncio.wrap_future(done)

    def _run_on(self, loop: asyncio.AbstractEventLoop, worker: Worker, job: Job, seconds: float) -> JobResult:
        # In one of the pool's threads. Whatever happens, the worker (or its
        # replacement) goes back to the pool from here, not from the request,
        # which may have been cancelled while this ran.
        current: Worker | None = worker
        try:
            for attempt in (1, 2):
                assert current is not None
                try:
                    return current.run(job, seconds)
                except WorkerDied:
                    # Killed or out of memory, before this job or during it:
                    # once more on a fresh worker; a job that kills every
                    # worker is not tried a third time.
                    dead, current = current, None
                    current = self._replace(dead)
                    if attempt == 2:
                        raise
            raise AssertionError("the loop returns or raises")
        except (SearchTimeout, WorkerFailed):
            # The worker is mid-search or in an unknown state: it cannot serve again.
            stuck, current = current, None
            current = self._replace(stuck)
            raise
        finally:
            if current is not None:
                with contextlib.suppress(RuntimeError):  # the loop is gone: the server is stopping
                    loop.call_soon_threadsafe(self._give_back, current)

    def _replace(self, worker: Worker | None) -> Worker:
        """Stop ``worker`` and start a fresh one in its place, so the pool keeps its size.

        Raises ``PoolClosed`` instead once the pool is closing: the worker
        was most likely stopped by ``close``, and no fresh one is wanted.
        """
        if worker is not None:
            self._retire(worker)
        return self._spawn()

    async def _take(self, queue_seconds: float) -> Worker:
        if self._closing:
            raise PoolClosed
        if self._idle:
            return self._idle.popleft()
        waiter: asyncio.Future[Worker] = asyncio.get_running_loop().create_future()
        self._waiting.append(waiter)
        try:
            # wait_for, not asyncio.timeout (3.11+): on time-out it cancels the waiter just the same.
            worker = await asyncio.wait_for(waiter, queue_seconds)
        except BaseException as error:
            self._forget(waiter)
            # Python 3.10's asyncio.TimeoutError is not yet the built-in TimeoutError.
            if isinstance(error, (TimeoutError, asyncio.TimeoutError)):
                raise ServerBusy from None
            raise
        return worker

    def _forget(self, waiter: asyncio.Future[Worker]) -> None:
        """A request stopped waiting (timed out, cancelled, refused): drop its place in the queue."""
        with contextlib.suppress(ValueError):
            self._waiting.remove(waiter)
        if waiter.done() and not waiter.cancelled() and waiter.exception() is None:
            # A worker was handed over just as the request stopped waiting: pass it on.
            self._give_back(waiter.result())
        else:
            waiter.cancel()

    def _give_back(self, worker: Worker) -> None:
        while self._waiting:
            waiter = self._waiting.popleft()
            if not waiter.done():
                waiter.set_result(worker)
                return
        self._idle.append(worker)

    def drain(self) -> None:
        """Refuse every request now waiting and every new one (``PoolClosed``); running jobs go on."""
        self._closing = True
        while self._waiting:
            waiter = self._waiting.popleft()
            if not waiter.done():
                waiter.set_exception(PoolClosed())

    def pids(self) -> list[int]:
        """Process ids of the current workers (for logs and tests)."""
        with self._lock:
            return [worker.process.pid for worker in self._all]

    def close(self) -> None:
        """Refuse what waits, stop every worker (a job running on one ends in ``PoolClosed``)."""
        self.drain()
        with self._lock:
            workers = list(self._all)
            self._all.clear()
        for worker in workers:
            worker.stop()
        self._threads.shutdown(wait=False)


# --- the two lanes -------------------------------------------------------------------------------


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
        """The job's result if the budget proves it (``complete``), else None.

        A depth or MCTS level's move is a search of its own that no node budget of the analysis bounds (depth 30
        on a 15x15 board held this lane, and every request behind it, for minutes): a worker plays it, within
        the time limit.
        """
        if self.nodes <= 0 or (job["level"] is not None and is_search_level(job["level"])):
            return None
        result = await anyio.to_thread.run_sync(run_job, job, Limit(nodes=self.nodes), limiter=self._one_at_a_time)
        return result if result["analysis"]["complete"] else None


class Once:
    """Work run in a thread once per key, however many requests ask for it at the same time; its answer kept.

    For a game's proof from the start (``proven_from_start``), which can take
    seconds of pure Python: the requests that arrive while it runs, each
    page opened at once after a start, wait for that one proof instead of
    each running their own in a thread beside it. A failure is not kept:
    the next request asks again.
    """

    def __init__(self) -> None:
        self._answers: dict[object, asyncio.Future[Any]] = {}

    async def run(self, key: object, function: Callable[..., Answer], *args: Any) -> Answer:
        answer = self._answers.get(key)
        if answer is None:
            answer = asyncio.ensure_future(asyncio.to_thread(function, *args))
            self._answers[key] = answer
            answer.add_done_callback(lambda done: self._forget_failure(key, done))
        # Shielded: a client that goes away cancels its own wait, not the work the others wait for.
        result: Answer = await asyncio.shield(answer)
        return result

    def _forget_failure(self, key: object, done: asyncio.Future[Any]) -> None:
        if done.cancelled() or done.exception() is not None:
            del self._answers[key]


class Lanes:
    """Where every search of the server runs: the fast lane, then the worker pool (and, once each, proofs)."""

    def __init__(self, settings: Settings, worker_command: Sequence[str] | None = None) -> None:
        self.settings = settings
        self.fast = FastLane(settings.fast_nodes)
        self.pool = WorkerPool(settings.workers, worker_command)
        self.proofs = Once()

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
