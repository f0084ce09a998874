"""A tic-tac-toe AI named as students name it (best_move, getComputerMove) is graded when it answers like an AI."""

from __future__ import annotations

from pathlib import Path

import pytest

from perfectplay.check.api import check_ai
from perfectplay.check.errors import CheckUsageError
from perfectplay.check.judge.detect import students_names
from perfectplay.check.roster import from_paths

MINIMAX_AS_O = """\
board = [' ' for _ in range(9)]
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def check_winner(board, player):
    return any(board[a] == board[b] == board[c] == player for a, b, c in LINES)


def minimax(board, depth, is_maximizing, seen={}):
    key = (''.join(board), depth, is_maximizing)
    if key not in seen:
        seen[key] = score(board, depth, is_maximizing)
    return seen[key]


def score(board, depth, is_maximizing):
    if check_winner(board, 'O'):
        return 10 - depth
    if check_winner(board, 'X'):
        return depth - 10
    if ' ' not in board:
        return 0
    scores = []
    for i in range(9):
        if board[i] == ' ':
            board[i] = 'O' if is_maximizing else 'X'
            scores.append(minimax(board, depth + 1, not is_maximizing))
            board[i] = ' '
    return max(scores) if is_maximizing else min(scores)


def {name}(board):
    scores = {}
    for i, cell in enumerate(board):
        if cell == ' ':
            board[i] = 'O'
            scores[i] = minimax(board, 0, False)
            board[i] = ' '
    return max(scores, key=lambda i: (scores[i], -i)) if scores else None


if __name__ == "__main__":
    while True:
        board[int(input("Your move (0-8): "))] = 'X'
        board[{name}(board)] = 'O'
"""
"""The much-copied write-up's shape: a flat board of ' ', the human X, the AI O, best_move(board) an index 0-8."""


def test_the_names_students_give_their_ai_are_found_however_spelt_taking_the_board_and_maybe_the_side() -> None:
    assert students_names({"bestMove": 1, "print_board": 1, "getComputerMove": 2}) == ["bestMove", "getComputerMove"]
    assert students_names({"best_move": 3, "minimax": 3}) == [] and students_names({}) == []


def test_best_move_is_graded_as_the_same_ai_named_find_best_move(tmp_path: Path) -> None:
    reports = {}
    for name in ("find_best_move", "best_move"):
        path = tmp_path / name / "tictactoe.py"
        path.parent.mkdir()
        path.write_text(MINIMAX_AS_O.replace("{name}", name))
        reports[name] = check_ai(path, sandbox="off", sample=8, seed=5)  # found, not every position, is the point
    lab, students = reports["find_best_move"], reports["best_move"]
    assert students.interface == str(lab.interface).replace("find_best_move", "best_move")
    assert str(students.interface).endswith("plays O only") and students.standard == lab.standard == "best"
    assert (students.exit_status, students.findings) == (lab.exit_status, lab.findings) == (0, ())


def test_a_helper_named_like_an_ai_that_gives_no_move_is_still_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "tictactoe.py"
    path.write_text("def best_move(board):\n    return 0.5\n\n\ndef print_board(board):\n    print(board)\n")
    with pytest.raises(CheckUsageError) as refused:
        check_ai(path, sandbox="off", sample=10, seed=5)
    message = str(refused.value)
    assert "no tic-tac-toe AI recognised" in message
    assert "best_move gave no legal move on the probe positions" in message
    assert "--function NAME" in message and "\n" not in message


def test_in_a_students_folder_of_several_files_the_one_defining_best_move_is_the_ai(tmp_path: Path) -> None:
    student = tmp_path / "class" / "ana"
    student.mkdir(parents=True)
    (student / "game.py").write_text("from ai import bestMove\n\n\ndef main():\n    print('play')\n")
    (student / "ai.py").write_text("def bestMove(board):\n    return board.index(' ')\n")
    (row,) = from_paths([str(tmp_path / "class")])
    assert row.file is not None and row.file.name == "ai.py"


def test_an_ai_written_as_a_method_is_refused_saying_the_function_to_add(tmp_path: Path) -> None:
    path = tmp_path / "tictactoe.py"
    path.write_text(
        "class TicTacToe:\n    def __init__(self):\n        self.board = [' '] * 9\n\n"
        "    def minimax(self, maximizing):\n        return 0\n\n"
        "    def bestMove(self):\n        return self.board.index(' ')\n"
    )
    with pytest.raises(CheckUsageError) as refused:
        check_ai(path, sandbox="off", sample=8, seed=5)
    message = str(refused.value)
    assert "its AI is a method, TicTacToe.bestMove" in message and "\n" not in message
    assert "add def find_best_move(board) that sets up TicTacToe() on that board and returns its move" in message


def test_an_ai_counting_cells_from_1_is_refused_saying_the_shape_the_checker_gives(tmp_path: Path) -> None:
    path = tmp_path / "tictactoe.py"
    # A board of 10 cells, index 0 unused, as a classic book writes it: a winning cell of 1-9, else the first free.
    path.write_text(
        "def get_computer_move(board, letter):\n"
        "    for i in range(1, 10):\n        if board[i] == ' ':\n            copy = list(board)\n"
        "            copy[i] = letter\n            if copy[1] == copy[5] == copy[9] == letter:\n"
        "                return i\n"
        "    return board.index(' ', 1)\n"
    )
    with pytest.raises(CheckUsageError) as refused:
        check_ai(path, sandbox="off", sample=8, seed=5)
    assert "for a board of 10 cells or one of your own, write a find_best_move(board)" in str(refused.value)


def test_an_ai_reading_a_global_board_is_refused_saying_the_function_to_add(tmp_path: Path) -> None:
    path = tmp_path / "tictactoe.py"
    path.write_text(
        "board = {1: ' ', 2: ' ', 3: ' ', 4: ' ', 5: ' ', 6: ' ', 7: ' ', 8: ' ', 9: ' '}\n\n\n"
        "def compMove():\n    move = next(key for key in board if board[key] == ' ')\n    board[move] = 'O'\n"
    )
    with pytest.raises(CheckUsageError) as refused:
        check_ai(path, sandbox="off", sample=8, seed=5)
    message = str(refused.value)
    assert "compMove takes no argument (it reads its board from elsewhere, a global say)" in message
    assert "add def find_best_move(board) that puts it where compMove reads it" in message and "\n" not in message
