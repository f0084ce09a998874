"""Every field of a transcript's body checked before the judge reads it: an edited file is one line naming the field.

The digest proves only that the body was not changed *by accident*: it is a
plain hash anyone can recompute. So ``--replay`` trusts nothing in the body:
each field must have the shape the checker writes (its type, its allowed
words, a finite number in its range), and each recorded answer must be what
the capped channel (``run/protocol.py``) would have let through, cleaned
again here and compared. A field that is not is ``FieldError`` naming it
(``records[3][2][0].value``), which ``transcript.load`` turns into its
one-line refusal.
"""

from __future__ import annotations

import math
from typing import Any

from perfectplay.check.judge.interface import BOARDS, PLAYS, RETURNS
from perfectplay.check.run import protocol
from perfectplay.check.settings import STANDARDS

STOPPED = ("time", "budget", "bound", "wall", "failures", "flush", "silent")
"""Why a check may stop early (the judge's words for each are in ``api._Check``)."""
IMPORTED = ("import_error", "import_input")
FAILURES = ("timeout", "died")
MAX_COUNT = 10**9
"""The largest count (positions, failures) a transcript may claim: a whole check asks a few thousand."""
MAX_SECONDS = 10.0**9
"""The largest time a transcript may claim, in seconds (thirty years)."""
MAX_MARK = 2
"""The numbers a board of numbers is read with (``judge/detect.py``: 1 and -1, or 1 and 2, on 0)."""
MAX_TEXT = 1_000_000
"""The longest text field (a note, an import's output) read: the channel caps each far lower."""

BODY = {
    "target", "isolation", "standard", "limits", "interface", "problem", "every", "asked", "finished", "queries",
    "records", "replies", "randomised", "history", "replays", "stopped", "sampled", "notes", "imported", "capped",
    "wall",
}
LIMITS = {"total_seconds", "budget_seconds", "wall_seconds", "wall_label", "backstop", "max_failures"}
INTERFACE = {"kind", "name", "board", "empty", "returns", "plays", "side_argument", "x", "o", "notes"}
REPLAY = {"side", "first", "game", "final", "lost", "note"}
TIMES = ("seconds", "cpu", "waited")
"""What the checker adds to each answer it records: its own measurements."""


class FieldError(ValueError):
    """A field of the body that the checker would never have written: ``field`` names it, ``reason`` says why."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"{field}: {reason}")
        self.field = field


def validate(body: Any) -> None:
    """Raise ``FieldError`` for the first field of ``body`` that is not as the checker writes it."""
    if not isinstance(body, dict):
        raise FieldError("body", "not an object")
    _keys("body", body, BODY, BODY)
    for name in ("target", "isolation"):
        _text(name, body[name])
    _choice("standard", body["standard"], (None, *STANDARDS))
    _limits(body["limits"])
    _interface(body["interface"])
    _optional_text("problem", body["problem"])
    _count("every", body["every"])
    for name in ("asked", "finished", "queries"):
        for index, item in enumerate(_list(name, body[name])):
            _position(f"{name}[{index}]", item)
    for name in ("records", "replies"):
        _answers(name, body[name])
    if body["randomised"] is not None:
        _position("randomised", body["randomised"])
    for name in ("history", "capped"):
        _flag(name, body[name])
    for index, replay in enumerate(_list("replays", body["replays"])):
        _replay(f"replays[{index}]", replay)
    _choice("stopped", body["stopped"], (None, *STOPPED))
    _optional_text("sampled", body["sampled"])
    for index, note in enumerate(_list("notes", body["notes"])):
        _text(f"notes[{index}]", note)
    for index, item in enumerate(_list("imported", body["imported"])):
        where = f"imported[{index}]"
        _keys(where, item, {"kind"}, {"kind", "answer", "output"})
        _choice(f"{where}.kind", item["kind"], IMPORTED)
        for name in ("answer", "output"):
            _optional_text(f"{where}.{name}", item.get(name))
    _seconds("wall", body["wall"])


def _keys(where: str, value: Any, required: set[str], allowed: set[str]) -> None:
    if not isinstance(value, dict):
        raise FieldError(where, f"must be an object, not {_kind(value)}")
    missing = sorted(required - set(value))
    if missing:
        raise FieldError(f"{where}.{missing[0]}" if where != "body" else missing[0], "missing")
    extra = sorted(str(key) for key in set(value) - allowed)
    if extra:
        raise FieldError(f"{where}.{extra[0]}" if where != "body" else extra[0], "a field the checker never writes")


def _kind(value: Any) -> str:
    return "null" if value is None else type(value).__name__


def _text(where: str, value: Any) -> str:
    if not isinstance(value, str):
        raise FieldError(where, f"must be text, not {_kind(value)}")
    if len(value) > MAX_TEXT:
        raise FieldError(where, f"longer than {MAX_TEXT:,} characters")
    return value


def _mark(where: str, value: Any) -> None:
    """A board's mark as the candidate holds it: text, None (an empty cell), or a small whole number (1, -1, 0)."""
    if isinstance(value, int) and not isinstance(value, bool):
        if abs(value) > MAX_MARK:
            raise FieldError(where, f"a number of at most {MAX_MARK} either way")
        return
    _optional_text(where, value)


