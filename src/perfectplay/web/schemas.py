"""Request bodies of the JSON API, validated by pydantic before any game logic runs.

Strict types: ``"rows": "3"`` or ``"play": 4.0`` is a mistake to report, not
to guess at. The caps here keep every request small; whether a position can
arise in play is the engine's call (``parse_position``), not pydantic's.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from perfectplay.games import SPEC_MAX_CHARS
from perfectplay.games.mnk import MAX_SIDE
from perfectplay.players import LEVELS, check_level
from perfectplay.web.settings import POSITION_MAX_CHARS

Side = Literal["X", "O"]


class PositionRequest(BaseModel):
    """A position and the board it is on (3x3 unless ``rows``/``cols`` say otherwise)."""

    model_config = ConfigDict(strict=True, extra="forbid")

    position: str = Field(
        max_length=POSITION_MAX_CHARS,
        description="rows separated by '/', cells X, O and . for empty",
        examples=["XOX/OO./.X."],
    )
    game: str | None = Field(
        default=None,
        max_length=SPEC_MAX_CHARS,
        description="the game spec, e.g. tictactoe, mnk:4,4,4, connect4, nim:misere "
        "(default: m,n,k sized by the position)",
        examples=["tictactoe"],
    )
    to_move: Side | None = Field(default=None, description="the side to move; default: fewer stones, X on equal counts")
    rows: int | None = Field(default=None, ge=1, le=MAX_SIDE, description="rows on the board (default: from the text)")
    cols: int | None = Field(default=None, ge=1, le=MAX_SIDE, description="columns (default: from the text)")
    k: int | None = Field(default=None, ge=1, le=MAX_SIDE, description="stones in a row to win (default: shorter side)")


class AnalyzeRequest(PositionRequest):
    """``POST /api/analyze``: score every legal move of the position."""


class MoveRequest(PositionRequest):
    """``POST /api/move``: optionally play ``play`` for the side to move, then the computer answers."""

    play: int | None = Field(
        default=None,
        ge=0,
        lt=MAX_SIDE * MAX_SIDE,
        description="a cell (row-major from 0) to play first for the side to move; the computer replies",
    )
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
