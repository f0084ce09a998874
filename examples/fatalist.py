"""The textbook minimax of the first course lab's shape (docs/labs/), with the "fatalist" scoring of its write-ups.

The board is a flat list of 9 cells, ' ' for empty; find_best_move(board)
returns the index 0-8 of its move for the side to move (X when the counts
are equal). A finished game scores +10 for a win and -10 for a loss, with
no regard for how many moves away it is: so this AI never loses, but it
wins slowly when it could win at once, and in a lost position it does not
bother to block. Plain recursion, no memory: about a second on the empty
board, which makes it the checker's benchmark.

    perfectplay check examples/fatalist.py                # exit 1: slow wins, quick losses
    perfectplay check examples/fatalist.py --value-only   # exit 0: it never throws a result away
"""

import math

WINS = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]]


def check_winner(board):
    for a, b, c in WINS:
        if board[a] == board[b] == board[c] and board[a] != " ":
            return board[a]
    return None


def minimax(board, is_maximizing, me, them):
    winner = check_winner(board)
    if winner == me:
        return 10
    if winner == them:
        return -10
    if " " not in board:
        return 0
    if is_maximizing:
        best = -math.inf
        for i in range(9):
            if board[i] == " ":
                board[i] = me
                best = max(best, minimax(board, False, me, them))
                board[i] = " "
        return best
    best = math.inf
    for i in range(9):
        if board[i] == " ":
            board[i] = them
            best = min(best, minimax(board, True, me, them))
            board[i] = " "
    return best


def find_best_move(board):
    me = "X" if board.count("X") == board.count("O") else "O"
    them = "O" if me == "X" else "X"
    best_val, best_move = -math.inf, -1
    for i in range(9):
        if board[i] == " ":
            board[i] = me
            move_val = minimax(board, False, me, them)
            board[i] = " "
            if move_val > best_val:
                best_val, best_move = move_val, i
    return best_move


if __name__ == "__main__":
    print("The best move for X is position:", find_best_move(["X", "O", "X", "O", "O", " ", " ", "X", " "]))
