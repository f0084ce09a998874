"""Answering the parent's requests about one imported candidate module: the runner's ``Runner``.

The protocol is described in ``runner.py``. This module builds boards, calls, and describes what came back;
every judgement happens in the parent.
"""

from __future__ import annotations

import importlib.util
import sys
import time
from pathlib import Path
from types import FunctionType, ModuleType

from . import luck, streams, values

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from .channel import Channel


CALL_KEEP = 300
MAX_SCANNED = 10_000
"""A module's names looked at for one-letter constants, at most."""
"""Characters of one call's printed output sent with its answer."""

CS50_NAMES = ("initial_state", "player", "actions", "result", "winner", "terminal", "utility", "minimax")


class Runner:
    """Loads one candidate module and answers the parent's requests about it."""

    def __init__(self, path: Path, channel: Channel) -> None:
        self.path = path
        self.channel = channel
        self.capture = streams.Capture()
        self.stdin = streams.ClosedStdin()
        self.module: ModuleType | None = None
        self.call: Callable[[str, str], dict[str, Any]] | None = None
        self.drivers: dict[str, str] = {}
        """The game plugs' drivers this process may load, by name (``--driver NAME=FILE``)."""
        self.loaded: dict[str, ModuleType] = {}
        """Drivers loaded already (by ``runner.main``, before the candidate's import), by name."""
        self.before_import: Callable[[], object] | None = None
        """Called just before the candidate's module is imported (``runner.main``: the guard, ``guard.py``)."""
        self.handler: Callable[[Any], dict[str, Any]] | None = None
        self.marks: dict[str, Any] = {"X": "X", "O": "O", ".": None}
        self.nested = True
        self.text = False
        self.keyed = False

    # --- loading ------------------------------------------------------------

    def load(self) -> dict[str, Any]:
        if self.before_import is not None:
            self.before_import()
        sys.stdout = sys.stderr = self.capture
        sys.stdin = self.stdin
        sys.path.insert(0, str(self.path.parent))
        name = self.path.stem
        if not name.isidentifier() or name in sys.modules or name in sys.stdlib_module_names:
            name = "candidate_" + "".join(char if char.isalnum() else "_" for char in name)
        report: dict[str, Any] = {"event": "loaded", "module": name}
        started = time.perf_counter()
        try:
            spec = importlib.util.spec_from_file_location(name, self.path)
            if spec is None or spec.loader is None:
                raise ImportError(f"cannot load {self.path.name} as a Python module")
            module = importlib.util.module_from_spec(spec)
            sys.modules[name] = module
            self.module = module
            spec.loader.exec_module(module)
        except BaseException as error:  # the candidate's import may raise anything, even SystemExit
            report["error"] = values.error_info(error, self.path)
        report["seconds"] = time.perf_counter() - started
        report["printed"] = self.capture.count
        report["output"] = self.capture.text()
        report["read_stdin"] = self.stdin.reads > 0
        report.update(self.describe())
        return report

    def describe(self) -> dict[str, Any]:
        """The module's functions, its X/O/EMPTY constants and any module-level board."""
        if self.module is None:
            return {"functions": {}, "own": [], "constants": {}, "boards": [], "classes": {}, "letters": []}
        classes: dict[str, dict[str, int]] = {}
        functions: dict[str, int] = {}
        own: list[str] = []
        constants: dict[str, Any] = {}
        boards: list[dict[str, Any]] = []
        items = list(vars(self.module).items())
        # Its own names first: the 200 functions described must not all be a star import's (``from os import *``),
        # leaving out the AI it defines after.
        for key, value in sorted(items, key=lambda item: not self.mine(item[1])):
            # Only what the checker reads (``protocol.loaded``): a name it would refuse would fail the whole start.
            if type(key) is not str or key.startswith("__") or len(functions) >= 200 or not values.name(key):
                continue
            try:
                self.describe_one(key, value, functions, own, constants, boards, classes)
            except Exception:
                # A name whose object answers ``isinstance`` or ``__module__`` with an error (a proxy whose
                # ``__class__`` raises) is not described; the module's other names still are.
                continue
        # Described own names first, but listed in the order they were bound: Kaggle's rule takes a ConnectX file's
        # last callable, and an agent defined below ``from kaggle_environments import make`` is that one.
        bound = {key: index for index, (key, _) in enumerate(items) if type(key) is str}
        functions = dict(sorted(functions.items(), key=lambda item: bound.get(item[0], len(bound))))
        # One-letter text constants (RED = "R"): a Connect Four board's pieces, read first where they are there.
        letters: set[str] = set()
        for value in list(vars(self.module).values())[:MAX_SCANNED]:
            if type(value) is str and len(value) == 1 and value.isascii() and value.isalpha():
                letters.add(value)
        return {
            "functions": functions,
            "own": own,
            "constants": constants,
            "boards": boards,
            "classes": classes,
            "letters": sorted(letters),
        }

    def mine(self, value: Any) -> bool:
        """Whether ``value`` is a function or class of the module itself (``False`` for one that will not say)."""
        try:
            return self.module is not None and getattr(value, "__module__", None) == self.module.__name__
        except Exception:
            return False

    def describe_one(
        self,
        key: str,
        value: Any,
        functions: dict[str, int],
        own: list[str],
        constants: dict[str, Any],
        boards: list[dict[str, Any]],
        classes: dict[str, dict[str, int]],
    ) -> None:
        """One of the module's names, described into the lists ``describe`` sends."""
        assert self.module is not None
        if isinstance(value, type) and len(classes) < 50:
            # A game plug may look for a class (the Nim lab's NimAI): its methods and their arguments.
            classes[key] = {
                name: max(values.required_arguments(method) - 1, -1)
                for name, method in list(vars(value).items())[:100]
                if isinstance(method, FunctionType) and values.name(name)
            }
        if callable(value) and not isinstance(value, type):
            arguments = values.required_arguments(value)
            mine = getattr(value, "__module__", None) == self.module.__name__
            functions[key] = arguments
            if mine:
                own.append(key)
        elif key in ("X", "O", "EMPTY") and values.jsonable(value) and values.marker(value):
            constants[key] = value
        elif isinstance(value, list) and len(boards) < 50:
            board = values.board_shape(value)
            if board is not None:
                boards.append(board)

    # --- choosing the interface ---------------------------------------------

    def use(self, interface: dict[str, Any]) -> dict[str, Any]:
        module = self.module
        if module is None:
            return {"ok": False, "error": "the module did not load"}
        kind = interface.get("kind")
        if kind == "cs50":
            missing = [name for name in CS50_NAMES if not callable(getattr(module, name, None))]
            if missing:
                return {"ok": False, "error": f"missing {', '.join(missing)}"}
            self.marks = {
                "X": getattr(module, "X", "X"),
                "O": getattr(module, "O", "O"),
                ".": getattr(module, "EMPTY", None),
            }
            self.nested, self.text, self.keyed = True, False, False
            minimax = module.minimax
            self.call = lambda cells, side: self.ask(minimax, cells, None)
            return {"ok": True}
        if kind == "driver":
            return self.use_driver(module, interface)
        function = getattr(module, str(interface.get("name")), None)
        if not callable(function):
            return {"ok": False, "error": f"no function named {interface.get('name')!r}"}
        self.marks = {"X": interface.get("x", "X"), "O": interface.get("o", "O"), ".": interface.get("empty")}
        self.nested = interface.get("board") == "nested"
        # A string of nine characters ("XO XO  X "), as some students keep their board: it cannot be changed.
        self.text = interface.get("board") == "string"
        # A dict of the squares 1-9 ({1: ' ', ..., 9: ' '}, 1 at the top left), as a much-followed tutorial keeps it.
        self.keyed = interface.get("board") == "dict"
        if interface.get("side_argument"):
            self.call = lambda cells, side: self.ask(function, cells, self.marks[side])
        else:
            self.call = lambda cells, side: self.ask(function, cells, None)
        return {"ok": True}

    def use_driver(self, module: ModuleType, interface: dict[str, Any]) -> dict[str, Any]:
        """Load a game plug's driver from its file and let it open the module (its state is this process's)."""
        file = self.drivers.get(str(interface.get("driver")))
        if file is None:
            return {"ok": False, "error": f"no driver named {interface.get('driver')!r}"}
        driver = self.loaded.get(str(interface.get("driver")))
        if driver is None:
            spec = importlib.util.spec_from_file_location(f"perfectplay_driver_{interface.get('driver')}", file)
            assert spec is not None and spec.loader is not None
            driver = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(driver)
        try:
            self.handler = driver.open_driver(module, interface, Tools(self))
        except Exception as error:  # the driver refused the module as it is (a class missing...): said, not raised
            self.handler = None
            return {"ok": False, "error": values.safe_str(error)[:300]}
        return {"ok": True}

    def drive(self, items: list[Any], draws: list[Any]) -> None:
        handler = self.handler
        for index, item in enumerate(items):
            if handler is None:
                self.channel.send({"error": {"type": "RuntimeError", "message": "no driver chosen"}})
            else:
                _seed(draws, index)
                self.channel.send(handler(item))

    # --- boards -------------------------------------------------------------

    def board(self, cells: str) -> Any:
        flat = [self.marks[cell] for cell in cells]
        if self.marks["."] == values.NUMBERED:  # each empty cell holds its square's number, '1'-'9'
            pairs = enumerate(zip(cells, flat, strict=True), 1)
            flat = [str(square) if cell == "." else mark for square, (cell, mark) in pairs]
        if self.text:
            return "".join(str(mark) for mark in flat)
        if self.keyed:
            return {square: mark for square, mark in enumerate(flat, 1)}
        if self.nested:
            return [flat[0:3], flat[3:6], flat[6:9]]
        return flat

    def snapshot(self, board: Any, cells: str) -> Any:
        """A copy of a board just made from ``cells``, to tell afterwards whether the candidate changed it: the board
        made again, fresh lists holding the very marks, or copies of marks a call could change (``values.copied``).

        Never the shared ``copy.deepcopy``: the candidate may rewrite it (or its dispatch table) to hand back the
        board itself where its marks are not plain (a module's ``X`` of a ``str`` subclass), and every board would
        compare equal to its copy. Made again, it also costs far less (a CS50 check makes some 60,000).
        """
        marks = self.marks
        if all(type(mark) in values.UNCHANGING for mark in marks.values()):
            return self.board(cells)
        self.marks = {key: values.copied(mark) for key, mark in marks.items()}
        try:
            return self.board(cells)
        finally:
            self.marks = marks

    def cells_of(self, board: object) -> str | None:
        """The board back as nine ``X``/``O``/``.`` cells (``?`` for anything else), or None if misshapen."""
        try:
            if self.text:
                assert isinstance(board, str) and len(board) == 9
                cells_found: list[Any] = list(board)
            elif self.keyed:
                assert type(board) is dict and len(board) == 9
                cells_found = [dict.get(board, square) for square in range(1, 10)]
            elif self.nested:
                assert isinstance(board, list) and len(board) == 3
                rows = list(board)
                assert all(isinstance(row, list) and len(row) == 3 for row in rows)
                cells_found = [value for row in rows for value in row]
            else:
                assert isinstance(board, list) and len(board) == 9
                cells_found = list(board)
        except (AssertionError, TypeError):
            return None
        cells = []
        numbered = self.marks["."] == values.NUMBERED
        for square, value in enumerate(cells_found, 1):
            for mark in ("X", "O", "."):
                if values.same(value, str(square) if numbered and mark == "." else self.marks[mark]):
                    cells.append(mark)
                    break
            else:
                cells.append("?")
        return "".join(cells)

    # --- calls --------------------------------------------------------------

    def invoke(self, function: Callable[..., Any], *args: Any) -> tuple[Any, dict[str, Any]]:
        """Call the candidate; the record says how long it took, what it printed, what it raised (a driver's tool)."""
        return self.call_candidate(function, args, timed=True)

    def call_candidate(
        self, function: Callable[..., Any], args: tuple[Any, ...], timed: bool = False
    ) -> tuple[Any, dict[str, Any]]:
        """Call the candidate; the record says what it printed and what it raised, and with ``timed`` how long it took.

        The checker times every answer itself and drops a time the candidate's process claims: the runner's own moves
        and helper calls are not timed (two readings of the process's CPU clock, a system call each, were a sixth of
        what the runner spent on a fast AI's move). A driver's calls are (``Tools.invoke``).
        """
        before = self.capture.count
        kept_before = self.capture.kept_chars
        record: dict[str, Any] = {}
        value: Any = None
        if timed:
            started, cpu = time.perf_counter(), time.process_time()
        try:
            value = function(*args)
        except BaseException as error:  # whatever the candidate raises is a finding, not our crash
            record["error"] = values.error_info(error, self.path)
        if timed:
            record["seconds"] = time.perf_counter() - started
            record["cpu"] = time.process_time() - cpu
        printed = self.capture.count - before
        if printed:
            record["printed"] = printed
            if kept_before < streams.CAPTURE_KEEP:
                record["output"] = self.capture.text()[kept_before : kept_before + CALL_KEEP]
        return value, record

    def ask(self, function: Callable[..., Any], cells: str, side_mark: Any) -> dict[str, Any]:
        """One move: build the board, call, describe the answer and whether the board changed."""
        board = self.board(cells)
        snapshot = self.snapshot(board, cells)
        args = (board,) if side_mark is None else (board, side_mark)
        value, record = self.call_candidate(function, args)
        if "error" not in record:
            record.update(values.describe_answer(value))
        if not self.text and not values.equal(board, snapshot):
            record["after"] = self.cells_of(board)
            if record["after"] is None:
                record["after_repr"] = values.safe_repr(board)
        return record

    def moves(self, positions: list[list[str]], draws: list[Any]) -> None:
        call = self.call
        for index, (cells, side) in enumerate(positions):
            if call is None:
                self.channel.send({"error": {"type": "RuntimeError", "message": "no interface chosen"}})
            else:
                _seed(draws, index)
                self.channel.send(call(cells, side))

    def cs50(self, queries: list[dict[str, Any]], draws: list[Any]) -> None:
        module = self.module
        assert module is not None
        for index, query in enumerate(queries):
            _seed(draws, index)
            self.channel.send(self.cs50_query(module, query))

    def cs50_query(self, module: ModuleType, query: dict[str, Any]) -> dict[str, Any]:
        """Call each CS50 helper asked for on a fresh copy of the board and describe the answers."""
        cells: str = query["cells"]
        reply: dict[str, Any] = {}
        for name, describe in (
            ("player", self.mark_value),
            ("actions", values.action_set),
            ("winner", self.mark_value),
            ("terminal", values.truth_value),
            ("utility", values.number_value),
        ):
            if query.get(name):
                reply[name] = self.cs50_call(getattr(module, name), cells, describe)
        results = []
        for action in query.get("results", []):
            results.append(self.cs50_call(module.result, cells, self.board_value, tuple(action)))
        if results:
            reply["results"] = results
        if query.get("illegal") is not None:
            reply["illegal"] = self.cs50_call(module.result, cells, self.board_value, tuple(query["illegal"]))
        return reply

    def cs50_call(
        self, function: Callable[..., Any], cells: str, describe: Callable[[Any], dict[str, Any]], *extra: Any
    ) -> dict[str, Any]:
        board = self.board(cells)
        snapshot = self.snapshot(board, cells)
        # The checker times every answer itself and never reads a time the candidate's process claims: a board's
        # dozen calls are sent without theirs (the line half as long to write, read and check).
        value, record = self.call_candidate(function, (board, *extra))
        if "error" not in record:
            record.update(describe(value))
            if value is board:
                record["same_object"] = True
        if not values.equal(board, snapshot):
            record["mutated"] = self.cells_of(board) or "?????????"
        return record

    def mark_value(self, value: Any) -> dict[str, Any]:
        if value is None:
            return {"value": None}
        for mark in ("X", "O"):
            if values.same(value, self.marks[mark]):
                return {"value": mark}
        return {"repr": values.safe_repr(value)}

    def board_value(self, value: Any) -> dict[str, Any]:
        cells = self.cells_of(value)
        return {"repr": values.safe_repr(value)} if cells is None else {"value": cells}

    # --- the loop -------------------------------------------------------------

    def serve(self) -> None:
        while True:
            message = self.channel.receive()
            if message is None:
                return
            operation = message.get("op")
            # A number per question to seed the candidate's luck with (``luck.py``), when the checker sends them.
            draws = message.get("draws") or []
            if operation == "use":
                self.channel.send(self.use(message["interface"]))
            elif operation == "moves":
                self.moves(message["positions"], draws)
            elif operation == "cs50":
                self.cs50(message["queries"], draws)
            elif operation == "drive":
                self.drive(message["items"], draws)
            else:
                self.channel.send({"ok": False, "error": f"unknown operation {operation!r}"})


def _seed(draws: list[Any], index: int) -> None:
    """Seed the candidate's luck for question ``index`` of a message, if the checker sent its number."""
    if index < len(draws) and type(draws[index]) is int:
        luck.seed(draws[index])


class Tools:
    """What a game plug's driver borrows from the runner: calling the candidate, describing what came back."""

    def __init__(self, runner: Runner) -> None:
        self.invoke = runner.invoke
        self.describe = values.describe_answer
        self.safe_repr = values.safe_repr
        self.error_info = lambda error: values.error_info(error, runner.path)
