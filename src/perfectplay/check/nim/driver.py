"""The Nim lab's driver: the plug's code on the candidate's side, which calls a student's ``nim.py``.

Standard library only; it runs where the student's module was imported,
inside the sandbox, never in perfectplay's own process. It judges nothing:
it calls and describes what came back (``nim/answers.py`` checks every
field on the trusted side). ``open_driver(module, interface, tools)`` is
the plug protocol's entry (``check/plug.py``, ``DriverFile``); its handler
answers one request a call, each reply saying its ``kind``:

* ``{"op": "unit", ...CASE}``: a fresh ``NimAI`` with the hand-made
  Q-table ``CASE["q"]``, one method called ``CASE["repeat"]`` times
  (seeded), the answers and, for ``update_q_value``, the table afterwards;
* ``{"op": "seed", "seed": S, "games": N, "positions": [...]}``:
  ``random.seed(S)``, the module's own ``train(N)``, then the trained AI's
  greedy choice (``choose_action(piles, epsilon=False)``) in every
  position, with a summary of its Q-table;
* ``{"op": "move", "name": F, "piles": [...]}``: a minimax player's
  ``F(piles)``.

Until the runner loads plug drivers, the same file also runs alone
(``python -I -S -c SOURCE MODULE``, started by the runner's ``--exec`` after
it set the limits): ``main`` imports the module with its printing captured,
sends ``{"event": "loaded", ...}`` and answers ``{"op": "drive", "item":
REQUEST}`` lines over private descriptors (stdin/stdout as they were at the
start; descriptor 0 then reads ``/dev/null``).
"""

from __future__ import annotations

import importlib.util
import io
import json
import linecache
import math
import os
import random
import sys
import traceback
from pathlib import Path

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from types import ModuleType
    from typing import IO, Any

KEEP = 2000
"""Characters of printed output kept (the rest is only counted)."""

MAX_ANSWERS = 2000
MAX_TABLE = 64
"""Answers described in one reply, and Q-table entries sent back after an update."""

METHODS = ("get_q_value", "update_q_value", "best_future_reward", "choose_action", "update")


class Capture(io.TextIOBase):
    """Stands in for stdout and stderr: counts every character, keeps the start."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0
        self.kept: list[str] = []
        self.kept_chars = 0

    def write(self, text: str) -> int:
        text = str(text)
        self.count += len(text)
        if self.kept_chars < KEEP:
            piece = text[: KEEP - self.kept_chars]
            self.kept.append(piece)
            self.kept_chars += len(piece)
        return len(text)

    def writable(self) -> bool:
        return True

    def text(self) -> str:
        return "".join(self.kept)


class Channel:
    """The checker's JSON-lines channel, on descriptors the student cannot reach by printing."""

    def __init__(self) -> None:
        self.incoming: IO[bytes] = os.fdopen(os.dup(0), "rb")
        self.outgoing: IO[bytes] = os.fdopen(os.dup(1), "wb")
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.close(null)
        os.dup2(2, 1)

    def send(self, message: dict[str, Any]) -> None:
        self.outgoing.write(json.dumps(message, allow_nan=False).encode() + b"\n")
        self.outgoing.flush()

    def receive(self) -> dict[str, Any] | None:
        line = self.incoming.readline()
        if not line:
            return None
        message: dict[str, Any] = json.loads(line)
        return message


def _safe_repr(value: object) -> str:
    try:
        text = repr(value)
    except BaseException:
        text = f"<{type(value).__name__}>"
    return text if len(text) <= 80 else text[:77] + "..."


def _whole(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if abs(value) <= 10**9 else None
    return None


def describe(value: object) -> list[Any]:
    """An answer as a short list: ``["pair", i, j]``, ``["number", x]``, ``["none"]`` or ``["other", type, repr]``."""
    if value is None:
        return ["none"]
    if isinstance(value, tuple | list) and len(value) == 2:
        first, second = _whole(value[0]), _whole(value[1])
        if first is not None and second is not None:
            return ["pair", first, second]
    if isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value):
        return ["number", float(value)]
    return ["other", type(value).__name__[:40], _safe_repr(value)]


def error_info(error: BaseException, path: Path) -> dict[str, Any]:
    """What was raised, and the student's line where it happened (their folder's files only)."""
    try:
        message = str(error)[:300]
    except BaseException:
        message = ""
    info: dict[str, Any] = {"type": type(error).__name__[:100], "message": message}
    if isinstance(error, SyntaxError) and error.lineno is not None:
        info["message"] = str(error.msg)[:300]
        info["line"] = error.lineno
        info["code"] = (error.text or "").strip()[:120]
        return info
    for frame, line in reversed(list(traceback.walk_tb(error.__traceback__))):
        if Path(frame.f_code.co_filename).resolve().parent == path.parent:
            info["line"] = line
            info["code"] = linecache.getline(frame.f_code.co_filename, line).strip()[:120]
            if Path(frame.f_code.co_filename).resolve() != path:
                info["file"] = Path(frame.f_code.co_filename).name[:100]
            break
    return info


