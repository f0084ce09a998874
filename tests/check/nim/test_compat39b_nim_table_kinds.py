"""CS50's nim.py as students write it: a defaultdict Q-table, max(..., default=0), the update's steps swapped."""

from __future__ import annotations

from pathlib import Path

import pytest

from perfectplay.check.nim.lab import NimCheck, check_nim

ROOT = Path(__file__).resolve().parents[3]
LEARNING = ROOT / "examples" / "nim" / "learning" / "nim.py"
QUICK = {"train_games": "300", "train_seeds": "1", "train_budget": "20"}
"""Few games: the hand-made tables' checks are the subject here, not how well it learns."""
GET = "return self.q.get((tuple(state), action), 0)"
FUTURE = """        actions = Nim.available_actions(state)
        if not actions:
            return 0
        return max(self.get_q_value(state, action) for action in actions)"""
UPDATE = """        old = self.get_q_value(old_state, action)
        best_future = self.best_future_reward(new_state)"""
VARIANTS = {
    # self.q = defaultdict(float): self.q[key] reads 0 for an unknown pair, with no .get.
    "defaultdict": (
        ("import random\n", "import random\nfrom collections import defaultdict\n"),
        ("self.q = dict()", "self.q = defaultdict(float)"),
        (GET, "return self.q[(tuple(state), action)]"),
    ),
    "max_default": (
        (FUTURE, "        return max((self.get_q_value(state, a) for a in Nim.available_actions(state)), default=0)"),
    ),
    "future_first": ((UPDATE, "\n".join(reversed(UPDATE.split("\n")))),),
    "epsilon_is_true": (
        ("if epsilon and random.random() < self.epsilon:", "if epsilon == True and random.random() < self.epsilon:"),
    ),
}


def _variant(tmp_path: Path, name: str) -> Path:
    text = LEARNING.read_text(encoding="utf-8")
    for old, new in VARIANTS[name]:
        assert text.count(old) == 1, (name, old)
        text = text.replace(old, new, 1)
    path = tmp_path / name / "nim.py"
    path.parent.mkdir()
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_each_way_of_writing_the_methods_passes_every_hand_made_table_check(tmp_path: Path, name: str) -> None:
    # One process: how the methods are written is the subject (one process or two give the same grade).
    report = check_nim(_variant(tmp_path, name), NimCheck(hint=QUICK, total_seconds=120.0, workers=1))
    failed = [(unit.name, unit.detail) for unit in report.units if not unit.passed]
    assert len(report.units) == 15 and failed == [], failed
