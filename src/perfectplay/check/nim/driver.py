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
  position, with a summary of its Q-table and, read before any choice,
  each position's actions of the highest value in it (``best``);
* ``{"op": "move", "name": F, "piles": [...]}``: a minimax player's
  ``F(piles)``.
"""

from __future__ import annotations

import math
import random
from types import FunctionType

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from types import ModuleType
    from typing import Any

_NOT_WRITTEN = object()
"""What ``update_q_value`` left where it wrote nothing: matches no value of a table."""
_OFF_RULE = object()
"""The key, among the watched writes, of how many were not ``old + alpha * (reward + future - old)``."""
OFFERED = ("NimAI", "train", "best_move", "find_best_move", "choose_move")
LEARNING_METHODS = ("get_q_value", "update_q_value", "best_future_reward", "choose_action")
"""The lab's names (``nim/detect.py``'s), asked of the module through ``getattr`` (``Driver.offers``)."""

MAX_ANSWERS = 2000
MAX_TABLE = 64
"""Answers described in one reply, and Q-table entries sent back after an update."""


def _safe_repr(value: object) -> str:
    try:
        text = repr(value)
    except BaseException:
        text = f"<{type(value).__name__}>"
    return text if len(text) <= 80 else text[:77] + "..."


def _whole(value: object) -> int | None:
    """A whole number as a plain ``int``: an ``int`` subclass's own ``__eq__``, ``__hash__`` or ``__abs__`` never
    speaks for it (its value is read through ``int`` itself)."""
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    plain = int.__int__(value)
    return plain if -(10**9) <= plain <= 10**9 else None


def _type_name(value: object) -> str:
    """The name of ``value``'s type as the interpreter keeps it (a metaclass's ``__name__`` never speaks for it)."""
    return str(type.__dict__["__name__"].__get__(type(value)))[:40]


def describe(value: object) -> list[Any]:
    """An answer as a short list: ``["pair", i, j]``, ``["number", x]``, ``["none"]`` or ``["other", type, repr]``.

    What the answer raises while it is read (``isinstance`` reads a ``__class__`` that may raise, ``len`` a
    ``__len__``) makes it an ``other``: one strange answer is that answer's failure, never the process's end."""
    if value is None:
        return ["none"]
    try:
        if isinstance(value, tuple | list) and len(value) == 2:
            first, second = _whole(value[0]), _whole(value[1])
            if first is not None and second is not None:
                return ["pair", first, second]
        if isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value):
            return ["number", float(value)]
    except BaseException:  # even SystemExit: what a __len__ raises is the answer's failure, not the driver's
        pass
    return ["other", _type_name(value), _safe_repr(value)]


class Driver:
    """Answers the checker's requests about one imported student module (``open_driver``'s handler)."""

    def __init__(self, module: ModuleType, tools: Any) -> None:
        self.module = module
        self.tools = tools
        self.counter = [0]
        """Games started by the last ``train`` (a list the counting ``__init__`` shares, nothing else of the driver)."""
        self.ai: Any = None

    def handle(self, item: dict[str, Any]) -> dict[str, Any]:
        operation = {"unit": self.unit, "seed": self.seed, "move": self.move, "offers": self.offers}.get(
            str(item.get("op"))
        )
        if operation is None:
            return {"kind": "missing", "missing": "no such request"}
        return operation(item)

    def call(self, function: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        """The call through the runner's tools: timed, its printing captured, what it raised described."""
        if kwargs:
            return self.tools.invoke(lambda: function(*args, **kwargs))  # type: ignore[no-any-return]
        return self.tools.invoke(function, *args)  # type: ignore[no-any-return]

    def offers(self, item: dict[str, Any]) -> dict[str, Any]:
        """Which of the lab's names ``module.NAME`` gives, as ``import nim`` would see them: a module-level
        ``__getattr__`` answers names its listing does not hold. For a ``NimAI`` class, which methods it has."""
        names: list[str] = []
        methods: list[str] = []
        for name in OFFERED:
            value, record = self.call(getattr, self.module, name, None)
            if "error" in record or not callable(value):
                continue
            names.append(name)
            if name == "NimAI" and isinstance(value, type):
                methods = [method for method in LEARNING_METHODS if isinstance(vars(value).get(method), FunctionType)]
        return {"kind": "offers", "names": names, "methods": methods}

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
        written = self.watch_updates(module)
        random.seed(int(item["seed"]))
        ai, record = self.call(train, int(item["games"]))
        reply: dict[str, Any] = {"kind": "seed", "printed": int(record.get("printed", 0)), "games": self.games}
        if "error" in record:
            reply["error"] = record["error"]
            return reply
        reply["returned"] = "None" if ai is None else _type_name(ai)
        reply["summary"] = self.summary(ai)
        choose = getattr(ai, "choose_action", None)
        answers: list[list[Any]] = []
        positions = item["positions"][:MAX_ANSWERS]
        # The greedy choice must be the AI's own: an action of the highest value in its trained table. The table
        # is read, and its best actions put in the reply, before any choice is asked, so a choose_action that plays
        # from elsewhere (a formula, the call stack) cannot write its move into the table to vouch for it. Which
        # choices are off the table is the parent's finding (``answers.off_table``), never this process's.
        best, record = self.call(self.table_best, ai, positions, written)
        if isinstance(best, tuple) and "error" not in record:
            reply["best"], reply["unwritten"] = _wire_best(best[0]), best[1]
            reply["off_rule"] = _whole(written[_OFF_RULE]) or 0
        else:
            reply["best"] = "unreadable"
        if callable(choose):
            random.seed(int(item["seed"]))
            for piles in positions:
                value, record = self.call(choose, list(piles), epsilon=False)
                failed = record.get("error")
                answers.append(
                    ["error", str(failed["type"])[:100], int(failed.get("line", 0))] if failed else describe(value)
                )
        reply["answers"] = answers
        return reply

    @staticmethod
    def table_best(
        ai: Any, positions: list[Any], written: dict[Any, Any]
    ) -> tuple[list[set[tuple[int, int]] | None], int]:
        """Each position's actions of the highest value in ``ai.q`` (unknown: 0); None where every action's value
        is the same (no preference learned: a winning move there is luck, not learning). And how many of those
        values ``update_q_value`` never wrote (``written``: what it left in the table, entry by entry).

        The table is read through ``dict``'s own storage, never the student's methods: a ``get_q_value`` or a
        ``dict`` subclass that answers otherwise once trained cannot vouch for a choice made elsewhere."""
        table = ai.q
        if not isinstance(table, dict):
            raise TypeError("the trained q is not a dict")
        best: list[set[tuple[int, int]] | None] = []
        unwritten = 0
        for piles in positions:
            state = tuple(int(pile) for pile in piles)
            values: dict[tuple[int, int], float] = {}
            for pile, size in enumerate(state):
                for taken in range(1, size + 1):
                    found = dict.get(table, (state, (pile, taken)), 0)
                    if isinstance(found, bool) or type(found) not in (int, float) or not math.isfinite(found):
                        raise TypeError("the trained q holds a value that is no number")
                    # A value the lab's update never wrote (a table filled by a formula in train, __init__ or
                    # choose_action) is no learning; a 0 is what an unknown action is worth anyway, unless it
                    # stands where update_q_value wrote something else (a learned value wiped).
                    recorded = dict.get(written, (state, (pile, taken)), _NOT_WRITTEN)
                    if recorded is not found and (found != 0 or recorded is not _NOT_WRITTEN):
                        unwritten += 1
                    values[(pile, taken)] = float(found)
            highest = max(values.values(), default=0.0)
            if len(values) > 1 and highest - min(values.values()) <= 1e-9:
                best.append(None)
            else:
                best.append({action for action, value in values.items() if value >= highest - 1e-9})
        return best, unwritten

    @staticmethod
    def watch_updates(module: ModuleType) -> dict[Any, Any]:
        """What ``NimAI.update_q_value`` leaves in the table, entry by entry, from now on (the dict returned).

        Training is the student's ``train``; the values it learns must come through ``update_q_value``, as the
        lab's ``update`` calls it. A method that is no plain function is not watched: nothing it writes counts."""
        written: dict[Any, Any] = {_OFF_RULE: 0}
        made = getattr(module, "NimAI", None)
        original = made.__dict__.get("update_q_value") if isinstance(made, type) else None
        original = getattr(original, "_original", original)  # a later seed watches the student's own again
        if not isinstance(original, FunctionType):
            return written
        watched = _watching(original, written)
        watched._original = original  # type: ignore[attr-defined]
        try:
            made.update_q_value = watched  # type: ignore[union-attr]
        except Exception:
            return written  # a class that refuses it: nothing is watched, so nothing it learns counts
        return written

    def count_games(self, module: ModuleType) -> None:
        """Count the games ``train`` starts (each makes a ``Nim``), to say which one a crash happened in."""
        self.counter[0] = 0
        game = getattr(module, "Nim", None)
        original = getattr(game, "__init__", None)
        if not isinstance(game, type) or original is None or getattr(original, "_counted", False):
            return
        counted = _counting(original, self.counter)
        counted._counted = True  # type: ignore[attr-defined]
        try:
            game.__init__ = counted  # type: ignore[misc]
        except Exception:
            return

    @property
    def games(self) -> int:
        return _whole(self.counter[0]) or 0

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


