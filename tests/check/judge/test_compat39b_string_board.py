"""A tic-tac-toe AI that keeps its board as a string of nine characters ("XO XO  X ") is read so and graded."""

from __future__ import annotations

from pathlib import Path

from perfectplay.check.api import check_ai

STRING_MINIMAX = """\
WINS = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def winner(board):
    for a, b, c in WINS:
        if board[a] != ' ' and board[a] == board[b] == board[c]:
            return board[a]
    return None


def minimax(board, player, depth=0, memo={}):
    key = (board, player, depth)
    if key not in memo:
        found = winner(board)
        if found is not None:
            memo[key] = (10 - depth) if found == 'X' else (depth - 10)
        elif ' ' not in board:
            memo[key] = 0
        else:
            other = 'O' if player == 'X' else 'X'
            scores = [minimax(board[:i] + player + board[i + 1:], other, depth + 1)
                      for i, cell in enumerate(board) if cell == ' ']
            memo[key] = max(scores) if player == 'X' else min(scores)
    return memo[key]


def best_move(board):
    player = 'X' if board.count('X') == board.count('O') else 'O'
    other = 'O' if player == 'X' else 'X'
    scored = [(minimax(board[:i] + player + board[i + 1:], other, 1), i) for i, c in enumerate(board) if c == ' ']
    return max(scored)[1] if player == 'X' else min(scored)[1]


if __name__ == "__main__":
    print(best_move("XO XO  X "))
"""


def test_a_minimax_on_a_string_board_is_read_as_one_and_never_beaten(tmp_path: Path) -> None:
    path = tmp_path / "tictactoe.py"
    path.write_text(STRING_MINIMAX)
    report = check_ai(path, sandbox="off", sample=12, seed=2)  # how it is read is the point, not every position
    assert report.interface is not None
    assert report.interface.startswith("best_move(board) on a string of 9 characters, ' ' for empty")
    assert (report.exit_status, report.findings) == (0, ())
    told = check_ai(path, sandbox="off", sample=12, seed=2, board="string", empty=" ")
    assert (told.interface, told.exit_status) == (report.interface, 0)


def test_a_string_board_with_dots_is_found_among_the_empty_markers(tmp_path: Path) -> None:
    path = tmp_path / "tictactoe.py"
    path.write_text(STRING_MINIMAX.replace("' '", "'.'").replace('"XO XO  X "', '"XO.XO..X."'))
    report = check_ai(path, sandbox="off", sample=12, seed=2)
    assert str(report.interface).startswith("best_move(board) on a string of 9 characters, '.' for empty")
    assert report.exit_status == 0
