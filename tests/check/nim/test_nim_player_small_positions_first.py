"""A Nim minimax player is asked the positions with the fewest objects first.

A plain minimax without memory is right everywhere and slow only on the
largest positions. Asked the largest first, its time-outs there used up the
check's time before any position it answers at once was asked: a student
whose every answer is right scored 10 of 100, none of its 383 answers legal.
"""

from __future__ import annotations

import json
from pathlib import Path

from cli_helpers import run_cli
from nim_formula import MISERE_SEARCH

SLOW_ON_THE_LARGEST = MISERE_SEARCH + '''

def best_move(piles):
    while sum(piles) >= 12:  # the 54 largest positions: it never finishes there
        pass
    moves = [(i, t) for i in range(len(piles)) for t in range(1, piles[i] + 1)]
    return next((move for move in moves if not mover_wins(after(tuple(piles), *move))), moves[0])
'''


def test_a_player_slow_only_on_the_largest_positions_is_asked_and_credited_every_smaller_one(tmp_path: Path) -> None:
    player = tmp_path / "nim.py"
    player.write_text(SLOW_ON_THE_LARGEST, encoding="utf-8")
    argv = ["check", "--game", "nim:misere", str(player), "--sandbox", "off", "--time-per-move", "0.1"]
    done = run_cli(*argv, "--time-limit", "2", "--format", "json")
    report = json.loads(done.stdout)
    assert report["player"]["asked"] == 383
    assert report["player"]["legal"] == 383 - 54  # every position below 12 objects answered, and right
    assert report["points"] >= 85, report["points"]
    # What it got wrong is only where it never answers, in its words: a time-out, not "raised a time-out".
    for wrong in report["player"]["wrong"]:
        assert sum(wrong["piles"]) >= 12 and wrong["chose"] == "no move: took more than its 0.1 s of cpu time"
