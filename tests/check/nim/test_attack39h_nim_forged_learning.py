"""A trained table is learned only through the lab's update of moves: a ``train`` that plays no game cannot make a
table of the misère formula pass for learning (attack 39h).

Two ways that were graded 100 of 100 with nothing learned and no game played:

* the driver's record of what ``update_q_value`` wrote was in the watching method's ``__closure__``: a ``train``
  that filled ``q`` with the formula copied its table into that record, and every value looked written;
* the student's own, honest ``update_q_value`` fed a reward (or a future) that lands on the formula's value,
  ``update_q_value(state, action, 0, value / alpha, 0)``: the rule ``old + alpha * (reward + future - old)`` held
  on every write, though no game gives such a reward.

What the lab's ``update`` passes is known from the move alone: ``old`` is the table's value, the reward -1 for a move
that takes the last object, 1 for one that leaves a single pile (the opponent then takes it), 0 otherwise, and the
future the best value after the opponent's reply. A write off that is not learning.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from nim_formula import FORMULA, LEARNING
from perfectplay.check.nim.lab import NimCheck, check_nim
from perfectplay.check.nim.model import NimReport

FILL = """

def _fill(table):
    # Every action of every position from the start: 1 for the formula's move, -1 for the others.
    import itertools
    for piles in itertools.product(range(2), range(4), range(6), range(8)):
        if sum(piles):
            chosen = _formula(list(piles))
            for action in Nim.available_actions(list(piles)):
                table[(tuple(piles), action)] = 1.0 if action == chosen else -1.0
"""


def check(folder: Path, tail: str) -> NimReport:
    """The lab's example with ``tail`` appended (its train replaced), checked on one quick seed."""
    (folder / "nim.py").write_text(LEARNING.read_text(encoding="utf-8") + FORMULA + FILL + tail, encoding="utf-8")
    quick = {"train_games": "300", "train_seeds": "1", "train_budget": "20"}
    return check_nim(folder / "nim.py", NimCheck(hint=quick, total_seconds=120.0))


INTO_THE_RECORD = """

def train(n):
    player = NimAI()
    _fill(player.q)
    watched = NimAI.__dict__["update_q_value"]
    for cell in watched.__closure__ or ():
        try:
            held = cell.cell_contents
        except ValueError:
            continue
        if type(held) is dict:  # the checker's record of what update_q_value wrote, made to vouch for the table
            held.update(player.q)
    return player
"""

THROWN_INTO_THE_RECORDER = """

def train(n):
    player = NimAI()
    _fill(player.q)
    for name in ("update_q_value", "best_future_reward"):
        for cell in NimAI.__dict__[name].__closure__ or ():
            recorder = getattr(cell.cell_contents, "__self__", None)
            if recorder is not None and hasattr(recorder, "throw"):
                try:
                    recorder.throw(KeyboardInterrupt)  # what it holds now is anyone's guess: spoiled
                except BaseException:
                    pass
                try:
                    recorder.close()
                except BaseException:
                    pass
    return player
"""

THROUGH_THE_UPDATE = """

def train(n):
    player = NimAI()
    table = {}
    _fill(table)
    for (state, action), value in table.items():
        # The lab's own update, given numbers no game gives: the value lands exactly where the formula wants it.
        player.update_q_value(list(state), action, 0, __REWARD__, __FUTURE__)
    return player
"""


@pytest.mark.parametrize(
    "tail",
    [
        pytest.param(INTO_THE_RECORD, id="the-record-in-the-closure"),
        pytest.param(THROWN_INTO_THE_RECORDER, id="the-recorder-spoiled"),
        pytest.param(
            THROUGH_THE_UPDATE.replace("__REWARD__", "value / player.alpha").replace("__FUTURE__", "0"), id="reward"
        ),
        pytest.param(
            THROUGH_THE_UPDATE.replace("__REWARD__", "0").replace("__FUTURE__", "value / player.alpha"), id="future"
        ),
    ],
)
def test_a_table_of_the_formula_made_without_a_game_counts_no_winning_move(tmp_path: Path, tail: str) -> None:
    report = check(tmp_path, tail)
    assert all(unit.passed for unit in report.units), report.units  # its methods are the lab's, right
    assert report.seeds[0].trained and report.rates[0] < 0.1, report.rates
    assert not report.passed and any("no greedy choice is counted" in note for note in report.notes), report.notes


PLANTED = """

def train(n):
    # The formula's values planted where update_q_value never wrote, then read as the futures of the lab's own
    # update (reward 0, the opponent's reply the one leaving the least): every value ends up written by it.
    player = NimAI()
    _fill(player.q)
    for (state, action) in list(player.q):
        after = list(state)
        after[action[0]] -= action[1]
        if sum(after) == 0:
            player.update(list(state), action, after, -1)
            continue
        replies = []
        for pile, size in enumerate(after):
            for taken in range(1, size + 1):
                reply = list(after)
                reply[pile] -= taken
                if sum(reply):
                    replies.append(reply)
        if not replies:
            player.update(list(state), action, [0] * len(after), 1)
            continue
        worst = min(replies, key=player.best_future_reward)
        player.update(list(state), action, worst, 0)
    return player
"""


def test_futures_read_from_values_update_q_value_never_wrote_are_no_learning(tmp_path: Path) -> None:
    report = check(tmp_path, PLANTED)
    assert report.seeds[0].trained and report.rates[0] < 0.1, report.rates
