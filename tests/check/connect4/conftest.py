"""Fixtures for the Connect Four checks' tests: the examples checked on one seeded draw, each check made once a run."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from perfectplay.check.connect4.check import check_connect4
from perfectplay.check.connect4.model import Connect4Report
from repo_paths import ROOT
from shared_results import SharedResults

ONE_DRAW = (30, 202)
"""Positions and seed of the draw the examples are compared on (stratified: every phase in its share)."""


@pytest.fixture(scope="session")
def example_on_one_draw(shared_results: SharedResults) -> Callable[[str, bool], Connect4Report]:
    """``examples/connect4/NAME.py`` checked unsandboxed on ``ONE_DRAW``, with its games or without: each once a run
    for every test process (tests/shared_results.py). The alpha-beta example's games alone cost seconds of CPU, and
    the rates' test, the score's and the JSON schema's read the same checks. An answer's chance is drawn from the
    check's seed and the question alone (run/chance.py), so the positions' answers are the same with the games or
    without them."""

    def check(name: str, games: bool) -> Connect4Report:
        positions, seed = ONE_DRAW

        def make() -> Connect4Report:
            path = ROOT / "examples" / "connect4" / f"{name}.py"
            # One process a side: the examples' answers are the subject, not how many processes ask them.
            return check_connect4(
                path, positions=positions, seed=seed, games=games, sandbox="off", move_seconds=10.0, workers=1
            )

        return shared_results.get(repr(("connect4 example on one draw", name, games)), make)

    return check
