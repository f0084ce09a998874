"""A Nim player's illegal answers are named in the text report: the headline counts them, a line shows the simplest.

A player that wins every winnable position but answers a move off the board where it is lost read "FAIL:
winning-move rate 1.000": the one cause was in the JSON report alone (its ``first_illegal``).
"""

from __future__ import annotations

from pathlib import Path

from cli_helpers import run_cli
from nim_formula import MISERE_SEARCH

PERFECT = " (a minimax player must be perfect)"

ILLEGAL_WHEN_LOST = MISERE_SEARCH + """

def best_move(piles):
    moves = [(i, t) for i in range(len(piles)) for t in range(1, piles[i] + 1)]
    return next((move for move in moves if not mover_wins(after(tuple(piles), *move))), (0, 9))
"""


def test_a_player_that_answers_off_the_board_where_it_is_lost_is_told_where(tmp_path: Path) -> None:
    player = tmp_path / "nim.py"
    player.write_text(ILLEGAL_WHEN_LOST, encoding="utf-8")
    done = run_cli("check", "--game", "nim:misere", str(player), "--sandbox", "off")
    assert done.returncode == 1, done.stderr
    headline = done.stdout.splitlines()[0]
    # 48: every position lost for the side to move (383 positions, 335 of them winnable).
    assert headline.endswith(": FAIL: winning-move rate 1.000, 48 of 383 answers not a legal move" + PERFECT)
    assert "  no legal move, fewest objects: piles 0,0,0,1: (0, 9)" in done.stdout.splitlines()
