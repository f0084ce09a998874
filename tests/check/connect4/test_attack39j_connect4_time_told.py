"""A ConnectX agent is told the time the check lends a move (attack 39j): never more than the limit per move.

Kaggle's agents think until ``configuration.actTimeout`` (less a margin), and some spend
``observation.remainingOverageTime`` on hard moves. The check told every agent Kaggle's 2 s and a 60 s overage
bank whatever its own limit: under ``--time-per-move 1`` an agent that takes what it is told timed out in every
position (0 of 40 legal, its games forfeited), an honest agent graded on the checker's promise.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from perfectplay.check.connect4.check import check_connect4
from perfectplay.check.connect4.detect import KAGGLE_ACT_TIMEOUT, act_timeout
from perfectplay.check.run.sandbox import probe

POSITIONS = 12
SEED = 28

# Answers a legal column only when what it was told fits a 1 s limit per move: no more than 1 s a move and no
# overage; anything else, where an agent using its time would have run past the limit, is column 9.
TOLD = """
def agent(observation, configuration):
    column = next(c for c in range(7) if observation.board[c] == 0)
    fits = configuration.actTimeout <= 1 and configuration.timeout <= 1 and observation.remainingOverageTime == 0
    return column if fits else 9
"""


def test_kaggles_two_seconds_are_promised_only_where_the_limit_per_move_is_as_long() -> None:
    assert act_timeout(5.0) == KAGGLE_ACT_TIMEOUT == 2.0
    assert act_timeout(2.0) == 2.0
    assert act_timeout(0.5) == 0.5


@pytest.mark.integration
@pytest.mark.skipif(probe() is not None, reason=f"no bubblewrap sandbox here: {probe()}")
def test_an_agent_told_the_checks_own_limit_per_move_answers_within_it(tmp_path: Path) -> None:
    path = tmp_path / "agent.py"
    path.write_text(TOLD)
    report = check_connect4(path, positions=POSITIONS, seed=SEED, games=False, sandbox="require", move_seconds=1.0)
    assert report.problem is None and report.complete and report.overall.asked == POSITIONS
    assert report.overall.legal == POSITIONS
    assert not report.failures
