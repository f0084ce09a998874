"""Tic Tac Toe Player, CS50 AI project 0 as the specification asks: a correct submission.

utility is +1 / 0 / -1 and minimax maximises (X) or minimises (O) it, with
no regard for how soon a win comes: so it never loses and never lets a win
go, but among winning moves it takes the first it finds, not the fastest.
The values are remembered per board (a dict), a common student speed-up.

    perfectplay check examples/graders/plain/tictactoe.py                   # full marks, exit 0 (standard value)
    perfectplay check examples/graders/plain/tictactoe.py --standard best   # slower wins are held against it
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


_seen = {}


def _value(board):
    key = tuple(tuple(row) for row in board)
    if key not in _seen:
        if terminal(board):
            _seen[key] = utility(board)
        else:
            values = [_value(result(board, action)) for action in actions(board)]
            _seen[key] = max(values) if player(board) == X else min(values)
    return _seen[key]


def minimax(board):
    if terminal(board):
        return None
    pick = max if player(board) == X else min
    return pick(sorted(actions(board)), key=lambda action: _value(result(board, action)))
