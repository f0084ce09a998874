"""The child process that runs a candidate's Python module for ``perfectplay check``.

Started as ``python -I -S runner.py [--limit NAME=N]... --module FILE`` (see
``main``), one per worker, never in perfectplay's own process, and imports
nothing but the standard library: it is the untrusted side, and whatever it
sends is checked by ``protocol`` in the checker. It talks to the parent in
JSON lines over what were its stdin and stdout when it started; before the
candidate is imported it moves them to private file descriptors, points
descriptor 0 at ``/dev/null`` (so ``input()`` gets end of file at once) and
sends the candidate's ``print`` output to an in-memory capture, so nothing
the candidate prints or reads can corrupt the protocol.

The parent's messages and the runner's answers (one JSON object a line):

* on start the runner imports FILE and sends ``{"event": "loaded", ...}``:
  whether the import raised (and where), what it printed, whether it read
  standard input, its functions with their number of required arguments,
  its ``X``/``O``/``EMPTY`` constants and any module-level board;
* ``{"op": "use", "interface": {...}}`` chooses how moves are asked
  (``kind`` ``function`` or ``cs50``); the answer is ``{"ok": true}`` or
  ``{"ok": false, "error": "..."}``;
* ``{"op": "moves", "positions": [[cells, side], ...]}`` asks for a move in
  each position; one answer line per position, in order, as soon as it is
  known (so the parent can time every move and knows which one hangs);
* ``{"op": "cs50", "queries": [...]}`` calls ``player``, ``actions``,
  ``result``, ``winner``, ``terminal`` and ``utility`` on each board; one
  answer line per query;
* ``{"op": "drive", "items": [...]}`` hands each item to a game plug's
  driver (``check/plug.py``'s ``DriverFile``: a standard-library module
  given with ``--driver NAME=FILE`` and chosen by ``use`` with ``kind``
  ``driver``); one answer line per item.

This module is deliberately dumb: it builds boards, calls, and describes
what came back. Every judgement happens in the parent.
"""

from __future__ import annotations

import copy
import importlib.util
import io
import json
import linecache
import operator
import os
import sys
import threading
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from types import FunctionType, ModuleType

# Every candidate process starts this module (after each time-out too): what only annotations need is not
# imported at run time (``typing``: 3 ms of a start), and ``inspect`` (7 ms) only for an unusual callable.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import IO, Any

CAPTURE_KEEP = 2000
"""Characters of printed output kept (the rest is only counted)."""

CALL_KEEP = 300
"""Characters of one call's printed output sent with its answer."""

CS50_NAMES = ("initial_state", "player", "actions", "result", "winner", "terminal", "utility", "minimax")


class Capture(io.TextIOBase):
    """Stands in for ``sys.stdout`` and ``sys.stderr``: counts everything, keeps the start."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0
        self.kept: list[str] = []
        self.kept_chars = 0

    def write(self, text: str) -> int:
        text = str(text)
        self.count += len(text)
        if self.kept_chars < CAPTURE_KEEP:
            piece = text[: CAPTURE_KEEP - self.kept_chars]
            self.kept.append(piece)
            self.kept_chars += len(piece)
        return len(text)

    def writable(self) -> bool:
        return True

    def text(self) -> str:
        return "".join(self.kept)


class ClosedStdin(io.TextIOBase):
    """Stands in for ``sys.stdin``: always at end of file, and remembers being read."""

    def __init__(self) -> None:
        super().__init__()
        self.reads = 0

    def readable(self) -> bool:
        return True

    def read(self, size: int | None = -1) -> str:
        self.reads += 1
        return ""

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        self.reads += 1
        return ""


class Channel:
    """The parent's JSON-lines channel, on descriptors the candidate cannot reach by printing."""

    def __init__(self) -> None:
        self.incoming: IO[bytes] = os.fdopen(os.dup(0), "rb")
        self.outgoing: IO[bytes] = os.fdopen(os.dup(1), "wb")
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.close(null)
        # Native writes to descriptor 1 (C extensions, os.write) land in the
        # stderr file the parent keeps, never in the protocol.
        os.dup2(2, 1)

    def send(self, message: dict[str, Any]) -> None:
        self.outgoing.write(json.dumps(message).encode() + b"\n")
        self.outgoing.flush()

    def receive(self) -> dict[str, Any] | None:
        line = self.incoming.readline()
        if not line:
            return None
        message: dict[str, Any] = json.loads(line)
        return message


