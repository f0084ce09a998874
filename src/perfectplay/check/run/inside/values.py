"""What came back from a candidate's call, described as JSON for the parent (which judges it), and the
description of the candidate's module: its functions' required arguments, its board-shaped lists, its errors.
"""

from __future__ import annotations

import linecache

# Taken when the runner loads this module, before the candidate's import: the ``operator`` and ``math`` modules are
# shared, and a candidate that made ``operator.is_`` say yes to anything had every board it wrote on read as left alone.
from math import isfinite
from operator import index, is_
from pathlib import Path
from types import FrameType, FunctionType, TracebackType

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any


def error_info(error: BaseException, path: Path) -> dict[str, Any]:
    """What went wrong, and the line of the candidate's file where it happened."""
    info: dict[str, Any] = {"type": type_name(error), "message": safe_str(error)[:300]}
    try:
        if isinstance(error, SyntaxError) and error.lineno is not None:
            # One the candidate raised may say anything: as much of it as the checker reads, a line only if it is one.
            info["message"] = safe_str(error.msg)[:300]
            if type(error.lineno) is int and 0 < error.lineno <= 2**62:
                info["line"] = error.lineno
            info["code"] = safe_str(error.text or "").strip()[:120]
            return info
        own = str(path)
        for frame, line in reversed(_steps(error.__traceback__)):
            # The candidate's own file by its very name (``path`` is resolved already): no path resolved again, one
            # ``lstat`` a folder of it, for every error (a CS50 check has thousands: each illegal move raises).
            named = frame.f_code.co_filename
            mine = type(named) is str and named == own
            if mine or Path(named).resolve().parent == path.parent:
                info["line"] = line
                info["code"] = linecache.getline(named, line).strip()[:120]
                if not mine and Path(named).resolve() != path:
                    info["file"] = Path(named).name
                break
    except BaseException:
        # An exception of the candidate's that raises while it is read (its __class__, its __traceback__): its type
        # and message are what is said of it.
        return {"type": info["type"], "message": info["message"]}
    return info


def _steps(trace: TracebackType | None) -> list[tuple[FrameType, int]]:
    """Each frame of a traceback with its line, read here (``guard.py`` lets the runner's code read them, not the
    standard library's ``traceback`` on its behalf)."""
    steps = []
    while trace is not None:
        steps.append((trace.tb_frame, trace.tb_lineno))
        trace = trace.tb_next
    return steps


def type_name(value: object) -> str:
    """The name of ``value``'s type as the interpreter keeps it (a metaclass's ``__name__`` never speaks for it)."""
    kind = type(value)
    if kind is tuple or kind is set or kind is list:  # the usual answers': named without a lookup
        return kind.__name__
    return str(type.__dict__["__name__"].__get__(kind))


def safe_str(value: object) -> str:
    try:
        return str.__str__(str(value))
    except BaseException:  # even SystemExit: what the candidate's __str__ raises ends nothing of the runner's
        return f"<{type_name(value)}>"


def safe_repr(value: object) -> str:
    try:
        text = str.__str__(repr(value))
    except BaseException:
        text = f"<{type_name(value)}>"
    return text if len(text) <= 80 else text[:77] + "..."


def jsonable(value: object) -> bool:
    return value is None or (isinstance(value, str | int | float) and not isinstance(value, bool))


def describe_answer(value: Any) -> dict[str, Any]:
    """A move as the candidate returned it: an index, a (row, col) pair, None, or something else.

    An answer that raises while it is read (``isinstance`` reads a ``__class__`` that may raise, ``len`` a
    ``__len__``) is something else: that answer's failure, never the end of the runner."""
    if value is None:
        return {"kind": "none"}
    try:
        if not isinstance(value, bool):
            index = _index(value)
            if index is not None:
                return {"kind": "int", "value": index}
            if isinstance(value, tuple | list):
                parts = []
                for part in value:  # read once, three at most: a __len__ that lies about its items is not believed
                    parts.append(part)
                    if len(parts) > 2:
                        break
                pair = [_index(part) for part in parts]
                if len(pair) == 2 and None not in pair and not any(isinstance(part, bool) for part in parts):
                    return {"kind": "pair", "value": pair, "type": type_name(value)}
    except BaseException:
        pass
    return {"kind": "other", "type": type_name(value), "repr": safe_repr(value)}


MOST_ACTIONS = 100
"""Distinct pairs an ``actions`` answer is sent with at most (the checker takes no more): a board has 9 cells."""


def action_set(value: Any) -> dict[str, Any]:
    """``actions``' answer as a sorted list of its distinct [row, col], with how many it listed (a cell listed
    twice is the checker's to name, never more pairs than the checker takes)."""
    try:
        listed = list(value)
        pairs = set()
        for item in listed:
            row, col = item
            row_index, col_index = _index(row), _index(col)
            if row_index is None or col_index is None:
                raise TypeError
            pairs.add((row_index, col_index))
    except Exception:
        return {"repr": safe_repr(value)}
    if len(pairs) > MOST_ACTIONS:
        return {"repr": safe_repr(value), "listed": len(listed)}
    return {"value": [list(pair) for pair in sorted(pairs)], "listed": len(listed), "type": type_name(value)}


def truth_value(value: Any) -> dict[str, Any]:
    if isinstance(value, bool) or (isinstance(value, int) and value in (0, 1)):
        return {"value": bool(value)}
    return {"repr": safe_repr(value)}


