"""An answer that raises while the Nim driver reads it is an answer of no known kind, not the end of the process.

``isinstance`` reads an object's ``__class__`` when its type is not the one
asked about, ``len`` its ``__len__``, ``float`` a subclass's ``__float__``:
each may raise. The driver read a greedy choice with nothing around those
reads, so one such answer ended the candidate's process and every answer of
its training run with it; a metaclass's ``__name__`` spoke for its type.
"""

from __future__ import annotations

from typing import Any

import pytest

from perfectplay.check.nim.driver import describe


class NoClass:
    @property  # type: ignore[misc]
    def __class__(self) -> Any:
        raise ZeroDivisionError("an unbound proxy")


class EndsOnLength(tuple):  # type: ignore[type-arg]
    def __len__(self) -> int:
        raise SystemExit(3)


class Floaty(float):
    def __float__(self) -> float:
        raise ValueError("no float")


class Named(type):
    @property
    def __name__(cls) -> str:  # type: ignore[override]
        raise RuntimeError("no name")


class Anonymous(metaclass=Named):
    def __repr__(self) -> str:
        return "anonymous"


def test_known_answers_are_described_as_before() -> None:
    assert describe((0, 1)) == ["pair", 0, 1]
    assert describe([2, 3]) == ["pair", 2, 3]
    assert describe(0.5) == ["number", 0.5]
    assert describe(None) == ["none"]
    assert describe("0,1") == ["other", "str", "'0,1'"]


STRANGE: dict[str, Any] = {
    "NoClass": NoClass,
    "EndsOnLength": lambda: EndsOnLength((0, 1)),
    "Floaty": lambda: Floaty(1.5),
}
"""Made inside the test: pytest itself reads its parameters' classes, and one of them raises."""


@pytest.mark.parametrize("kind", sorted(STRANGE))
def test_an_answer_that_raises_while_it_is_read_is_an_other(kind: str) -> None:
    described = describe(STRANGE[kind]())
    assert described[:2] == ["other", kind]


def test_a_metaclass_name_that_raises_does_not_speak_for_the_answers_type() -> None:
    assert describe(Anonymous()) == ["other", "Anonymous", "anonymous"]
