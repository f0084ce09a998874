"""A candidate that goes on computing after it answered (a thread of its own, or the runner's channel patched from
inside its process to return before the work is done) thinks about the next position while the checker judges
the last one. That CPU time is the next question's, never nobody's: each question's time counts from the answer
before it, so a move that took more than the per-move limit is over it however the work was spread."""

from __future__ import annotations

import queue
import time
from pathlib import Path
from typing import Any, cast

from perfectplay.check.run.sandbox import Jail
from perfectplay.check.run.speakers import CommandSpeaker, RunnerSpeaker
from perfectplay.check.run.worker import Arrival, Child, Clock

GAP = 0.8
"""CPU seconds the candidate burns after its first answer, before the second question is sent."""


class Thinking(Child):
    """A child whose CPU clock the test moves: its lines are queued by the test, its questions dropped."""

    def __init__(self) -> None:  # no process: only what asking and timing read
        self.now = 0.0
        self.owed = 0
        self.taken = None
        self._arrivals = queue.SimpleQueue()

    def cpu(self) -> float:
        return self.now

    def active(self, cpu: float | None = None) -> float | None:
        return None

    def send(self, data: bytes, budget: Any = None) -> None:
        pass

    def answer(self, line: bytes, cpu: float) -> None:
        """``line`` as its answer to the next question, arriving when its CPU clock reads ``cpu``."""
        self._arrivals.put(Arrival(line, time.monotonic(), cpu))


def asked_twice(speaker: RunnerSpeaker | CommandSpeaker, line: bytes, op: str, item: object) -> list[float]:
    """The CPU seconds charged to two questions asked one at a time, ``GAP`` burnt between them."""
    child, clock = Thinking(), Clock(move=1.0, total=60.0)
    child.answer(line, 0.2)
    first = next(iter(speaker.exchange(child, op, [item], clock)))
    child.now = 0.2 + GAP  # after its answer, before the next question: the checker was judging the first
    child.answer(line, child.now + 0.5)
    second = next(iter(speaker.exchange(child, op, [item], clock)))
    return [round(first["cpu"], 6), round(second["cpu"], 6)]


def test_cpu_burnt_between_a_runner_answer_and_the_next_question_is_charged_to_the_next_question() -> None:
    speaker = RunnerSpeaker(cast(Jail, None), Path(__file__))  # asking never starts a process
    line = b'{"kind": "int", "value": 4}\n'
    assert asked_twice(speaker, line, "moves", [".........", "X"]) == [0.2, GAP + 0.5]


def test_cpu_burnt_between_a_program_answer_and_the_next_question_is_charged_to_the_next_question() -> None:
    speaker = CommandSpeaker(cast(Jail, None), ["true"])
    assert asked_twice(speaker, b"4\n", "moves", [".........", "X"]) == [0.2, GAP + 0.5]
