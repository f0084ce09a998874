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
from collections import defaultdict
from types import FunctionType

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Generator
    from types import ModuleType
    from typing import Any

_NOT_WRITTEN = object()
"""What ``update_q_value`` left where it wrote nothing: matches no value of a table."""
OFFERED = ("NimAI", "train", "best_move", "find_best_move", "choose_move")
"""The lab's names (``nim/detect.py``'s), asked of the module through ``getattr`` (``Driver.offers``)."""
LEARNING_METHODS = ("get_q_value", "update_q_value", "best_future_reward", "choose_action")
PILE_FIELDS = ("pile", "heap", "index", "i")
WATCHED = ("update_q_value", "best_future_reward")
"""The methods training's writes are watched through (``Driver.watch_updates``)."""

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
    """An answer as a short list: ``["pair", i, j]``, ``["number", x]``, ``["none"]`` or ``["other", type, repr]``;
    an object of its own holding two fields (``Move(pile=2, count=3)``) a pair, the one named for a pile first.
    What the answer raises while it is read (``isinstance`` reads a ``__class__`` that may raise, ``len`` a
    ``__len__``) makes it an ``other``: one strange answer is that answer's failure, never the process's end."""
    if value is None:
        return ["none"]
    try:
        pair = value
        if not isinstance(value, tuple | list) and type(getattr(value, "__dict__", None)) is dict:
            fields = sorted(dict.items(vars(value)), key=lambda field: str(field[0]).lower() not in PILE_FIELDS)
            pair = [item for _, item in fields]
        if isinstance(pair, tuple | list) and len(pair) == 2:
            first, second = _whole(pair[0]), _whole(pair[1])
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
        operations = {"unit": self.unit, "seed": self.seed, "move": self.move, "offers": self.offers}
        if (operation := operations.get(str(item.get("op")))) is None:
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
            table = {(tuple(piles), tuple(action)): value for piles, action, value in case.get("q", [])}
            ai.q = _as_own(getattr(ai, "q", None), table)
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
            action = [tuple(case["action"])] if "action" in case else []
            args: list[Any] = [list(case["state"]), *action, *case.get("more", [])]
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
        token = object()  # only this frame and the recorder's hold it: the candidate cannot ask for the record
        recorder = self.watch_updates(module, token)
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
        kept = _read_record(recorder, token)
        best, record = self.call(self.table_best, ai, positions, kept[0]) if kept else (None, {})
        if kept and isinstance(best, tuple) and "error" not in record:
            reply["best"], reply["unwritten"] = _wire_best(best[0]), best[1]
            reply["off_rule"], reply["off_move"] = kept[1], kept[2]
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
                    if not _learned(written, table, (state, (pile, taken)), found):
                        unwritten += 1
                    values[(pile, taken)] = float(found)
            highest = max(values.values(), default=0.0)
            if len(values) > 1 and highest - min(values.values()) <= 1e-9:
                best.append(None)
            else:
                best.append({action for action, value in values.items() if value >= highest - 1e-9})
        return best, unwritten

    @staticmethod
    def watch_updates(module: ModuleType, token: object) -> Generator[Any, Any, None] | None:
        """A recorder of what ``NimAI.update_q_value`` leaves in the table from now on, and whether each write is the
        lab's update of a move (``_recorder``); None when the method is no plain function (nothing it writes
        counts). ``best_future_reward`` is watched too where it is one, so a future is checked against the position
        it was asked of.

        The record lives in the recorder's own frame, never in the methods put into the student's class: their
        closures hold only the recorder's ``send``, and a generator's frame is refused to the candidate's code
        (``run/inside/guard.py``), so the record cannot be filled to vouch for a table made some other way."""
        made = getattr(module, "NimAI", None)
        found = {name: made.__dict__.get(name) if isinstance(made, type) else None for name in WATCHED}
        # A later seed watches the student's own again.
        found = {name: getattr(method, "_original", method) for name, method in found.items()}
        if not isinstance(found["update_q_value"], FunctionType):
            return None
        future = found["best_future_reward"]
        recorder = _recorder(token, found["update_q_value"], future if isinstance(future, FunctionType) else None)
        next(recorder)
        try:
            for name, method in found.items():
                if isinstance(method, FunctionType):
                    forwarded = _forwarding(recorder.send, name)
                    forwarded._original = method  # type: ignore[attr-defined]
                    setattr(made, name, forwarded)
        except Exception:
            return None  # a class that refuses it: nothing is watched, so nothing it learns counts
        return recorder

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
        value, record = first = self.call(function, piles := [int(pile) for pile in item["piles"]])
        raised = [record.get("error")]
        for shaped in (tuple(piles), dict(enumerate(piles))):  # piles kept as a tuple, or a dict {pile: count}
            if dict.get(record.get("error") or {}, "type") in ("TypeError", "AttributeError"):
                value, record = self.call(function, shaped)
                raised.append(record.get("error"))
        value, record = first if "error" in record else (value, record)  # the list's error is the one shown
        reply: dict[str, Any] = {"kind": "move", "printed": int(record.get("printed", 0))}
        if "error" in record:
            reply["error"] = record["error"]
            # The same error, on the same line of its file, whatever kind the piles came as: its own code's bug.
            reply["every_shape"] = len(raised) == 3 and "line" in (raised[0] or {}) and raised.count(raised[0]) == 3
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


