"""The boards the page offers. Any m,n,k up to the cap works through the API."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from perfectplay.games import make_game
from perfectplay.games.mnk import MAX_SIDE


@dataclass(frozen=True, slots=True)
class Variant:
    rows: int
    cols: int
    k: int
    label: str
    note: str

    def to_json(self) -> dict[str, Any]:
        game = make_game(f"mnk:{self.rows},{self.cols},{self.k}")
        return {
            "id": f"{self.rows}x{self.cols}k{self.k}",
            "game": game.name,
            "title": game.title,
            "label": self.label,
            "rows": self.rows,
            "cols": self.cols,
            "k": self.k,
            "empty": game.format(game.initial_state()),
            "note": self.note,
        }


PRESETS: tuple[Variant, ...] = (
    Variant(3, 3, 3, "Tic-tac-toe (3x3)", "a draw with best play"),
    Variant(4, 4, 3, "4x4, 3 in a row", "a win for the first player"),
    Variant(4, 4, 4, "4x4, 4 in a row", "a draw with best play"),
    Variant(5, 5, 4, "5x5, 4 in a row", "a draw with best play; early moves are the best found in time"),
)
"""Boards listed by ``GET /api/variants``, smallest first. The notes are the
known m,n,k results listed in DESIGN.md. 3x3 and 4x4 are solved exactly on
every move; early in a 5x5 game the time limit stops the search and the
computer plays the best move it has found (``complete: false``)."""


def variants_json(seconds: float) -> dict[str, Any]:
    return {
        "variants": [variant.to_json() for variant in PRESETS],
        "max_side": MAX_SIDE,
        "seconds": seconds,
    }
