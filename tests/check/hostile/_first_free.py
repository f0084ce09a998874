# mypy: ignore-errors
# The honest part every hostile submission shares: the first free cell, on a flat or nested board.
# Its verdict is known (it can be beaten); each file in this folder adds one attack to it.
# The tests copy a file into a temporary folder as tictactoe.py and fill in its __PLACEHOLDERS__.


def _first_free(board):
    nested = isinstance(board[0], list)
    cells = [cell for row in board for cell in row] if nested else list(board)
    index = next(i for i, cell in enumerate(cells) if cell not in ("X", "O"))
    return (index // 3, index % 3) if nested else index


def _cells(board):
    nested = isinstance(board[0], list)
    cells = [cell for row in board for cell in row] if nested else list(board)
    return "".join(cell if cell in ("X", "O") else "." for cell in cells)


TARGET = "XOXOXO..."
"""The one position where an attack that happens during a move is made (X to move, cells 6-8 free)."""


def find_best_move(board):
    if _cells(board) == TARGET:
        attack()
    return _first_free(board)


def attack():
    pass
