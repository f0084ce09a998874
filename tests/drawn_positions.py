"""Connect Four checks' positions, drawn once per test run for each count and seed, handed to every check asking them.

A check draws its positions from its seed and solves each one exactly
(``pool.draw_positions``: about 2.7 s of CPU for forty), and the same count
and seed always draw the same positions; the checker keeps the last four
draws of its process. Tests check many agents on the same few draws, in
several processes: ``drawn_once`` shares each draw with every test process
of the run (tests/shared_results.py), and ``run_drawn`` hands the draws a
test made to a ``perfectplay`` process it starts, before the command runs.
Only the drawing is shared: what a check does with the positions is the
check's own. The drawing itself is tested on the pool, unshared
(tests/check/connect4/test_connect4_drawn_positions.py).
"""

from __future__ import annotations

import pickle
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from perfectplay.check.connect4 import asking, pool
from perfectplay.check.connect4.suite import SuitePosition
from shared_results import SharedResults

Drawn = tuple[SuitePosition, ...]


def drawn_once(shared: SharedResults) -> Callable[[int, int], Drawn]:
    """``draw_positions`` as the checker calls it, each count and seed drawn once per run."""

    def draw(count: int, seed: int) -> Drawn:
        return shared.get(repr(("connect4 positions", count, seed)), lambda: pool.draw_positions(count, seed))

    return draw


def as_checked(count: int, seed: int) -> Drawn:
    """The positions a check of ``count`` positions under ``seed`` asks, drawn as the check draws them
    (``asking.draw_positions``): in a test process, the run's one draw (tests/check/conftest.py)."""
    drawn: Drawn = vars(asking)["draw_positions"](count, seed)
    return drawn


PRELOAD = """
import pickle, runpy, sys
from perfectplay.check.connect4 import asking
with open(sys.argv.pop(1), "rb") as file:
    drawn = pickle.load(file)
made = asking.draw_positions
asking.draw_positions = lambda count, seed: drawn[count, seed] if (count, seed) in drawn else made(count, seed)
sys.argv[0] = "perfectplay"
"""
"""The start of a ``python -c`` program: the draws in the file its first argument names are the checker's."""


def write_draws(file: Path, draw: Callable[[int, int], Drawn], *keys: tuple[int, int]) -> Path:
    """The draws of these (count, seed) pairs, pickled into ``file``."""
    file.write_bytes(pickle.dumps({key: draw(*key) for key in keys}))
    return file


def run_drawn(draws: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``perfectplay ARGS`` in a new process (as ``run_cli``), its checks finding the draws in ``draws`` made."""
    from cli_helpers import PATIENCE  # here: a check's process imports this module, and cli_helpers imports pytest

    code = PRELOAD + "runpy.run_module('perfectplay', run_name='__main__', alter_sys=True)\n"
    return subprocess.run(
        [sys.executable, "-c", code, str(draws), *args], capture_output=True, text=True, timeout=PATIENCE
    )
