"""The same seed, the same grade: a Connect Four agent with chance in it is graded alike by every check under one seed.

The one-ply example breaks ties with ``random.choice``; a ConnectX agent
draws its column with NumPy's legacy generator. Before the checker seeded
both from the check's seed, one file under one ``--seed`` scored 53 and
then 50 (33 and 42 in another run): the positions were the same, the
agent's draws and so its games were not.
"""

from __future__ import annotations

import functools
from dataclasses import replace
from pathlib import Path

import pytest

from hostile_payloads import EITHER_SANDBOX
from perfectplay.check.connect4.check import check_connect4
from perfectplay.check.connect4.model import Connect4Report
from perfectplay.check.connect4.score import connect4_score
from perfectplay.check.report.score import Score

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "connect4"
ONE_PLY = EXAMPLES / "one_ply_board.py"

NUMPY_AGENT = """
import numpy as np


def agent(observation, configuration):
    open_columns = [col for col in range(configuration.columns) if observation.board[col] == 0]
    return int(np.random.choice(open_columns))
"""


SEED = 5
"""The seed of the hostile agents' checks (test_connect4_agent_hostile.py): its 16 positions are drawn once a run
for them all (tests/drawn_positions.py), and any seed shows an agent's chance."""

Graded = tuple[Connect4Report, Score]

pytestmark = pytest.mark.xdist_group("connect4-same-seed")  # one worker: the first checks below are made once


def graded(path: Path, seed: int = SEED, sandbox: str = "auto", workers: int = 2, positions: int = 16) -> Graded:
    """The report (its timings aside) and the points of a fresh check of ``path`` with its games, under ``seed``."""
    report = check_connect4(path, positions=positions, seed=seed, sandbox=sandbox, workers=workers)
    assert report.problem is None and report.games, report.problem
    return replace(report, timing=None), connect4_score(report)


@functools.cache
def graded_first(path: Path, seed: int = SEED, sandbox: str = "auto", workers: int = 2) -> Graded:
    """``graded``, made once for the tests that read it; every test still compares it with a check of its own."""
    return graded(path, seed, sandbox=sandbox, workers=workers)


@pytest.mark.parametrize("sandbox", EITHER_SANDBOX)
def test_the_one_ply_example_that_breaks_ties_at_random_is_graded_alike_twice(sandbox: str) -> None:
    # The first unsandboxed check is also the one the tests below compare theirs with.
    assert graded_first(ONE_PLY, sandbox=sandbox) == graded(ONE_PLY, sandbox=sandbox)


def test_one_agent_process_or_two_and_so_games_on_other_processes_give_the_same_grade() -> None:
    # Unsandboxed: the seed reaches the sandbox's processes as it does these (the test above).
    assert graded(ONE_PLY, sandbox="off", workers=1) == graded_first(ONE_PLY, sandbox="off", workers=2)


def test_an_agent_drawing_from_numpy_s_legacy_generator_is_graded_alike_twice(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    path = tmp_path / "agent.py"
    path.write_text(NUMPY_AGENT)
    # One process for each side's positions: each of a check's processes imports NumPy (a sixth of a CPU second),
    # and one process or two give the same grade (the test above).
    assert graded(path, workers=1) == graded(path, workers=1)


def test_another_seed_may_give_another_grade() -> None:
    # The games are drawn from the seed alone, not from how many positions are asked: the other seed's check asks
    # the six positions of seed 3 that other tests' checks draw (tests/drawn_positions.py), not forty drawn for it.
    first, other = graded_first(ONE_PLY, sandbox="off"), graded(ONE_PLY, seed=3, sandbox="off", positions=6)
    assert [game.moves for game in first[0].games] != [game.moves for game in other[0].games]
