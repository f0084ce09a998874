"""The server's event loop never runs a proof: a game's first "proven from the start?" runs beside it, once.

A custom board's first move asks whether the strongest level may be called
"perfect" there (``proven_from_start``: up to 250,000 nodes, about 9 s of pure
Python on 15x15). Run on the event loop, that would stall every other
request, health checks included, for as long; run once per request, the
pages opened at once after a start would each pay for it.
"""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient

import perfectplay.web.routes_play as routes_play
from async_support import in_loop
from perfectplay.play.players import proven_from_start as real_proof
from perfectplay.web.app import create_app
from perfectplay.web.settings import Settings
from perfectplay.web.workers import Once

CUSTOM = "mnk:4,3,3"
"""A board the page does not list: its proof is asked for the first time by a move request."""

PATIENCE = 60.0
"""How long an answer that takes milliseconds may take: only a stalled event loop comes near it."""


def test_health_is_answered_while_a_custom_boards_first_proof_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    proving = threading.Event()
    release = threading.Event()

    def slow_proof(game: Any) -> bool:
        # The custom board's proof stands for a long pure-Python one: it holds its caller until the test lets it go.
        if game.name != CUSTOM:
            return real_proof(game)
        proving.set()
        assert release.wait(PATIENCE), "the test never released the proof"
        return False

    monkeypatch.setattr(routes_play, "proven_from_start", slow_proof)
    app = create_app(Settings(workers=1, seconds=5.0, fast_nodes=0))
    with TestClient(app) as client, ThreadPoolExecutor(2) as threads:
        body = {"game": CUSTOM, "position": ".../.../.../...", "level": "random"}
        moved = threads.submit(client.post, "/api/move", json=body)
        try:
            assert proving.wait(PATIENCE), "the move request never asked for the proof"
            health = threads.submit(client.get, "/healthz").result(timeout=PATIENCE)
            assert health.status_code == 200
            games = threads.submit(client.get, "/api/games").result(timeout=PATIENCE)
            assert games.status_code == 200
        finally:
            release.set()
        reply = moved.result(timeout=PATIENCE)
    assert reply.status_code == 200, reply.text
    assert reply.json()["move"] is not None


def test_requests_that_ask_for_the_same_proof_at_once_wait_for_one_proof_and_a_failure_is_not_kept() -> None:
    proved: list[str] = []

    def prove(name: str) -> bool:
        proved.append(name)
        if name == "broken":
            raise RuntimeError("a bug in the proof")
        return name == "tictactoe"

    async def ask() -> list[Any]:
        once = Once()
        # Eight requests for one game and one for another, all asking before any proof has ended.
        together = await asyncio.gather(*(once.run(name, prove, name) for name in ["connect4"] * 8 + ["tictactoe"]))
        later = await once.run("connect4", prove, "connect4")
        failures = await asyncio.gather(
            *(once.run("broken", prove, "broken") for _ in range(2)), return_exceptions=True
        )
        again = await asyncio.gather(once.run("broken", prove, "broken"), return_exceptions=True)
        return [together, later, failures, again]

    together, later, failures, again = in_loop(ask)
    assert together == [False] * 8 + [True] and later is False
    assert [type(failure) for failure in failures + again] == [RuntimeError] * 3
    assert sorted(proved) == ["broken", "broken", "connect4", "tictactoe"]
