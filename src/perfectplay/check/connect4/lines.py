"""Asking a Connect Four agent for moves: its driver's records checked, and the ``--command`` line protocol.

The positions go out as 42 characters ``0``/``1``/``2`` (row 0 at the top,
``1`` the first player's stones) with the mark of the side to move. A
``--command`` program gets one line per position, the board's six rows from
the top separated by ``/`` (``.`` empty, ``X`` the first player, ``O`` the
second) and the side to move::

    ......./......./......./......./...O.../..XX... X

and answers one line: the column, 0-6 from the left. Lines that are empty
or start with ``#`` are skipped, as for tic-tac-toe (``command.py``).
"""

from __future__ import annotations

import json
import re
from typing import Any

from perfectplay.check.run import protocol
from perfectplay.check.run.command import parse_answer
from perfectplay.check.run.protocol import ProtocolError

_CELLS = re.compile(r"[012?]{42}")
ROWS, COLUMNS = 6, 7
SYMBOLS = {"0": ".", "1": "X", "2": "O"}


def move(value: dict[str, Any]) -> dict[str, Any]:
    """One answer from the runner, cleaned as ``protocol.move`` does, with a 42-cell board when it changed one."""
    after = value.pop("after", None) if "after" in value else False
    cleaned = protocol.move(value)
    if after is not False:
        if after is not None and not (isinstance(after, str) and _CELLS.fullmatch(after)):
            raise ProtocolError("sent a board that is not 42 cells")
        cleaned["after"] = after
    return cleaned


def request_line(cells: str, mark: str) -> bytes:
    rows = [cells[row * COLUMNS : (row + 1) * COLUMNS] for row in range(ROWS)]
    drawing = "/".join("".join(SYMBOLS[cell] for cell in row) for row in rows)
    return f"{drawing} {SYMBOLS[mark]}\n".encode()


class Connect4Lines:
    """A program in any language, one line a position (``plug.CommandLines``)."""

    def request(self, item: Any) -> bytes:
        """The board's rows and the side to move, one line (the module's docstring shows one)."""
        cells, mark = item
        return request_line(cells, mark)

    def answer(self, line: str) -> dict[str, Any]:
        """A column, or what the line was instead: a pair of numbers is tic-tac-toe's answer, not a column."""
        answer = parse_answer(line)
        if answer["kind"] == "pair":  # two numbers are not a column
            answer = {"kind": "other", "type": "line", "repr": json.dumps(line.strip()[:80])}
        return answer
