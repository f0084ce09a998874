"""Searches are bounded: an overrun is stopped and answered 503, a dead worker is replaced, and serving goes on."""

from __future__ import annotations

import concurrent.futures
import os
import signal
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from perfectplay.web.app import create_app
from perfectplay.web.pool import WorkerCrashed, WorkerPool
from perfectplay.web.search import Job
from perfectplay.web.settings import Settings


def test_a_search_over_the_time_limit_is_answered_503_and_the_next_request_is_served() -> None:
    with TestClient(create_app(Settings(workers=1, seconds=0.5))) as client:
        started = time.monotonic()
        # The empty 4x4 board, four in a row: far more than half a second for alpha-beta.
        response = client.post("/api/move", json={"position": "..../..../..../...."})
        assert time.monotonic() - started < 5
        assert response.status_code == 503
        assert response.json()["error"]["field"] == "position"
        assert "0.5 s" in response.json()["error"]["message"]
        # The worker that was killed has been replaced.
        assert client.post("/api/analyze", json={"position": "XOX/OO./.X."}).json()["best"] == [5]


def test_requests_beyond_the_workers_wait_their_turn_rather_than_fail() -> None:
    with TestClient(create_app(Settings(workers=1, seconds=10.0))) as client:
        with concurrent.futures.ThreadPoolExecutor(4) as threads:
            replies = list(threads.map(lambda _: client.post("/api/move", json={"position": "X../.O./..."}), range(8)))
        assert [reply.status_code for reply in replies] == [200] * 8


TRIVIAL: Job = {"position": "XOX/OO./.X.", "to_move": "X", "rows": 3, "cols": 3, "k": 3, "level": None, "seed": None}
SLOW: Job = {
    "position": "..../..../..../....",
    "to_move": "X",
    "rows": 4,
    "cols": 4,
    "k": 4,
    "level": None,
    "seed": None,
}


def wait_until_dead(pid: int) -> None:
    """Until the process has exited (a zombie its parent has not reaped yet, on Linux)."""
    deadline = time.monotonic() + 10
    stat = Path(f"/proc/{pid}/stat")
    while time.monotonic() < deadline:
        if not stat.exists() or stat.read_text().rsplit(")", 1)[1].split()[0] in ("Z", "X"):
            return
        time.sleep(0.01)
    raise AssertionError(f"process {pid} did not die")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc to see the worker die")
def test_a_worker_found_dead_when_a_job_is_sent_is_reported_and_replaced() -> None:
    pool = WorkerPool(1)
    try:
        [first] = pool.pids()
        os.kill(first, signal.SIGKILL)
        wait_until_dead(first)  # so writing the job fails with a broken pipe
        with pytest.raises(WorkerCrashed):
            pool.run(TRIVIAL, seconds=10, queue_seconds=10)
        assert len(pool.pids()) == 1 and pool.pids() != [first]
        assert pool.run(TRIVIAL, seconds=10, queue_seconds=10)["analysis"]["best"] == [5]
    finally:
        pool.close()
    assert pool.pids() == []


def test_a_worker_that_dies_mid_search_is_reported_and_replaced() -> None:
    pool = WorkerPool(1)
    try:
        [first] = pool.pids()
        with concurrent.futures.ThreadPoolExecutor(1) as thread:
            pending = thread.submit(pool.run, SLOW, 30, 10)
            time.sleep(0.5)  # the worker is deep in the 4x4 search by now
            os.kill(first, signal.SIGKILL)
            with pytest.raises(WorkerCrashed):
                pending.result(timeout=20)
        assert len(pool.pids()) == 1 and pool.pids() != [first]
        assert pool.run(TRIVIAL, seconds=10, queue_seconds=10)["analysis"]["best"] == [5]
    finally:
        pool.close()
