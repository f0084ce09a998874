"""The naive CS50 tic-tac-toe AI the check benchmark measures: the textbook minimax, nothing saved.

Every node copies the board with copy.deepcopy and asks player(), actions()
and terminal() afresh, as most CS50 submissions do; utility is +1/-1/0 with
no depth, so it is correct by value but not fastest. It is the slow, common
case: several seconds on the empty board.
"""

import copy
import math

X = "X"
O = "O"  # noqa: E741 - the name CS50 gives the player
EMPTY = None


def initial_state():
    return [[EMPTY] * 3 for _ in range(3)]


def player(board):
    x_count = sum(row.count(X) for row in board)
    o_count = sum(row.count(O) for row in board)
    return O if x_count > o_count else X


def actions(board):
    return {(i, j) for i, row in enumerate(board) for j, cell in enumerate(row) if cell == EMPTY}


def result(board, action):
    if action not in actions(board):
        raise ValueError("not a valid action")
    i, j = action
    new_board = copy.deepcopy(board)
    new_board[i][j] = player(board)
    return new_board


def winner(board):
    lines = board + [list(column) for column in zip(*board, strict=True)]
    lines.append([board[0][0], board[1][1], board[2][2]])
    lines.append([board[0][2], board[1][1], board[2][0]])
    for line in lines:
        if line[0] is not EMPTY and line.count(line[0]) == 3:
            return line[0]
    return None


def terminal(board):
    return winner(board) is not None or not actions(board)


def utility(board):
    return {X: 1, O: -1}.get(winner(board), 0)


def max_value(board):
    if terminal(board):
        return utility(board)
    return max(min_value(result(board, action)) for action in actions(board))


def min_value(board):
    if terminal(board):
        return utility(board)
    return min(max_value(result(board, action)) for action in actions(board))


def minimax(board):
    if terminal(board):
        return None
    if player(board) == X:
        best, chosen = -math.inf, None
        for action in actions(board):
            value = min_value(result(board, action))
            if value > best:
                best, chosen = value, action
        return chosen
    best, chosen = math.inf, None
    for action in actions(board):
        value = max_value(result(board, action))
        if value < best:
            best, chosen = value, action
    return chosen