def _forwarding(send: Callable[[Any], Any], name: str) -> Callable[..., Any]:
    """The method put into the student's class in place of its own ``name``: the call goes to the recorder, which
    makes it and notes what it did. Empty globals, a closure of ``send`` alone: nothing of the record in reach."""
    kind, raised = name, BaseException

    def forwarded(this: Any, *args: Any, **kwargs: Any) -> Any:
        done, value = send((kind, this, args, kwargs))
        if done:
            return value
        if isinstance(value, raised):
            raise value
        return None

    return FunctionType(
        forwarded.__code__, {"__builtins__": {"isinstance": isinstance}}, name, None, forwarded.__closure__
    )


def _recorder(token: object, update: FunctionType, future: FunctionType | None) -> Generator[Any, Any, None]:
    """Makes the student's ``update_q_value`` and ``best_future_reward`` calls sent to it and keeps, in its own
    frame, what each write left (``written``: key -> (table, value)), how many writes were not ``old + alpha *
    (reward + future - old)`` of their own arguments, and how many were not the lab's update of a move
    (``_a_move``). ``token`` alone reads the record; anything thrown into it spoils the record (None)."""
    code = update.__code__
    names = code.co_varnames[1 : code.co_argcount]
    given_defaults = update.__defaults__ or ()
    defaults = dict(zip(names[len(names) - len(given_defaults) :], given_defaults, strict=True))
    written: dict[Any, tuple[Any, Any]] = {}
    counts = [0, 0]  # off the rule, off a move
    asked: list[Any] = [None]  # (table, state) of the latest best_future_reward, until an update reads it
    spoiled = False
    reply: Any = None
    while True:
        try:
            message = yield reply
        except GeneratorExit:  # closed (by the candidate's code, or at the process's end): read as spoiled
            return
        except BaseException:  # thrown in by the candidate's code: the record is no longer the driver's
            spoiled, reply = True, None
            continue
        if message is token:
            reply = None if spoiled else (written, counts[0], counts[1])
            continue
        try:
            kind, this, args, kwargs = message
            if kind == "best_future_reward" and future is not None:
                reply = _made(future, this, args, kwargs)
                asked[0] = _asked(future, this, args, kwargs)
            else:
                given = [
                    args[index] if index < len(args) else kwargs.get(name, defaults.get(name, _NOT_WRITTEN))
                    for index, name in enumerate(names[:5])
                ]
                reply = _updated(update, this, args, kwargs, given, written, counts, asked[0])
                asked[0] = None
        except BaseException:  # a message the driver never sends (the candidate's own): the record is spoiled
            spoiled, reply = True, (False, None)