def _required(function: object) -> int:
    code = getattr(function, "__code__", None)
    if code is None:
        return -1
    defaults = getattr(function, "__defaults__", None) or ()
    return max(int(code.co_argcount) - len(defaults), 0)


class Driver:
    """Answers the checker's requests about one imported student module (``open_driver``'s handler)."""

    def __init__(self, module: ModuleType, tools: Any) -> None:
        self.module = module
        self.tools = tools
        self.games = 0
        self.ai: Any = None

    def handle(self, item: dict[str, Any]) -> dict[str, Any]:
        operation = {"unit": self.unit, "seed": self.seed, "move": self.move}.get(str(item.get("op")))
        if operation is None:
            return {"kind": "missing", "missing": "no such request"}
        return operation(item)

    def call(self, function: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        """The call through the runner's tools: timed, its printing captured, what it raised described."""
        if kwargs:
            return self.tools.invoke(lambda: function(*args, **kwargs))  # type: ignore[no-any-return]
        return self.tools.invoke(function, *args)  # type: ignore[no-any-return]

    def unit(self, case: dict[str, Any]) -> dict[str, Any]:
        """One hand-made Q-table case: a fresh AI, the table, one method asked ``repeat`` times."""
        module = self.module
        random.seed(int(case.get("seed", 0)))
        alpha = case.get("alpha")
        made = getattr(module, "NimAI", None)
        if not callable(made):
            return {"kind": "unit", "missing": "NimAI"}
        ai, record = self.call(made) if alpha is None else self.call(made, alpha=alpha)
        if "error" in record:
            return {"kind": "unit", "error": record["error"]}
        try:
            ai.q = {(tuple(piles), tuple(action)): value for piles, action, value in case.get("q", [])}
            if "epsilon" in case:
                ai.epsilon = case["epsilon"]
        except Exception:
            return {"kind": "unit", "missing": "a q attribute that can be set"}
        method = getattr(ai, str(case["method"]), None)
        if not callable(method):
            return {"kind": "unit", "missing": str(case["method"])[:40]}
        answers: list[list[Any]] = []
        printed = 0
        for _ in range(min(int(case.get("repeat", 1)), MAX_ANSWERS)):
            args: list[Any] = [list(case["state"])]
            if "action" in case:
                args.append(tuple(case["action"]))
            args += list(case.get("more", []))
            kwargs = {"epsilon": case["greedy_flag"]} if "greedy_flag" in case else {}
            value, record = self.call(method, *args, **kwargs)
            printed += int(record.get("printed", 0))
            if "error" in record:
                return {"kind": "unit", "error": record["error"], "answers": answers, "printed": printed}
            answers.append(describe(value))
        reply: dict[str, Any] = {"kind": "unit", "answers": answers, "printed": printed}
        if case["method"] == "update_q_value":
            reply["table"] = self.table(ai)
        return reply

    def table(self, ai: Any) -> list[list[Any]] | str:
        """The AI's Q-table as ``[piles, action, value]`` entries, or its repr if it is not such a table."""
        try:
            table = ai.q
            entries: list[list[Any]] = []
            for key, value in list(table.items())[:MAX_TABLE]:
                piles, action = key
                numbers = [_whole(pile) for pile in piles]
                act = [_whole(part) for part in action]
                number = describe(value)
                if None in numbers or None in act or len(act) != 2 or number[0] != "number" or len(numbers) > 10:
                    return _safe_repr(table)
                entries.append([numbers, act, number[1]])
            return entries
        except Exception:
            return "<unreadable>"

    def seed(self, item: dict[str, Any]) -> dict[str, Any]:
        """Train with the module's own ``train(games)``, seeded, then ask the greedy choice everywhere."""
        module = self.module
        train = getattr(module, "train", None)
        if not callable(train):
            return {"kind": "seed", "missing": "train"}
        self.count_games(module)
        random.seed(int(item["seed"]))
        ai, record = self.call(train, int(item["games"]))
        reply: dict[str, Any] = {"kind": "seed", "printed": int(record.get("printed", 0)), "games": self.games}
        if "error" in record:
            reply["error"] = record["error"]
            return reply
        reply["returned"] = "None" if ai is None else type(ai).__name__[:40]
        reply["summary"] = self.summary(ai)
        choose = getattr(ai, "choose_action", None)
        answers: list[list[Any]] = []
        if callable(choose):
            random.seed(int(item["seed"]))
            for piles in item["positions"][:MAX_ANSWERS]:
                value, record = self.call(choose, list(piles), epsilon=False)
                failed = record.get("error")
                answers.append(
                    ["error", str(failed["type"])[:100], int(failed.get("line", 0))] if failed else describe(value)
                )
        reply["answers"] = answers
        return reply

    def count_games(self, module: ModuleType) -> None:
        """Count the games ``train`` starts (each makes a ``Nim``), to say which one a crash happened in."""
        self.games = 0
        game = getattr(module, "Nim", None)
        original = getattr(game, "__init__", None)
        if not isinstance(game, type) or original is None or getattr(original, "_counted", False):
            return
        driver = self

        def counted(this: Any, *args: Any, **kwargs: Any) -> None:
            driver.games += 1
            original(this, *args, **kwargs)

        counted._counted = True  # type: ignore[attr-defined]
        try:
            game.__init__ = counted  # type: ignore[misc]
        except Exception:
            return

    def summary(self, ai: Any) -> dict[str, Any]:
        """How many values the trained table holds, and how many are below and above 0."""
        try:
            values = list(ai.q.values())[:1_000_000]
            numbers = [float(v) for v in values if isinstance(v, int | float) and not isinstance(v, bool)]
            numbers = [number for number in numbers if math.isfinite(number)]
            return {
                "entries": len(values),
                "numbers": len(numbers),
                "negative": sum(1 for number in numbers if number < 0),
                "positive": sum(1 for number in numbers if number > 0),
                "lowest": min(numbers, default=0.0),
                "highest": max(numbers, default=0.0),
            }
        except Exception:
            return {"entries": -1}

    def move(self, item: dict[str, Any]) -> dict[str, Any]:
        function = getattr(self.module, str(item["name"]), None)
        if not callable(function):
            return {"kind": "move", "missing": str(item["name"])[:40]}
        value, record = self.call(function, list(item["piles"]))
        reply: dict[str, Any] = {"kind": "move", "printed": int(record.get("printed", 0))}
        if "error" in record:
            reply["error"] = record["error"]
        else:
            reply["answer"] = describe(value)
        return reply


def open_driver(
    module: ModuleType, interface: dict[str, Any], tools: Any
) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """The plug protocol's entry (``check/plug.py``, ``DriverFile``): the handler of one process's requests."""
    return Driver(module, tools).handle


# --- standing alone: the checker's run primitives start this file by itself until the runner loads drivers ---


class Tools:
    """The runner's ``tools`` for a driver, when this file runs alone: calls timed, printing counted."""

    def __init__(self, capture: Capture, path: Path) -> None:
        self.capture = capture
        self.path = path

    def invoke(self, function: Callable[..., Any], *args: Any) -> tuple[Any, dict[str, Any]]:
        before = self.capture.count
        record: dict[str, Any] = {}
        value: Any = None
        try:
            value = function(*args)
        except BaseException as error:  # whatever the student raises is a finding, not our crash
            record["error"] = error_info(error, self.path)
        printed = self.capture.count - before
        if printed:
            record["printed"] = printed
        return value, record


def load(path: Path, capture: Capture) -> tuple[ModuleType | None, dict[str, Any]]:
    """Import the student's file, its printing captured; the ``loaded`` event that says what it holds."""
    sys.stdout = sys.stderr = capture
    sys.path.insert(0, str(path.parent))
    name = path.stem
    if not name.isidentifier() or name in sys.modules or name in sys.stdlib_module_names:
        name = "candidate_" + "".join(char if char.isalnum() else "_" for char in name)
    report: dict[str, Any] = {"event": "loaded", "module": name[:100]}
    module: ModuleType | None = None
    try:
        spec = importlib.util.spec_from_file_location(name, path)
        if spec is None or spec.loader is None:
            raise ImportError(f"cannot load {path.name} as a Python module")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    except BaseException as error:  # the import may raise anything, SystemExit included
        report["error"] = error_info(error, path)
    report["printed"] = capture.count
    report["output"] = capture.text()[:300]
    report.update(shape(module))
    return module, report


def shape(module: ModuleType | None) -> dict[str, Any]:
    """The module's functions and classes, each method with its required arguments (as ``LoadedModule``)."""
    functions: dict[str, int] = {}
    classes: dict[str, dict[str, int]] = {}
    for key, value in list(vars(module).items()) if module is not None else ():
        if key.startswith("__") or len(functions) + len(classes) >= 200:
            continue
        if isinstance(value, type):
            methods: dict[str, int] = {}
            for method in (*METHODS, "available_actions", "move"):
                found = getattr(value, method, None)
                if callable(found):
                    methods[method] = max(_required(found) - 1, 0)
            classes[key[:100]] = methods
        elif callable(value):
            functions[key[:100]] = _required(value)
    return {"functions": functions, "classes": classes}


def main(argv: list[str]) -> None:
    """``driver.py MODULE``: load, say so, answer ``{"op": "drive", "item": ...}`` lines until the channel closes."""
    channel = Channel()
    capture = Capture()
    path = Path(argv[0]).resolve()
    module, loaded = load(path, capture)
    channel.send(loaded)
    handler = None if module is None or "error" in loaded else open_driver(module, {}, Tools(capture, path))
    try:
        while True:
            message = channel.receive()
            if message is None:
                return
            if handler is None:
                channel.send({"kind": "missing", "missing": "the module did not load"})
            else:
                channel.send(handler(message["item"]))
    finally:
        # Skip interpreter shutdown: the student's threads or atexit hooks must not keep us alive.
        os._exit(0)


if __name__ == "__main__":
    main(sys.argv[1:])
