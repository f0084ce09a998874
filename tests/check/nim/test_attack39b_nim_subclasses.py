"""A formula player that reaches the Nim driver's class through ``object.__subclasses__()`` and rewrites its finding.

The audit hook (``run/inside/guard.py``) refuses the call stack, the garbage collector and ``ctypes``, but
listing a class's subclasses raises no audit event: the driver's ``Driver`` class is one of ``object``'s, its
``seed`` method's ``__globals__`` is the driver module's own dictionary, and replacing ``off_table`` there makes
every greedy choice "among the table's best" -- when that finding was the driver's. It is the parent's now
(``answers.off_table``, from the best actions sent before any choice). The other routes are
``test_nim_lab_driver_forgery.py``'s.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from nim_formula import CHOOSE, FORMULA, LEARNING
from perfectplay.check.nim.lab import NimCheck, check_nim

FORGE = (
    "        if not epsilon and not getattr(NimAI, '_forged', False):\n"
    "            NimAI._forged = True\n"
    "            for found in object.__subclasses__():\n"
    "                if found.__name__ == 'Driver' and hasattr(found, 'table_best'):\n"
    "                    found.seed.__globals__['off_table'] = lambda best, answers: []\n"
    "        if not epsilon:\n"
    "            return _formula(list(state))\n"
    "        return self._table_choice(state, epsilon)\n"
    "\n    def _table_choice(self, state, epsilon=True):\n"
)


@pytest.mark.integration
def test_a_formula_player_cannot_rewrite_the_drivers_finding_through_the_subclasses_of_object(tmp_path: Path) -> None:
    text = LEARNING.read_text(encoding="utf-8")
    assert CHOOSE in text
    path = tmp_path / "nim.py"
    path.write_text(text.replace(CHOOSE, CHOOSE + FORGE) + FORMULA)
    hint = {"train_games": "300", "train_seeds": "1", "train_budget": "20"}
    report = check_nim(path, NimCheck(hint=hint, total_seconds=120.0))
    assert report.verdict == "fail" and report.rates[0] < 0.5, (report.verdict, report.rates, report.notes)
