"""The Nim lab's child program: imports a student's ``nim.py`` and answers the checker, inside the sandbox.

Started as ``python -I -S driver.py MODULE`` (after the runner has set the
limits, dropped privileges and forbidden new processes), never in
perfectplay's own process; it imports the standard library only. It is the
untrusted side: it calls the student's code and describes what came back,
judging nothing (``nim/answers.py`` checks every field on the trusted side).

Channel: JSON lines on what were its stdin and stdout when it started; both
are moved to private descriptors before the student's module is imported,
descriptor 0 reads ``/dev/null`` and everything the student prints is
counted and captured, never sent raw. On start it sends ``{"event":
"loaded", ...}``; then one answer line for each request line:

* ``{"op": "unit", "item": CASE}``: a fresh ``NimAI`` with the hand-made
  Q-table ``CASE["q"]``, one method called ``CASE["repeat"]`` times
  (seeded), the answers and, for ``update_q_value``, the table afterwards;
* ``{"op": "seed", "item": {"seed": S, "games": N, "positions": [...]}}``:
  ``random.seed(S)``, the module's own ``train(N)``, then the trained AI's
  greedy choice (``choose_action(piles, epsilon=False)``) in every
  position, with a summary of its Q-table;
* ``{"op": "move", "item": {"name": F, "piles": [...]}}``: a minimax
  player's ``F(piles)``.
"""

from __future__ import annotations

import importlib.util
import io
import json
import linecache
import math
import os
import random
import re
import sys
import time
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
PLAYERS = ("best_move", "find_best_move", "choose_move")
_GAME_LINE = re.compile(r"training game (\d+)", re.IGNORECASE)