def set_limits(limits: dict[str, int]) -> None:
    """Hard limits, hard == soft, set before any candidate code runs: the candidate cannot raise them."""
    try:
        import resource
    except ImportError:  # not a POSIX system: no limits to set
        return

    for name, value in limits.items():
        which = getattr(resource, f"RLIMIT_{name}")
        _, hard = resource.getrlimit(which)
        if hard != resource.RLIM_INFINITY:
            value = min(value, hard)
        resource.setrlimit(which, (value, value))


def drop_user(user: str) -> None:
    """Become an unprivileged user (the sandbox gave this process only the right to do this)."""
    uid, gid = (int(part) for part in user.split(":"))
    os.setgroups([])
    os.setgid(gid)
    os.setuid(uid)
    if os.getuid() != uid or os.geteuid() != uid:
        raise SystemExit("could not drop privileges")


def error_info(error: BaseException, path: Path) -> dict[str, Any]:
    """What went wrong, and the line of the candidate's file where it happened."""
    info: dict[str, Any] = {"type": type(error).__name__, "message": _safe_str(error)[:300]}
    if isinstance(error, SyntaxError) and error.lineno is not None:
        info["message"] = str(error.msg)
        info["line"] = error.lineno
        info["code"] = (error.text or "").strip()[:120]
        return info
    for frame, line in reversed(list(traceback.walk_tb(error.__traceback__))):
        if Path(frame.f_code.co_filename).resolve().parent == path.parent:
            info["line"] = line
            info["code"] = linecache.getline(frame.f_code.co_filename, line).strip()[:120]
            if Path(frame.f_code.co_filename).resolve() != path:
                info["file"] = Path(frame.f_code.co_filename).name
            break
    return info


def _safe_str(value: object) -> str:
    try:
        return str(value)
    except Exception:
        return f"<{type(value).__name__}>"


def _safe_repr(value: object) -> str:
    try:
        text = repr(value)
    except Exception:
        text = f"<{type(value).__name__}>"
    return text if len(text) <= 80 else text[:77] + "..."


def _jsonable(value: object) -> bool:
    return value is None or (isinstance(value, str | int | float) and not isinstance(value, bool))


