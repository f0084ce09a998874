"""The ``--command`` line protocol: how perfectplay talks to a program in any language.

One line to the program's standard input per question, the position and the
side to move separated by a space; one line back on its standard output,
the move::

    perfectplay -> program:   X.O/.X./..O X
    program -> perfectplay:   8

The position is the shared notation (rows separated by ``/``, ``X``, ``O``
and ``.`` for empty, row-major from the top left). The answer is the cell
index 0-8 (row-major), or the row and the column 0-2 separated by a space
(``2 2``). Lines the program writes that are empty or start with ``#`` are
skipped, so a program can log on standard output without confusing the
check; its standard error is kept and shown if it dies. When perfectplay
has no more questions it closes the program's standard input. Full
description in docs/check.md.
"""

from __future__ import annotations

import re
from typing import Any

from perfectplay.check.position import TicTacToePosition
from perfectplay.check.run.protocol import MAX_INDEX


def request_line(position: TicTacToePosition) -> bytes:
    return f"{position.text} {position.to_move}\n".encode()


def is_chatter(line: str) -> bool:
    """A line that is not an answer: empty, or a ``#`` comment."""
    stripped = line.strip()
    return not stripped or stripped.startswith("#")


WHOLE = re.compile(r"-?[0-9]+")
"""A whole number as an answer line writes it: ASCII digits, with a minus sign or none (``str.isdigit`` says yes
to ``²``, which ``int`` refuses)."""


def answer_words(line: str) -> list[str]:
    """An answer line's words, commas and brackets as spaces: ``(3, 2)``, ``3,2`` and ``3 2`` alike."""
    return line.replace(",", " ").replace("(", " ").replace(")", " ").split()


def move_shaped(line: str) -> bool:
    """Whether a line reads as a move in some game's protocol: one or two whole numbers (a cell, a column, a row and
    a column, a heap and a count). A line of words is not an answer in step."""
    words = answer_words(line)
    return 1 <= len(words) <= 2 and all(WHOLE.fullmatch(word) for word in words)


def parse_answer(line: str) -> dict[str, Any]:
    """An answer line as the same record the Python runner gives: an index, a pair, or other."""
    words = line.split()
    try:
        numbers = [int(word) for word in words]
    except ValueError:
        numbers = []
    if len(numbers) == 1 and len(words) == 1:
        if abs(numbers[0]) > MAX_INDEX:  # named by its length, as a module's number is (``protocol.move``)
            return {"kind": "other", "type": "line", "repr": f"a {len(str(abs(numbers[0])))}-digit number"}
        return {"kind": "int", "value": numbers[0]}
    if len(numbers) == 2 and len(words) == 2:
        if any(abs(number) > MAX_INDEX for number in numbers):
            return {"kind": "other", "type": "line", "repr": "(a huge pair)"}
        return {"kind": "pair", "value": numbers, "type": "line"}
    text = line.strip()
    return {"kind": "other", "type": "line", "repr": repr(text if len(text) <= 80 else text[:77] + "...")}
