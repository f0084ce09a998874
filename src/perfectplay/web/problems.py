"""The one error shape of the API: ``{"error": {"field": ..., "message": ...}}``.

Every failure a client can cause is a ``Problem``; the exception handlers in
``app.py`` turn it (and FastAPI's own validation errors) into that body.
``ErrorBody`` describes it in the OpenAPI schema, and ``error_responses``
declares it for each status a route can answer with.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from pydantic import BaseModel, Field

from perfectplay import PerfectplayError
from perfectplay.documents import ErrorJSON

EXCERPT_CHARS = 40
"""Most characters of a client's input quoted back in an error: enough to recognise it."""

MESSAGE_MAX_CHARS = 300
"""Longest error message sent; longer ones (an engine message quoting a long input) are cut."""

FIELD_MAX_CHARS = 60
"""Longest field name sent back: an unknown key in the body is named, but not at any length."""


class Problem(Exception):
    """A request the server will not answer with a result, and why."""

    def __init__(self, status: int, field: str | None, message: str, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.field = field
        self.message = message
        self.headers = {} if retry_after is None else {"Retry-After": str(retry_after)}
        """Sent with the answer: ``Retry-After`` when trying again soon is the fix."""

    def to_json(self) -> ErrorJSON:
        return error_body(self.field, self.message)


def error_body(field: str | None, message: str) -> ErrorJSON:
    """The error JSON, never long: a client's input is echoed in it only as an excerpt."""
    return {"error": {"field": _cut(field, FIELD_MAX_CHARS), "message": _cut(message, MESSAGE_MAX_CHARS) or ""}}


def excerpt(value: object) -> str:
    """``repr(value)``, or its start and its length when it is long: what an error may quote of an input."""
    text = repr(value)
    if len(text) <= EXCERPT_CHARS:
        return text
    size = f"{len(value):,} characters" if isinstance(value, str) else f"{len(text):,} characters as text"
    return f"{text[:EXCERPT_CHARS]}… ({size})"


def _cut(text: str | None, most: int) -> str | None:
    if text is None or len(text) <= most:
        return text
    return text[: most - 1] + "…"


@contextmanager
def blame(field: str, status: int = 422) -> Iterator[None]:
    """Report any engine error raised inside the block as a problem with ``field``."""
    try:
        yield
    except PerfectplayError as error:
        raise Problem(status, field, str(error)) from None


class ErrorDetail(BaseModel):
    field: str | None = Field(
        description="the request field at fault, dotted for a nested one ('body' for the body as a whole), "
        "or null when no field is"
    )
    message: str = Field(description="what is wrong, in plain words; quotes at most an excerpt of the input")


class ErrorBody(BaseModel):
    """The body of every error answer."""

    error: ErrorDetail


WHY: dict[int, str] = {
    400: "The body is not valid JSON.",
    408: "The body did not arrive in time (a slow client); the connection is closed.",
    413: "The body is over 16 KiB, however it was sent; the connection is closed.",
    422: "A field is missing, of the wrong type, unknown or impossible (a position that cannot arise, "
    "an occupied cell, ...): the error names it.",
    500: "A bug in the server. The body says only that; the server's log has the details.",
    503: "The search could not run now: every worker stayed busy, the server is shutting down, or a worker "
    "died under the request twice (with Retry-After), or the search overran the server's limit.",
}

RETRY_AFTER = {
    "Retry-After": {
        "description": "seconds to wait before trying again, when trying again soon may succeed",
        "schema": {"type": "integer"},
    }
}

POST_ERRORS = (400, 408, 413, 422, 500, 503)
"""What a route that reads a JSON body can answer besides 200."""

GET_ERRORS = (413, 500)
"""What a route without a body can answer besides 200 (413: a declared body over the cap)."""


def error_responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The ``responses`` of a route: each status with the error body, its meaning and headers."""
    return {
        status: {"model": ErrorBody, "description": WHY[status], **({"headers": RETRY_AFTER} if status == 503 else {})}
        for status in statuses
    }