class Capture(io.TextIOBase):
    """Stands in for stdout and stderr: counts every character, keeps the start, remembers the last game printed."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0
        self.kept: list[str] = []
        self.kept_chars = 0
        self.tail = ""

    def write(self, text: str) -> int:
        text = str(text)
        self.count += len(text)
        if self.kept_chars < KEEP:
            piece = text[: KEEP - self.kept_chars]
            self.kept.append(piece)
            self.kept_chars += len(piece)
        self.tail = (self.tail + text[-200:])[-200:]
        return len(text)

    def writable(self) -> bool:
        return True

    def text(self) -> str:
        return "".join(self.kept)

    def last_game(self) -> int | None:
        """The last "training game N" printed (CS50's ``train`` prints one a game)."""
        found = _GAME_LINE.findall(self.tail)
        return int(found[-1]) if found else None


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
    """One student module, loaded once; answers the checker's requests about it."""

    def __init__(self, path: Path, channel: Channel) -> None:
        self.path = path
        self.channel = channel
        self.capture = Capture()
        self.module: ModuleType | None = None
        self.games = 0

    def load(self) -> dict[str, Any]:
        sys.stdout = sys.stderr = self.capture
        sys.path.insert(0, str(self.path.parent))
        name = self.path.stem
        if not name.isidentifier() or name in sys.modules or name in sys.stdlib_module_names:
            name = "candidate_" + "".join(char if char.isalnum() else "_" for char in name)
        report: dict[str, Any] = {"event": "loaded", "module": name[:100]}
        try:
            spec = importlib.util.spec_from_file_location(name, self.path)
            if spec is None or spec.loader is None:
                raise ImportError(f"cannot load {self.path.name} as a Python module")
            module = importlib.util.module_from_spec(spec)
            sys.modules[name] = module
            self.module = module
            spec.loader.exec_module(module)
        except BaseException as error:  # the import may raise anything, SystemExit included
            report["error"] = error_info(error, self.path)
        report["printed"] = self.capture.count
        report["output"] = self.capture.text()[:300]
        report.update(self.shape())
        return report

    def shape(self) -> dict[str, Any]:
        """Which of the lab's names the module has: its classes, their methods, its functions."""
        module = self.module
        if module is None:
            return {"classes": {}, "functions": {}}
        classes: dict[str, list[str]] = {}
        for name in ("Nim", "NimAI"):
            found = getattr(module, name, None)
            if isinstance(found, type):
                classes[name] = [method for method in (*METHODS, "available_actions", "move") if hasattr(found, method)]
        functions = {}
        for name in ("train", "play", *PLAYERS):
            found = getattr(module, name, None)
            if callable(found) and not isinstance(found, type):
                functions[name] = _required(found)
        return {"classes": classes, "functions": functions}

    # --- calls ----------------------------------------------------------------

    def call(self, function: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[Any, dict[str, Any] | None]:
        try:
            return function(*args, **kwargs), None
        except BaseException as error:  # whatever the student raises is a finding, not our crash
            return None, error_info(error, self.path)

    def unit(self, case: dict[str, Any]) -> dict[str, Any]:
        """One hand-made Q-table case: a fresh AI, the table, one method asked ``repeat`` times."""
        module = self.module
        assert module is not None
        random.seed(int(case.get("seed", 0)))
        alpha = case.get("alpha")
        ai, failed = self.call(module.NimAI) if alpha is None else self.call(module.NimAI, alpha=alpha)
        if failed is not None:
            return {"error": failed}
        try:
            ai.q = {(tuple(piles), tuple(action)): value for piles, action, value in case.get("q", [])}
            if "epsilon" in case:
                ai.epsilon = case["epsilon"]
        except BaseException as error:
            return {"error": error_info(error, self.path)}
        method = getattr(ai, str(case["method"]), None)
        if not callable(method):
            return {"missing": str(case["method"])}
        answers: list[list[Any]] = []
        before = self.capture.count
        for _ in range(min(int(case.get("repeat", 1)), MAX_ANSWERS)):
            args: list[Any] = [list(case["state"])]
            if "action" in case:
                args.append(tuple(case["action"]))
            args += list(case.get("more", []))
            kwargs = {"epsilon": case["greedy_flag"]} if "greedy_flag" in case else {}
            value, failed = self.call(method, *args, **kwargs)
            if failed is not None:
                return {"error": failed, "answers": answers}
            answers.append(describe(value))
        reply: dict[str, Any] = {"answers": answers, "printed": self.capture.count - before}
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
        except BaseException:
            return "<unreadable>"

    def seed(self, item: dict[str, Any]) -> dict[str, Any]:
        """Train with the module's own ``train(games)``, seeded, then ask the greedy choice everywhere."""
        module = self.module
        assert module is not None
        self.count_games(module)
        random.seed(int(item["seed"]))
        started, cpu = time.perf_counter(), time.process_time()
        before = self.capture.count
        ai, failed = self.call(module.train, int(item["games"]))
        reply: dict[str, Any] = {
            "train_seconds": time.perf_counter() - started,
            "train_cpu": time.process_time() - cpu,
            "printed": self.capture.count - before,
            "games": self.games,
        }
        last = self.capture.last_game()
        if last is not None:
            reply["printed_game"] = last
        if failed is not None:
            reply["error"] = failed
            return reply
        reply["returned"] = describe(ai)[0] if ai is None else type(ai).__name__[:40]
        reply["summary"] = self.summary(ai)
        choose = getattr(ai, "choose_action", None)
        answers: list[list[Any]] = []
        if callable(choose):
            random.seed(int(item["seed"]))
            for piles in item["positions"][:MAX_ANSWERS]:
                value, failed = self.call(choose, list(piles), epsilon=False)
                answers.append(["error", failed["type"], failed.get("line", 0)] if failed else describe(value))
        reply["answers"] = answers
        return reply

    def count_games(self, module: ModuleType) -> None:
        """Count the games ``train`` starts (each makes a ``Nim``), to say which one a crash happened in."""
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
        except BaseException:
            return
        self.games = 0

    def summary(self, ai: Any) -> dict[str, Any]:
        """How many values the trained table holds, and how many are below and above 0."""
        try:
            values = [value for value in list(ai.q.values())[:1_000_000]]
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
        except BaseException:
            return {"entries": -1}

    def move(self, item: dict[str, Any]) -> dict[str, Any]:
        module = self.module
        function = getattr(module, str(item["name"]), None)
        if not callable(function):
            return {"missing": str(item["name"])}
        before = self.capture.count
        value, failed = self.call(function, list(item["piles"]))
        reply: dict[str, Any] = {"printed": self.capture.count - before}
        if failed is not None:
            reply["error"] = failed
        else:
            reply["answer"] = describe(value)
        return reply

    # --- the loop ---------------------------------------------------------------

    def serve(self) -> None:
        operations = {"unit": self.unit, "seed": self.seed, "move": self.move}
        while True:
            message = self.channel.receive()
            if message is None:
                return
            operation = operations.get(str(message.get("op")))
            if operation is None or self.module is None:
                self.channel.send({"missing": "the module did not load" if operation else "unknown operation"})
                continue
            self.channel.send(operation(message["item"]))


def main(argv: list[str]) -> None:
    """``driver.py MODULE``: load, say so, serve until the checker closes the channel."""
    channel = Channel()
    driver = Driver(Path(argv[0]).resolve(), channel)
    channel.send(driver.load())
    try:
        driver.serve()
    finally:
        # Skip interpreter shutdown: the student's threads or atexit hooks must not keep us alive.
        os._exit(0)


if __name__ == "__main__":
    main(sys.argv[1:])
