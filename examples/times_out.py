"""A rule-based AI with a loop that never ends, in the first course lab's shape: a flat list of 9, ' ' for empty.

The rules: win at once if it can, else block, else take the centre, else
look for a free corner by stepping i = 0, 2, 4, 6, 8, 0, ... That step never
reaches a side cell, so once the centre and every corner are taken the loop
runs forever: the checker stops it after the time limit per move and
reports the position. The rules themselves lose to a fork.

    perfectplay check examples/times_out.py --time-per-move 1   # exit 1: time-outs, and it can be beaten
"""

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def completes_line(board, cell, player):
    return any(cell in line and all(board[i] == player or i == cell for i in line) for line in LINES)


def find_best_move(board):
    me = "X" if board.count("X") == board.count("O") else "O"
    you = "O" if me == "X" else "X"
    free = [i for i in range(9) if board[i] == " "]
    for player in (me, you):
        for cell in free:
            if completes_line(board, cell, player):
                return cell
    if board[4] == " ":
        return 4
    i = 0
    while board[i] != " ":
        i = (i + 2) % 10
    return i
