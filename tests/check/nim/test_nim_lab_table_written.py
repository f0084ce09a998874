"""A trained table must be learned: values that ``update_q_value`` never wrote are no learning (issue 39).

The lab's training is the student's ``train``: a ``train`` (or ``NimAI()``) that fills ``self.q`` with the
misère formula's answer for every action, and never learns, played every winning move from its own table and
was graded 50 of 50 for play, with an ``update_q_value`` that does nothing at all.
"""

from __future__ import annotations

import functools
from pathlib import Path

from perfectplay.check.nim.lab import NimCheck, check_nim
from perfectplay.check.nim.model import NimReport

LEARNING = Path(__file__).resolve().parents[3] / "examples" / "nim" / "learning" / "nim.py"
QUICK = {"train_games": "300", "train_seeds": "1", "train_budget": "20"}

UPDATE = "def update_q_value(self, state, action, old_q, reward, future_rewards):"

FORMULA = '''

def _fill(table):
    """Every action of every position from the start, 1 where it wins (misère), -1 where it loses."""
    import itertools
    for piles in itertools.product(range(2), range(4), range(6), range(8)):
        for action in Nim.available_actions(list(piles)):
            after = list(piles)
            after[action[0]] -= action[1]
            mixed = 0
            for left in after:
                mixed ^= left
            wins = sum(after) > 0 and (mixed == 0 if max(after) > 1 else sum(after) % 2 == 1)
            table[(tuple(piles), action)] = 1.0 if wins else -1.0
'''


def check(path: Path) -> NimReport:
    return check_nim(path, NimCheck(hint=QUICK, total_seconds=120.0))


def hostile(tmp_path: Path, tail: str, **edits: str) -> Path:
    """The lab's example, each edit made (each must be found), ``tail`` appended."""
    source = LEARNING.read_text(encoding="utf-8")
    assert all(old in source for old in edits), edits
    edited = functools.reduce(lambda text, edit: text.replace(*edit), edits.items(), source)
    (tmp_path / "nim.py").write_text(edited + tail, encoding="utf-8")
    return tmp_path / "nim.py"


def test_a_train_that_fills_the_table_by_formula_and_never_learns_gets_no_winning_move_counted(
    tmp_path: Path,
) -> None:
    tail = FORMULA + "\n\ndef train(n):\n    player = NimAI()\n    _fill(player.q)\n    return player\n"
    report = check(hostile(tmp_path, tail, **{UPDATE: UPDATE + "\n        return"}))
    assert report.seeds[0].trained and report.seeds[0].play is not None
    assert report.rates[0] < 0.1, report.rates
    assert any("never written by update_q_value" in note for note in report.notes), report.notes


def test_a_table_filled_by_formula_in_its_constructor_under_honest_training_gets_no_winning_move_counted(
    tmp_path: Path,
) -> None:
    # Training overwrites what it visits; what 300 games never reach still holds the formula's values.
    edits = {"self.q = dict()": "self.q = dict()\n        _fill(self.q)"}
    report = check(hostile(tmp_path, FORMULA, **edits))
    assert report.rates[0] < 0.1, report.rates
    assert any("never written by update_q_value" in note for note in report.notes), report.notes


def test_an_honest_table_learned_through_update_q_value_is_counted(tmp_path: Path) -> None:
    report = check(hostile(tmp_path, ""))
    assert report.seeds[0].trained and report.rates[0] > 0.2, report.rates  # 0.28 after 300 games
    assert not any("never written" in note for note in report.notes), report.notes


TWO_FACED = '''
        if len(self.q) < 10:  # a hand-made table: the rule, as the specification states it
            self.q[(tuple(state), action)] = old_q + self.alpha * (reward + future_rewards - old_q)
        else:  # training: the formula's answer, whatever was learned (its table filled once, not at every write)
            if not _FORMULA:
                _fill(_FORMULA)
            self.q[(tuple(state), action)] = _FORMULA.get((tuple(state), action), 0)
        return'''

FORMULA_ONCE = "\n\n_FORMULA = {}\n"
"""The table TWO_FACED writes from, a module global of the student's file."""


def test_an_update_that_keeps_the_rule_on_hand_made_tables_and_writes_the_formula_in_training_is_not_counted(
    tmp_path: Path,
) -> None:
    report = check(hostile(tmp_path, FORMULA + FORMULA_ONCE, **{UPDATE: UPDATE + TWO_FACED}))
    assert all(unit.passed for unit in report.units if unit.name.startswith("update")), report.units
    assert report.seeds[0].trained and report.rates[0] < 0.1, report.rates
    assert any("not old + alpha * (reward + future - old)" in note for note in report.notes), report.notes


def test_an_honest_update_called_by_keyword_that_lowers_alpha_after_each_write_is_counted(tmp_path: Path) -> None:
    # Read as the student's method binds its arguments, with the alpha it wrote with: no honest variant is
    # taken for an update that keeps another rule in training.
    call = "self.update_q_value(old_state, action, old, reward, best_future)"
    keyword = (
        "self.update_q_value(state=old_state, action=action, old_q=old, reward=reward, future_rewards=best_future)"
    )
    lowered = (
        f"{UPDATE}\n        self._written(state, action, old_q, reward, future_rewards)\n"
        "        self.alpha = max(0.25, self.alpha * 0.999)\n\n"
        "    def _written(self, state, action, old_q, reward, future_rewards):"
    )
    report = check(hostile(tmp_path, "", **{call: keyword, UPDATE: lowered}))
    assert all(unit.passed for unit in report.units if unit.name.startswith("update")), report.units
    assert report.seeds[0].trained and report.rates[0] > 0.2, report.rates
    assert not any("old + alpha" in note or "never written" in note for note in report.notes), report.notes


def test_learned_values_wiped_to_zero_where_the_formula_says_the_move_loses_count_no_winning_move(
    tmp_path: Path,
) -> None:
    # A 0 is what an unknown action is worth, so zeros update_q_value never wrote are left alone; a 0 where it
    # wrote a value is an edit of what was learned.
    wipe = (
        "\n\n_learn = train\n\ndef train(n):\n    player = _learn(n)\n    table = {}\n    _fill(table)\n"
        "    for key, value in list(player.q.items()):\n"
        "        if table.get(key, 0) < 0 and value > 0:\n            player.q[key] = 0\n    return player\n"
    )
    report = check(hostile(tmp_path, FORMULA + wipe))
    assert report.seeds[0].trained and report.rates[0] < 0.1, report.rates
    assert any("never written by update_q_value" in note for note in report.notes), report.notes


def test_an_update_that_stores_under_keys_of_its_own_is_unread_not_called_forged(tmp_path: Path) -> None:
    # A student's bug (the state as str, not tuple): its table is never read as learned, and no note says it was
    # filled some other way: update_q_value wrote every value in it.
    stored = "self.q[(tuple(state), action)] = old_q + self.alpha * (target - old_q)"
    report = check(hostile(tmp_path, "", **{stored: stored.replace("tuple(state)", "str(state)")}))
    assert report.seeds[0].trained and report.rates[0] < 0.5, report.rates
    assert not any("never written" in note for note in report.notes), report.notes
