"""A candidate asleep at import is charged that waiting against the check's backstop, as a move's waiting is.

A Connect Four agent is started afresh for each game (as Kaggle runs an episode): one that slept 20 s on each import
stretched a check to 150 s with none of it counted, and graded as if it had not slept. The handshake's arrival is
given here (no real clock): waiting is its wall time from the child's birth less its time running or queued.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, cast

import pytest

from perfectplay.check.run.failures import ChildTimedOut
from perfectplay.check.run.sandbox import Jail
from perfectplay.check.run.speakers import RunnerSpeaker
from perfectplay.check.run.worker import AnswerBudget, Arrival, Child, Clock

LOADED = json.dumps({"event": "loaded", "module": "agent", "functions": {}}).encode()


class Started:
    """A child born at 100.0 whose first line is ``arrival`` (or whose wait ends in ``late``)."""

    def __init__(self, arrival: Arrival | None = None, late: ChildTimedOut | None = None, ready: bool = True) -> None:
        self.started = 100.0
        self.arrival, self.late, self.is_ready = arrival, late, ready

    def next_line(self, budget: AnswerBudget) -> Arrival:
        if self.late is not None:
            raise self.late
        assert self.arrival is not None
        return self.arrival

    def ready(self) -> bool:
        return self.is_ready


def _handshake(child: Started, clock: Clock) -> dict[str, Any]:
    speaker = RunnerSpeaker(cast(Jail, None), Path("agent.py"))
    return speaker.handshake(cast(Child, child), clock, 10.0)


def test_the_import_asleep_is_waiting_the_check_counts() -> None:
    clock = Clock(move=1.0, total=60.0)
    # 20.5 s after its birth, 0.3 s of it running and 0.2 s queued: 20 s asleep.
    loaded = _handshake(Started(Arrival(LOADED, 120.5, 0.3, 0.5)), clock)
    assert loaded["event"] == "loaded"
    assert clock.waited == pytest.approx(20.0)


def test_an_import_that_only_computes_is_not_waiting() -> None:
    clock = Clock(move=1.0, total=60.0)
    _handshake(Started(Arrival(LOADED, 102.0, 1.9, 2.0)), clock)
    assert clock.waited == pytest.approx(0.0)


def test_an_import_stopped_asleep_is_charged_only_once_ready() -> None:
    asleep = ChildTimedOut("wall", 40.0, 0.1, 40.0)
    clock = Clock(move=1.0, total=60.0)
    with pytest.raises(ChildTimedOut):
        _handshake(Started(late=asleep), clock)
    assert clock.waited == pytest.approx(40.0)
    machine = Clock(move=1.0, total=60.0)
    with pytest.raises(ChildTimedOut):
        _handshake(Started(late=asleep, ready=False), machine)
    assert machine.waited == 0.0
