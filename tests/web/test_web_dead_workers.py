"""A dead or broken search worker is never a 500 the client can act on: a retry, or a 503 that says to retry."""

from __future__ import annotations

import os
import signal
from functools import partial
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from perfectplay.play.players import proven_from_start
from perfectplay.web.app import create_app
from perfectplay.web.settings import Settings
from worker_faults import buggy, killed_by_every_job, killed_once, wait_until_dead

GENEROUS = Settings(workers=1, seconds=1.0, backstop_seconds=120.0, queue_seconds=120.0)
"""A short search (the engine stops itself), and limits nothing in these tests comes near."""

EXPENSIVE = {"game": "mnk:5,5,4", "position": "...../...../..X../...../....."}
"""Beyond the fast lane's budget: this goes to a worker."""


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc to see the worker die")
def test_a_worker_killed_while_idle_costs_the_next_client_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    # The pure-Python core, whose workers inherit this: the compiled one may prove EXPENSIVE within the second.
    monkeypatch.setenv("PERFECTPLAY_PURE", "1")
    # The server asks whether 5x5 is proven from the start before the move: at its real 250,000 nodes that is
    # seconds of pure-Python search in this process, and only words the level's note, which this test does not read.
    monkeypatch.setattr("perfectplay.web.routes_play.proven_from_start", partial(proven_from_start, nodes=2_000))
    with TestClient(create_app(GENEROUS)) as client:
        pool = client.app.state.lanes.pool  # type: ignore[attr-defined, unused-ignore]  # an error on 3.11 only
        [first] = pool.pids()
        os.kill(first, signal.SIGKILL)
        wait_until_dead(first)
        response = client.post("/api/move", json=EXPENSIVE)
        assert response.status_code == 200, response.text
        assert response.json()["analysis"]["complete"] is False
        assert len(pool.pids()) == 1 and pool.pids() != [first]


def test_a_worker_killed_under_a_request_is_replaced_and_the_request_answered_by_the_fresh_one(
    tmp_path: Path,
) -> None:
    with TestClient(create_app(GENEROUS, worker_command=killed_once(tmp_path / "died"))) as client:
        response = client.post("/api/move", json=EXPENSIVE)
        assert (tmp_path / "died").exists(), "the first worker took the job and died under it"
        assert response.status_code == 200, response.text
        assert response.json()["position"].count("O") == 1


@pytest.mark.parametrize(
    ("endpoint", "body"),
    [
        ("/api/move", EXPENSIVE),
        ("/api/analyze", EXPENSIVE),
        ("/api/tree", {"position": "X../.../...", "algorithm": "minimax"}),
    ],
)
def test_a_request_that_kills_every_worker_is_answered_503_with_retry_after_never_500(
    endpoint: str, body: dict[str, object]
) -> None:
    with TestClient(create_app(GENEROUS, worker_command=killed_by_every_job())) as client:
        response = client.post(endpoint, json=body)
        assert response.status_code == 503, response.text
        assert response.headers["retry-after"] == "1"
        error = response.json()["error"]
        assert error["field"] is None
        assert "try again" in error["message"] and "killed or out of memory" in error["message"]
        assert len(client.app.state.lanes.pool.pids()) == 1  # type: ignore[attr-defined, unused-ignore]
        # Cheap answers never needed a worker.
        assert client.post("/api/analyze", json={"position": "XOX/OO./.X."}).json()["best"] == [5]


def test_a_worker_that_fails_is_a_500_that_exposes_no_internals() -> None:
    with TestClient(create_app(GENEROUS, worker_command=buggy()), raise_server_exceptions=False) as client:
        response = client.post("/api/move", json=EXPENSIVE)
        assert response.status_code == 500
        assert response.json() == {"error": {"field": None, "message": "internal error; see the server log"}}
        assert "secret" not in response.text and "ZeroDivisionError" not in response.text
