"""The FastAPI application and its wiring: the routes, the limits on a request's body, error handlers, the
request log and the static page.

A slow body is cut off at its deadline (``BodyDeadline``): ASGI middleware,
around the app. The body is read by the endpoint (FastAPI parses it before
calling us), and every read of it goes through ``receive``, so the deadline
is kept by wrapping ``receive``. Once the body is complete, ``receive`` is
passed through untouched: after that it only reports a client that went
away, which may take as long as the search.
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from starlette.middleware.body_limit import RequestBodyLimitMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from perfectplay import __version__
from perfectplay.web.answers import HealthJSON, add_answer_schemas, answering, lanes_of
from perfectplay.web.problems import GET_ERRORS, Problem, error_body, excerpt
from perfectplay.web.routes_play import router as play_router
from perfectplay.web.routes_teach import router as teach_router
from perfectplay.web.routes_tree import router as tree_router
from perfectplay.web.settings import BODY_MAX_BYTES, Settings
from perfectplay.web.workers import Lanes

STATIC = Path(__file__).resolve().parent / "static"

log = logging.getLogger("perfectplay.web")


def create_app(settings: Settings | None = None, *, worker_command: Sequence[str] | None = None) -> FastAPI:
    """The whole web app. Its search workers start and stop with the app's lifespan.

    ``worker_command`` replaces how a search worker is started (tests start
    ones that die or fail on purpose).
    """
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        lanes = Lanes(settings, worker_command)
        app.state.lanes = lanes
        try:
            await lanes.fast.warm_up()
            yield
        finally:
            lanes.pool.close()

    app = FastAPI(
        title="perfectplay",
        version=__version__,
        summary="Unbeatable tic-tac-toe and every game perfectplay knows: play, hints and exact analysis.",
        lifespan=lifespan,
        # A redirect to the path with or without its slash would be built from
        # the client's Host header; no route here needs one.
        redirect_slashes=False,
    )
    app.state.settings = settings
    _add_middleware(app, settings)
    _add_error_handlers(app)
    app.include_router(play_router)
    _add_routes(app)
    app.include_router(tree_router)
    app.include_router(teach_router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    add_answer_schemas(app)
    return app


def _add_routes(app: FastAPI) -> None:
    # The app's own routes; the API's are in the routes_* modules.

    @app.get(
        "/healthz",
        summary="Liveness check: answers at once, however busy the workers are",
        **answering(HealthJSON, *GET_ERRORS),
    )
    async def healthz(request: Request) -> HealthJSON:
        pool = lanes_of(request).pool
        return {"status": "ok", "workers": pool.size, "busy": pool.busy, "waiting": pool.waiting}

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


def _add_middleware(app: FastAPI, settings: Settings) -> None:
    # A slow body is cut off at its deadline (408), a big one at the cap as it
    # streams in, so a chunked upload (no Content-Length) is cut off too; both
    # answers are ours (``http_error``). Added first, so they sit inside the
    # middleware below, which refuses a declared length over the cap before
    # anything is read.
    app.add_middleware(BodyDeadline, seconds=settings.body_seconds)
    app.add_middleware(RequestBodyLimitMiddleware, max_body_size=BODY_MAX_BYTES)

    @app.middleware("http")
    async def log_and_limit(request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        started = time.perf_counter()
        response = _refuse_large_body(request) or await call_next(request)
        client = request.client.host if request.client else "-"
        elapsed = (time.perf_counter() - started) * 1000
        log.info("%s %s %s %d %.1fms", client, request.method, request.url.path, response.status_code, elapsed)
        return response

    # Added last, so it sits outside everything above and reads the connection's own body.
    app.add_middleware(DrainRefusedBody)


def _refuse_large_body(request: Request) -> Response | None:
    # Checked before the body is read, so a huge upload costs us nothing, on
    # any route. A body without a length is counted as it arrives instead
    # (FastAPI's max_body_size).
    length = request.headers.get("content-length")
    if length is not None and length.isdigit() and int(length) > BODY_MAX_BYTES:
        return _too_large()
    return None


def _too_large() -> JSONResponse:
    # The rest of the body is never read, so the connection cannot carry another request.
    message = f"the request body is over {BODY_MAX_BYTES} bytes"
    return JSONResponse(error_body("body", message), status_code=413, headers={"Connection": "close"})


def _add_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(Problem)
    async def problem(request: Request, error: Problem) -> JSONResponse:
        return JSONResponse(error.to_json(), status_code=error.status, headers=error.headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> JSONResponse:
        first = error.errors()[0]
        status = 400 if first.get("type") == "json_invalid" else 422
        return JSONResponse(error_body(*describe_validation_error(first)), status_code=status)

    @app.exception_handler(BodyTooSlow)
    async def body_too_slow(request: Request, error: BodyTooSlow) -> JSONResponse:
        return JSONResponse(error_body("body", str(error.detail)), status_code=error.status_code, headers=error.headers)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, error: HTTPException) -> JSONResponse:
        if error.status_code == 413:
            return _too_large()
        return JSONResponse(error_body(None, str(error.detail)), status_code=error.status_code, headers=error.headers)

    @app.exception_handler(Exception)
    async def crash(request: Request, error: Exception) -> JSONResponse:
        log.exception("unexpected error on %s %s", request.method, request.url.path)
        return JSONResponse(error_body(None, "internal error; see the server log"), status_code=500)


def describe_validation_error(error: Any) -> tuple[str, str]:
    """The field and a plain message for one pydantic/FastAPI validation error."""
    location = [str(part) for part in error.get("loc", ()) if part != "body"]
    kind = error.get("type", "")
    if kind == "json_invalid":
        return "body", f"the body is not valid JSON: {error.get('ctx', {}).get('error', 'syntax error')}"
    if not location:
        if kind == "missing":
            return "body", "a JSON object body is required"
        return "body", f"the body must be a JSON object: {error.get('msg', '')}"
    field = ".".join(location)
    if kind == "missing":
        return field, "this field is required"
    if kind == "extra_forbidden":
        return field, "unknown field"
    cause = error.get("ctx", {}).get("error")
    if isinstance(cause, Exception):  # our own validator's message already says what was given
        return field, str(cause)
    return field, f"{error.get('msg', 'invalid value')} (got {excerpt(error.get('input'))})"


DRAIN_MAX_BYTES = 64 * 1024 * 1024
"""At most this much of a refused upload is read and dropped so that its 413 arrives (``DrainRefusedBody``).

