"""Reading one answer record (from the runner or the line protocol) as a move or as a problem."""

from __future__ import annotations

from typing import Any

from perfectplay.check.position import EMPTY, TicTacToePosition


def read_move(
    record: dict[str, Any], position: TicTacToePosition, returns: str | None
) -> tuple[int | None, str | None]:
    """``(move, None)`` for a legal move, ``(None, problem)`` otherwise.

    The problem is a finding kind: ``timeout``, ``crash``, ``raises``,
    ``wrong_type`` or ``illegal_move``. ``returns`` None accepts an index
    or a (row, col) pair; ``index`` or ``rowcol`` accepts only that shape,
    ``number`` a cell counted from 1 (1-9).
    """
    failure = record.get("failure")
    if failure == "timeout":
        return None, "timeout"
    if failure is not None:
        return None, "crash"
    if "error" in record:
        return None, "raises"
    if returns == "board":
        return played(record, position)
    kind = record.get("kind")
    if kind == "int" and returns != "rowcol":
        move = int(record["value"]) - (1 if returns == "number" else 0)  # "number": cells counted 1-9
        if not 0 <= move <= 8:
            return None, "illegal_move"
    elif kind == "pair" and returns != "index":
        row, col = (int(part) for part in record["value"])
        if not (0 <= row <= 2 and 0 <= col <= 2):
            return None, "illegal_move"
        move = row * 3 + col
    else:
        return None, "wrong_type"
    if position.cells[move] != EMPTY:
        return None, "illegal_move"
    return move, None


def played(record: dict[str, Any], position: TicTacToePosition) -> tuple[int | None, str | None]:
    """The move an AI played onto its board (``--returns board``): the one empty cell it filled with the mover's
    mark; ``wrong_type`` where it left the board as it was, ``illegal_move`` where it changed it otherwise."""
    after = record.get("after")
    if not isinstance(after, str) or len(after) != len(position.cells):
        return None, "illegal_move" if "after_repr" in record else "wrong_type"
    changed = [cell for cell, (was, now) in enumerate(zip(position.cells, after, strict=True)) if was != now]
    if len(changed) != 1 or position.cells[changed[0]] != EMPTY or after[changed[0]] != position.to_move:
        return None, "illegal_move"
    return changed[0], None


def answer_text(record: dict[str, Any]) -> str:
    """What the candidate did, as words that follow "it": ``returned (1, 2)``, ``raised ...``."""
    failure = record.get("failure")
    if failure == "timeout":
        if record.get("clock") == "wall":
            return f"gave no answer within {record.get('seconds', 0):g} s on the clock, waiting rather than computing"
        return f"gave no answer within {record.get('seconds', 0):g} s of CPU time"
    if failure is not None:
        return f"died: its process {record.get('status', 'stopped')}"
    if "error" in record:
        return "raised " + error_text(record["error"])
    return "returned " + value_text(record)


def value_text(record: dict[str, Any]) -> str:
    """A returned value as the candidate's language would write it: ``5``, ``(1, 2)``, ``None``."""
    kind = record.get("kind")
    if kind == "int":
        return str(record["value"])
    if kind == "pair":
        row, col = record["value"]
        return (
            f"[{row}, {col}]"
            if record.get("type") == "list"
            else f"{row} {col}"
            if record.get("type") == "line"
            else f"({row}, {col})"
        )
    if kind == "none":
        return "None"
    return f"{record.get('repr', '?')} (a {record.get('type', 'value')})"


def error_text(error: dict[str, Any]) -> str:
    """``NameError: name 'copy' is not defined (line 79: new_board = copy.deepcopy(board))``."""
    text = f"{error.get('type', 'Exception')}: {error.get('message', '')}".rstrip(": ")
    if "line" in error:
        where = f"{error['file']} line {error['line']}" if "file" in error else f"line {error['line']}"
        code = error.get("code")
        text += f" ({where}: {code})" if code else f" ({where})"
    return text
