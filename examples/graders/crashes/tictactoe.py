"""Tic Tac Toe Player, CS50 shape: helpers right, but minimax raises on every board.

minimax calls a helper that was renamed (max_value), a NameError the
first time it runs. A teacher would give the helpers' points and nothing
for the play.

    perfectplay check examples/graders/crashes/tictactoe.py   # every move raises, exit 1
"""

X = "X"
O = "O"  # noqa: E741 - CS50's name
EMPTY = None


def initial_state():
    return [[EMPTY] * 3 for _ in range(3)]


def player(board):
    filled = sum(cell is not EMPTY for row in board for cell in row)
    return X if filled % 2 == 0 else O


def actions(board):
    return {(i, j) for i, row in enumerate(board) for j, cell in enumerate(row) if cell is EMPTY}


def result(board, action):
    i, j = action
    if action not in actions(board):
        raise ValueError("that cell is not free")
    copied = [row[:] for row in board]
    copied[i][j] = player(board)
    return copied


def winner(board):
    triples = [row for row in board]
    triples += [[board[0][j], board[1][j], board[2][j]] for j in range(3)]
    triples.append([board[0][0], board[1][1], board[2][2]])
    triples.append([board[0][2], board[1][1], board[2][0]])
    for a, b, c in triples:
        if a is not EMPTY and a == b == c:
            return a
    return None


def terminal(board):
    return winner(board) is not None or not actions(board)


def utility(board):
    won = winner(board)
    return 1 if won == X else -1 if won == O else 0


def minimax(board):
    if terminal(board):
        return None
    return max(actions(board), key=lambda action: max_value(result(board, action)))  # noqa: F821
