"""A returned pair is read by its items, not by what its ``__len__`` says (attack 39g).

A tuple subclass whose ``__len__`` said 2 over three items was described as a pair of three numbers: the parent
refused the record as a broken protocol and killed the process, so each such answer cost a process and one of the
check's 25 tolerated failures (a check of every position stopped after 352 of 4,520). It is an answer that is no
move, like any other; a tuple or list of two whole numbers is still a pair, however its type counts.
"""

from __future__ import annotations

from typing import Any

from perfectplay.check.run.inside.values import describe_answer


class LongPair(tuple):  # type: ignore[type-arg]
    def __len__(self) -> int:
        return 2


class ShortPair(tuple):  # type: ignore[type-arg]
    def __len__(self) -> int:
        return 5


class Endless(list):  # type: ignore[type-arg]
    def __len__(self) -> int:
        return 2

    def __iter__(self) -> Any:
        number = 0
        while True:
            yield number
            number += 1


def test_a_pair_whose_length_lies_is_read_by_its_items() -> None:
    assert describe_answer(LongPair((0, 1, 99)))["kind"] == "other"
    assert describe_answer(Endless())["kind"] == "other"  # read three items at most, never to the end
    assert describe_answer(ShortPair((2, 1))) == {"kind": "pair", "value": [2, 1], "type": "ShortPair"}
    assert describe_answer((1, 2)) == {"kind": "pair", "value": [1, 2], "type": "tuple"}
    assert describe_answer([True, 0])["kind"] == "other" and describe_answer((1.0, 2.0))["kind"] == "other"
