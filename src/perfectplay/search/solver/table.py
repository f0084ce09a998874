"""The transposition table: what the solver has proven or estimated about positions it met.

Game trees are graphs: the same position is reached by many move orders
(and, through a canonical key, by its symmetric images). The table remembers
for each key a lower and an upper bound on the value, the best move found
and how deep the search looked, so a position met again is either answered
at once or searched with a narrower window and its best move first.

The table is capped. When it is full, the older half of the entries is
dropped to make room: the search stays correct (an entry only saves work)
but may repeat work, and ``evictions`` says that this happened.
"""

from __future__ import annotations

from collections.abc import Hashable
from itertools import islice
from typing import TYPE_CHECKING, NamedTuple

from perfectplay.search.base.result import TableStats

if TYPE_CHECKING:
    from perfectplay._core import Table

PROVEN = 1 << 30
"""The depth of an entry whose bounds hold at any depth: no heuristic value went into them."""

DEFAULT_CAPACITY = 4_000_000
"""Entries kept before the oldest are dropped: about 700 MB of Python objects."""

COMPILED_CAPACITY = 32_000_000
"""The default cap when the compiled core serves the game: its entries are 16-byte slots on 7x6
Connect Four and m,n,k boards up to 5x5, and 32-byte slots where a key or a number does not fit those
(``_core/table.h``), at most half full, so 32 M of them take at most 1 GB, or 2 GB on the bigger boards
(memory grows with the entries actually stored). Big searches need it: the empty 7x6 board keeps
about 24 M entries, and with 16 M it searched 2.64 G nodes instead of 2.30 G (150.6 s of CPU instead
of 136.3); 6x5 four-in-a-row stores 10.9 M, and with 4 M it searched twice the nodes."""


class Entry(NamedTuple):
    """What the table knows about one position, in the solver's internal units.

    The position's value ``v`` satisfies ``low <= v <= high``. ``move`` is
    the best move found, in the frame of the canonical key (-1 if none is
    known); ``depth`` is the depth the bounds were searched to, ``PROVEN``
    when they hold whatever the depth.
    """

    low: int
    high: int
    move: int
    depth: int


class TranspositionTable:
    """A capped mapping from position keys to ``Entry``.

    ``entries`` is a plain dict so that the search's hot loop can read it
    without a method call; a write goes through ``store``, which keeps the
    cap (the recursion does the same inline: ``make_room`` when full).

    ``native`` holds the compiled core's entries (``compiled.py``), made on
    its first use with the same capacity and the same dict semantics; the
    length and the statistics count both.
    """

    def __init__(self, capacity: int = DEFAULT_CAPACITY) -> None:
        if capacity < 2:
            raise ValueError(f"a table needs room for at least 2 entries, not {capacity}")
        self.capacity = capacity
        self.entries: dict[Hashable, Entry] = {}
        self.native: Table | None = None
        self.dropped = 0

    @property
    def evictions(self) -> int:
        """Entries dropped for room so far."""
        return self.dropped + (0 if self.native is None else self.native.evictions)

    def __len__(self) -> int:
        return len(self.entries) + (0 if self.native is None else len(self.native))

    def get(self, key: Hashable) -> Entry | None:
        entry = self.entries.get(key)
        if entry is None and self.native is not None and isinstance(key, int):
            found = self.native.get(key)
            if found is not None:
                entry = Entry(*found)
        return entry

    def store(self, key: Hashable, entry: Entry) -> None:
        entries = self.entries
        if len(entries) >= self.capacity and key not in entries:
            self.make_room()
        entries[key] = entry

    def make_room(self) -> None:
        """Drop the older half of the entries."""
        # Dicts keep insertion order, so the first keys are the oldest. In a
        # depth-first search those are deep positions of subtrees already
        # finished; the entries near the current path are the newest.
        oldest = list(islice(self.entries, len(self.entries) // 2))
        for key in oldest:
            del self.entries[key]
        self.dropped += len(oldest)

    def stats(self) -> TableStats:
        return TableStats(len(self), self.capacity, self.evictions)
