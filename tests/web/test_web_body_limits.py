"""Every request body is bounded however it arrives, and no error echoes more than an excerpt of it."""

from __future__ import annotations

import http.client
import json
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from fastapi.testclient import TestClient

from browser_support import Server
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
    # The server answers 413 and closes with the rest of the upload unread; the kernel may then reset the
    # connection, and a reset can overtake the answer on its way to the client (no lingering close: a known
    # limit, said in the closing note of issue 27). An answer must come on one of three tries, and be a 413.
    for attempt in range(3):
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
            break
        except (BrokenPipeError, ConnectionResetError):
            if attempt == 2:
                pytest.fail("the server dropped the connection three times instead of answering 413")
        finally:
            connection.close()
    assert response.status == 413
    assert len(payload) < ERROR_MAX_BYTES
    assert json.loads(payload)["error"]["field"] == "body"
    assert response.getheader("connection") == "close"
