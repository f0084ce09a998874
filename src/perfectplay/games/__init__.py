"""The games perfectplay plays, one file each, and the registry that finds them by name.

A game is chosen by a *game spec*: its name, optionally followed by ``:`` and
parameters in the game's own words, e.g. ``tictactoe``, ``mnk:4,4,4``,
``connect4``, ``connect4:5,4``, ``nim``, ``nim:misere``. Every front end reads
specs through ``make_game`` and lists ``presets``, so none of them names a
game: adding one is a file in this package and a line in ``KINDS`` below.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from perfectplay.errors import VariantError
from perfectplay.game import Game
from perfectplay.games.mnk import MNK, MNKState, TicTacToe, mnk_from_spec
from perfectplay.games.nim import Nim, NimState, nim_from_spec

SPEC_MAX_CHARS = 40
"""Longest game spec read; every real one is far shorter."""

Maker = Callable[[str | None, str | None], Game[Any]]
"""Builds a game from the spec's parameters (None if the spec has none) and, for
games that size themselves by it, the position text (None if there is none)."""


@dataclass(frozen=True, slots=True)
class GameKind:
    """One registered game: how to build it from a spec, and the variants front ends offer."""

    name: str
    make: Maker
    summary: str
    presets: tuple[str, ...]


KINDS: dict[str, GameKind] = {
    kind.name: kind
    for kind in (
        GameKind(
            "mnk",
            mnk_from_spec,
            "k in a row on a rows x cols board (mnk:ROWS,COLS,K; size from the position if not given)",
            ("tictactoe", "mnk:4,4,3", "mnk:4,4,4", "mnk:5,5,4"),
        ),
        GameKind(
            "nim",
            nim_from_spec,
            "take any number of objects from one heap; the last object wins (nim:misere: it loses)",
            ("nim", "nim:misere"),
        ),
    )
}
"""Every game perfectplay knows, by the name that starts its spec."""

ALIASES: dict[str, str] = {"tictactoe": "mnk:3,3,3", "tic-tac-toe": "mnk:3,3,3"}
"""Names that stand for a full spec."""

DEFAULT_SPEC = "mnk"
"""The game when none is named: m,n,k, its size read from the position (3x3 without one)."""


def split_spec(spec: str) -> tuple[GameKind, str | None]:
    """The registered game a spec names, and its parameters (None when the spec has none)."""
    if not isinstance(spec, str):
        raise VariantError(f"a game spec must be text such as 'connect4', not {type(spec).__name__}")
    text = spec.strip().lower()
    if len(text) > SPEC_MAX_CHARS:
        raise VariantError(f"a game spec is at most {SPEC_MAX_CHARS} characters, such as 'mnk:4,4,4'")
    text = ALIASES.get(text, text)
    name, _, params = text.partition(":")
    kind = KINDS.get(name)
    if kind is None:
        known = ", ".join([*ALIASES, *KINDS])
        raise VariantError(f"unknown game {spec.strip()[:SPEC_MAX_CHARS]!r}: use one of {known}")
    return kind, (params.strip() or None) if ":" in text else None


def make_game(spec: str = DEFAULT_SPEC, position: str | None = None) -> Game[Any]:
    """The game a spec names, e.g. ``make_game("connect4")``; ``VariantError`` if there is none.

    ``position`` is only read by games that take their size from it (``mnk``
    without parameters).
    """
    kind, params = split_spec(spec)
    return kind.make(params, position)


def presets() -> tuple[Game[Any], ...]:
    """The variants front ends offer, game by game in registry order."""
    return tuple(make_game(spec) for kind in KINDS.values() for spec in kind.presets)


__all__ = ["KINDS", "MNK", "GameKind", "MNKState", "Nim", "NimState", "TicTacToe", "make_game", "presets", "split_spec"]
