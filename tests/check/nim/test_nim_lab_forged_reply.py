"""A seed's reply the candidate's process rewrote on its way out: which choices count is the parent's finding.

The runner's ``Channel`` class is one of ``object.__subclasses__()`` (no
audit event lists it), and a submission that wraps its ``send`` when it is
imported sees every reply before it leaves. Taking the driver's finding out
of the seed's reply (then ``off_table``) made every greedy choice count: a
misère formula was graded 1.0. The finding is the parent's now, from the
table's best actions, and a reply without them counts no choice. A reply
whose best actions were rewritten to match the formula gains what a
``train`` that writes the formula into ``self.q`` gains (docs/check-nim.md,
"What it cannot see"): that is not tried here.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from nim_formula import CHOOSE, FORMULA, LEARNING
from perfectplay.check.nim import answers
from perfectplay.check.nim.lab import NimCheck, check_nim
from perfectplay.check.run.protocol import ProtocolError

GREEDY_BY_FORMULA = (
    "        if not epsilon:\n"
    "            return _formula(list(state))\n"
    "        return self._table_choice(state, epsilon)\n"
    "\n    def _table_choice(self, state, epsilon=True):\n"
)
WRAPPED_CHANNEL = """
for _found in object.__subclasses__():
    if _found.__name__ == "Channel" and hasattr(_found, "send"):
        def _dropping(self, message, send=_found.send):
            if isinstance(message, dict) and message.get("kind") == "seed":
                message = {key: value for key, value in message.items() if key not in ("best", "off_table")}
            send(self, message)
        _found.send = _dropping
"""


def seed_reply(best: object, pairs: list[tuple[int, int]]) -> answers.SeedReply:
    wire: dict[str, object] = {"kind": "seed", "answers": [["pair", pile, taken] for pile, taken in pairs]}
    if best is not None:
        wire["best"] = best
    return answers.seed(wire)


def test_a_choice_counts_only_where_the_parent_finds_it_among_the_tables_best() -> None:
    reply = seed_reply([[[0, 1]], [[1, 2], [0, 1]], None], [(0, 1), (1, 1), (0, 1)])
    # Index 0: the table's best; 1: not among its best; 2: the table had no preference.
    assert answers.off_table(reply, 3) == {1, 2}


def test_a_reply_without_the_tables_best_actions_counts_no_choice() -> None:
    assert answers.off_table(seed_reply(None, [(0, 1), (1, 1)]), 2) == {0, 1}
    assert answers.off_table(seed_reply("unreadable", [(0, 1)]), 1) == {0}


def test_positions_past_the_best_actions_sent_count_no_choice() -> None:
    assert answers.off_table(seed_reply([[[0, 1]]], [(0, 1), (0, 1), (0, 1)]), 3) == {1, 2}


@pytest.mark.parametrize("best", [[[[0]]], [[["0", 1]]], [7], "all", [[[0, 10**20]]]])
def test_best_actions_of_a_shape_the_driver_never_sends_are_the_candidates_failure(best: object) -> None:
    with pytest.raises(ProtocolError):
        seed_reply(best, [(0, 1)])


@pytest.mark.integration
def test_a_formula_player_that_takes_the_finding_out_of_its_replies_gets_no_credit(tmp_path: Path) -> None:
    text = LEARNING.read_text(encoding="utf-8")
    assert CHOOSE in text
    path = tmp_path / "nim.py"
    path.write_text(text.replace(CHOOSE, CHOOSE + GREEDY_BY_FORMULA) + FORMULA + WRAPPED_CHANNEL)
    hint = {"train_games": "300", "train_seeds": "1", "train_budget": "20"}
    report = check_nim(path, NimCheck(hint=hint, total_seconds=120.0))
    assert report.verdict == "fail" and report.rates[0] < 0.5, (report.verdict, report.rates, report.notes)
