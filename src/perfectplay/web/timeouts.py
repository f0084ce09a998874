"""A deadline for the request body: a client that sends it too slowly gets a 408 and the connection closes.

ASGI middleware, around the app: the body is read by the endpoint (FastAPI
parses it before calling us), and every read of it goes through
``receive``, so the deadline is kept by wrapping ``receive``. Once the body
is complete, ``receive`` is passed through untouched: after that it only
reports a client that went away, which may take as long as the search.
"""

from __future__ import annotations

import math

import anyio
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send


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
