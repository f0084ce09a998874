"""Connect Four's driver (``plug.DriverFile``): how a student's agent is handed a board, inside the child.

Loaded by ``runner.py`` (its ``use`` operation, interface kind ``driver``,
``driver`` ``connect4``) in the candidate's process: standard library only,
and NumPy only when the teacher allowed it (``allowed`` folders, put on
``sys.path`` here and nowhere else). Like the runner it judges nothing: it
builds the board the agent expects, calls, and describes what came back.

A position arrives as 42 characters ``0``/``1``/``2`` (row 0 at the top,
``1`` the player who moved first) and the mark of the side to move. The
readings (``interface`` fields):

* ``style`` ``connectx``: ``agent(observation, configuration)``, Kaggle's
  ConnectX; both arguments answer attribute and key access alike; they are
  the agent's own (Kaggle builds a fresh observation for every call, so an
  agent may play its search's moves onto ``observation.board``), so what it
  writes on them is not read back;
* ``style`` ``board``: ``f(board)`` or ``f(board, piece)`` with ``shape``
  ``list`` (6 lists of 7) or ``numpy`` (a 6x7 array), ``rows`` ``top`` (row
  0 at the top) or ``bottom``, ``pieces`` the three values for an empty
  cell, the first player's and the second's;
* ``style`` ``pettingzoo``: ``f(observation)`` with PettingZoo's
  ``connect_four_v3`` observation: ``{"observation": 6x7x2 (the mover's
  stones, the opponent's), "action_mask": 7}``, NumPy arrays when NumPy is
  allowed, else nested lists.
"""

from __future__ import annotations

import builtins
import copy
import sys
from collections.abc import Callable
from types import FunctionType
from typing import Any

ROWS, COLUMNS, IN_A_ROW = 6, 7, 4


class Struct(dict):  # type: ignore[type-arg]
    """A dict whose keys are attributes too: Kaggle's observation and configuration are both."""

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None

    def __setattr__(self, name: str, value: Any) -> None:
        self[name] = value


def _bare(function: Callable[..., Any]) -> Callable[..., Any]:
    """``function`` with globals holding only the builtins it names: a ``Struct`` goes to the agent, and its methods'
    globals would lead the agent's code to this module's functions (``run/inside/guard.py``)."""
    names = {name: getattr(builtins, name) for name in function.__code__.co_names if hasattr(builtins, name)}
    return FunctionType(function.__code__, {"__builtins__": names}, function.__name__, None, function.__closure__)


Struct.__getattr__ = _bare(Struct.__getattr__)  # type: ignore[method-assign]
Struct.__setattr__ = _bare(Struct.__setattr__)  # type: ignore[method-assign]


KAGGLE = "kaggle_environments"
STAND_IN = """
def make(*arguments, **settings):
    raise RuntimeError(
        "kaggle_environments is not installed where this agent is checked: the check plays the agent itself"
    )


evaluate = make
"""
"""Kaggle's ``make`` and ``evaluate`` as a submission may import them for trying the agent at home (run under
``if __name__ == "__main__":``): names that exist, and raise if called. Compiled apart, with globals of their own
(no function of this driver's, see ``_bare``)."""


def stand_in_for_kaggle() -> None:
    """Let ``from kaggle_environments import evaluate, make, utils`` work where Kaggle's package is not installed
    (or not allowed): a ConnectX submission imports it at the top, as Kaggle's own notebooks do, and Kaggle's
    machines have it; without it a working agent would be graded broken. Done when the driver is loaded, before
    the candidate's import (``runner.py``); a package the teacher allowed (``--allow-package``) is kept."""
    import importlib.util
    from types import ModuleType

    if KAGGLE in sys.modules or importlib.util.find_spec(KAGGLE) is not None:
        return
    module = ModuleType(KAGGLE, "A stand-in for Kaggle's package, from perfectplay's check: make() raises.")
    # The shared builtins, which its importer has already: left to ``exec``, they would be this module's private
    # copy, and an agent rewriting that copy's ``type`` made the driver read a board it had changed as left alone.
    module.__builtins__ = builtins  # type: ignore[attr-defined]
    exec(compile(STAND_IN, f"<{KAGGLE} stand-in>", "exec"), vars(module))  # the checker's own text, not the student's
    utils = ModuleType(f"{KAGGLE}.utils")
    module.utils = utils  # type: ignore[attr-defined]
    sys.modules[KAGGLE] = module
    sys.modules[utils.__name__] = utils


