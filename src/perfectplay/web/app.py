"""The FastAPI application: routes, error handlers, request log and the static page."""

from __future__ import annotations

import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from perfectplay import __version__
from perfectplay.web.catalog import games_json, levels_json
from perfectplay.web.pool import WorkerPool
from perfectplay.web.problems import Problem, error_body
from perfectplay.web.schemas import AnalyzeRequest, MoveRequest, PlayRequest
from perfectplay.web.service import analyze_json, move_json, play_json
from perfectplay.web.settings import BODY_MAX_BYTES, Settings
from perfectplay.web.tree_api import router as tree_router

STATIC = Path(__file__).resolve().parent / "static"

log = logging.getLogger("perfectplay.web")


def create_app(settings: Settings | None = None) -> FastAPI:
    """The whole web app. Its search workers start and stop with the app's lifespan."""
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        app.state.pool = WorkerPool(settings.workers)
        try:
            yield
        finally:
            app.state.pool.close()

    app = FastAPI(
        title="perfectplay",
        version=__version__,
        summary="Unbeatable tic-tac-toe and every game perfectplay knows: play, hints and exact analysis.",
        lifespan=lifespan,
    )
    app.state.settings = settings
    _add_middleware(app)
    _add_error_handlers(app)
    _add_routes(app, settings)
    app.include_router(tree_router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


def _pool(request: Request) -> WorkerPool:
    pool: WorkerPool = request.app.state.pool
    return pool


def _add_routes(app: FastAPI, settings: Settings) -> None:
    # Plain ``def`` endpoints run in FastAPI's thread pool, so a request
    # waiting for its search never blocks the event loop.

    @app.post("/api/analyze", summary="Score every legal move of a position")
    def analyze(body: AnalyzeRequest, request: Request) -> dict[str, Any]:
        return analyze_json(body, _pool(request), settings)

    @app.post("/api/move", summary="Optionally play a move, then let the computer answer")
    def move(body: MoveRequest, request: Request) -> dict[str, Any]:
        return move_json(body, _pool(request), settings)

    @app.post("/api/position", summary="Read a position and optionally play one move, without any search")
    def position(body: PlayRequest) -> dict[str, Any]:
        return play_json(body)

    @app.get("/api/games", summary="The games the page offers, each with its start position and view")
    def games() -> dict[str, Any]:
        return games_json(settings)

    @app.get("/api/levels", summary="The computer's strength levels, strongest first, with what each does")
    def levels() -> dict[str, Any]:
        return levels_json()

    @app.get("/healthz", summary="Liveness check")
    def healthz(request: Request) -> dict[str, Any]:
        return {"status": "ok", "workers": _pool(request).size}

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


def _add_middleware(app: FastAPI) -> None:
    @app.middleware("http")
    async def log_and_limit(request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        started = time.perf_counter()
        response = _refuse_large_body(request) or await call_next(request)
        client = request.client.host if request.client else "-"
        elapsed = (time.perf_counter() - started) * 1000
        log.info("%s %s %s %d %.1fms", client, request.method, request.url.path, response.status_code, elapsed)
        return response


def _refuse_large_body(request: Request) -> Response | None:
    # Checked before the body is read, so a huge upload costs us nothing.
    length = request.headers.get("content-length")
    if length is not None and length.isdigit() and int(length) > BODY_MAX_BYTES:
        return JSONResponse(error_body("body", f"the request body is over {BODY_MAX_BYTES} bytes"), status_code=413)
    return None


def _add_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(Problem)
    async def problem(request: Request, error: Problem) -> JSONResponse:
        return JSONResponse(error.to_json(), status_code=error.status)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> JSONResponse:
        first = error.errors()[0]
        status = 400 if first.get("type") == "json_invalid" else 422
        return JSONResponse(error_body(*describe_validation_error(first)), status_code=status)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, error: HTTPException) -> JSONResponse:
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
    return field, f"{error.get('msg', 'invalid value')} (got {error.get('input')!r})"
