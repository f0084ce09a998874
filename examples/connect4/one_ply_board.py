"""A one-ply Connect Four agent as a board function: get_move(board, piece) on 6 lists of 7, row 0 at the top.

Pieces are 0 (empty), 1 and 2; ``piece`` is the side to move's.
"""

import random

ROWS, COLUMNS = 6, 7


def landing_row(board, col):
    for row in range(ROWS - 1, -1, -1):
        if board[row][col] == 0:
            return row
    return None


def wins_with(board, row, col, piece):
    """Whether ``piece`` at (row, col) would make four in a row (the board is not changed)."""
    for d_row, d_col in ((0, 1), (1, 0), (1, 1), (1, -1)):
        count = 1
        for sign in (1, -1):
            r, c = row + sign * d_row, col + sign * d_col
            while 0 <= r < ROWS and 0 <= c < COLUMNS and board[r][c] == piece:
                count += 1
                r, c = r + sign * d_row, c + sign * d_col
        if count >= 4:
            return True
    return False


def get_move(board, piece):
    other = 3 - piece
    open_columns = [col for col in range(COLUMNS) if board[0][col] == 0]
    for mine in (piece, other):
        for col in open_columns:
            if wins_with(board, landing_row(board, col), col, mine):
                return col
    return random.choice(open_columns)
