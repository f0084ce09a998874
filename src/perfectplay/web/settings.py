"""What an instance of the server may spend: time per search and worker processes."""

from __future__ import annotations

from dataclasses import dataclass

from perfectplay.games import MAX_SIDE

POSITION_MAX_CHARS = 2 * MAX_SIDE * (MAX_SIDE + 1)
"""Longest position text accepted: a 15x15 board with room for CRLF row breaks."""

BODY_MAX_BYTES = 16 * 1024
"""Largest request body read at all; every valid request is far smaller."""


@dataclass(frozen=True, slots=True)
class Settings:
    """Limits for one server. The defaults suit a small shared machine."""

    seconds: float = 5.0
    """Time limit for one search; the engine answers with what it has proven by then."""

    backstop_seconds: float = 3.0
    """Grace past ``seconds`` before a search's worker is killed and the request answered 503."""

    workers: int = 2
    """Search processes; more requests than this wait for a free one."""

    queue_seconds: float = 10.0
    """How long a request waits for a free worker before it is answered 503."""

    header_seconds: float = 10.0
    """Deadline for a request's line and headers to arrive (``server.HeaderDeadline``)."""

    body_seconds: float = 10.0
    """Deadline for a request's body to arrive, from when the app starts reading it, right after the
    headers (``app.BodyDeadline``)."""

    fast_nodes: int = 5_000
    """Node budget of the fast lane: every search is first tried in the server
    process with this many nodes (a few milliseconds), and only what that does
    not prove goes to a worker. 0 sends every search to the workers."""
