"""The one error shape of the API: ``{"error": {"field": ..., "message": ...}}``.

Every failure a client can cause is a ``Problem``; the exception handlers in
``app.py`` turn it (and FastAPI's own validation errors) into that body.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from perfectplay.errors import PerfectplayError


class Problem(Exception):
    """A request the server will not answer with a result, and why."""

    def __init__(self, status: int, field: str | None, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.field = field
        self.message = message

    def to_json(self) -> dict[str, Any]:
        return error_body(self.field, self.message)


def error_body(field: str | None, message: str) -> dict[str, Any]:
    return {"error": {"field": field, "message": message}}


@contextmanager
def blame(field: str, status: int = 422) -> Iterator[None]:
    """Report any engine error raised inside the block as a problem with ``field``."""
    try:
        yield
    except PerfectplayError as error:
        raise Problem(status, field, str(error)) from None
