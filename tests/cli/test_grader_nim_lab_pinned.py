"""The Nim lab's autograder grades CS50's learning nim.py, the lab it is made for: a nim.py holding only a minimax
player's ``best_move`` (nine lines of nim-sum, no Q-learning) is not the lab's answer, never 100 of 100 as a player
under normal rules."""

from __future__ import annotations

import json
from pathlib import Path

from cli_helpers import run_cli
from perfectplay.cli.grader_files import Choices

PLAYER = """import functools, operator


def best_move(piles):
    moves = [(pile, taken) for pile, size in enumerate(piles) for taken in range(1, size + 1)]
    for pile, taken in moves:
        after = list(piles)
        after[pile] -= taken
        if functools.reduce(operator.xor, after) == 0:
            return (pile, taken)
    return moves[0]
"""


def test_the_nim_autograder_checks_the_learning_lab_whatever_the_file_offers(tmp_path: Path) -> None:
    flags = Choices(file="nim.py", game="nim").flags(None)
    assert flags[:4] == ["--game", "nim", "--nim-ai", "learning"]
    (tmp_path / "nim.py").write_text(PLAYER)
    alone = run_cli("check", "--game", "nim", str(tmp_path / "nim.py"), "--format", "gradescope", "--sandbox", "off")
    assert json.loads(alone.stdout)["score"] == 100  # as a player under normal rules, without the bundle's flag
    bundled = run_cli("check", *flags, str(tmp_path / "nim.py"), "--format", "gradescope", "--sandbox", "off")
    document = json.loads(bundled.stdout)
    assert document["score"] == 0 and "no NimAI and no train" in document["output"]
