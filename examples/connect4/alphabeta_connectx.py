"""A depth-limited alpha-beta Connect Four agent, ConnectX style, with a simple evaluation of open windows.

The evaluation counts every window of four cells: three of mine and an empty
cell is worth 5, two and two empty 2, and the opponent's the same, negated;
the centre column is worth 3 a piece. The search looks ``DEPTH`` plies ahead,
centre columns first (alpha-beta prunes more when good moves come first).
"""

ROWS, COLUMNS, DEPTH = 6, 7, 4
ORDER = (3, 2, 4, 1, 5, 0, 6)
WIN = 1_000_000


def windows():
    found = []
    for row in range(ROWS):
        for col in range(COLUMNS):
            for d_row, d_col in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(row + d_row * k, col + d_col * k) for k in range(4)]
                if all(0 <= r < ROWS and 0 <= c < COLUMNS for r, c in cells):
                    found.append([r * COLUMNS + c for r, c in cells])
    return found


WINDOWS = windows()


def drop(board, col, mark):
    for row in range(ROWS - 1, -1, -1):
        if board[row * COLUMNS + col] == 0:
            board[row * COLUMNS + col] = mark
            return row * COLUMNS + col
    return None


def won(board, mark):
    return any(all(board[i] == mark for i in window) for window in WINDOWS)


def evaluate(board, me):
    other = 3 - me
    score = 3 * sum(1 for row in range(ROWS) if board[row * COLUMNS + 3] == me)
    score -= 3 * sum(1 for row in range(ROWS) if board[row * COLUMNS + 3] == other)
    for window in WINDOWS:
        values = [board[i] for i in window]
        mine, theirs, empty = values.count(me), values.count(other), values.count(0)
        if mine == 3 and empty == 1:
            score += 5
        elif mine == 2 and empty == 2:
            score += 2
        if theirs == 3 and empty == 1:
            score -= 5
        elif theirs == 2 and empty == 2:
            score -= 2
    return score


def negamax(board, depth, alpha, beta, mark, me):
    """The value for ``mark`` (to move), looking ``depth`` plies ahead."""
    other = 3 - mark
    if won(board, other):
        return -WIN - depth  # the opponent just won: sooner is worse
    moves = [col for col in ORDER if board[col] == 0]
    if not moves:
        return 0
    if depth == 0:
        value = evaluate(board, me)
        return value if mark == me else -value
    best = -WIN * 10
    for col in moves:
        cell = drop(board, col, mark)
        value = -negamax(board, depth - 1, -beta, -alpha, other, me)
        board[cell] = 0
        if value > best:
            best = value
        alpha = max(alpha, value)
        if alpha >= beta:
            break
    return best


def agent(observation, configuration):
    board, me = list(observation.board), observation.mark
    best_col, best_value = None, None
    for col in [col for col in ORDER if board[col] == 0]:
        cell = drop(board, col, me)
        value = -negamax(board, DEPTH - 1, -WIN * 10, WIN * 10, 3 - me, me)
        board[cell] = 0
        if best_value is None or value > best_value:
            best_col, best_value = col, value
    return best_col
