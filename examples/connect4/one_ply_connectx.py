"""A one-ply Connect Four agent, ConnectX style: win if it can, else block the opponent's win, else random."""

import random

ROWS, COLUMNS = 6, 7


def drop(board, col, mark):
    """The board after ``mark`` drops a piece in ``col`` (a new list), or None if the column is full."""
    for row in range(ROWS - 1, -1, -1):
        if board[row * COLUMNS + col] == 0:
            after = list(board)
            after[row * COLUMNS + col] = mark
            return after
    return None


def wins(board, mark):
    for row in range(ROWS):
        for col in range(COLUMNS):
            for d_row, d_col in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(row + d_row * k, col + d_col * k) for k in range(4)]
                if all(0 <= r < ROWS and 0 <= c < COLUMNS and board[r * COLUMNS + c] == mark for r, c in cells):
                    return True
    return False


def agent(observation, configuration):
    board, me = list(observation.board), observation.mark
    other = 3 - me
    open_columns = [col for col in range(COLUMNS) if board[col] == 0]
    for mark in (me, other):  # my win first, then the opponent's to block
        for col in open_columns:
            if wins(drop(board, col, mark), mark):
                return col
    return random.choice(open_columns)
