"""A minimax that breaks ties at random, in the second course lab's shape: a 3x3 list of lists, '-' for empty.

It scores a finished game +1, -1 or 0 (as CS50's utility does) and picks at
random among the moves with the top score, so the same board can get
different answers. The checker notices that, asks every position at least
twice, and follows every answer it saw. Never loses; but +1 is +1 however
far away the win is, so some of its answers win slower (or lose sooner)
than they could.

    perfectplay check examples/randomised.py                # randomised noticed; exit 1 (slow wins)
    perfectplay check examples/randomised.py --value-only   # exit 0: every answer keeps the value
"""

import random

EMPTY = "-"
known = {}


def winner(board):
    lines = [row[:] for row in board]
    lines += [[board[r][c] for r in range(3)] for c in range(3)]
    lines += [[board[i][i] for i in range(3)], [board[i][2 - i] for i in range(3)]]
    for line in lines:
        if line[0] != EMPTY and line.count(line[0]) == 3:
            return line[0]
    return None


def free_cells(board):
    return [(r, c) for r in range(3) for c in range(3) if board[r][c] == EMPTY]


def score(board, player, me):
    """+1 if `me` wins with best play from here, -1 if it loses, 0 for a draw; `player` moves next."""
    key = (str(board), player, me)
    if key in known:
        return known[key]
    won = winner(board)
    if won is not None or not free_cells(board):
        result = 0 if won is None else (1 if won == me else -1)
    else:
        other = "O" if player == "X" else "X"
        results = []
        for r, c in free_cells(board):
            board[r][c] = player
            results.append(score(board, other, me))
            board[r][c] = EMPTY
        result = max(results) if player == me else min(results)
    known[key] = result
    return result


def find_best_move(board):
    flat = [cell for row in board for cell in row]
    me = "X" if flat.count("X") == flat.count("O") else "O"
    other = "O" if me == "X" else "X"
    scored = []
    for r, c in free_cells(board):
        board[r][c] = me
        scored.append((score(board, other, me), (r, c)))
        board[r][c] = EMPTY
    top = max(value for value, _ in scored)
    return random.choice([move for value, move in scored if value == top])
