"""Worker processes that run search jobs under a wall-clock limit.

Python cannot interrupt a thread that is busy in a search, but it can kill a
process. Each worker is a subprocess speaking JSON lines (``worker.py``); a
job that overruns its limit gets its worker killed and replaced, so no
request can pin a core for longer than the limit.
"""

from __future__ import annotations

import json
import os
import queue
import select
import subprocess
import sys
import threading
import time
from typing import IO

from perfectplay.web.search import Job, JobResult


class SearchTimeout(Exception):
    """The search did not finish within the limit; its worker was killed."""


class ServerBusy(Exception):
    """Every worker stayed busy for longer than a request may wait."""


class WorkerCrashed(Exception):
    """A worker died or answered with an error (a bug, reported as 500)."""


class Worker:
    """One search subprocess and the bytes it has sent but we have not read yet."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "perfectplay.web.worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            # stderr is inherited: a worker's traceback lands in the server's log.
        )
        self.pending = b""

    @property
    def stdin(self) -> IO[bytes]:
        assert self.process.stdin is not None
        return self.process.stdin

    @property
    def stdout_fd(self) -> int:
        assert self.process.stdout is not None
        return self.process.stdout.fileno()

    def run(self, job: Job, seconds: float) -> JobResult:
        """Send ``job`` and wait at most ``seconds`` for its one-line answer."""
        try:
            self.stdin.write(json.dumps(job).encode() + b"\n")
            self.stdin.flush()
        except (BrokenPipeError, OSError) as error:
            raise WorkerCrashed(f"search worker is gone: {error}") from None
        deadline = time.monotonic() + seconds
        while b"\n" not in self.pending:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise SearchTimeout
            ready, _, _ = select.select([self.stdout_fd], [], [], remaining)
            if not ready:
                continue
            chunk = os.read(self.stdout_fd, 1 << 16)
            if not chunk:
                raise WorkerCrashed(f"search worker exited with status {self.process.wait()}")
            self.pending += chunk
        line, self.pending = self.pending.split(b"\n", 1)
        reply = json.loads(line)
        if "error" in reply:
            raise WorkerCrashed(f"search worker failed: {reply['error']}")
        result: JobResult = reply["ok"]
        return result

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None:
                stream.close()


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

    def close(self) -> None:
        self._closed = True
        with self._lock:
            workers = list(self._all)
            self._all.clear()
        for worker in workers:
            worker.stop()
