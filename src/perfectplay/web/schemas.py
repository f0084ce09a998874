"""Request bodies of the JSON API, validated by pydantic before any game logic runs.

Strict types: ``"to_move": 1`` or ``"play": 4.0`` is a mistake to report, not
to guess at. The caps here keep every request small; whether a position can
arise in play is the engine's call (``parse_position``), not pydantic's.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from perfectplay import SPEC_MAX_CHARS
from perfectplay.play.players import LEVELS, check_level
from perfectplay.web.settings import POSITION_MAX_CHARS

Side = Literal["X", "O"]

MOVE_LIMIT = 2**31
"""Moves are small ints in every game; anything this large is a mistake, refused before the game sees it."""


class PositionRequest(BaseModel):
    """A position of a game: the game's spec and the position in that game's notation."""

    model_config = ConfigDict(strict=True, extra="forbid")

    game: str | None = Field(
        default=None,
        max_length=SPEC_MAX_CHARS,
        description="the game spec, e.g. tictactoe, mnk:4,4,4, connect4, nim:misere "
        "(default: m,n,k sized by the position; tic-tac-toe without one)",
        examples=["tictactoe"],
    )
    position: str | None = Field(
        default=None,
        max_length=POSITION_MAX_CHARS,
        description="the position in the game's notation, as on the command line "
        "(m,n,k: rows separated by '/', cells X, O and . for empty); default: the game's start",
        examples=["XOX/OO./.X."],
    )
    to_move: Side | None = Field(default=None, description="the side to move; default: the game's rule")


class AnalyzeRequest(PositionRequest):
    """``POST /api/analyze``: score every legal move of the position."""


class PlayRequest(PositionRequest):
    """``POST /api/position``: read a position and, if ``play`` is given, play that move; no search."""

    play: int | None = Field(
        default=None,
        ge=0,
        lt=MOVE_LIMIT,
        description="a move (its number in the JSON, e.g. a cell row-major from 0) to play for the side to move",
    )
    typed: str | None = Field(
        default=None,
        min_length=1,
        max_length=20,
        description="instead of play: a move as a person types it (the number on a cell, as in the terminal); "
        "a taken cell or a number off the board is refused with the game's own sentence",
    )


class MoveRequest(PlayRequest):
    """``POST /api/move``: optionally play ``play`` for the side to move, then the computer answers."""

    level: str = Field(default="perfect", description="the computer's strength", examples=list(LEVELS))
    seed: int | None = Field(
        default=None,
        ge=0,
        lt=2**63,
        description="seed for the choice among equally good moves (repeatable games)",
    )

    @field_validator("level")
    @classmethod
    def _known_level(cls, level: str) -> str:
        # Validated against players.LEVELS at request time, so levels added
        # to the engine appear in the API without a change here.
        return check_level(level)
