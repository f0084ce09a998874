"""The app under uvicorn as ``perfectplay serve`` runs it: settings that bound slow clients, and a clean stop.

uvicorn bounds most of what a client can hold, given the settings below: an
idle keep-alive connection (``timeout_keep_alive``), the size of the request
line and headers (h11's incomplete-event limit). It has no deadline for the
request line and headers themselves: a client that connects and sends nothing,
or one header byte a minute, holds its connection forever. ``HeaderDeadline``
adds that deadline to uvicorn's h11 protocol. The body's deadline is the
app's (``app.BodyDeadline``), where the body is read.

``GracefulServer`` stops on SIGINT (Ctrl-C) or SIGTERM without dropping
anyone: see its docstring.
"""

from __future__ import annotations

import asyncio
import json
import math
import signal
import sys
from types import FrameType
from typing import Any

import h11
import uvicorn
from fastapi import FastAPI
from uvicorn.protocols.http.h11_impl import H11Protocol

from perfectplay.web.problems import error_body
from perfectplay.web.settings import Settings
from perfectplay.web.workers import Lanes

HEADER_BYTES_MAX = 16 * 1024
"""Most bytes of a request line and headers buffered while still incomplete (h11's limit; 400 beyond it)."""


def _raw_error(status: int, reason: str, message: str) -> bytes:
    """A whole error answer with the API's error body, to write straight to the connection.

    For what happens before h11 has parsed a request (a deadline, bytes that
    are not HTTP): h11 will not send a response to a request it has not
    parsed, and uvicorn's own answer there is plain text.
    """
    payload = json.dumps(error_body(None, message), separators=(",", ":")).encode()
    head = (
        f"HTTP/1.1 {status} {reason}\r\n"
        "content-type: application/json\r\n"
        f"content-length: {len(payload)}\r\n"
        "connection: close\r\n\r\n"
    )
    return head.encode() + payload


