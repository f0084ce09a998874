"""A random Connect Four agent as a board function: best_move(board) on 6 lists of 7, row 0 at the top."""

import random


def best_move(board):
    return random.choice([col for col in range(7) if board[0][col] == 0])
