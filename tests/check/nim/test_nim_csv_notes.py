"""A Nim class sheet has the notes column tic-tac-toe's has: what the text report notes, the teacher reads there.

A perfect misère player checked under normal rules was told, in the text and JSON reports only, that it plays
the other rules perfectly and which flag checks it so; the CSV a teacher reads a class in said nothing.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from cli_helpers import run_cli
from nim_formula import MISERE_SEARCH

MISERE = MISERE_SEARCH + """

def best_move(piles):
    moves = [(i, t) for i in range(len(piles)) for t in range(1, piles[i] + 1)]
    return next((move for move in moves if not mover_wins(after(tuple(piles), *move))), moves[0])
"""


def test_the_sheet_notes_a_player_of_the_other_rules_and_the_flag_that_checks_it(tmp_path: Path) -> None:
    player = tmp_path / "nim.py"
    player.write_text(MISERE, encoding="utf-8")
    done = run_cli("check", "--game", "nim", str(player), "--sandbox", "off", "--format", "csv")
    (row,) = csv.DictReader(io.StringIO(done.stdout))
    assert row["verdict"] == "fail" and "it plays misère Nim perfectly" in row["notes"]
    assert "--game nim:misere" in row["notes"]