class HeaderDeadline(H11Protocol):
    """uvicorn's h11 protocol, with a deadline for each request's line and headers.

    The deadline runs from the moment the connection opens, and again from
    the end of each response (for the next request on a kept-alive
    connection); it ends when the headers are complete. A client that sent
    part of a request by then gets a 408; one that sent nothing is closed.
    """

    header_seconds = 10.0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._header_timer: asyncio.TimerHandle | None = None
        self._started_request = False

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm_header_deadline()

    def data_received(self, data: bytes) -> None:
        if self.conn.their_state is h11.IDLE:
            self._started_request = True
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:
            self._disarm_header_deadline()  # the headers are in: the request is the app's now

    def on_response_complete(self) -> None:
        super().on_response_complete()
        # A pipelined request may already be parsed (then its headers are in).
        if not self.transport.is_closing() and self.conn.their_state is h11.IDLE:
            self._started_request = False
            self._arm_header_deadline()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm_header_deadline()
        super().connection_lost(exc)

    def _arm_header_deadline(self) -> None:
        self._disarm_header_deadline()
        self._header_timer = self.loop.call_later(self.header_seconds, self._headers_too_late)

    def _disarm_header_deadline(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _headers_too_late(self) -> None:
        self._header_timer = None
        if self.transport.is_closing() or self.conn.their_state is not h11.IDLE:
            return
        if self._started_request:
            message = f"the request line and headers did not arrive within {self.header_seconds:g} s"
            self.transport.write(_raw_error(408, "Request Timeout", message))
        self.transport.close()

    def send_400_response(self, msg: str) -> None:
        # uvicorn's answer to bytes h11 cannot parse (or headers over the
        # size limit), with our error body instead of plain text.
        if self.conn.our_state in (h11.IDLE, h11.SEND_RESPONSE):
            message = f"the request is not valid HTTP/1.1, or its headers are over {HEADER_BYTES_MAX} bytes"
            self.transport.write(_raw_error(400, "Bad Request", message))
        self.transport.close()


def protocol_for(settings: Settings) -> type[HeaderDeadline]:
    """``HeaderDeadline`` with this server's deadline."""
    return type("HeaderDeadline", (HeaderDeadline,), {"header_seconds": settings.header_seconds})


def uvicorn_config(app: Any, settings: Settings) -> uvicorn.Config:
    """How ``perfectplay serve`` runs ``app`` under uvicorn."""
    return uvicorn.Config(
        app,
        http=protocol_for(settings),
        # Our middleware logs one line per request, with its duration.
        log_level="warning",
        access_log=False,
        timeout_keep_alive=5,
        h11_max_incomplete_event_size=HEADER_BYTES_MAX,
        # Not behind a proxy by default: X-Forwarded-* from any client is not
        # believed (it would change the client's address and the scheme).
        proxy_headers=False,
        server_header=False,
        # A last resort only: GracefulServer has answered every request by
        # then (uvicorn would cancel what is left, and a cancelled request is
        # a plain-text 500 and a traceback).
        timeout_graceful_shutdown=math.ceil(grace_seconds(settings)) + 5,
    )


FORCED_STOP_SECONDS = 5.0
"""After a second signal: how long the requests left get to be answered (they are refused at once)."""


def grace_seconds(settings: Settings) -> float:
    """How long a stopping server lets running searches finish: the longest any search may run."""
    return settings.seconds + settings.backstop_seconds


class GracefulServer(uvicorn.Server):
    """uvicorn's server, stopping cleanly on SIGINT or SIGTERM with requests in flight.

    On the first signal it stops accepting connections (uvicorn closes the
    listening socket and every idle connection), refuses at once every
    request waiting for a search worker (503, ``Retry-After``: another server
    may take it), and lets the searches already running finish within their
    limit; those still running after ``grace_seconds`` have their worker
    stopped and are refused the same way. Then the workers are stopped and
    ``run`` returns: the process exits 0, with no traceback. A second signal
    skips the wait. uvicorn's own handler would re-raise the signal once
    stopped (exit 130 for Ctrl-C, death by SIGTERM): a stop that was asked
    for is a normal end here.
    """

    def __init__(self, app: FastAPI, settings: Settings) -> None:
        super().__init__(uvicorn_config(app, settings))
        self.app = app
        self.settings = settings
        self.stopped_by: str | None = None

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        if self.should_exit:
            self.force_exit = True
        else:
            self.should_exit = True
            self.stopped_by = signal.Signals(sig).name

    async def shutdown(self, sockets: list[Any] | None = None) -> None:
        lanes: Lanes | None = getattr(self.app.state, "lanes", None)
        if lanes is None:  # the app never started: nothing to stop
            await super().shutdown(sockets)
            return
        grace = grace_seconds(self.settings)
        running = lanes.pool.busy
        lanes.pool.drain()
        waiting = f"waiting up to {grace:g} s for {_searches(running)} in progress"
        if not running:
            waiting = "no search in progress"
        _say(f"perfectplay: stopping ({self.stopped_by or 'asked to'}); {waiting}")
        closer = asyncio.create_task(self._close_after(lanes, grace))
        try:
            await super().shutdown(sockets)
        finally:
            closer.cancel()
            lanes.pool.close()  # the lifespan did it, unless a second signal skipped it
        if self.force_exit:
            # uvicorn has stopped waiting for the requests and skipped the
            # app's shutdown. With the pool closed every request left is
            # answered at once: wait for that, then end the app's lifespan
            # (a lifespan or a request cancelled at exit logs a traceback).
            await self._requests_answered(FORCED_STOP_SECONDS)
            await self.lifespan.shutdown()
        _say("perfectplay: stopped.")

    async def _requests_answered(self, seconds: float) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        while self.server_state.tasks and loop.time() < deadline:
            await asyncio.sleep(0.02)

    async def _close_after(self, lanes: Lanes, seconds: float) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        while loop.time() < deadline and not self.force_exit and lanes.pool.busy:
            await asyncio.sleep(0.05)
        # Whatever still runs is refused (503), so every connection gets its answer and closes.
        lanes.pool.close()


def _searches(count: int) -> str:
    return "1 search" if count == 1 else f"{count} searches"


def _say(line: str) -> None:
    print(line, file=sys.stderr, flush=True)
