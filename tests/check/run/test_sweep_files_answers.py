"""``sweep.ask`` files every answer under its question, whichever worker's thread brings it, and says why it stopped."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from perfectplay.check.run.failures import OutOfTime
from perfectplay.check.run.sweep import ask


class Worker:
    """Answers each payload with its double; after ``stop_after`` answers its check's time is up."""

    def __init__(self, stop_after: int | None = None) -> None:
        self.stop_after = stop_after

    def stream(
        self, op: str, items: Sequence[Any], names: Sequence[str] | None = None
    ) -> Iterator[tuple[int, dict[str, Any]]]:
        for index, item in enumerate(items):
            if index == self.stop_after:
                raise OutOfTime("time")
            yield index, {"op": op, "answer": item * 2}


def test_every_answer_is_filed_under_its_key_and_the_progress_counts_each_once() -> None:
    shares = [[(f"a{n}", n) for n in range(300)], [(f"b{n}", n) for n in range(200)]]
    seen: list[tuple[str, int, int]] = []
    into: dict[str, list[dict[str, Any]]] = {"a0": [{"earlier": True}]}
    stopped = ask([Worker(), Worker()], "moves", shares, "asking", lambda *step: seen.append(step), into)  # type: ignore[list-item]
    assert stopped is None
    assert into["a0"] == [{"earlier": True}, {"op": "moves", "answer": 0}]
    assert into["a299"] == [{"op": "moves", "answer": 598}] and into["b199"] == [{"op": "moves", "answer": 398}]
    assert len(into) == 500
    assert [done for _, done, _ in seen] == list(range(501))
    assert {(phase, total) for phase, _, total in seen} == {("asking", 500)}


@pytest.mark.parametrize("stop_after", [0, 7])
def test_a_worker_whose_time_is_up_keeps_what_it_answered_and_the_asking_says_why_it_stopped(stop_after: int) -> None:
    shares = [[(f"a{n}", n) for n in range(20)], [(f"b{n}", n) for n in range(20)]]
    into: dict[str, list[dict[str, Any]]] = {}
    stopped = ask([Worker(stop_after), Worker()], "cs50", shares, "asking", None, into)  # type: ignore[list-item]
    assert stopped == "time"
    assert sorted(key for key in into if key.startswith("a")) == sorted(f"a{n}" for n in range(stop_after))
    assert len([key for key in into if key.startswith("b")]) == 20
