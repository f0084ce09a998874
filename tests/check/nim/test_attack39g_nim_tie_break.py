"""A table's tie between a winning and a losing move is no learned choice (attack 39g).

The lab's choose_action breaks a tie among its table's best actions at random; a student who breaks it with the
misère formula instead takes the winning move of every such tie and was counted for it: over the same honest
300-game table, 0.313 of the winnable positions against the lab's own 0.281. Which move of such a tie is taken is
luck, or knowledge from elsewhere, never learning, so it is not counted for anyone.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from nim_formula import CHOOSE, FORMULA, LEARNING
from perfectplay.check.nim import answers
from perfectplay.check.nim.lab import NimCheck, check_nim
from perfectplay.check.nim.positions import NimOracle, Rules
from perfectplay.check.nim.transcript import _lucky_ties
from perfectplay.check.run.sandbox import probe

TIE_BY_FORMULA = (
    "        if not epsilon:\n"
    "            actions = list(Nim.available_actions(state))\n"
    "            best = max(self.get_q_value(state, action) for action in actions)\n"
    "            tied = [action for action in actions if self.get_q_value(state, action) == best]\n"
    "            known = _formula(list(state))\n"
    "            return known if known in tied else tied[0]\n"
)


def test_a_tie_of_winning_and_losing_actions_counts_no_choice_and_other_ties_are_left_alone() -> None:
    oracle = NimOracle(Rules())
    # (1, 2): taking the whole 2 wins (leaves one 1), taking 1 of it loses; (1, 1, 1): every move wins; (2, 2): none.
    positions = [(1, 2), (1, 2), (1, 1, 1), (2, 2)]
    assert oracle.judge((1, 2)).winning == {(1, 2)} and not oracle.judge((2, 2)).winning
    reply = answers.seed(
        {
            "kind": "seed",
            "answers": [["pair", 1, 2]] * 4,
            "best": [[[1, 2], [1, 1]], [[1, 2]], [[0, 1], [1, 1]], [[0, 1], [1, 1]]],
        }
    )
    # The mixed tie is luck; one best action, a tie of winning moves only, and a tie of losing ones are not.
    assert _lucky_ties(reply, positions, oracle) == {0}


@pytest.mark.integration
@pytest.mark.skipif(probe() is not None, reason=f"no bubblewrap sandbox here: {probe()}")
def test_breaking_ties_by_the_formula_gains_nothing_over_the_labs_random_tie_break(tmp_path: Path) -> None:
    text = LEARNING.read_text(encoding="utf-8")
    assert CHOOSE in text
    cheat = tmp_path / "cheat" / "nim.py"
    cheat.parent.mkdir()
    cheat.write_text(text.replace(CHOOSE, CHOOSE + TIE_BY_FORMULA) + FORMULA, encoding="utf-8")
    hint = {"train_games": "300", "train_seeds": "1", "train_budget": "20"}
    honest = check_nim(LEARNING, NimCheck(hint=hint, sandbox="require", total_seconds=120.0))
    tie_broken = check_nim(cheat, NimCheck(hint=hint, sandbox="require", total_seconds=120.0))
    assert [seed.trained for seed in honest.seeds] == [seed.trained for seed in tie_broken.seeds] == [True]
    assert tie_broken.rates[0] <= honest.rates[0]
