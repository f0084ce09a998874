"""Worker processes that run search jobs under a wall-clock limit.

Python cannot interrupt a thread that is busy in a search, but it can kill a
process. Each worker is a subprocess speaking JSON lines (``worker.py``); a
job that overruns its limit gets its worker killed and replaced, so no
request can pin a core for longer than the limit.
"""

from __future__ import annotations

import contextlib
import json
import queue
import subprocess
import sys
import threading
from typing import IO

from perfectplay.web.search import Job, JobResult


class SearchTimeout(Exception):
    """The search did not finish within the limit; its worker was killed."""


class ServerBusy(Exception):
    """Every worker stayed busy for longer than a request may wait."""


class WorkerCrashed(Exception):
    """A worker died or answered with an error (a bug, reported as 500)."""


class Worker:
    """One search subprocess, and a thread that hands its answers over one line at a time.

    Reading in a thread (not ``select`` on the pipe) keeps this portable and
    lets ``run`` wait on a queue with a timeout.
    """

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "perfectplay.web.worker"],
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
        for line in stdout:
            self._replies.put(line)
        self._replies.put(None)  # end of output: the worker has exited

    def run(self, job: Job, seconds: float) -> JobResult:
        """Send ``job`` and wait at most ``seconds`` for its one-line answer."""
        try:
            self._stdin.write(json.dumps(job).encode() + b"\n")
            self._stdin.flush()
        except OSError as error:
            raise WorkerCrashed(f"search worker is gone: {error}") from None
        try:
            line = self._replies.get(timeout=seconds)
        except queue.Empty:
            raise SearchTimeout from None
        if line is None:
            raise WorkerCrashed(f"search worker exited with status {self.process.wait()}")
        reply = json.loads(line)
        if "error" in reply:
            raise WorkerCrashed(f"search worker failed: {reply['error']}")
        result: JobResult = reply["ok"]
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
    """A fixed number of workers shared by the request threads."""

    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError(f"a pool needs at least one worker, not {size}")
        self.size = size
        self._idle: queue.Queue[Worker] = queue.Queue()
        self._lock = threading.Lock()
        self._all: list[Worker] = []
        self._closed = False
        for _ in range(size):
            self._idle.put(self._spawn())

    def _spawn(self) -> Worker:
        worker = Worker()
        with self._lock:
            self._all.append(worker)
        return worker

    def _retire(self, worker: Worker) -> None:
        worker.stop()
        with self._lock:
            if worker in self._all:  # close() may have taken it already
                self._all.remove(worker)

    def run(self, job: Job, seconds: float, queue_seconds: float) -> JobResult:
        """Run ``job`` on a free worker within ``seconds``; wait ``queue_seconds`` for one."""
        if self._closed:
            raise WorkerCrashed("the search pool is shut down")
        try:
            worker = self._idle.get(timeout=queue_seconds)
        except queue.Empty:
            raise ServerBusy from None
        try:
            result = worker.run(job, seconds)
        except (SearchTimeout, WorkerCrashed):
            # The worker is mid-search or dead: either way it cannot serve
            # again. Replace it so the pool keeps its size.
            self._retire(worker)
            if not self._closed:
                self._idle.put(self._spawn())
            raise
        self._idle.put(worker)
        return result

    def pids(self) -> list[int]:
        """Process ids of the current workers (for logs and tests)."""
        with self._lock:
            return [worker.process.pid for worker in self._all]

    def close(self) -> None:
        self._closed = True
        with self._lock:
            workers = list(self._all)
            self._all.clear()
        for worker in workers:
            worker.stop()
