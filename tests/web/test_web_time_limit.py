"""Searches are bounded: the engine answers at the limit with what it knows, a worker that overruns
anyway is killed and answered 503, a dead worker is replaced, and serving goes on."""

from __future__ import annotations

import concurrent.futures
import os
import signal
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from async_support import in_loop
from perfectplay.web.app import create_app
from perfectplay.web.jobs import Job, JobResult
from perfectplay.web.settings import Settings
from perfectplay.web.workers import SearchTimeout, WorkerDied, WorkerPool
from worker_faults import killed_by_every_job, killed_once, wait_until_dead


def test_a_search_that_reaches_the_time_limit_answers_with_the_best_move_found() -> None:
    # The backstop is generous: this test is about the engine stopping itself
    # at the limit, which it does however loaded the machine is; only the
    # backstop's kill is a race against the clock.
    with TestClient(create_app(Settings(workers=1, seconds=0.5, backstop_seconds=120))) as client:
        # The empty 5x5 board, four in a row: minutes to prove the draw, so a
        # half-second search never completes, on any machine.
        response = client.post("/api/move", json={"position": "...../...../...../...../....."})
        assert response.status_code == 200, response.text
        reply = response.json()
        assert reply["analysis"]["complete"] is False
        assert 0 <= reply["move"] < 25
        assert reply["position"].count("X") == 1
        assert client.post("/api/analyze", json={"position": "XOX/OO./.X."}).json()["best"] == [5]


def test_a_worker_that_overruns_its_limit_is_killed_answered_as_a_timeout_and_replaced() -> None:
    pool = WorkerPool(1)
    try:
        [first] = pool.pids()
        # The job asks the engine for a minute; the pool allows half a second.
        with pytest.raises(SearchTimeout):
            run(pool, SLOW, seconds=0.5)
        assert len(pool.pids()) == 1 and pool.pids() != [first]
        assert run(pool, TRIVIAL)["analysis"]["best"] == [5]
    finally:
        pool.close()


def test_requests_beyond_the_workers_wait_their_turn_rather_than_fail() -> None:
    # Generous limits: the test is about queueing, not about how fast this machine is.
    # An early 4x4 board is beyond the fast lane's budget: each of these needs the one worker.
    body = {"game": "mnk:4,4,4", "position": "X.../.O../..../...."}
    with TestClient(create_app(Settings(workers=1, seconds=60.0, queue_seconds=300.0))) as client:
        with concurrent.futures.ThreadPoolExecutor(4) as threads:
            replies = list(threads.map(lambda _: client.post("/api/move", json=body), range(8)))
        assert [reply.status_code for reply in replies] == [200] * 8
        assert all(reply.json()["analysis"]["complete"] for reply in replies)


TRIVIAL: Job = {
    "game": "tictactoe",
    "position": "XOX/OO./.X.",
    "to_move": "X",
    "level": None,
    "level_note": None,
    "seed": None,
    "seconds": 10.0,
}
SLOW: Job = {
    "game": "mnk:5,5,4",
    "position": "...../...../...../...../.....",
    "to_move": "X",
    "level": None,
    "level_note": None,
    "seed": None,
    "seconds": 60.0,
}


def run(pool: WorkerPool, job: Job, seconds: float = 120) -> JobResult:
    """``pool.run`` from a test: the job within ``seconds``, a generous wait for the worker."""
    return in_loop(pool.run, job, seconds, 120)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc to see the worker die")
def test_a_worker_killed_between_jobs_is_replaced_and_the_job_runs_on_the_fresh_one() -> None:
    pool = WorkerPool(1)
    try:
        [first] = pool.pids()
        os.kill(first, signal.SIGKILL)
        wait_until_dead(first)  # so writing the job fails with a broken pipe
        assert run(pool, TRIVIAL)["analysis"]["best"] == [5]
        assert len(pool.pids()) == 1 and pool.pids() != [first]
    finally:
        pool.close()
    assert pool.pids() == []


def test_a_worker_that_dies_under_a_job_is_replaced_and_the_job_runs_again_on_the_fresh_one(tmp_path: Path) -> None:
    pool = WorkerPool(1, command=killed_once(tmp_path / "died"))
    try:
        [first] = pool.pids()
        assert run(pool, TRIVIAL)["analysis"]["best"] == [5]
        assert (tmp_path / "died").exists(), "the first worker took the job and died under it"
        assert len(pool.pids()) == 1 and pool.pids() != [first]
    finally:
        pool.close()


def test_a_job_that_kills_every_worker_is_tried_twice_then_reported_and_the_pool_keeps_its_size() -> None:
    pool = WorkerPool(2, command=killed_by_every_job())
    try:
        before = set(pool.pids())
        with pytest.raises(WorkerDied):
            run(pool, TRIVIAL)
        after = set(pool.pids())
        assert len(after) == 2 and len(after - before) == 1, "one worker replaced twice, the other untouched"
    finally:
        pool.close()
