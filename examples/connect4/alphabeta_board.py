"""A depth-limited alpha-beta Connect Four agent as a board function, on a NumPy array (row 0 at the bottom).

``best_move(board)`` gets a 6x7 NumPy array whose row 0 is the *bottom* row,
pieces 0 (empty), 1 and 2; the side to move is the one with fewer pieces
(1 on equal counts). Same search and evaluation as ``alphabeta_connectx.py``.
"""

import numpy as np

ROWS, COLUMNS, DEPTH = 6, 7, 4
ORDER = (3, 2, 4, 1, 5, 0, 6)
WIN = 1_000_000


def windows():
    found = []
    for row in range(ROWS):
        for col in range(COLUMNS):
            for d_row, d_col in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(row + d_row * k, col + d_col * k) for k in range(4)]
                if all(0 <= r < ROWS and 0 <= c < COLUMNS for r, c in cells):
                    found.append(cells)
    return found


WINDOWS = windows()


def drop(board, col, mark):
    """Row 0 at the bottom: the first empty row from the bottom."""
    for row in range(ROWS):
        if board[row][col] == 0:
            board[row][col] = mark
            return row
    return None


def won(board, mark):
    return any(all(board[r][c] == mark for r, c in window) for window in WINDOWS)


def evaluate(board, me):
    other = 3 - me
    score = 3 * sum(1 for row in range(ROWS) if board[row][3] == me)
    score -= 3 * sum(1 for row in range(ROWS) if board[row][3] == other)
    for window in WINDOWS:
        values = [board[r][c] for r, c in window]
        mine, theirs, empty = values.count(me), values.count(other), values.count(0)
        if mine == 3 and empty == 1:
            score += 5
        elif mine == 2 and empty == 2:
            score += 2
        if theirs == 3 and empty == 1:
            score -= 5
        elif theirs == 2 and empty == 2:
            score -= 2
    return score


def negamax(board, depth, alpha, beta, mark, me):
    other = 3 - mark
    if won(board, other):
        return -WIN - depth
    moves = [col for col in ORDER if board[ROWS - 1][col] == 0]
    if not moves:
        return 0
    if depth == 0:
        value = evaluate(board, me)
        return value if mark == me else -value
    best = -WIN * 10
    for col in moves:
        row = drop(board, col, mark)
        value = -negamax(board, depth - 1, -beta, -alpha, other, me)
        board[row][col] = 0
        best = max(best, value)
        alpha = max(alpha, value)
        if alpha >= beta:
            break
    return best


def best_move(board):
    grid = np.asarray(board).tolist()  # plain lists: faster to index than an array, and the board is left alone
    ones = sum(row.count(1) for row in grid)
    twos = sum(row.count(2) for row in grid)
    me = 1 if ones == twos else 2
    best_col, best_value = None, None
    for col in [col for col in ORDER if grid[ROWS - 1][col] == 0]:
        row = drop(grid, col, me)
        value = -negamax(grid, DEPTH - 1, -WIN * 10, WIN * 10, 3 - me, me)
        grid[row][col] = 0
        if best_value is None or value > best_value:
            best_col, best_value = col, value
    return best_col
