"""The lab's find_best_move as students copy it from the most read minimax write-up: camelCase, lower-case marks.

The write-up's minimax is kept as it is written but for a memo of its values (``seen``): its answers are the
same, and the check that recognises it asks the empty board's search once instead of half a million times over.
"""

from __future__ import annotations

from pathlib import Path

from perfectplay.check.api import check_ai
from perfectplay.check.judge.detect import SEEDS_NAME, _mark, seeds_function

WRITE_UP = """\
# the next optimal move for the player, minimax with depth
player, opponent = 'x', 'o'


seen = {}


def movesLeft(b):
    return any(cell == '_' for row in b for cell in row)


def evaluate(b):
    lines = [row for row in b] + [[b[r][c] for r in range(3)] for c in range(3)]
    lines += [[b[i][i] for i in range(3)], [b[i][2 - i] for i in range(3)]]
    for line in lines:
        if line[0] == line[1] == line[2] != '_':
            return 10 if line[0] == player else -10
    return 0


def minimax(b, depth, isMax):
    key = (str(b), depth, isMax)
    if key not in seen:
        seen[key] = search(b, depth, isMax)
    return seen[key]


def search(b, depth, isMax):
    score = evaluate(b)
    if score:
        return score - depth if score > 0 else score + depth
    if not movesLeft(b):
        return 0
    best = -1000 if isMax else 1000
    for i in range(3):
        for j in range(3):
            if b[i][j] == '_':
                b[i][j] = player if isMax else opponent
                value = minimax(b, depth + 1, not isMax)
                b[i][j] = '_'
                best = max(best, value) if isMax else min(best, value)
    return best


def findBestMove(b):
    bestVal, bestMove = -1000, (-1, -1)
    for i in range(3):
        for j in range(3):
            if b[i][j] == '_':
                b[i][j] = player
                value = minimax(b, 0, False)
                b[i][j] = '_'
                if value > bestVal:
                    bestVal, bestMove = value, (i, j)
    return bestMove


board = [['x', 'o', 'x'], ['o', 'o', 'x'], ['_', '_', '_']]
print("The optimal move is", findBestMove(board))
"""


def test_the_labs_function_is_found_however_it_is_spelt_the_snake_case_name_first() -> None:
    assert seeds_function(["evaluate", "findBestMove", "minimax"]) == "findBestMove"
    assert seeds_function(["FindBestMove", SEEDS_NAME]) == SEEDS_NAME
    assert seeds_function(["find_move", "best_move"]) is None


def test_lower_case_marks_are_read_from_the_modules_board_only_when_it_holds_no_capital() -> None:
    lower = [{"shape": "nested", "values": ["_", "o", "x"]}]
    assert (_mark({}, "X", lower), _mark({}, "O", lower)) == ("x", "o")
    mixed = [{"shape": "nested", "values": ["X", "_", "o", "x"]}]
    assert _mark({}, "X", mixed) == "X" and _mark({"X": "x"}, "X") == "x" and _mark({}, "O") == "O"


def test_the_write_ups_ai_is_checked_as_the_x_player_it_is_and_never_loses(tmp_path: Path) -> None:
    path = tmp_path / "tictactoe.py"
    path.write_text(WRITE_UP)
    report = check_ai(path, sandbox="off", sample=40)  # recognising it is the point, not every position
    assert report.interface is not None
    assert "findBestMove(board) on a list of 3 lists, '_' for empty, 'x' and 'o' for X and O" in report.interface
    assert report.interface.endswith("plays X only")
    assert report.findings == () and report.exit_status == 0
