"""Text <-> game objects: game specs, position strings and sides.

Every front end reads positions through ``parse_position`` so the CLI, the
HTTP API and the library agree on what a position string means.
"""

from __future__ import annotations

from typing import Any

from perfectplay.errors import PositionError
from perfectplay.game import Game, Player
from perfectplay.games.registry import DEFAULT_SPEC, make_game


def parse_player(text: str) -> Player:
    """``"X"``/``"o"`` -> Player; raises ``PositionError`` for anything else."""
    return Player.parse(text)


def parse_position(
    text: str, game: str | Game[Any] = DEFAULT_SPEC, *, to_move: Player | str | None = None
) -> tuple[Game[Any], Any]:
    """Read a position of ``game`` (a spec such as ``"connect4"``, or a game) and return the game and state.

    The default game is m,n,k with the board size read from the text
    (``XOX/OO./.X.`` is 3x3, ``k`` the shorter side). The side to move
    defaults to the game's rule (on a board: the side with fewer stones, X
    on equal counts).
    """
    if isinstance(to_move, str):
        to_move = parse_player(to_move)
    if not isinstance(text, str):
        raise PositionError(f"a position must be text, not {type(text).__name__}")
    if isinstance(game, str):
        game = make_game(game, text)
    return game, game.parse(text, to_move)
