"""Slow clients are cut off, no redirect reflects the Host header, and a 500 says nothing about the inside.

The slow-client tests run the app under uvicorn exactly as ``perfectplay
serve`` configures it (``serving.uvicorn_config``), in a thread, with short
deadlines. Nothing races: the test's own requests are sent whole at once,
and a slow client is one that sends part of a request and then nothing.
"""

from __future__ import annotations

import json
import logging
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
import uvicorn
from fastapi.testclient import TestClient

from perfectplay.cli.serve import bind
from perfectplay.web.app import create_app
from perfectplay.web.server import uvicorn_config
from perfectplay.web.settings import Settings

PATIENCE = 120.0
"""How long a test waits for an answer that takes a second: a hang, not a slow machine, fails it."""

SETTINGS = Settings(workers=1, header_seconds=1.0, body_seconds=1.0)

REQUEST = b"POST /api/analyze HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: 27\r\n\r\n"
BODY = b'{"position": "XOX/OO./.X."}'


@contextmanager
def serving(settings: Settings = SETTINGS) -> Iterator[int]:
    """The app under uvicorn in a thread, configured as ``perfectplay serve`` does; yields its port."""
    sock = bind("127.0.0.1", 0)
    server = uvicorn.Server(uvicorn_config(create_app(settings), settings))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + PATIENCE
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield sock.getsockname()[1]
    finally:
        server.should_exit = True
        thread.join(PATIENCE)
        sock.close()


def connect(port: int) -> socket.socket:
    connection = socket.create_connection(("127.0.0.1", port), timeout=PATIENCE)
    connection.settimeout(PATIENCE)
    return connection


def read_all(connection: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection."""
    received = b""
    while chunk := connection.recv(65536):
        received += chunk
    return received


def response_parts(raw: bytes) -> tuple[int, dict[str, str], bytes]:
    head, _, body = raw.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.lower().split(": ", 1) for line in lines[1:])
    return int(lines[0].split()[1]), headers, body


def answer_to(sent: bytes) -> tuple[int, dict[str, str], bytes]:
    """The server's answer to a client that sends ``sent`` and then nothing, until it closes."""
    with serving() as port, connect(port) as connection:
        connection.sendall(sent)
        return response_parts(read_all(connection))


def test_a_client_that_stops_in_the_middle_of_its_headers_gets_408_and_is_closed() -> None:
    status, headers, body = answer_to(b"POST /api/analyze HTTP/1.1\r\nHost: test\r\n")
    assert status == 408
    assert headers["connection"] == "close"
    assert json.loads(body) == {
        "error": {"field": None, "message": "the request line and headers did not arrive within 1 s"}
    }


def test_a_client_that_connects_and_sends_nothing_is_closed() -> None:
    with serving() as port, connect(port) as connection:
        assert read_all(connection) == b""


def test_a_client_that_stops_in_the_middle_of_its_body_gets_408_naming_the_body_and_is_closed() -> None:
    status, headers, body = answer_to(REQUEST + BODY[:10])
    assert status == 408
    assert headers["connection"] == "close"
    assert json.loads(body)["error"] == {"field": "body", "message": "the request body did not arrive within 1 s"}


def test_a_kept_alive_connection_gets_the_same_deadline_for_its_next_request() -> None:
    with serving() as port, connect(port) as connection:
        connection.sendall(REQUEST + BODY)
        first = b""
        while not first.endswith(b"}"):  # the whole first answer (JSON ends with a brace)
            first += connection.recv(65536)
        assert response_parts(first)[0] == 200
        connection.sendall(b"POST /api/analyze HTTP/1.1\r\n")
        status, _, _ = response_parts(read_all(connection))
    assert status == 408


def test_bytes_that_are_not_a_request_get_a_400_with_the_error_body() -> None:
    status, headers, body = answer_to(b"HELLO\r\n\r\n")
    assert status == 400
    assert headers["content-type"] == "application/json"
    assert json.loads(body)["error"]["field"] is None


def test_a_megabyte_of_headers_is_refused_and_the_server_goes_on() -> None:
    with serving() as port:
        with connect(port) as connection:
            try:
                connection.sendall(b"GET /healthz HTTP/1.1\r\nHost: test\r\nX-Big: " + b"x" * 1_000_000 + b"\r\n\r\n")
                answer = read_all(connection)
            except (
                ConnectionResetError,
                BrokenPipeError,
            ):  # refused while the rest was still on its way: the server read no more
                answer = b""
        assert not answer or response_parts(answer)[0] == 400
        with connect(port) as connection:
            connection.sendall(b"GET /healthz HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
            assert response_parts(read_all(connection))[0] == 200


def test_a_request_sent_whole_is_answered_and_the_server_does_not_say_what_it_runs() -> None:
    status, headers, body = answer_to(REQUEST.replace(b"Host: test", b"Host: test\r\nConnection: close") + BODY)
    assert status == 200
    assert json.loads(body)["best"] == [5]
    assert "server" not in headers


def test_forwarded_headers_from_a_client_are_not_believed(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="perfectplay.web")
    with serving() as port, connect(port) as connection:
        connection.sendall(
            b"GET /healthz HTTP/1.1\r\nHost: test\r\nX-Forwarded-For: 203.0.113.9\r\n"
            b"X-Forwarded-Proto: https\r\nConnection: close\r\n\r\n"
        )
        assert response_parts(read_all(connection))[0] == 200
    [line] = [record.getMessage() for record in caplog.records if "/healthz" in record.getMessage()]
    assert line.startswith("127.0.0.1 GET /healthz 200")


@pytest.mark.parametrize(
    "path", ["/api/move/", "/api/analyze/", "/api/tree/", "/healthz/", "/static", "/docs/", "/openapi.json/"]
)
def test_no_answer_redirects_to_the_host_the_client_named(client: TestClient, path: str) -> None:
    for method in ("GET", "POST"):
        response = client.request(method, path, headers={"host": "evil.example"}, follow_redirects=False)
        assert not 300 <= response.status_code < 400, (method, path, response.headers)
        assert "evil" not in response.headers.get("location", "")
        assert response.headers["content-type"] == "application/json"


def test_an_unexpected_error_is_a_500_that_says_nothing_about_the_inside() -> None:
    app = create_app(Settings(workers=1))

    @app.get("/crash")
    async def crash() -> None:
        raise RuntimeError("secret: /srv/perfectplay/keys at 0x7f00")

    with TestClient(app, raise_server_exceptions=False) as client:
        response = client.get("/crash")
    assert response.status_code == 500
    assert response.json() == {"error": {"field": None, "message": "internal error; see the server log"}}
    assert "secret" not in response.text and "RuntimeError" not in response.text
