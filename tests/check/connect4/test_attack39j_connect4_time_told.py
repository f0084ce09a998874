"""A ConnectX agent is told the time the check lends a move (attack 39j): never more than it can have.

Kaggle's agents think until ``configuration.actTimeout`` (less a margin), and some spend
``observation.remainingOverageTime`` on hard moves. The check told every agent Kaggle's 2 s and a 60 s overage
bank whatever its own limits: under ``--time-per-move 1`` an agent that takes what it is told timed out in every
position, and under PrairieLearn's ``--budget 25`` (39 s of CPU for 80 positions and 8 games) it ran the whole
check's time out after 55 positions, its games unplayed and lost: an honest agent graded on the checker's word.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from perfectplay.check.connect4.check import check_connect4
from perfectplay.check.connect4.detect import KAGGLE_ACT_TIMEOUT, act_timeout
from perfectplay.check.run.sandbox import probe
from perfectplay.check.settings import Limits

POSITIONS = 16
SEED = 5
"""The hostile agents' draw (test_connect4_agent_hostile.py), drawn once a run (tests/drawn_positions.py)."""

# Answers a legal column only where what it was told fits the limits the test gives it (MOVE a move, TOTAL in
# all for its sixteen moves) with no overage; elsewhere, where taking the time it was told would have run past
# a limit, it answers column 9.
TOLD = """
MOVE, TOTAL = {move}, {total}


def agent(observation, configuration):
    column = next(c for c in range(7) if observation.board[c] == 0)
    told = max(configuration.actTimeout, configuration.timeout) + observation.remainingOverageTime
    return column if told <= MOVE and told * {positions} <= TOTAL else 9
"""


def test_kaggles_two_seconds_are_promised_only_where_the_check_lends_as_much() -> None:
    assert act_timeout(Limits(5.0, 600.0), 200 + 168) == 1.304  # 0.8 of 600 s over 368 moves
    assert act_timeout(Limits(5.0, 6000.0), 368) == KAGGLE_ACT_TIMEOUT == 2.0
    assert act_timeout(Limits(0.5, 6000.0), 368) == 0.5
    # PrairieLearn's bundle: --budget 25 is a wall bound of 19.5 s for two processes (39 s of CPU), 80 positions.
    assert act_timeout(Limits(5.0, 39.0, wall_seconds=19.5, workers=2), 80 + 168) == 0.125
    # A class run's wall bound per student, one process each (--jobs): 300 s for 368 moves.
    assert act_timeout(Limits(5.0, 600.0, wall_seconds=300.0, workers=1), 368) == 0.652


@pytest.mark.integration
@pytest.mark.skipif(probe() is not None, reason=f"no bubblewrap sandbox here: {probe()}")
@pytest.mark.parametrize(("move", "total"), [(1.0, 600.0), (5.0, 3.0)])
def test_an_agent_told_the_checks_own_limits_answers_within_them(tmp_path: Path, move: float, total: float) -> None:
    path = tmp_path / "agent.py"
    path.write_text(TOLD.format(move=move, total=total, positions=POSITIONS))
    report = check_connect4(
        path, positions=POSITIONS, seed=SEED, games=False, sandbox="require", move_seconds=move, total_seconds=total
    )
    assert report.problem is None and report.complete and report.overall.asked == POSITIONS
    assert report.overall.legal == POSITIONS
    assert not report.failures
