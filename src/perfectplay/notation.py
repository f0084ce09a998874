"""Text <-> game objects: position strings, sides and the numbers people type.

Every front end reads positions through ``parse_position`` so the CLI, the
HTTP API and the library agree on what a position string means.
"""

from __future__ import annotations

from perfectplay.errors import PositionError
from perfectplay.game import Player
from perfectplay.games.mnk import MNK, MNKState, TicTacToe, rows_text


def parse_player(text: str) -> Player:
    """``"X"``/``"o"`` -> Player; raises ``PositionError`` for anything else."""
    return Player.parse(text)


def board_shape(text: str) -> tuple[int, int]:
    """Rows and columns that a ``/``-separated position string describes."""
    body = rows_text(text)
    rows = body.split("/")
    if "/" not in body:
        if len(rows[0]) == 9:
            return 3, 3
        raise PositionError(
            "a position without '/' must have 9 cells (3x3); separate rows with '/' or give --rows and --cols"
        )
    return len(rows), len(rows[0])


def parse_position(
    text: str,
    *,
    rows: int | None = None,
    cols: int | None = None,
    k: int | None = None,
    to_move: Player | str | None = None,
) -> tuple[MNK, MNKState]:
    """Read an m,n,k position and return its game and state.

    The board size comes from the text (``XOX/OO./.X.`` is 3x3) unless
    ``rows``/``cols`` are given; ``k`` defaults to the shorter side. The side
    to move defaults to the side with fewer stones, X on equal counts.
    """
    if isinstance(to_move, str):
        to_move = parse_player(to_move)
    if not isinstance(text, str):
        raise PositionError(f"a position must be text, not {type(text).__name__}")
    if rows is None or cols is None:
        text_rows, text_cols = board_shape(text)
        rows = text_rows if rows is None else rows
        cols = text_cols if cols is None else cols
    game = make_game(rows, cols, k)
    return game, game.parse(text, to_move)


def make_game(rows: int = 3, cols: int = 3, k: int | None = None) -> MNK:
    """The m,n,k game for these dimensions; ``k`` defaults to the shorter side."""
    if k is None:
        k = min(rows, cols)
    if (rows, cols, k) == (3, 3, 3):
        return TicTacToe()
    return MNK(rows, cols, k)


def empty_position(game: MNK) -> str:
    """The position string of the empty board, e.g. ``.../.../...``."""
    return "/".join("." * game.cols for _ in range(game.rows))
