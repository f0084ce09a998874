"""A tic-tac-toe AI that answers the square 1-9 its human player would type is read so and graded."""

from __future__ import annotations

from pathlib import Path

from perfectplay.check.api import check_ai
from perfectplay.check.judge.answers import read_move
from perfectplay.check.position import TicTacToePosition

AI = """\
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def won(board, mark):
    return any(board[a] == board[b] == board[c] == mark for a, b, c in LINES)


def minimax(board, ai, human, maximizing, depth, memo={}):
    key = (tuple(board), ai, maximizing, depth)
    if key not in memo:
        if won(board, ai):
            memo[key] = 10 - depth
        elif won(board, human):
            memo[key] = depth - 10
        elif ' ' not in board:
            memo[key] = 0
        else:
            scores = []
            for i in range(9):
                if board[i] == ' ':
                    board[i] = ai if maximizing else human
                    scores.append(minimax(board, ai, human, not maximizing, depth + 1))
                    board[i] = ' '
            memo[key] = max(scores) if maximizing else min(scores)
    return memo[key]


def get_computer_move(board):
    ai = 'X' if board.count('X') == board.count('O') else 'O'
    human = 'O' if ai == 'X' else 'X'
    best, square = -100, None
    for i in range(9):
        if board[i] == ' ':
            board[i] = ai
            score = minimax(board, ai, human, False, 1)
            board[i] = ' '
            if score > best:
                best, square = score, i + FIRST
    return square


if __name__ == "__main__":
    board = [' '] * 9
    while ' ' in board:
        board[int(input("Your square (1-9): ")) - 1] = 'X'
        board[get_computer_move(board) - FIRST] = 'O'
"""


def test_a_square_counted_from_1_is_the_cell_before_it() -> None:
    position = TicTacToePosition.from_text("XO./.../...", "X")
    assert read_move({"kind": "int", "value": 3}, position, "number") == (2, None)
    assert read_move({"kind": "int", "value": 2}, position, "number") == (None, "illegal_move")
    assert read_move({"kind": "int", "value": 0}, position, "number")[1] == "illegal_move"
    assert read_move({"kind": "int", "value": 9}, position, "index")[1] == "illegal_move"


def test_the_squares_1_to_9_a_player_types_are_read_as_such_and_cells_0_to_8_still_as_indices(tmp_path: Path) -> None:
    words = {}
    for first in (1, 0):
        path = tmp_path / f"from{first}" / "tictactoe.py"
        path.parent.mkdir()
        path.write_text(f"FIRST = {first}\n\n" + AI)
        report = check_ai(path, sandbox="off", sample=12, seed=3)  # how it is read is the point, not every position
        assert (report.exit_status, report.findings) == (0, ()), report.interface
        words[first] = str(report.interface)
    assert "returns a cell number 1-9" in words[1] and "returns a cell index 0-8" in words[0]
