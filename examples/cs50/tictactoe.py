"""Tic Tac Toe Player, in the shape of CS50 AI's project 0: a correct one.

The board is a list of 3 lists; X = "X", O = "O", EMPTY = None. Besides
minimax, the checker tests player, actions, result, winner, terminal and
utility on every reachable board. utility is +1/-1/0 as the project asks;
minimax weighs it by the cells still free when the game ends, so that it
takes the quickest win and, when lost, puts the loss off as long as it can.

    perfectplay check examples/cs50/tictactoe.py     # unbeatable, exit status 0
"""

import copy
from functools import cache

X = "X"
O = "O"  # noqa: E741 - the name CS50 gives the player
EMPTY = None


def initial_state():
    """Returns starting state of the board."""
    return [[EMPTY, EMPTY, EMPTY], [EMPTY, EMPTY, EMPTY], [EMPTY, EMPTY, EMPTY]]


def player(board):
    """Returns player who has the next turn on a board."""
    xs = sum(row.count(X) for row in board)
    os = sum(row.count(O) for row in board)
    return X if xs == os else O


def actions(board):
    """Returns set of all possible actions (i, j) available on the board."""
    return {(i, j) for i in range(3) for j in range(3) if board[i][j] is EMPTY}


def result(board, action):
    """Returns the board that results from making move (i, j) on the board."""
    i, j = action
    if not (0 <= i < 3 and 0 <= j < 3) or board[i][j] is not EMPTY:
        raise ValueError(f"invalid action {action}")
    new_board = copy.deepcopy(board)
    new_board[i][j] = player(board)
    return new_board


def winner(board):
    """Returns the winner of the game, if there is one."""
    lines = [list(row) for row in board]
    lines += [[board[i][j] for i in range(3)] for j in range(3)]
    lines += [[board[k][k] for k in range(3)], [board[k][2 - k] for k in range(3)]]
    for line in lines:
        if line[0] is not EMPTY and line[0] == line[1] == line[2]:
            return line[0]
    return None


def terminal(board):
    """Returns True if game is over, False otherwise."""
    return winner(board) is not None or all(cell is not EMPTY for row in board for cell in row)


def utility(board):
    """Returns 1 if X has won the game, -1 if O has won, 0 otherwise."""
    return {X: 1, O: -1}.get(winner(board), 0)


def minimax(board):
    """Returns the optimal action for the current player on the board."""
    if terminal(board):
        return None
    choose = max if player(board) == X else min
    return choose(sorted(actions(board)), key=lambda action: value(freeze(result(board, action))))


def freeze(board):
    return tuple(tuple(row) for row in board)


@cache
def value(frozen):
    """X's score: utility times (1 + free cells at the end), so sooner wins count for more."""
    board = [list(row) for row in frozen]
    if terminal(board):
        free = sum(cell is EMPTY for row in board for cell in row)
        return utility(board) * (1 + free)
    scores = [value(freeze(result(board, action))) for action in actions(board)]
    return max(scores) if player(board) == X else min(scores)
