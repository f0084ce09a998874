"""What a child wrote to stderr, kept in bounded memory: its first and last bytes, and how many there were.

A candidate may write gigabytes to stderr; the checker keeps only enough
to show the error it died with (``Child.stderr_tail``), never a file.
"""

from __future__ import annotations

import threading

STDERR_KEEP = 4096


class Tail:
    """The first and last ``keep`` bytes of a stream, and how many there were: memory bounded, no disk."""

    def __init__(self, keep: int = STDERR_KEEP) -> None:
        self.keep = keep
        self.head = bytearray()
        self.tail = bytearray()
        self.total = 0
        self._lock = threading.Lock()

    def feed(self, chunk: bytes) -> None:
        with self._lock:
            self.total += len(chunk)
            room = self.keep - len(self.head)
            if room > 0:
                self.head += chunk[:room]
                chunk = chunk[room:]
            if chunk:
                self.tail += chunk
                del self.tail[: max(0, len(self.tail) - self.keep)]

    @property
    def capped(self) -> bool:
        return self.total > len(self.head) + len(self.tail)

    def last(self, chars: int = 800) -> str:
        with self._lock:
            data = bytes(self.head + self.tail) if not self.capped else bytes(self.tail)
        return data[-chars:].decode(errors="replace").strip()