Well past the uploads a careless client sends (a 10 MB file pasted whole was
reset at 1 MB): reading and dropping costs the server a few milliseconds per
megabyte and no memory, and ``DRAIN_SECONDS`` bounds the time either way."""

DRAIN_SECONDS = 5.0
"""For at most this long."""


class DrainRefusedBody:
    """Reads and drops the rest of a body refused for its size before the 413 goes out.

    The 413 closes the connection. Closed with part of an upload unread, the
    kernel resets it, and the reset can overtake the answer on its way: the
    client sees "connection reset" instead of the 413. With the rest read
    first (a lingering close), the answer always arrives. A client that sends
    more than ``DRAIN_MAX_BYTES`` or for longer than ``DRAIN_SECONDS`` after
    the cap gets the reset instead: draining is a courtesy, never a way to
    hold the server.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        ended = False

        async def watched_receive() -> Message:
            nonlocal ended
            message = await receive()
            ended = message["type"] != "http.request" or not message.get("more_body", False)
            return message

        async def send_after_draining(message: Message) -> None:
            nonlocal ended
            if message["type"] == "http.response.start" and message["status"] == 413 and not ended:
                ended = True
                await _drain(receive)
            await send(message)

        await self.app(scope, watched_receive, send_after_draining)


async def _drain(receive: Receive) -> None:
    """Read the body to its end and drop it, within ``DRAIN_MAX_BYTES`` and ``DRAIN_SECONDS``."""
    dropped = 0
    with anyio.move_on_after(DRAIN_SECONDS):
        while dropped <= DRAIN_MAX_BYTES:
            message = await receive()
            if message["type"] != "http.request" or not message.get("more_body", False):
                return
            dropped += len(message.get("body", b""))


class BodyTooSlow(HTTPException):
    """The body did not arrive in time; answered 408 by the app's HTTPException handler."""

    def __init__(self, seconds: float) -> None:
        super().__init__(
            status_code=408,
            detail=f"the request body did not arrive within {seconds:g} s",
            headers={"Connection": "close"},
        )


class BodyDeadline:
    """Every request's body must arrive within ``seconds`` of its first read."""

    def __init__(self, app: ASGIApp, seconds: float) -> None:
        self.app = app
        self.seconds = seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        deadline = math.inf
        complete = False

        async def receive_in_time() -> Message:
            nonlocal deadline, complete
            if complete:
                return await receive()
            if deadline == math.inf:
                deadline = anyio.current_time() + self.seconds
            with anyio.move_on_after(deadline - anyio.current_time()) as late:
                message = await receive()
            if late.cancelled_caught:
                raise BodyTooSlow(self.seconds)
            complete = message["type"] != "http.request" or not message.get("more_body", False)
            return message

        await self.app(scope, receive_in_time, send)