if __name__ != "perfectplay.check.connect4.driver":  # the runner's copy (its own name), not perfectplay's module
    stand_in_for_kaggle()


def allow(folders: list[str]) -> None:
    """Put the teacher's allowed packages' folder(s) on the path (each holds only the allowed packages)."""
    for folder in folders:
        if folder not in sys.path:
            sys.path.insert(0, folder)


def _numpy() -> Any:
    import numpy  # only importable when the teacher allowed it

    return numpy


VARARGS = 0x04
"""``inspect.CO_VARARGS``: a function taking ``*arguments`` is handed both, as any other callable is."""
_FOREIGN = object()
"""What ``_plain`` reads in place of anything the driver did not hand over: equal to nothing but itself."""
PLAIN = (int, float, str, bool, type(None))


def _plain(value: Any, made: tuple[tuple[Any, Callable[[], Any]], ...] = ()) -> Any:
    """A board as plain lists, for comparing before and after: only the driver's own arrays (``made``, each with
    its ``tolist`` read before the call) are read through ``tolist``, and containers only through the built-in
    types' own storage; anything else the agent left there is ``_FOREIGN``, so that no ``__eq__`` or ``tolist``
    of its own can say the board is as it was."""
    if type(value) in PLAIN:
        return value
    for array, tolist in made:
        if value is array:
            # Its cells as lists, each read as any other: an object array's cell may hold the agent's own object.
            return _plain(tolist())
    if isinstance(value, dict):  # Kaggle's observation (a dict whose keys are attributes), PettingZoo's
        return {key: _plain(item, made) for key, item in dict.items(value)}
    if type(value) in (list, tuple):  # the built-in types themselves: their iteration is their own
        return [_plain(item, made) for item in value]
    return _FOREIGN


def _cells_back(grid: Any, rows: str, pieces: list[Any]) -> str | None:
    """A list-of-rows board back as 42 ``0``/``1``/``2`` cells (``?`` for anything else), or None if misshapen."""
    try:
        lines = list(grid)
        if len(lines) != ROWS or any(len(line) != COLUMNS for line in lines):
            return None
        if rows == "bottom":
            lines = lines[::-1]
        out = []
        for line in lines:
            for value in line:
                for index, piece in enumerate(pieces):
                    if type(value) is type(piece) and value == piece:
                        out.append(str(index))
                        break
                else:
                    out.append("?")
        return "".join(out)
    except Exception:
        return None


