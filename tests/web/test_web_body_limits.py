"""Every request body is bounded however it arrives, and no error echoes more than an excerpt of it."""

from __future__ import annotations

import http.client
import json
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from fastapi.testclient import TestClient
from starlette.types import Message, Receive, Scope, Send

from async_support import in_loop
from browser_support import Server
from perfectplay.web.app import DRAIN_MAX_BYTES, DrainRefusedBody
from perfectplay.web.settings import BODY_MAX_BYTES

ERROR_MAX_BYTES = 1024
"""No error body is longer than this, whatever was sent."""


def chunks(total: int, size: int = 4096) -> Iterator[bytes]:
    """A JSON body of ``total`` bytes sent in pieces, with no Content-Length: a position of X's."""
    yield b'{"position": "'
    sent = 15
    while sent < total:
        yield b"X" * size
        sent += size
    yield b'"}'


def test_a_chunked_body_over_the_cap_is_refused_with_a_short_413(client: TestClient) -> None:
    response = client.post("/api/analyze", content=chunks(200 * 1024), headers={"content-type": "application/json"})
    assert "content-length" not in response.request.headers
    assert response.status_code == 413, response.text[:200]
    assert response.json()["error"]["field"] == "body"
    assert len(response.content) < ERROR_MAX_BYTES
    assert client.post("/api/analyze", json={"position": "XOX/OO./.X."}).json()["best"] == [5]


def test_a_chunked_body_within_the_cap_is_read_as_usual(client: TestClient) -> None:
    def pieces() -> Iterator[bytes]:
        yield b'{"position": '
        yield b'"XOX/OO./.X."}'

    response = client.post("/api/analyze", content=pieces(), headers={"content-type": "application/json"})
    assert response.status_code == 200, response.text
    assert response.json()["best"] == [5]


LONG = "Q" * (BODY_MAX_BYTES - 200)


@pytest.mark.parametrize(
    ("endpoint", "body", "field"),
    [
        ("/api/analyze", {"position": LONG}, "position"),  # over the position's length cap
        ("/api/analyze", {"position": "X../.../...", "to_move": LONG}, "to_move"),
        ("/api/analyze", {"position": "X../.../...", "game": LONG}, "game"),
        ("/api/move", {"position": "X../.../...", "level": LONG}, "level"),  # the engine's message quotes it
        ("/api/move", {"position": "X../.../...", "seed": [LONG]}, "seed"),
        ("/api/tree", {"position": "X../.../...", "algorithm": LONG}, "algorithm"),
    ],
)
def test_an_error_quotes_only_an_excerpt_of_a_long_input(
    client: TestClient, endpoint: str, body: dict[str, object], field: str
) -> None:
    response = client.post(endpoint, json=body)
    assert response.status_code == 422, response.text[:200]
    assert len(response.content) < ERROR_MAX_BYTES
    error = response.json()["error"]
    assert error["field"] == field
    assert "QQQQ" in error["message"] or "characters" in error["message"], "the excerpt still says what was sent"


def test_an_unknown_field_with_a_long_name_is_named_in_short(client: TestClient) -> None:
    response = client.post("/api/analyze", json={"position": "X../.../...", LONG: 1})
    assert response.status_code == 422
    assert len(response.content) < ERROR_MAX_BYTES
    assert response.json()["error"]["field"].startswith("QQQQ")


def test_bad_json_of_any_length_is_answered_in_a_few_hundred_bytes(client: TestClient) -> None:
    response = client.post(
        "/api/analyze", content=b'{"position": ' + b"[" * 10_000, headers={"content-type": "application/json"}
    )
    assert response.status_code == 400
    assert len(response.content) < ERROR_MAX_BYTES


def test_the_real_server_refuses_a_chunked_upload_over_the_cap_and_closes_the_connection(server: Server) -> None:
    address = urlsplit(server.url)
    # The server reads the rest of the upload before it answers and closes (``DrainRefusedBody``): nothing
    # is left unread, so no reset overtakes the 413. One try: a reset here is the bug come back.
    connection = http.client.HTTPConnection(address.hostname or "", address.port, timeout=60)
    try:
        connection.request(
            "POST",
            "/api/analyze",
            body=chunks(64 * 1024),
            headers={"content-type": "application/json"},
            encode_chunked=True,
        )
        response = connection.getresponse()
        payload = response.read()
    finally:
        connection.close()
    assert response.status == 413
    assert len(payload) < ERROR_MAX_BYTES
    assert json.loads(payload)["error"]["field"] == "body"
    assert response.getheader("connection") == "close"


def drained_by_the_app(pieces: list[bytes]) -> tuple[list[str], int]:
    """What ``DrainRefusedBody`` does with an upload of ``pieces`` that the app refuses after the first.

    Returns the order of events ("read" a piece, "answer" the 413) and the pieces never read.
    """
    events: list[str] = []
    last = len(pieces) - 1
    queue = [{"type": "http.request", "body": piece, "more_body": i < last} for i, piece in enumerate(pieces)]

    async def receive() -> Message:
        events.append("read")
        return queue.pop(0)

    async def send(message: Message) -> None:
        if message["type"] == "http.response.start":
            events.append(f"answer {message['status']}")

    async def refusing_app(scope: Scope, receive: Receive, send: Send) -> None:
        await receive()  # the first piece is over the cap
        await send({"type": "http.response.start", "status": 413, "headers": []})
        await send({"type": "http.response.body", "body": b"{}"})

    in_loop(DrainRefusedBody(refusing_app), {"type": "http"}, receive, send)
    return events, len(queue)


def test_a_refused_upload_is_read_to_its_end_before_the_413_goes_out() -> None:
    events, unread = drained_by_the_app([b"x" * 4096] * 5)
    assert events == ["read"] * 5 + ["answer 413"] and unread == 0


def test_draining_stops_after_its_byte_allowance_and_answers_anyway() -> None:
    piece = b"x" * (64 * 1024)
    pieces = [piece] * (DRAIN_MAX_BYTES // len(piece) + 10)
    events, unread = drained_by_the_app(pieces)
    assert events[-1] == "answer 413" and unread > 0
    assert (events.count("read") - 2) * len(piece) <= DRAIN_MAX_BYTES