def _optional_text(where: str, value: Any) -> None:
    if value is not None:
        _text(where, value)


def _choice(where: str, value: Any, allowed: tuple[Any, ...]) -> None:
    if value not in allowed or isinstance(value, bool | int | float):
        words = ", ".join("null" if item is None else repr(item) for item in allowed)
        raise FieldError(where, f"must be one of {words}, not {value!r:.60}")


def _flag(where: str, value: Any) -> None:
    if not isinstance(value, bool):
        raise FieldError(where, f"must be true or false, not {value!r:.60}")


def _count(where: str, value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
        raise FieldError(where, f"must be a whole number from 0 to {MAX_COUNT:,}, not {value!r:.60}")


def _seconds(where: str, value: Any, *, optional: bool = False) -> None:
    if optional and value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= MAX_SECONDS:
        raise FieldError(where, f"must be a number of seconds from 0 to {MAX_SECONDS:g}, not {value!r:.60}")
    if not math.isfinite(value):
        raise FieldError(where, "must be a finite number")


def _list(where: str, value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise FieldError(where, f"must be a list, not {_kind(value)}")
    return value


def _position(where: str, item: Any) -> None:
    if not isinstance(item, list) or len(item) != 2:
        raise FieldError(where, "must be a position: [nine cells, side to move]")
    cells, to_move = item
    if not isinstance(cells, str) or len(cells) != 9 or set(cells) - set("XO."):
        raise FieldError(f"{where}[0]", f"must be nine cells of X, O and ., not {cells!r:.60}")
    _choice(f"{where}[1]", to_move, ("X", "O"))


def _limits(value: Any) -> None:
    _keys("limits", value, LIMITS, LIMITS)
    if value["total_seconds"] is None or value["total_seconds"] == 0:
        raise FieldError("limits.total_seconds", f"must be a number of seconds above 0, not {value['total_seconds']!r}")
    _seconds("limits.total_seconds", value["total_seconds"])
    for name in ("budget_seconds", "wall_seconds"):
        _seconds(f"limits.{name}", value[name], optional=True)
    _seconds("limits.backstop", value["backstop"])
    _text("limits.wall_label", value["wall_label"])
    _count("limits.max_failures", value["max_failures"])


def _interface(value: Any) -> None:
    if value is None:
        return
    _keys("interface", value, {"kind", "name"}, INTERFACE)
    _choice("interface.kind", value["kind"], ("function", "cs50", "command"))
    _text("interface.name", value["name"])
    _choice("interface.board", value.get("board", "nested"), BOARDS)
    _mark("interface.empty", value.get("empty"))
    _choice("interface.returns", value.get("returns"), (None, *RETURNS))
    _choice("interface.plays", value.get("plays", "both"), PLAYS)
    _flag("interface.side_argument", value.get("side_argument", False))
    for name in ("x", "o"):
        _mark(f"interface.{name}", value.get(name, name.upper()))
    for index, note in enumerate(_list("interface.notes", value.get("notes", []))):
        _text(f"interface.notes[{index}]", note)


def _answers(name: str, value: Any) -> None:
    seen: set[tuple[str, str]] = set()
    for index, item in enumerate(_list(name, value)):
        where = f"{name}[{index}]"
        if not isinstance(item, list) or len(item) != 3:
            raise FieldError(where, "must be [nine cells, side to move, the answers recorded]")
        _position(where, item[:2])
        if (item[0], item[1]) in seen:
            raise FieldError(where, "a position recorded twice")
        seen.add((item[0], item[1]))
        answers = _list(f"{where}[2]", item[2])
        if name == "replies" and not answers:  # the checker records CS50's helpers' one reply per board it asks
            raise FieldError(f"{where}[2]", "no reply recorded")
        for number, record in enumerate(answers):
            _record(f"{where}[2][{number}]", record)


def _record(where: str, record: Any) -> None:
    """One answer as the checker recorded it: a failure it saw, or what the channel let through plus its timings."""
    if not isinstance(record, dict):
        raise FieldError(where, f"must be an object, not {_kind(record)}")
    for name in TIMES:
        if name in record:
            _seconds(f"{where}.{name}", record[name])
    if "failure" in record:
        _choice(f"{where}.failure", record["failure"], FAILURES)
        _keys(where, record, {"failure"}, {"failure", "clock", "status", "stderr", *TIMES})
        _optional_text(f"{where}.clock", record.get("clock"))
        _optional_text(f"{where}.stderr", record.get("stderr"))
        status = record.get("status")
        if status is not None and not isinstance(status, str) and (
                isinstance(status, bool) or not isinstance(status, int)):
            raise FieldError(f"{where}.status", f"must be text or a whole number, not {status!r:.60}")
        return
    answer = {key: item for key, item in record.items() if key not in TIMES}
    problems = []
    for clean in (protocol.move, protocol.cs50, protocol.reply):
        try:
            cleaned = clean(dict(answer))
        except (protocol.ProtocolError, TypeError, ValueError, AttributeError, KeyError) as error:
            problems.append(str(error))
            continue
        if cleaned == answer:
            return
        differing = sorted(str(key) for key in set(cleaned) | set(answer) if cleaned.get(key) != answer.get(key))
        problems.append(f"{differing[0]}: not as the checker records it" if differing else "not as recorded")
    field = problems[0].split(":")[0] if problems and ":" in problems[0] else ""
    if field and field in answer:
        raise FieldError(f"{where}.{field}", "not as the checker records an answer")
    raise FieldError(where, f"not an answer the checker records ({problems[0] if problems else 'unknown shape'})")


def _replay(where: str, value: Any) -> None:
    _keys(where, value, REPLAY, REPLAY)
    for name in ("side", "first"):
        _choice(f"{where}.{name}", value[name], ("X", "O"))
    for index, move in enumerate(_list(f"{where}.game", value["game"])):
        at = f"{where}.game[{index}]"
        if not isinstance(move, list) or len(move) != 3:
            raise FieldError(at, "must be [side, cell, by the candidate]")
        _choice(f"{at}[0]", move[0], ("X", "O"))
        if isinstance(move[1], bool) or not isinstance(move[1], int) or not 0 <= move[1] <= 8:
            raise FieldError(f"{at}[1]", f"must be a cell from 0 to 8, not {move[1]!r:.60}")
        _flag(f"{at}[2]", move[2])
    _text(f"{where}.final", value["final"])
    _flag(f"{where}.lost", value["lost"])
    _text(f"{where}.note", value["note"])
