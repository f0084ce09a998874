"""A check with one candidate process asks its sample again in another process than the first time: a randomised
AI that keeps its first answer to each board in each process shows itself, as it does to a check with two."""

from __future__ import annotations

from pathlib import Path

from perfectplay.check.api import check_ai
from perfectplay.check.settings import Candidate, Limits

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


REMEMBERS = '''
_chosen = {}
_random_move = find_best_move


def find_best_move(board):
    """The randomised minimax's move, drawn once per board in this process and then kept."""
    key = str(board)
    if key not in _chosen:
        _chosen[key] = _random_move(board)
    return _chosen[key]
'''


def test_one_candidate_process_still_asks_a_sample_again_in_another_process(tmp_path: Path) -> None:
    # Random, but each process keeps its first answer per board: asked again in the same process it looks
    # deterministic; another process (two workers: the other one; one: a fresh one) gives it away.
    ai = tmp_path / "remembers.py"
    ai.write_text((EXAMPLES / "randomised.py").read_text() + REMEMBERS)
    report = check_ai(Candidate(ai), limits=Limits(workers=1))
    assert report.randomised or any("change with what it was asked before" in note for note in report.notes)
    assert report.timing.moves >= 2 * 4520  # every position asked at least twice, as with two workers
