"""A correct tic-tac-toe AI in the second course lab's shape: a 3x3 list of lists with '-' for empty.

find_best_move(board) works out whose turn it is from the board (X moves
first), prefers a quick win to a slow one and a slow loss to a quick one,
and returns its move as (row, col). It remembers every position it has
solved, so a whole check takes a few seconds.

    perfectplay check examples/correct.py      # unbeatable, exit status 0
"""

from functools import cache

EMPTY = "-"
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def has_line(cells, player):
    return any(cells[a] == cells[b] == cells[c] == player for a, b, c in LINES)


def score_of(cells, i, player):
    """What playing cell i is worth to `player`, the side to move.

    A win in n moves scores 11 - n, a loss in n moves n - 11, a draw 0: so a
    quicker win scores more, and a later loss scores more than an early one.
    """
    after = cells[:i] + player + cells[i + 1 :]
    if has_line(after, player):
        return 10
    if EMPTY not in after:
        return 0
    reply = value(after, "O" if player == "X" else "X")
    # The opponent's result one move later, turned round: one move further away.
    return -reply + 1 if reply > 0 else -reply - 1 if reply < 0 else 0


@cache
def value(cells, player):
    """The best score `player` can reach from here, moving next."""
    return max(score_of(cells, i, player) for i, cell in enumerate(cells) if cell == EMPTY)


def find_best_move(board):
    cells = "".join(cell for row in board for cell in row)
    player = "X" if cells.count("X") == cells.count("O") else "O"
    free = [i for i, cell in enumerate(cells) if cell == EMPTY]
    best = max(free, key=lambda i: score_of(cells, i, player))
    return (best // 3, best % 3)


if __name__ == "__main__":
    board = [["X", "O", "X"], ["O", "O", EMPTY], [EMPTY, "X", EMPTY]]
    print("Best move:", find_best_move(board))
