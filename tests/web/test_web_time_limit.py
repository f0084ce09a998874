"""A search that overruns the server's time limit is stopped and answered 503, and serving goes on."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient

from perfectplay.web.app import create_app
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
    import concurrent.futures

    with TestClient(create_app(Settings(workers=1, seconds=10.0))) as client:
        with concurrent.futures.ThreadPoolExecutor(4) as threads:
            replies = list(threads.map(lambda _: client.post("/api/move", json={"position": "X../.O./..."}), range(8)))
        assert [reply.status_code for reply in replies] == [200] * 8