def _counting(original: Callable[..., None], counter: list[int]) -> Callable[..., None]:
    """An ``__init__`` that counts into ``counter`` then calls ``original``: it goes into the student's class, so it
    carries nothing of the driver (its globals are empty, its closure the counter and the student's own method),
    and the student's code cannot walk from it to the driver's state (``run/inside/guard.py``)."""

    def counted(this: Any, *args: Any, **kwargs: Any) -> None:
        counter[0] += 1
        original(this, *args, **kwargs)

    return FunctionType(counted.__code__, {"__builtins__": {}}, "counted", None, counted.__closure__)


def _watching(original: FunctionType, written: dict[Any, Any]) -> Callable[..., Any]:
    """An ``update_q_value`` that calls ``original`` then notes the value it left under ``(tuple(state), action)``,
    and counts under ``_OFF_RULE`` the writes that are not the lab's rule on the arguments it was given.

    Like ``_counting``, it goes into the student's class with empty globals: what it needs is in its closure.
    Its arguments are read as ``original`` binds them (by position, by name, its defaults), so a call by keyword
    is read as the student's method reads it."""
    code = original.__code__
    names = code.co_varnames[1 : code.co_argcount]
    given_defaults = original.__defaults__ or ()
    defaults = dict(zip(names[len(names) - len(given_defaults) :], given_defaults, strict=True))
    read, make, failed, nothing, off_rule, kind_of = dict.get, tuple, Exception, _NOT_WRITTEN, _OFF_RULE, type
    size, numbered, kinds = len, enumerate, (int, float)

    def watched(this: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            alpha = this.alpha  # before the call: an update that then changes it wrote with this one
        except failed:
            alpha = nothing
        result = original(this, *args, **kwargs)
        try:
            given = [
                args[index] if index < size(args) else read(kwargs, name, read(defaults, name, nothing))
                for index, name in numbered(names[:5])
            ]
            key = (make(given[0]), given[1])
            value = written[key] = read(this.q, key, nothing)
            old, reward, future = given[2], given[3], given[4]
            numbers = kind_of(old) in kinds and kind_of(reward) in kinds and kind_of(future) in kinds
            if not (numbers and kind_of(alpha) in kinds and kind_of(value) in kinds):
                written[off_rule] += 1
            else:
                gap = value - (old + alpha * (reward + future - old))
                if gap > 1e-9 or gap < -1e-9:
                    written[off_rule] += 1
        except failed:
            written[off_rule] += 1
        return result

    return FunctionType(watched.__code__, {"__builtins__": {}}, "update_q_value", None, watched.__closure__)


def _wire_best(best: list[set[tuple[int, int]] | None]) -> list[list[list[int]] | None]:
    """Each position's best actions as sorted ``[pile, taken]`` pairs (None: no preference), for the parent."""
    return [None if found is None else [[pile, taken] for pile, taken in sorted(found)] for found in best]


def open_driver(
    module: ModuleType, interface: dict[str, Any], tools: Any
) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """The plug protocol's entry (``check/plug.py``, ``DriverFile``): the handler of one process's requests."""
    return Driver(module, tools).handle
