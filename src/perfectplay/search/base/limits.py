"""How much a search may spend: plies, wall-clock seconds, nodes.

A limit is a plain frozen value, checked when it is made, so a search never
has to wonder whether ``seconds=-1`` means "no limit" or "already late".
``None`` means "no limit" on that axis; the search stops at the first limit
it reaches.
"""

from __future__ import annotations

from dataclasses import dataclass

from perfectplay.errors import LimitError

ROOMY_SECONDS = 10.0
"""From this many seconds on, a search under a time limit gets the exact search's big table (``Limit.roomy``)."""


def _check_whole(label: str, value: object) -> None:
    # bool is an int subclass, but Limit(depth=True) is a mistake, not a depth of 1.
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int):
        raise LimitError(f"{label} must be a whole number or None, not {value!r}")
    if value <= 0:
        raise LimitError(f"{label} must be positive, not {value}")


def _check_seconds(value: object) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise LimitError(f"seconds must be a number or None, not {value!r}")
    if not value > 0 or value != value or value == float("inf"):
        raise LimitError(f"seconds must be a positive, finite number, not {value}")


@dataclass(frozen=True, slots=True)
class Limit:
    """What a search may spend. Every field is optional; ``None`` means unlimited.

    * ``depth``: plies searched below the position before the search
      falls back to a heuristic evaluation of the open lines;
    * ``seconds``: wall-clock time for the whole call;
    * ``nodes``: positions visited.

    A search stopped by any of them reports ``complete=False``.
    Non-positive or wrong-typed values raise ``LimitError``.
    """

    depth: int | None = None
    seconds: float | None = None
    nodes: int | None = None

    def __post_init__(self) -> None:
        _check_whole("depth", self.depth)
        _check_seconds(self.seconds)
        _check_whole("nodes", self.nodes)

    @property
    def unlimited(self) -> bool:
        return self.depth is None and self.seconds is None and self.nodes is None

    @property
    def roomy(self) -> bool:
        """Whether the search may run long enough to want the exact search's big table.

        No limit, or a time limit of ``ROOMY_SECONDS`` or more with no depth
        or node cap: the big table's growth pauses (a few tenths of a second)
        are then small against the limit, and an analysis bound for exact
        scores (``4455`` in Connect Four) needs its room: 57 M nodes with it
        against 174 M in the small one.
        """
        if self.unlimited:
            return True
        return self.depth is None and self.nodes is None and self.seconds is not None and self.seconds >= ROOMY_SECONDS