def number_value(value: Any) -> dict[str, Any]:
    if isinstance(value, int | float) and not isinstance(value, bool) and float(value).is_integer():
        return {"value": int(value)}
    return {"repr": safe_repr(value)}


def _index(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    try:
        return index(value)
    except TypeError:
        return None


UNCHANGING = (str, int, bool, float, type(None))
"""Types whose values no call can change: a copy of a board may hold the very marks."""
COPIED_DEPTH = 12
"""How deep ``copied`` copies a mark's built-in containers (deeper, they are kept as they are)."""


def copied(mark: Any, depth: int = 0) -> Any:
    """A mark as a copy of a board holds it, by the runner's own means: its built-in lists, tuples, dicts and sets
    afresh (a CS50 module's ``EMPTY`` may be a list, which a candidate could append to), anything else itself.

    Never ``copy.deepcopy``, which is the candidate's to rewrite (``Runner.snapshot``); an object of the candidate's
    own class is its own anyway (its ``__eq__`` says what it equals)."""
    kind = type(mark)
    if depth >= COPIED_DEPTH or kind not in (list, tuple, dict, set):
        return mark
    if kind is dict:
        return {key: copied(item, depth + 1) for key, item in dict.items(mark)}
    if kind is set:
        return set.copy(mark)
    if kind is list:
        return [copied(item, depth + 1) for item in mark]
    return tuple(copied(item, depth + 1) for item in mark)


def same(value: Any, mark: Any) -> bool:
    if mark is None or value is None:
        return value is mark
    try:
        return type(value) is type(mark) and bool(value == mark)
    except Exception:
        return False


def equal(board: Any, snapshot: list[Any] | dict[int, Any]) -> bool:
    """Whether ``board`` is as ``snapshot`` holds it: the same built-in lists, each cell the very mark that was
    there or one of its type equal to it (a value of the candidate's that says it equals anything is not)."""
    try:
        if type(snapshot) is dict:  # a dict of the squares 1-9: its own keys, all nine, the very ints given
            if type(board) is not dict or len(board) != 9 or any(type(key) is not int for key in dict.keys(board)):
                return False
            board, snapshot = [dict.get(board, key) for key in snapshot], list(dict.values(snapshot))
        if type(board) is not list or len(board) != len(snapshot):
            return False
        if all(map(is_, board, snapshot)):  # a flat board left alone: every cell the very mark it was
            return True
        pairs: list[tuple[Any, Any]] = []
        for row, was in zip(board, snapshot, strict=True):
            if type(was) is list:
                if type(row) is not list or len(row) != len(was):
                    return False
                if not all(map(is_, row, was)):  # a board left alone holds the very marks: no cell read
                    pairs.extend(zip(row, was, strict=True))
            else:
                pairs.append((row, was))
        return all(cell is mark or same(cell, mark) for cell, mark in pairs)
    except Exception:
        return False


def required_arguments(function: Callable[..., Any]) -> int:
    own = function.__dict__ if type(function) is FunctionType else None
    if own is not None and "__wrapped__" not in own and "__signature__" not in own:
        # A plain ``def``: its positional parameters (positional-only ones among them) less those with defaults,
        # as ``inspect.signature`` counts them for it.
        return max(function.__code__.co_argcount - len(function.__defaults__ or ()), 0)
    import inspect  # decorated functions, partials, classes, builtins: the signature says

    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return -1
    return sum(
        1
        for parameter in parameters
        if parameter.kind in (parameter.POSITIONAL_ONLY, parameter.POSITIONAL_OR_KEYWORD)
        and parameter.default is parameter.empty
    )


def board_shape(value: list[Any]) -> dict[str, Any] | None:
    """A module-level list that looks like a board: its shape and the cell values it holds that could be marks."""
    if len(value) == 9 and all(jsonable(cell) for cell in value):
        return {"shape": "flat", "values": sorted({cell for cell in value if marker(cell)}, key=repr)}
    if len(value) == 3 and all(isinstance(row, list) and len(row) == 3 for row in value):
        cells = [cell for row in value for cell in row]
        if all(jsonable(cell) for cell in cells):
            return {"shape": "nested", "values": sorted({cell for cell in cells if marker(cell)}, key=repr)}
    return None


NUMBERED = "1-9"
"""The empty marker that stands for a board whose empty cells each hold their square's number, ``'1'``-``'9'``
(``board = ['1', '2', ..., '9']``, as beginners draw the squares left to pick): ``judge/interface.NUMBERED``."""
MARKER_TEXT = 20
MARKER_NUMBER = 10**9


def marker(value: object) -> bool:
    """Whether a constant or a board's cell could be a mark, as the checker reads them (``protocol._marker``): None,
    a short string, a modest number. Others are not sent: nine long strings beside the AI (a help text) would make
    the description longer than a line the checker reads, and a correct AI would fail to start."""
    if value is None or (isinstance(value, str) and len(value) <= MARKER_TEXT):
        return True
    if isinstance(value, int) and not isinstance(value, bool):
        return abs(value) <= MARKER_NUMBER
    return isinstance(value, float) and isfinite(value)


def name(value: object) -> bool:
    """A name the checker reads (``protocol._name``): an identifier of at most 100 characters."""
    return isinstance(value, str) and len(value) <= 100 and value.isidentifier()
