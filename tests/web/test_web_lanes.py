"""Cheap answers never queue behind expensive searches, waiting costs no thread, health answers at once."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any

import httpx2 as httpx
import pytest
from fastapi.testclient import TestClient

from async_support import in_loop
from perfectplay.web.app import create_app
from perfectplay.web.jobs import Job
from perfectplay.web.settings import Settings
from perfectplay.web.workers import FastLane

EMPTY_5X5 = "...../...../...../...../....."
"""Minutes to prove: a search of it holds its worker for the whole (here: very long) limit."""

HOGS = 60
"""More expensive requests than FastAPI's thread pool has threads (40)."""

FAST_NODES = 300
"""The fast lane's node budget here: each of the many expensive requests is first tried there, one at a time,
and 300 nodes cost a tenth of the default 5,000; the cheap answers the tests ask for need 7 and 15 nodes."""

PATIENCE = 120.0
"""How long a test waits for something that takes milliseconds: a hang, not a slow machine, fails it."""


def eventually(probe: Callable[[], Any], done: Callable[[Any], bool], what: str) -> Any:
    """Call ``probe`` until ``done`` holds for what it returns; fail if that never happens."""
    deadline = time.monotonic() + PATIENCE
    seen = None
    while time.monotonic() < deadline:
        seen = probe()
        if done(seen):
            return seen
        time.sleep(0.05)
    raise AssertionError(f"{what}; last seen: {seen}")


@pytest.fixture(autouse=True)
def pure_python_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    """The workers (which inherit this) search with the pure-Python core: its empty 5x5 takes minutes.

    The compiled core proves the empty 5x5 board in seconds, which would let a "held" worker finish
    while a test still counts on it being busy.
    """
    monkeypatch.setenv("PERFECTPLAY_PURE", "1")


def answer(threads: ThreadPoolExecutor, call: Callable[[], httpx.Response], what: str) -> httpx.Response:
    """``call()`` in a thread; fail (not hang) if it has no answer while the expensive searches run."""
    try:
        return threads.submit(call).result(timeout=PATIENCE)
    except TimeoutError:
        raise AssertionError(f"{what} got no answer while expensive searches were queued") from None


@contextmanager
def saturated(settings: Settings, hogs: int) -> Iterator[tuple[TestClient, ThreadPoolExecutor, list[Future[Any]]]]:
    """An app with one worker held by an endless 5x5 search and ``hogs - 1`` more waiting for it.

    On the way out the pool is closed, which answers every one of them.
    """
    app = create_app(settings)
    with TestClient(app) as client, ThreadPoolExecutor(hogs + 4) as threads:
        pending = [
            threads.submit(client.post, "/api/move", json={"position": EMPTY_5X5, "seed": number})
            for number in range(hogs)
        ]
        try:
            yield client, threads, pending
        finally:
            assert client.portal is not None
            client.portal.call(app.state.lanes.pool.close)
            for request in pending:
                request.result(timeout=PATIENCE)


def health(client: TestClient, threads: ThreadPoolExecutor) -> dict[str, Any]:
    reply = answer(threads, lambda: client.get("/healthz"), "/healthz")
    assert reply.status_code == 200
    body: dict[str, Any] = reply.json()
    return body


def test_cheap_answers_and_health_do_not_wait_behind_expensive_searches_however_many() -> None:
    settings = Settings(workers=1, seconds=600.0, backstop_seconds=600.0, queue_seconds=600.0, fast_nodes=FAST_NODES)
    with saturated(settings, HOGS) as (client, threads, pending):
        # Every expensive request is in: one on the worker, all the others
        # waiting for it at the same time, more than there are threads.
        eventually(
            lambda: health(client, threads),
            lambda seen: seen.get("busy") == 1 and seen.get("waiting") == HOGS - 1,
            f"{HOGS - 1} requests never waited for the worker at once",
        )

        # 3x3 and a late 4x4 board are answered exactly, in the server process.
        move = answer(threads, lambda: client.post("/api/move", json={"position": "XOX/OO./.X."}), "a 3x3 move")
        assert move.status_code == 200, move.text
        assert move.json()["move"] == 5
        assert move.json()["analysis"]["complete"] is True
        late = {"game": "mnk:4,4,4", "position": "XOXO/OXOX/XO../...."}
        analysis = answer(threads, lambda: client.post("/api/analyze", json=late), "a late 4x4 analysis")
        assert analysis.status_code == 200, analysis.text
        assert analysis.json()["complete"] is True
        assert health(client, threads)["status"] == "ok"
        assert not any(request.done() for request in pending), "the expensive searches are still running"
    assert {request.result().status_code for request in pending} == {503}


def test_a_request_that_waits_for_a_worker_longer_than_the_queue_limit_is_answered_503() -> None:
    # The queue limit is short on purpose; the search holding the worker is
    # endless, so there is no race: every other request must time out waiting.
    settings = Settings(workers=1, seconds=600.0, backstop_seconds=600.0, queue_seconds=0.2, fast_nodes=FAST_NODES)
    with saturated(settings, 1) as (client, threads, pending):
        eventually(lambda: health(client, threads), lambda seen: seen.get("busy") == 1, "the worker never got busy")
        body = {"game": "mnk:5,5,4", "position": EMPTY_5X5}
        refused = [threads.submit(client.post, "/api/analyze", json=body) for _ in range(10)]
        for reply in (request.result(timeout=PATIENCE) for request in refused):
            assert reply.status_code == 503
            assert reply.json()["error"] == {
                "field": None,
                "message": "the server is busy with other searches; try again in a moment",
            }
        assert not pending[0].done()


def job(position: str, k: int | None = None, level: str | None = None) -> Job:
    rows = position.count("/") + 1
    cols = len(position.split("/")[0])
    return {
        "game": f"mnk:{rows},{cols},{k or min(rows, cols)}",
        "position": position,
        "to_move": "X" if position.count("X") == position.count("O") else "O",
        "level": level,
        "level_note": None,
        "seed": 1,
        "seconds": 600.0,
    }


@pytest.mark.parametrize(
    ("position", "k", "proven"),
    [
        (".../.../...", None, True),  # 3x3: 141 nodes
        ("X../.O./...", None, True),
        ("XOXO/OXOX/XO../....", 4, True),  # late 4x4: a few dozen nodes
        ("..../..../..../....", 4, False),  # the empty 4x4: about 100,000 nodes
        (EMPTY_5X5, 4, False),
    ],
)
def test_the_fast_lane_answers_what_its_node_budget_proves_and_nothing_else(
    position: str, k: int | None, proven: bool
) -> None:
    lane = FastLane(5_000)
    result = in_loop(lane.try_job, job(position, k, level="perfect"))
    if not proven:
        assert result is None
        return
    assert result is not None
    assert result["analysis"]["complete"] is True
    assert result["move"] in result["analysis"]["best"]


def test_a_fast_lane_without_a_budget_sends_everything_to_the_workers() -> None:
    assert in_loop(FastLane(0).try_job, job(".../.../...")) is None


@pytest.mark.parametrize("level", ["depth30:engine", "depth2", "mcts:200000", "mcts:5"])
def test_a_depth_or_mcts_levels_move_is_never_played_in_the_fast_lane(
    level: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Its search is its own, which no node budget of the analysis bounds: depth 30 on a 15x15 board held the lane,
    # and every cheap answer behind it, for minutes. However cheap it would be here, a worker plays it.
    def never(*_: Any) -> None:
        raise AssertionError("the fast lane searched")

    monkeypatch.setattr("perfectplay.web.workers.run_job", never)
    assert in_loop(FastLane(5_000).try_job, job(".../.../...", level=level)) is None
