"""What a search returns: facts, never side effects."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SearchResult:
    """The value of a position and the moves that achieve it.

    ``score`` is exact (see ``perfectplay.game`` for the convention) when
    ``complete`` is true. ``best`` holds every move of that score, in the
    game's move order; it is empty for a finished game. ``nodes`` counts every
    position the search visited, the root and the leaves included.
    """

    score: int
    best: tuple[int, ...]
    nodes: int
    seconds: float
    complete: bool = True
