"""An AI that only ever plays X, like the first course lab's: a flat list of 9 cells, ' ' for empty.

find_best_move(board) always looks for X's best move, whoever is to move,
so the checker detects that it plays X only and checks it as X both moving
first and moving second (after O has opened). Depth-aware scores
(10 - depth for a win, depth - 10 for a loss) and a memo of solved boards.

    perfectplay check examples/only_x.py       # X only detected; unbeatable, exit status 0
"""

AI, HUMAN, EMPTY = "X", "O", " "
WIN_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
memo = {}


def won(board, player):
    return any(board[a] == board[b] == board[c] == player for a, b, c in WIN_LINES)


def minimax(board, depth, ai_to_move):
    """X's score for this board: 10 - depth if X wins, depth - 10 if O wins, 0 for a draw."""
    if won(board, AI):
        return 10 - depth
    if won(board, HUMAN):
        return depth - 10
    if EMPTY not in board:
        return 0
    key = (tuple(board), ai_to_move)
    if key not in memo:
        # Remember the score relative to this board; add the depth back on the way out.
        player = AI if ai_to_move else HUMAN
        scores = []
        for i in range(9):
            if board[i] == EMPTY:
                board[i] = player
                scores.append(minimax(board, 1, not ai_to_move))
                board[i] = EMPTY
        memo[key] = max(scores) if ai_to_move else min(scores)
    score = memo[key]
    return score - depth if score > 0 else score + depth if score < 0 else 0


def find_best_move(board):
    best_score, best_move = None, -1
    for i in range(9):
        if board[i] == EMPTY:
            board[i] = AI
            score = minimax(board, 1, False)
            board[i] = EMPTY
            if best_score is None or score > best_score:
                best_score, best_move = score, i
    return best_move
