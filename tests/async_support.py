"""Await a coroutine from a plain test, whatever event loop this thread already runs."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from anyio.from_thread import start_blocking_portal

T = TypeVar("T")


def in_loop(function: Callable[..., Awaitable[T]], *args: Any) -> T:
    """Await ``function(*args)`` in an event loop of its own thread.

    Not ``asyncio.run``: once the browser tests have started Playwright in a
    test process, its main thread already runs an event loop.
    """
    with start_blocking_portal() as portal:
        return portal.call(function, *args)
