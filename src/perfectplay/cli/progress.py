"""A one-line live progress report for long searches, on the terminal only.

Written to standard error, so ``--json`` output on standard output stays
clean, and only when standard error is a terminal: piped or redirected, a
command prints its answer and nothing else. Plain text with a carriage
return, no library: a one-shot command that finishes before the first
report (every 3x3 question) pays nothing for it.
"""

from __future__ import annotations

import sys
from types import TracebackType
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from perfectplay.search.solver import Progress, TranspositionTable


class ProgressLine:
    """A ``ProgressCallback`` that redraws one status line: what runs, nodes, rate, time, table.

    Use it as a context manager: the line is wiped when the search ends.
    ``table`` is the solver's table, whose fill and evictions it reports.
    """

    def __init__(self, what: str, table: TranspositionTable | None = None, stream: TextIO | None = None) -> None:
        self.what = what
        self.table = table
        self.stream = sys.stderr if stream is None else stream
        self.live = self.stream.isatty()
        self.shown = False

    def __call__(self, progress: Progress) -> None:
        if not self.live:
            return
        import shutil  # here, not at the top: it brings bz2, lzma and more, and most searches never report

        # One physical line: a longer one would wrap, and "\r" only returns to the start of the last part.
        width = shutil.get_terminal_size().columns - 1
        text = self.text(progress)
        if len(text) > width:
            text = text[: max(0, width - 1)] + "…"
        self.stream.write("\r" + text + "\x1b[K")
        self.stream.flush()
        self.shown = True

    def text(self, progress: Progress) -> str:
        rate = progress.nodes / progress.seconds if progress.seconds else 0.0
        parts = [f"{self.what}: {progress.nodes:,} nodes", f"{rate:,.0f}/s", f"{progress.seconds:.1f} s"]
        if progress.depth is not None:
            parts.insert(1, f"depth {progress.depth}")
        if self.table is not None:
            parts.append(table_text(self.table))
        return " · ".join(parts) + " · Ctrl-C stops"

    def __enter__(self) -> ProgressLine:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None
    ) -> None:
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()


def table_text(table: TranspositionTable) -> str:
    """``table 1,234/4,000,000`` entries, and when it has been full, how much it dropped."""
    text = f"table {len(table):,}/{table.capacity:,}"
    if table.evictions:
        text += f" (full: {table.evictions:,} old entries dropped)"
    return text
