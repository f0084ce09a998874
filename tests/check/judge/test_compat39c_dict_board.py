"""A tic-tac-toe AI on a dict of the squares 1-9 is read so and graded (honest code, third round).

``board = {1: ' ', 2: ' ', ..., 9: ' '}`` (1 at the top left, as the number pad of a much-followed tutorial is
drawn), its AI taking that board and answering the square's key: refused before, "gave no legal move on the probe
positions with any board tried". (Its minimax keeps a memo of its values here, ``_seen``: the same answers, without
searching the empty board's tree again for every question.)
"""

from __future__ import annotations

from pathlib import Path

from perfectplay.check.api import check_ai
from perfectplay.check.run.inside.values import equal

AI = """\
LINES = [(1, 2, 3), (4, 5, 6), (7, 8, 9), (1, 4, 7), (2, 5, 8), (3, 6, 9), (1, 5, 9), (3, 5, 7)]
_seen = {}


def winner(board):
    for a, b, c in LINES:
        if board[a] != ' ' and board[a] == board[b] == board[c]:
            return board[a]
    return None


def free(board):
    return [key for key in board if board[key] == ' ']


def minimax(board, turn, me, depth):
    key = (str(board), turn, me, depth)
    if key not in _seen:
        _seen[key] = search(board, turn, me, depth)
    return _seen[key]


def search(board, turn, me, depth):
    won = winner(board)
    if won:
        return 10 - depth if won == me else depth - 10
    if not free(board):
        return 0
    values = []
    for key in free(board):
        board[key] = turn
        values.append(minimax(board, 'O' if turn == 'X' else 'X', me, depth + 1))
        board[key] = ' '
    return max(values) if turn == me else min(values)


def bestMove(board):
    marks = list(board.values())
    me = 'X' if marks.count('X') == marks.count('O') else 'O'
    best, best_value = None, -100
    for key in free(board):
        board[key] = me
        value = minimax(board, 'O' if me == 'X' else 'X', me, 1)
        board[key] = ' '
        if value > best_value:
            best, best_value = key, value
    return best
"""


def test_a_minimax_on_a_dict_of_squares_is_read_so_and_never_beaten(tmp_path: Path) -> None:
    path = tmp_path / "tictactoe.py"
    path.write_text(AI)
    report = check_ai(path, sandbox="off", sample=20, seed=6)  # how it is read is the point, not every position
    assert "bestMove(board) on a dict of squares 1-9, ' ' for empty, returns a cell number 1-9" in str(report.interface)
    assert (report.exit_status, report.findings) == (0, ())


def test_a_dict_board_is_left_alone_only_with_its_own_nine_keys_and_marks() -> None:
    given = {square: " " for square in range(1, 10)}
    assert equal(dict(given), given)
    assert not equal({**given, 5: "X"}, given)
    assert not equal({**given, 10: " "}, given)
    moved = dict(given)
    del moved[9]
    moved[9.0] = " "  # type: ignore[index]
    assert not equal(moved, given)
