"""Plain-text drawings of an m,n,k board, for terminals (pure functions -> str)."""

from __future__ import annotations

from collections.abc import Collection

from perfectplay.games.mnk import MNK, MNKState


def render_board(
    game: MNK,
    state: MNKState,
    *,
    first_number: int = 1,
    last_move: int | None = None,
    highlight: Collection[int] = (),
) -> str:
    """Draw the board with the number of every free cell.

    Free cells show ``cell + first_number`` (1-based for players, 0-based for
    the library's move numbers). The last move is drawn ``[X]`` and cells in
    ``highlight`` (a winning line) ``*X*``, so both read without colour.
    """
    width = max(3, len(str(game.cells - 1 + first_number)) + 2)
    lines = []
    for row in range(game.rows):
        cells = []
        for col in range(game.cols):
            cell = game.cell(row, col)
            stone = game.stone_at(state, cell)
            if stone is None:
                cells.append(str(cell + first_number).center(width))
            elif cell in highlight:
                cells.append(f"*{stone.value}*".center(width))
            elif cell == last_move:
                cells.append(f"[{stone.value}]".center(width))
            else:
                cells.append(stone.value.center(width))
        lines.append(" " + "|".join(cells))
        if row < game.rows - 1:
            lines.append(" " + "+".join("-" * width for _ in range(game.cols)))
    return "\n".join(lines)
