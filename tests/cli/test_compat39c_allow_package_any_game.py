"""A tic-tac-toe AI on a NumPy board is checked where the teacher allows NumPy (honest code, third round).

``import numpy as np`` at the top of a tic-tac-toe AI made its check "not gradable" (0 points) with no way for
the teacher to allow it: ``--allow-package`` was Connect Four's alone. It is any game's now, and the refusal of a
file whose import failed on a package installed where perfectplay runs names the flag.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_helpers import InProcess
from perfectplay.check.run.sandbox import probe as sandbox_problem

NUMPY_AI = """\
import numpy as np

KNOWN = {}  # each position's value, found once: a plain NumPy minimax takes 20 s of CPU over a check's positions


def check_win(board):
    sums = list(board.sum(axis=0)) + list(board.sum(axis=1)) + [board.trace(), np.fliplr(board).trace()]
    return 1 if 3 in sums else -1 if -3 in sums else 0


def minimax(board, player, depth=0):
    key = (board.tobytes(), player, depth)
    if key not in KNOWN:
        KNOWN[key] = search(board, player, depth)
    return KNOWN[key]


def search(board, player, depth):
    won = check_win(board)
    if won:
        return won * (10 - depth)
    empties = np.argwhere(board == 0)
    if len(empties) == 0:
        return 0
    scores = []
    for r, c in empties:
        board[r, c] = player
        scores.append(minimax(board, -player, depth + 1))
        board[r, c] = 0
    return max(scores) if player == 1 else min(scores)


def best_move(board):
    board = np.array(board)
    player = 1 if board.sum() == 0 else -1
    best, best_score = None, None
    for r, c in np.argwhere(board == 0):
        board[r, c] = player
        score = minimax(board, -player, 1)
        board[r, c] = 0
        if best_score is None or (score > best_score if player == 1 else score < best_score):
            best, best_score = (int(r), int(c)), score
    return best
"""


def test_a_numpy_tictactoe_ai_is_told_the_flag_then_checked_with_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("numpy")
    path = tmp_path / "tictactoe.py"
    path.write_text(NUMPY_AI)
    run = InProcess(capsys, monkeypatch)
    common = ["check", str(path), "--sandbox", "off", "--sample", "12", "--seed", "3"]
    refused = run(*common)
    assert "No module named 'numpy'" in refused.stdout and "--allow-package numpy shows it" in refused.stdout
    allowed = run(*common, "--allow-package", "numpy")
    assert allowed.returncode == 0, allowed.stdout + allowed.stderr
    assert "on a list of 3 lists, 0 for empty, 1 and -1 for X and O" in allowed.stdout


@pytest.mark.parametrize("game", ["tictactoe", "nim"])
def test_a_package_not_installed_is_refused_in_one_line_for_every_game(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "ai.py"
    path.write_text("def best_move(board):\n    return 0\n")
    run = InProcess(capsys, monkeypatch)
    refused = run("check", str(path), "--game", game, "--allow-package", "no_such_package_here", "--sandbox", "off")
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1
    assert "--allow-package no_such_package_here: no such package is installed here" in refused.stderr


def test_the_isolation_line_names_the_packages_the_sandbox_shows(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # It said "the standard library and no installed package" with numpy allowed, and shown, all the same.
    pytest.importorskip("numpy")
    if sandbox_problem() is not None:
        pytest.skip(f"no bubblewrap sandbox here: {sandbox_problem()}")
    path = tmp_path / "tictactoe.py"
    path.write_text(NUMPY_AI)
    run = InProcess(capsys, monkeypatch)
    common = ["check", str(path), "--sandbox", "require", "--sample", "12", "--seed", "3", "--format", "json"]
    allowed = json.loads(run(*common, "--allow-package", "numpy").stdout)["isolation"]
    assert "the standard library and the allowed numpy," in allowed and "no installed package" not in allowed
    plain = json.loads(run(*common).stdout)["isolation"]
    assert "the standard library and no installed package," in plain
