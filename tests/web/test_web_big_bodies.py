"""A body far over the cap gets its 413 delivered on every POST route, not a reset connection.

A client such as ``http.client`` or ``requests`` sends the whole body before
it reads the answer. Answered and closed with megabytes unread, the kernel
resets the connection and the reset overtakes the 413: the server logged
413 and the client saw "connection reset" (10 MB, on all 11 POST routes).
"""

from __future__ import annotations

import http.client
import json
from urllib.parse import urlsplit

import pytest

from api_document import api_document
from browser_support import Server
from perfectplay.web.app import DRAIN_MAX_BYTES
from perfectplay.web.settings import BODY_MAX_BYTES

pytestmark = pytest.mark.integration  # a real server over a real socket

BIG = 10 * 1024 * 1024
"""The size a careless client sent: a file pasted whole."""

OPERATIONS = sorted((method.upper(), path) for path, methods in api_document()["paths"].items() for method in methods)
"""Every route of the API, the 11 that read a body and the 3 that read none."""


def test_the_drain_allowance_covers_a_ten_megabyte_upload() -> None:
    assert BODY_MAX_BYTES < BIG <= DRAIN_MAX_BYTES


def test_every_route_is_counted() -> None:
    assert len(OPERATIONS) == 14 and sum(method == "POST" for method, _ in OPERATIONS) == 11, OPERATIONS


def send(
    server: Server, path: str, body: bytes, *, chunked: bool, method: str = "POST"
) -> tuple[int, dict[str, str], bytes]:
    address = urlsplit(server.url)
    connection = http.client.HTTPConnection(address.hostname or "", address.port, timeout=60)
    try:
        headers = {"content-type": "application/json"}
        if chunked:
            pieces = (body[start : start + 65536] for start in range(0, len(body), 65536))
            connection.request(method, path, body=pieces, headers=headers, encode_chunked=True)
        else:
            connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


@pytest.mark.parametrize(("method", "path"), OPERATIONS)
def test_a_ten_megabyte_body_with_its_length_declared_gets_its_413(server: Server, method: str, path: str) -> None:
    body = b'{"position": "' + b"X" * (BIG - 16) + b'"}'
    status, headers, payload = send(server, path, body, chunked=False, method=method)
    assert status == 413
    assert json.loads(payload)["error"]["field"] == "body"
    assert headers.get("connection") == "close"


@pytest.mark.parametrize("path", ["/api/orders", "/api/practice"])
def test_a_ten_megabyte_body_sent_in_chunks_gets_its_413(server: Server, path: str) -> None:
    body = b'{"position": "' + b"X" * (BIG - 16) + b'"}'
    status, _, payload = send(server, path, body, chunked=True)
    assert status == 413
    assert json.loads(payload)["error"]["field"] == "body"


def test_the_server_still_answers_after_the_big_uploads(server: Server) -> None:
    status, _, payload = send(server, "/api/analyze", b'{"position": "XOX/OO./.X."}', chunked=False)
    assert status == 200 and json.loads(payload)["best"] == [5]