def _asked(future: FunctionType, this: Any, args: Any, kwargs: Any) -> tuple[Any, tuple[int, ...]] | None:
    """What ``best_future_reward`` was just asked of: (table, state), None if unreadable. Its best learned value is
    read when an update uses it (``_a_move``): a game's last updates, rewarded -1 and 1, never do."""
    try:
        state = _piles(args[0] if args else kwargs.get(future.__code__.co_varnames[1]))
        return None if state is None else (this.q, state)
    except BaseException:
        return None


def _updated(
    update: FunctionType,
    this: Any,
    args: Any,
    kwargs: Any,
    given: list[Any],
    written: dict[Any, tuple[Any, Any]],
    counts: list[int],
    asked: tuple[Any, tuple[int, ...]] | None,
) -> tuple[bool, Any]:
    """The student's ``update_q_value`` called, its write noted in ``written`` and counted in ``counts`` when it is
    off the rule, or not the lab's update of a move (``old`` the table's value, learned; ``_a_move``)."""
    try:
        alpha = this.alpha  # before the call: an update that then changes it wrote with this one
        table = this.q
        key = (tuple(given[0]), given[1])
        before = dict.get(table, key, _NOT_WRITTEN)
        learned = before is _NOT_WRITTEN or _learned(written, table, key, before)
    except BaseException:
        counts[0], counts[1] = counts[0] + 1, counts[1] + 1
        return _made(update, this, args, kwargs)
    made = _made(update, this, args, kwargs)
    try:
        value = dict.get(table, key, _NOT_WRITTEN)
        written[key] = (table, value)
        old, reward, future = given[2], given[3], given[4]
        if not _on_rule(value, old, reward, future, alpha):
            counts[0] += 1
        start = 0 if before is _NOT_WRITTEN else before
        if not (learned and _near(old, start) and _a_move(key, reward, future, asked, written, table)):
            counts[1] += 1
    except BaseException:
        counts[0], counts[1] = counts[0] + 1, counts[1] + 1
    return made


def _made(method: FunctionType, this: Any, args: Any, kwargs: Any) -> tuple[bool, Any]:
    """The student's own method called: (True, what it returned) or (False, what it raised)."""
    try:
        return True, method(this, *args, **kwargs)
    except BaseException as error:
        return False, error


def _read_record(recorder: Generator[Any, Any, None] | None, token: object) -> tuple[Any, int, int] | None:
    """The record (written, off the rule, off a move), or None when nothing was watched or it was spoiled."""
    if recorder is None:
        return None
    try:
        kept = recorder.send(token)
    except BaseException:  # closed, or still running: not the driver's record
        return None
    return kept if isinstance(kept, tuple) else None


def _number(value: Any) -> bool:
    return type(value) in (int, float) and math.isfinite(value)


def _near(value: Any, expected: float) -> bool:
    return _number(value) and -1e-9 <= value - expected <= 1e-9


def _on_rule(value: Any, old: Any, reward: Any, future: Any, alpha: Any) -> bool:
    """Whether ``value`` is ``old + alpha * (reward + future - old)`` of the arguments the update was given."""
    if not all(type(number) in (int, float) for number in (value, old, reward, future, alpha)):
        return False
    gap = value - (old + alpha * (reward + future - old))
    return not (gap > 1e-9 or gap < -1e-9)


def _learned(written: dict[Any, tuple[Any, Any]], table: Any, key: Any, found: Any) -> bool:
    """Whether ``found``, the table's value under ``key``, is what ``update_q_value`` last wrote there (a 0 where it
    wrote nothing is what an unknown action is worth anyway; a 0 where it wrote something else is an edit)."""
    recorded = dict.get(written, key)
    if recorded is None or recorded[1] is _NOT_WRITTEN:  # or an update that stores under keys of its own: unread
        return type(found) in (int, float) and found == 0
    return recorded[0] is table and recorded[1] is found


def _piles(state: Any) -> tuple[int, ...] | None:
    """A position as a tuple of plain ints (None: not one)."""
    try:
        if type(state) in (list, tuple) and all(type(pile) is int and pile >= 0 for pile in state):
            return tuple(state) if len(state) <= 10 else None  # the lab's own states: a list of ints
        found = [_whole(pile) for pile in state]
    except BaseException:
        return None
    piles = tuple(pile for pile in found if pile is not None)
    return piles if len(piles) == len(found) <= 10 and min(piles, default=0) >= 0 else None


