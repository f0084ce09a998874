"""Fixtures for the checker's tests: the oracle once per test process, the examples, and their reports shared.

A whole check of an example runs the candidate in every one of its 4,520
positions (seconds of CPU, tens of seconds on a busy machine); several tests
read the same report, so ``checked`` makes each one once per run and shares
it with every xdist worker (tests/shared_results.py), and ``checked_cli``
runs the ``check`` command in process on those same shared checks.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from check_reports import Checked
from cli_helpers import InProcess
from drawn_positions import drawn_once
from perfectplay.check.connect4 import asking
from perfectplay.check.judge.oracle import TicTacToeOracle
from perfectplay.check.run import candidate, worker
from shared_results import SharedResults

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


WHOLE_CHECKS = {"checked", "checked_cli"}
"""The fixtures that hand a test whole checks of the examples: a test that reads one is slow, in whichever file."""


@pytest.hookimpl(tryfirst=True)  # before pytest's own hook deselects by marker (-m)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test that reads a whole check (every position of an example, seconds of CPU each) is marked slow, so
    ``--fast`` leaves it out as it leaves out the other slow tests; the full suite shares each check once.

    They are one xdist group too: under ``--dist loadgroup`` one worker makes
    each check and every test reading it follows there, instead of the other
    worker waiting on the shared result's lock while the check is made.
    """
    for item in items:
        if WHOLE_CHECKS & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)
            item.add_marker(pytest.mark.xdist_group("whole-checks"))


@pytest.fixture(scope="session", autouse=True)
def connect4_drawn_once(shared_results: SharedResults) -> Iterator[None]:
    """Each Connect Four check's positions drawn once per run for each count and seed (tests/drawn_positions.py):
    seconds of solving for each, and the tests ask the same few draws again and again."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(asking, "draw_positions", drawn_once(shared_results))
        yield


@pytest.fixture(scope="session")
def oracle() -> TicTacToeOracle:
    return TicTacToeOracle()


@pytest.fixture(scope="session")
def examples() -> Path:
    return EXAMPLES


@pytest.fixture(scope="session")
def checked(shared_results: SharedResults) -> Checked:
    return Checked(shared_results)


@pytest.fixture
def checked_cli(in_process: InProcess, checked: Checked, monkeypatch: pytest.MonkeyPatch) -> InProcess:
    """``perfectplay check`` run in this process, each whole check it asks for made once per run (``checked``).

    The command parses, plans and prints as it always does; only ``check_ai``
    (the check itself, the same options giving the same frozen report) is
    shared, so the text, CSV and JSON of one example cost one check.
    """
    from perfectplay.check import class_run

    monkeypatch.setattr(class_run, "check_ai", checked)
    return in_process


@pytest.fixture
def game_checks_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """``perfectplay check --game G`` in this test makes each check (one plug, one set of settings) once: the
    command parses, renders and writes as it always does, each format the test asks for from that one report.

    For tests of the formats, not of the check (a check asked again is the same check: its reports are compared
    in the tests of the same seed's grade); what is shown while it runs and its transcript are not asked for.
    """
    from perfectplay.check.conductor import conduct
    from perfectplay.check.settings import Output
    from perfectplay.cli import check_game

    made: dict[str, Any] = {}

    def once(plug: Any, settings: Any) -> Any:
        assert settings.output.transcript is None, "a transcript is written by the check itself: not shared"
        key = repr((plug.name, replace(settings, output=Output())))
        if key not in made:
            made[key] = conduct(plug, settings)
        return made[key]

    monkeypatch.setattr(check_game, "conduct", once)


@pytest.fixture
def process_starts(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many candidate processes the test's checks start: a one-item list, counted from now on."""
    starts = [0]

    class Child(worker.Child):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            starts[0] += 1

    monkeypatch.setattr(candidate, "Child", Child)
    return starts
