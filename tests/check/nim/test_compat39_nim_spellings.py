"""A minimax Nim player named as students name it (findBestMove, bestMove) is checked, not refused."""

from __future__ import annotations

from pathlib import Path

from perfectplay.check.nim.detect import NimInterface, detect
from perfectplay.check.nim.lab import NimCheck, check_nim
from perfectplay.check.plug import LoadedModule, spelt

PLAYER = """\
import sys
from functools import lru_cache

sys.setrecursionlimit(5000)


@lru_cache(maxsize=None)
def minimax(piles, maximizing):
    if sum(piles) == 0:  # the side that just moved took the last object: it lost
        return 1 if maximizing else -1
    scores = []
    for i, size in enumerate(piles):
        for take in range(1, size + 1):
            after = list(piles)
            after[i] -= take
            scores.append(minimax(tuple(after), not maximizing))
    return max(scores) if maximizing else min(scores)


def findBestMove(piles):
    print("piles:", piles)
    best, move = -2, None
    for i, size in enumerate(piles):
        for take in range(1, size + 1):
            after = list(piles)
            after[i] -= take
            score = minimax(tuple(after), False)
            if score > best:
                best, move = score, (i, take)
    return move


if __name__ == "__main__":
    piles = [1, 3, 5, 7]
    while sum(piles):
        i, n = findBestMove(piles)
        piles[i] -= n
"""


def test_a_name_is_found_whatever_its_case_and_underscores_the_exact_one_first() -> None:
    assert spelt(["minimax", "findBestMove"], "find_best_move") == "findBestMove"
    assert spelt(["BestMove", "best_move"], "best_move") == "best_move"
    assert spelt(["best_moves", "bestmove_helper"], "best_move") is None
    assert detect(LoadedModule(functions={"minimax": 2, "bestMove": 1})) == NimInterface("player", "bestMove")
    # The teacher's --function is taken as written.
    assert "no function named findbestmove" in str(
        detect(LoadedModule(functions={"findBestMove": 1}), function="findbestmove")
    )


def test_a_camel_case_minimax_player_with_a_cache_and_prints_is_checked_and_perfect(tmp_path: Path) -> None:
    path = tmp_path / "nim_player.py"
    path.write_text(PLAYER, encoding="utf-8")
    report = check_nim(path, NimCheck(hint={"rules": "misere"}, total_seconds=120.0))
    assert report.problem is None and report.verdict == "pass"
    assert report.player is not None and report.player.winning == report.player.winnable
