"""Searches are bounded: an overrun is stopped and answered 503, a dead worker is replaced, and serving goes on."""

from __future__ import annotations

import concurrent.futures
import os
import signal
import time

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


def test_a_worker_that_dies_is_reported_and_replaced() -> None:
    job: Job = {"position": "XOX/OO./.X.", "to_move": "X", "rows": 3, "cols": 3, "k": 3, "level": None, "seed": None}
    pool = WorkerPool(1)
    try:
        [first] = pool.pids()
        os.kill(first, signal.SIGKILL)
        with pytest.raises(WorkerCrashed):
            pool.run(job, seconds=10, queue_seconds=10)
        assert pool.pids() != [first]
        assert pool.run(job, seconds=10, queue_seconds=10)["analysis"]["best"] == [5]
    finally:
        pool.close()
    assert pool.pids() == []
