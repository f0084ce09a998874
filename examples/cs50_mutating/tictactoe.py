"""Tic Tac Toe Player, CS50 shape, with a classic bug: result() changes the board it is given.

The project says result(board, action) must return a new board and leave
the original alone. This one writes the move into `board` itself, so
minimax's search fills the caller's board as it goes: its scores are
nonsense and the board handed to minimax comes back changed. The checker
finds the bug in result directly and shows what it does to minimax.

    perfectplay check examples/cs50_mutating/tictactoe.py    # exit 1: result changes its board, and more
"""

import math

X = "X"
O = "O"  # noqa: E741 - the name CS50 gives the player
EMPTY = None


def initial_state():
    return [[EMPTY, EMPTY, EMPTY], [EMPTY, EMPTY, EMPTY], [EMPTY, EMPTY, EMPTY]]


def player(board):
    count = 0
    for row in board:
        for cell in row:
            if cell is not EMPTY:
                count += 1
    return X if count % 2 == 0 else O


def actions(board):
    moves = set()
    for i in range(3):
        for j in range(3):
            if board[i][j] == EMPTY:
                moves.add((i, j))
    return moves


def result(board, action):
    i, j = action
    if board[i][j] != EMPTY:
        raise Exception("Invalid action")
    board[i][j] = player(board)  # the bug: no copy
    return board


def winner(board):
    for p in (X, O):
        for k in range(3):
            if board[k][0] == board[k][1] == board[k][2] == p or board[0][k] == board[1][k] == board[2][k] == p:
                return p
        if board[0][0] == board[1][1] == board[2][2] == p or board[0][2] == board[1][1] == board[2][0] == p:
            return p
    return None


def terminal(board):
    return winner(board) is not None or not actions(board)


def utility(board):
    w = winner(board)
    return 1 if w == X else -1 if w == O else 0


def max_value(board):
    if terminal(board):
        return utility(board)
    v = -math.inf
    for action in actions(board):
        v = max(v, min_value(result(board, action)))
    return v


def min_value(board):
    if terminal(board):
        return utility(board)
    v = math.inf
    for action in actions(board):
        v = min(v, max_value(result(board, action)))
    return v


def minimax(board):
    if terminal(board):
        return None
    best = None
    if player(board) == X:
        top = -math.inf
        for action in actions(board):
            v = min_value(result(board, action))
            if v > top:
                top, best = v, action
    else:
        low = math.inf
        for action in actions(board):
            v = max_value(result(board, action))
            if v < low:
                low, best = v, action
    return best
