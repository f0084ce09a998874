"""The one error shape of the API: ``{"error": {"field": ..., "message": ...}}``.

Every failure a client can cause is a ``Problem``; the exception handlers in
``app.py`` turn it (and FastAPI's own validation errors) into that body.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from perfectplay.errors import PerfectplayError

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

    def to_json(self) -> dict[str, Any]:
        return error_body(self.field, self.message)


def error_body(field: str | None, message: str) -> dict[str, Any]:
    """The error JSON, never long: a client's input is echoed in it only as an excerpt."""
    return {"error": {"field": _cut(field, FIELD_MAX_CHARS), "message": _cut(message, MESSAGE_MAX_CHARS)}}


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