class DriverReading:
    """Builds the arguments of one reading, and reads a changed board back."""

    def __init__(self, interface: dict[str, Any]) -> None:
        self.style = str(interface.get("style", "connectx"))
        self.shape = str(interface.get("shape", "list"))
        self.rows = str(interface.get("rows", "top"))
        self.pieces: list[Any] = list(interface.get("pieces", [0, 1, 2]))
        self.piece_argument = bool(interface.get("piece_argument"))
        first = interface.get("first_column", 0)
        self.first = first if first in (0, 1) and type(first) is int else 0
        """A board function's leftmost column as it counts them: its answers are read back counted from 0."""
        timeout = interface.get("act_timeout", 2)
        self.act_timeout = timeout if type(timeout) in (int, float) and 0 < timeout <= 2 else 2
        self.made: tuple[Any, ...] = ()
        """The arrays the last ``arguments`` made: read back through their own ``tolist`` alone (``_plain``)."""
        allow([str(folder) for folder in interface.get("allowed", [])])

    def arguments(self, cells: str, mark: str) -> tuple[Any, ...]:
        numbers = [int(cell) for cell in cells]
        if self.style == "connectx":
            step = sum(1 for number in numbers if number)
            # The time it is told is what the check lends: no more than its limit per move, and no overage bank.
            observation = Struct(board=numbers, mark=int(mark), step=step, remainingOverageTime=0)
            timeout = self.act_timeout
            configuration = Struct(columns=COLUMNS, rows=ROWS, inarow=IN_A_ROW, timeout=timeout, actTimeout=timeout)
            return (observation, configuration)
        if self.style == "pettingzoo":
            me, other = int(mark), 3 - int(mark)
            grid = [
                [[int(numbers[r * COLUMNS + c] == me), int(numbers[r * COLUMNS + c] == other)] for c in range(COLUMNS)]
                for r in range(ROWS)
            ]
            mask = [int(numbers[c] == 0) for c in range(COLUMNS)]
            if self.shape == "numpy":
                numpy = _numpy()
                planes, legal = numpy.array(grid, dtype=numpy.int8), numpy.array(mask, dtype=numpy.int8)
                self.made = (planes, legal)
                return ({"observation": planes, "action_mask": legal},)
            return ({"observation": grid, "action_mask": mask},)
        lines = [[self.pieces[numbers[r * COLUMNS + c]] for c in range(COLUMNS)] for r in range(ROWS)]
        if self.rows == "bottom":
            lines = lines[::-1]
        board: Any = lines
        if self.shape == "numpy":
            numpy = _numpy()
            board = numpy.array(lines, dtype=object if isinstance(self.pieces[0], str) else None)
            self.made = (board,)
        if self.piece_argument:
            return (board, self.pieces[int(mark)])
        return (board,)

    def changed(
        self, before: Any, arguments: tuple[Any, ...], made: tuple[tuple[Any, Callable[[], Any]], ...] = ()
    ) -> dict[str, Any] | None:
        """What the agent left in place of its board, if it changed it (``made``: the driver's arrays, each with
        its ``tolist`` read before the call)."""
        after = _plain(arguments[0], made)
        if after == before:
            return None
        if self.style == "board":
            return {"after": _cells_back(after, self.rows, self.pieces)}
        return {"after": None}


def make_call(
    function: Callable[..., Any],
    interface: dict[str, Any],
    invoke: Callable[..., tuple[Any, dict[str, Any]]],
    describe: Callable[[Any], dict[str, Any]],
    safe_repr: Callable[[Any], str],
) -> Callable[[str, str], dict[str, Any]]:
    """The runner's ``call(cells, mark)`` for ``function`` under ``interface``."""
    reading = DriverReading(interface)
    taken = _kaggles_count(function) if reading.style == "connectx" else None

    def call(cells: str, mark: str) -> dict[str, Any]:
        try:
            arguments = reading.arguments(cells, mark)
        except ImportError as error:
            return {"error": {"type": "ImportError", "message": f"this reading needs {error.name or 'a package'}"}}
        made = tuple((array, array.tolist) for array in reading.made)
        # Kaggle and PettingZoo (connect_four_v3's ``observe``) hand every call a fresh observation: what an agent
        # writes on it (its search's moves, played in place) changes nothing of the game's, so it is not compared.
        owned = reading.style in ("connectx", "pettingzoo")
        before = None if owned else copy.deepcopy(_plain(arguments[0], made))
        value, record = invoke(function, *arguments[:taken])
        if reading.first and type(value) is int:
            value -= reading.first
        if "error" not in record:
            record.update(describe(value))
        try:
            change = None if owned else reading.changed(before, arguments, made)
        except Exception:  # it left something on the board that cannot even be compared: changed, unreadable
            change = {"after": None}
        if change is not None:
            record.update(change)
            if change.get("after") is None:
                record["after_repr"] = safe_repr(arguments[0])
        return record

    return call


def _kaggles_count(function: Callable[..., Any]) -> int | None:
    """How many of (observation, configuration) Kaggle hands ``function``: a plain function gets as many as its
    positional parameters (``my_agent(observation)`` the observation alone); anything else (None) both."""
    if type(function) is not FunctionType or function.__code__.co_flags & VARARGS:
        return None
    return function.__code__.co_argcount


def open_driver(module: Any, interface: dict[str, Any], tools: Any) -> Callable[[Any], dict[str, Any]]:
    """The runner's handler of one request ``[cells, mark]`` for the agent ``interface["name"]`` of ``module``."""
    function = getattr(module, str(interface.get("name")), None)
    if not callable(function):
        raise LookupError(f"no function named {interface.get('name')!r}")
    call = make_call(function, interface, tools.invoke, tools.describe, tools.safe_repr)
    return lambda item: call(item[0], item[1])
