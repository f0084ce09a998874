"""The parent's JSON-lines channel, inside the candidate's process."""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import IO, Any


class Channel:
    """The parent's JSON-lines channel, on descriptors the candidate cannot reach by printing."""

    def __init__(self, encode: Callable[[Any], str], decode: Callable[[str], Any]) -> None:
        self.encode, self.decode = encode, decode
        self.incoming: IO[bytes] = os.fdopen(os.dup(0), "rb")
        self.outgoing: IO[bytes] = os.fdopen(os.dup(1), "wb")
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.close(null)
        # Native writes to descriptor 1 (C extensions, os.write) land in the
        # stderr file the parent keeps, never in the protocol.
        os.dup2(2, 1)

    def send(self, message: dict[str, Any]) -> None:
        self.outgoing.write(self.encode(message).encode() + b"\n")
        self.outgoing.flush()

    def receive(self) -> dict[str, Any] | None:
        line = self.incoming.readline()
        if not line:
            return None
        message: dict[str, Any] = self.decode(line.decode())
        return message
