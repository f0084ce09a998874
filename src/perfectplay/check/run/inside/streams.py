"""The candidate's standard streams and the parent's channel, inside the candidate's process.

Nothing the candidate prints or reads can reach the protocol: its ``print`` goes to a ``Capture``, its
``input()`` to a ``ClosedStdin``, and the channel lives on descriptors of its own.
"""

from __future__ import annotations

import io

CAPTURE_KEEP = 2000
"""Characters of printed output kept (the rest is only counted)."""


class Capture(io.TextIOBase):
    """Stands in for ``sys.stdout`` and ``sys.stderr``: counts everything, keeps the start."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0
        self.kept: list[str] = []
        self.kept_chars = 0

    def write(self, text: str) -> int:
        text = str(text)
        self.count += len(text)
        if self.kept_chars < CAPTURE_KEEP:
            piece = text[: CAPTURE_KEEP - self.kept_chars]
            self.kept.append(piece)
            self.kept_chars += len(piece)
        return len(text)

    def writable(self) -> bool:
        return True

    def text(self) -> str:
        return "".join(self.kept)


class ClosedStdin(io.TextIOBase):
    """Stands in for ``sys.stdin``: always at end of file, and remembers being read."""

    def __init__(self) -> None:
        super().__init__()
        self.reads = 0

    def readable(self) -> bool:
        return True

    def read(self, size: int | None = -1) -> str:
        self.reads += 1
        return ""

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        self.reads += 1
        return ""