def _best(
    written: dict[Any, tuple[Any, Any]], table: Any, state: tuple[int, ...]
) -> tuple[Any, tuple[int, ...], float] | None:
    """(table, state, the best value of its actions, 0 for none) read from what ``update_q_value`` wrote; None
    where a value it reads was not written by it (a future read from values put there some other way)."""
    best: float | None = None
    get = dict.get
    for pile, size in enumerate(state):
        for taken in range(1, size + 1):
            key = (state, (pile, taken))
            found = get(table, key, 0)
            recorded = get(written, key)
            if recorded is None:  # nothing written there: only a 0 is what an unknown action is worth anyway
                if type(found) not in (int, float) or found != 0:
                    return None
            elif recorded[0] is not table or recorded[1] is not found or type(found) not in (int, float):
                return None
            best = found if best is None or found > best else best
    return table, state, 0.0 if best is None else float(best)


def _a_move(
    key: Any, reward: Any, future: Any, asked: tuple[Any, tuple[int, ...]] | None, written: Any, table: Any
) -> bool:
    """Whether the reward and the future are what the lab's ``update`` passes for this move: -1 and 0 for a move
    that takes the last object, 1 and 0 for one that leaves one pile (the opponent then takes it), else 0 and
    the best value of a position the opponent's reply leaves (the one ``best_future_reward`` was just asked of,
    or any, where it is not watched), read from what ``update_q_value`` wrote."""
    state, action = _piles(key[0]), key[1]
    if state is None or type(action) is not tuple or len(action) != 2:
        return False
    pile, taken = _whole(action[0]), _whole(action[1])
    if pile is None or taken is None or not 0 <= pile < len(state) or not 1 <= taken <= state[pile]:
        return False
    moved = list(state)
    moved[pile] -= taken
    after = tuple(moved)
    left = len(after) - after.count(0)
    if type(reward) in (int, float) and reward in (-1, 1):
        return _near(future, 0.0) and left == (0 if reward == -1 else 1)
    if not _near(reward, 0.0) or left == 0:
        return False
    if asked is not None and asked[0] is table:
        found = _best(written, table, asked[1]) if _a_reply(after, asked[1]) else None
        return found is not None and _near(future, found[2])
    replies = (
        tuple(size - cut * (index == at) for index, size in enumerate(after))
        for at, size in enumerate(after)
        for cut in range(1, size + 1)
    )
    reached = (_best(written, table, reply) for reply in replies)
    return any(found is not None and _near(future, found[2]) for found in reached)


def _a_reply(after: tuple[int, ...], reached: tuple[int, ...]) -> bool:
    """Whether one move (some objects from one pile) takes ``after`` to ``reached``."""
    if len(reached) != len(after):
        return False
    changed = [(was, now) for was, now in zip(after, reached, strict=True) if was != now]
    return len(changed) == 1 and changed[0][1] < changed[0][0]


def _wire_best(best: list[set[tuple[int, int]] | None]) -> list[list[list[int]] | None]:
    """Each position's best actions as sorted ``[pile, taken]`` pairs (None: no preference), for the parent."""
    return [None if found is None else [[pile, taken] for pile, taken in sorted(found)] for found in best]


def open_driver(
    module: ModuleType, interface: dict[str, Any], tools: Any
) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """The plug protocol's entry (``check/plug.py``, ``DriverFile``): the handler of one process's requests."""
    return Driver(module, tools).handle


def _as_own(own: object, table: dict[Any, Any]) -> dict[Any, Any]:
    """The hand-made ``table`` in the kind of table the student's ``NimAI()`` made: a ``defaultdict(float)``
    (``self.q[key]`` then reads 0 for an unknown pair, as their ``get_q_value`` relies on) stays one; anything
    else, a ``dict`` subclass of their own among them, is given a plain ``dict``."""
    if type(own) is defaultdict:
        return defaultdict(own.default_factory, table)
    return table