class Runner:
    """Loads one candidate module and answers the parent's requests about it."""

    def __init__(self, path: Path, channel: Channel) -> None:
        self.path = path
        self.channel = channel
        self.capture = Capture()
        self.stdin = ClosedStdin()
        self.module: ModuleType | None = None
        self.call: Callable[[str, str], dict[str, Any]] | None = None
        self.drivers: dict[str, str] = {}
        """The game plugs' drivers this process may load, by name (``--driver NAME=FILE``)."""
        self.handler: Callable[[Any], dict[str, Any]] | None = None
        self.marks: dict[str, Any] = {"X": "X", "O": "O", ".": None}
        self.nested = True

    # --- loading ------------------------------------------------------------

    def load(self) -> dict[str, Any]:
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
            report["error"] = error_info(error, self.path)
        report["seconds"] = time.perf_counter() - started
        report["printed"] = self.capture.count
        report["output"] = self.capture.text()
        report["read_stdin"] = self.stdin.reads > 0
        report.update(self.describe())
        return report

    def describe(self) -> dict[str, Any]:
        """The module's functions, its X/O/EMPTY constants and any module-level board."""
        if self.module is None:
            return {"functions": {}, "own": [], "constants": {}, "boards": [], "classes": {}}
        classes: dict[str, dict[str, int]] = {}
        functions: dict[str, int] = {}
        own: list[str] = []
        constants: dict[str, Any] = {}
        boards: list[dict[str, Any]] = []
        for key, value in list(vars(self.module).items()):
            if key.startswith("__") or len(functions) >= 200:
                continue
            if isinstance(value, type) and len(classes) < 50:
                # A game plug may look for a class (the Nim lab's NimAI): its methods and their arguments.
                classes[key] = {
                    name: max(_required_arguments(method) - 1, -1)
                    for name, method in list(vars(value).items())[:100]
                    if isinstance(method, FunctionType)
                }
            if callable(value) and not isinstance(value, type):
                functions[key] = _required_arguments(value)
                if getattr(value, "__module__", None) == self.module.__name__:
                    own.append(key)
            elif key in ("X", "O", "EMPTY") and _jsonable(value):
                constants[key] = value
            elif isinstance(value, list):
                board = _board_shape(value)
                if board is not None:
                    boards.append(board)
        return {"functions": functions, "own": own, "constants": constants, "boards": boards, "classes": classes}

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
            self.nested = True
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
        spec = importlib.util.spec_from_file_location(f"perfectplay_driver_{interface.get('driver')}", file)
        assert spec is not None and spec.loader is not None
        driver = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(driver)
        try:
            self.handler = driver.open_driver(module, interface, Tools(self))
        except Exception as error:  # the driver refused the module as it is (a class missing...): said, not raised
            self.handler = None
            return {"ok": False, "error": _safe_str(error)[:300]}
        return {"ok": True}

    def drive(self, items: list[Any]) -> None:
        handler = self.handler
        for item in items:
            if handler is None:
                self.channel.send({"error": {"type": "RuntimeError", "message": "no driver chosen"}})
            else:
                self.channel.send(handler(item))

    # --- boards -------------------------------------------------------------

    def board(self, cells: str) -> list[Any]:
        flat = [self.marks[cell] for cell in cells]
        if self.nested:
            return [flat[0:3], flat[3:6], flat[6:9]]
        return flat

    def snapshot(self, board: list[Any], cells: str) -> list[Any]:
        """A copy of a board just made from ``cells``, to tell afterwards whether the candidate changed it.

        With marks that cannot change (text, numbers, None: a copy would be the very same objects) the board
        made again is that copy, and costs far less than ``deepcopy`` (a CS50 check makes some 60,000).
        """
        if all(type(mark) in _UNCHANGING for mark in self.marks.values()):
            return self.board(cells)
        return copy.deepcopy(board)

    def cells_of(self, board: object) -> str | None:
        """The board back as nine ``X``/``O``/``.`` cells (``?`` for anything else), or None if misshapen."""
        try:
            if self.nested:
                assert isinstance(board, list) and len(board) == 3
                rows = list(board)
                assert all(isinstance(row, list) and len(row) == 3 for row in rows)
                values = [value for row in rows for value in row]
            else:
                assert isinstance(board, list) and len(board) == 9
                values = list(board)
        except (AssertionError, TypeError):
            return None
        cells = []
        for value in values:
            for mark in ("X", "O", "."):
                if _same(value, self.marks[mark]):
                    cells.append(mark)
                    break
            else:
                cells.append("?")
        return "".join(cells)

    # --- calls --------------------------------------------------------------

    def invoke(self, function: Callable[..., Any], *args: Any) -> tuple[Any, dict[str, Any]]:
        """Call the candidate; the record says how long it took, what it printed, what it raised."""
        before = self.capture.count
        kept_before = self.capture.kept_chars
        record: dict[str, Any] = {}
        value: Any = None
        started, cpu = time.perf_counter(), time.process_time()
        try:
            value = function(*args)
        except BaseException as error:  # whatever the candidate raises is a finding, not our crash
            record["error"] = error_info(error, self.path)
        record["seconds"] = time.perf_counter() - started
        record["cpu"] = time.process_time() - cpu
        printed = self.capture.count - before
        if printed:
            record["printed"] = printed
            if kept_before < CAPTURE_KEEP:
                record["output"] = self.capture.text()[kept_before : kept_before + CALL_KEEP]
        return value, record

    def ask(self, function: Callable[..., Any], cells: str, side_mark: Any) -> dict[str, Any]:
        """One move: build the board, call, describe the answer and whether the board changed."""
        board = self.board(cells)
        snapshot = self.snapshot(board, cells)
        args = (board,) if side_mark is None else (board, side_mark)
        value, record = self.invoke(function, *args)
        if "error" not in record:
            record.update(describe_answer(value))
        if not _equal(board, snapshot):
            record["after"] = self.cells_of(board)
            if record["after"] is None:
                record["after_repr"] = _safe_repr(board)
        return record

    def moves(self, positions: list[list[str]]) -> None:
        call = self.call
        for cells, side in positions:
            if call is None:
                self.channel.send({"error": {"type": "RuntimeError", "message": "no interface chosen"}})
            else:
                self.channel.send(call(cells, side))

    def cs50(self, queries: list[dict[str, Any]]) -> None:
        module = self.module
        assert module is not None
        for query in queries:
            self.channel.send(self.cs50_query(module, query))

    def cs50_query(self, module: ModuleType, query: dict[str, Any]) -> dict[str, Any]:
        """Call each CS50 helper asked for on a fresh copy of the board and describe the answers."""
        cells: str = query["cells"]
        reply: dict[str, Any] = {}
        for name, describe in (
            ("player", self.mark_value),
            ("actions", action_set),
            ("winner", self.mark_value),
            ("terminal", truth_value),
            ("utility", number_value),
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
        value, record = self.invoke(function, board, *extra)
        if "error" not in record:
            record.update(describe(value))
            if value is board:
                record["same_object"] = True
        if not _equal(board, snapshot):
            record["mutated"] = self.cells_of(board) or "?????????"
        return record

    def mark_value(self, value: Any) -> dict[str, Any]:
        if value is None:
            return {"value": None}
        for mark in ("X", "O"):
            if _same(value, self.marks[mark]):
                return {"value": mark}
        return {"repr": _safe_repr(value)}

    def board_value(self, value: Any) -> dict[str, Any]:
        cells = self.cells_of(value)
        return {"repr": _safe_repr(value)} if cells is None else {"value": cells}

    # --- the loop -------------------------------------------------------------

    def serve(self) -> None:
        while True:
            message = self.channel.receive()
            if message is None:
                return
            operation = message.get("op")
            if operation == "use":
                self.channel.send(self.use(message["interface"]))
            elif operation == "moves":
                self.moves(message["positions"])
            elif operation == "cs50":
                self.cs50(message["queries"])
            elif operation == "drive":
                self.drive(message["items"])
            else:
                self.channel.send({"ok": False, "error": f"unknown operation {operation!r}"})


class Tools:
    """What a game plug's driver borrows from the runner: calling the candidate, describing what came back."""

    def __init__(self, runner: Runner) -> None:
        self.invoke = runner.invoke
        self.describe = describe_answer
        self.safe_repr = _safe_repr
        self.error_info = lambda error: error_info(error, runner.path)


def describe_answer(value: Any) -> dict[str, Any]:
    """A move as the candidate returned it: an index, a (row, col) pair, None, or something else."""
    if value is None:
        return {"kind": "none"}
    if not isinstance(value, bool):
        index = _index(value)
        if index is not None:
            return {"kind": "int", "value": index}
        if isinstance(value, tuple | list) and len(value) == 2:
            pair = [_index(part) for part in value]
            if None not in pair and not any(isinstance(part, bool) for part in value):
                return {"kind": "pair", "value": pair, "type": type(value).__name__}
    return {"kind": "other", "type": type(value).__name__, "repr": _safe_repr(value)}


def action_set(value: Any) -> dict[str, Any]:
    """``actions``' answer as a sorted list of [row, col], with how many it listed."""
    try:
        listed = list(value)
        pairs = []
        for item in listed:
            row, col = item
            row_index, col_index = _index(row), _index(col)
            if row_index is None or col_index is None:
                raise TypeError
            pairs.append([row_index, col_index])
    except Exception:
        return {"repr": _safe_repr(value)}
    return {"value": sorted(pairs), "listed": len(listed), "type": type(value).__name__}


def truth_value(value: Any) -> dict[str, Any]:
    if isinstance(value, bool) or (isinstance(value, int) and value in (0, 1)):
        return {"value": bool(value)}
    return {"repr": _safe_repr(value)}


def number_value(value: Any) -> dict[str, Any]:
    if isinstance(value, int | float) and not isinstance(value, bool) and float(value).is_integer():
        return {"value": int(value)}
    return {"repr": _safe_repr(value)}


def _index(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


_UNCHANGING = (str, int, bool, float, type(None))
"""Types whose values no call can change, and which ``deepcopy`` hands back as they are."""


def _same(value: Any, mark: Any) -> bool:
    if mark is None or value is None:
        return value is mark
    try:
        return type(value) is type(mark) and bool(value == mark)
    except Exception:
        return False


def _equal(board: Any, snapshot: Any) -> bool:
    try:
        return bool(board == snapshot)
    except Exception:
        return False


def _required_arguments(function: Callable[..., Any]) -> int:
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


def _board_shape(value: list[Any]) -> dict[str, Any] | None:
    """A module-level list that looks like a board: its shape and the cell values it holds."""
    if len(value) == 9 and all(_jsonable(cell) for cell in value):
        return {"shape": "flat", "values": sorted(set(value), key=repr)}
    if len(value) == 3 and all(isinstance(row, list) and len(row) == 3 for row in value):
        cells = [cell for row in value for cell in row]
        if all(_jsonable(cell) for cell in cells):
            return {"shape": "nested", "values": sorted(set(cells), key=repr)}
    return None


MACHINE_FAILED = 125
"""Exit status when the process could not be prepared before any candidate code ran."""

# --- no new processes: a seccomp filter, where no cgroup counts them --------------------------
#
# Without a cgroup, the CPU time of a child that the kernel reaps (SIGCHLD ignored) is counted
# nowhere, and a daemon can leave every process tree. A Python candidate needs no process of its
# own, so none is allowed: fork, vfork and clone without CLONE_THREAD fail with EPERM (threads
# are still allowed), clone3 reports ENOSYS (its flags cannot be read by a filter, and the C
# library then falls back to clone), and memfd_create, whose written pages no per-process limit
# counts, fails with EPERM. Any other architecture's system calls (x32, i386 on x86_64) are refused.

_LOAD_WORD, _JUMP_EQUAL, _JUMP_AT_LEAST, _JUMP_SET, _RETURN = 0x20, 0x15, 0x35, 0x45, 0x06
_ALLOW = 0x7FFF0000
_ERRNO = 0x00050000
_EPERM, _ENOSYS = 1, 38
_CLONE_THREAD = 0x00010000
_ARCHES = {
    # machine: (AUDIT_ARCH, fork, vfork, clone, clone3, memfd_create); None: no such call.
    "x86_64": (0xC000003E, 57, 58, 56, 435, 319),
    "aarch64": (0xC00000B7, None, None, 220, 435, 279),
}


def no_fork_filter(machine: str) -> bytes:
    """The compiled BPF program (struct sock_filter[]) for ``machine``; KeyError for an unknown one."""
    arch, fork, vfork, clone, clone3, memfd = _ARCHES[machine]
    deny = _ERRNO | _EPERM
    program: list[tuple[int, int, int, int]] = []

    def emit(code: int, k: int, true: int = 0, false: int = 0) -> None:
        program.append((code, true, false, k))

    # Offsets in struct seccomp_data: nr at 0, arch at 4, the low half of args[0] at 16.
    emit(_LOAD_WORD, 4)
    emit(_JUMP_EQUAL, arch, 1, 0)
    emit(_RETURN, deny)
    emit(_LOAD_WORD, 0)
    emit(_JUMP_AT_LEAST, 0x40000000, 0, 1)  # the x32 ABI's calls
    emit(_RETURN, deny)
    for number in (fork, vfork, memfd):
        if number is not None:
            emit(_JUMP_EQUAL, number, 0, 1)
            emit(_RETURN, deny)
    emit(_JUMP_EQUAL, clone3, 0, 1)
    emit(_RETURN, _ERRNO | _ENOSYS)
    emit(_JUMP_EQUAL, clone, 0, 3)
    emit(_LOAD_WORD, 16)
    emit(_JUMP_SET, _CLONE_THREAD, 1, 0)
    emit(_RETURN, deny)
    emit(_RETURN, _ALLOW)
    import struct

    return b"".join(struct.pack("=HBBI", code, true, false, k) for code, true, false, k in program)


def forbid_new_processes() -> None:
    """Install the filter on this process (and whatever it becomes); OSError if the kernel refuses."""
    import ctypes
    import platform

    try:
        program = no_fork_filter(platform.machine())
    except KeyError:
        raise OSError(f"no seccomp filter for this machine ({platform.machine()})") from None

    class Program(ctypes.Structure):
        _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_char_p)]

    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(38, 1, 0, 0, 0) != 0:  # PR_SET_NO_NEW_PRIVS: required to filter without privileges
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_NO_NEW_PRIVS) failed")
    fprog = Program(len(program) // 8, program)
    if libc.prctl(22, 2, ctypes.byref(fprog), 0, 0) != 0:  # PR_SET_SECCOMP, SECCOMP_MODE_FILTER
        raise OSError(ctypes.get_errno(), "seccomp filter refused")


def unpack_copy(archive: str, folder: str) -> None:
    """Unpack the submission's private copy (an archive the checker made) into ``folder``, then delete it.

    Inside the sandbox the copy lives in the sandbox's own memory, so nothing in /proc/self/mountinfo
    names a folder of the machine, and no one outside the sandbox can read it.
    """
    import tarfile

    with tarfile.open(archive) as tar:
        members = [member for member in tar.getmembers() if member.isfile() or member.isdir()]
        for member in members:
            member.mode = 0o755 if member.isdir() else 0o644
            member.uid = member.gid = 0
        if hasattr(tarfile, "data_filter"):
            tar.extractall(folder, members=members, filter="data")
        else:  # made by the checker itself: regular files and folders under relative names only
            tar.extractall(folder, members=members)
    os.unlink(archive)


def watch_parent(interval: float = 0.5) -> None:
    """End this process if perfectplay goes away, even while the candidate is stuck in a loop."""
    parent = os.getppid()

    def watch() -> None:
        while True:
            time.sleep(interval)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, daemon=True).start()


def main(argv: list[str]) -> None:
    """``runner.py [--limit NAME=N]... [--user UID:GID] [--no-fork] [--path DIR]... [--driver NAME=FILE]...
    [--unpack TAR DIR] [--ready FD] (--module FILE | --exec PROGRAM ARG...)``.

    Started by the checker as ``python -I -S runner.py`` (inside the sandbox
    when there is one): it unpacks the submission's private copy, sets the
    limits, drops to the candidate's own user, forbids new processes where
    they could not be counted, says ``ready`` on descriptor FD (everything
    before that is the machine's doing, nothing of the candidate has run),
    then either loads the module and serves the JSON-lines protocol, or
    becomes the ``--command`` program (which inherits the limits and speaks
    the line protocol itself).
    """
    limits: dict[str, int] = {}
    user = None
    no_fork = False
    ready: int | None = None
    unpack: tuple[str, str] | None = None
    drivers: dict[str, str] = {}
    while argv and argv[0] in ("--limit", "--user", "--no-fork", "--ready", "--unpack", "--path", "--driver"):
        option = argv[0]
        if option == "--no-fork":
            no_fork = True
            argv = argv[1:]
            continue
        if option == "--path":  # a folder of packages the teacher allowed, before the candidate's import
            sys.path.append(argv[1])
            argv = argv[2:]
            continue
        if option == "--driver":  # a game plug's driver: loaded only when ``use`` names it
            name, _, file = argv[1].partition("=")
            drivers[name] = file
            argv = argv[2:]
            continue
        if option == "--limit":
            name, value = argv[1].split("=")
            limits[name] = int(value)
        elif option == "--user":
            user = argv[1]
        elif option == "--ready":
            ready = int(argv[1])
        else:
            unpack = (argv[1], argv[2])
            argv = argv[1:]
        argv = argv[2:]
    try:
        if unpack is not None:
            unpack_copy(*unpack)
        set_limits(limits)
        if user is not None:
            drop_user(user)
        if no_fork:
            forbid_new_processes()
    except (OSError, ValueError) as error:
        # Nothing of the candidate has run: this is the machine's failure, and it is said so.
        sys.stderr.write(f"perfectplay: could not prepare the candidate's process: {error}\n")
        os._exit(MACHINE_FAILED)
    if ready is not None:
        os.write(ready, b"ready")
        os.close(ready)
    if argv[0] == "--exec":
        os.execv(argv[1], argv[1:])
    assert argv[0] == "--module"
    channel = Channel()
    watch_parent()
    runner = Runner(Path(argv[1]).resolve(), channel)
    runner.drivers = drivers
    channel.send(runner.load())
    try:
        runner.serve()
    finally:
        # Skip interpreter shutdown: a candidate's threads or atexit hooks must not keep us alive.
        os._exit(0)


if __name__ == "__main__":
    main(sys.argv[1:])
