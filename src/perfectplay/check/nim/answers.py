"""What the Nim driver sends back, rebuilt field by field on the trusted side, or the candidate's failure.

Every reply was written by a process that ran student code: a field of the
wrong type, an endless list or a number out of range raises
``ProtocolError`` (the run's own), which the run turns into a finding
against the candidate, never a checker traceback.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from perfectplay.check.nim.detect import LEARNING_METHODS, PLAYERS
from perfectplay.check.nim.positions import MAX_PILE, MAX_PILES, Action, Piles
from perfectplay.check.run.protocol import MAX_INDEX, ProtocolError, count, error, text

OFFERED_NAMES = frozenset(("NimAI", "train", *PLAYERS, *LEARNING_METHODS))
"""What an ``offers`` reply may name: the lab's names and ``NimAI``'s methods."""
MAX_ANSWERS = 2000
MAX_TABLE = 64


@dataclass(frozen=True, slots=True)
class Answer:
    """One value a method returned: ``kind`` pair, number, none, other (``text`` says what) or error; or ``failed``,
    no value at all (a time-out, a process that died: ``text`` says which)."""

    kind: str
    pair: Action | None = None
    number: float | None = None
    text: str = ""
    """The type of an ``other`` value or of what was raised."""
    shown: str = ""
    """An ``other`` value's repr."""
    line: int = 0
    """The student's line where an ``error`` was raised (0: not in their file)."""

    def show(self) -> str:
        if self.kind == "pair" and self.pair is not None:
            return f"({self.pair[0]}, {self.pair[1]})"
        if self.kind == "number" and self.number is not None:
            return f"{self.number:g}"
        if self.kind == "none":
            return "None"
        if self.kind == "error":
            return f"raised {self.text}" + (f" (line {self.line})" if self.line else "")
        if self.kind == "failed":
            return f"no move: {self.text}"
        return f"{self.shown} (a {self.text})"


@dataclass(frozen=True, slots=True)
class Raised:
    """What the candidate raised, and where in its files."""

    type: str
    message: str
    line: int | None = None
    code: str = ""
    file: str = ""

    def show(self) -> str:
        """``ValueError: boom (line 12: raise ValueError('boom'))``; another of the student's files is named."""
        where = ""
        if self.line:
            where = f" ({self.file + ', ' if self.file else ''}line {self.line}: {self.code})"
        return f"{self.type}: {self.message}{where}" if self.message else f"{self.type}{where}"


def raised(value: object) -> Raised:
    cleaned = error(value)
    return Raised(
        cleaned["type"], cleaned["message"], cleaned.get("line"), cleaned.get("code", ""), cleaned.get("file", "")
    )


def _whole(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) > MAX_INDEX:
        raise ProtocolError("sent a number that is not a whole number in range")
    return value


def _finite(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ProtocolError("sent a value that is not a finite number")
    return float(value)


def answer(value: object) -> Answer:
    """One described value (``driver.describe``): ``["pair", i, j]``, ``["number", x]``, ``["none"]``..."""
    if not isinstance(value, list) or not value or not isinstance(value[0], str):
        raise ProtocolError("sent an answer of no known shape")
    kind = value[0]
    if kind == "pair" and len(value) == 3:
        return Answer("pair", pair=(_whole(value[1]), _whole(value[2])))
    if kind == "number" and len(value) == 2:
        return Answer("number", number=_finite(value[1]))
    if kind == "none" and len(value) == 1:
        return Answer("none")
    if kind == "other" and len(value) == 3:
        return Answer("other", text=text(value[1], 40), shown=text(value[2], 80))
    if kind == "error" and len(value) == 3:
        return Answer("error", text=text(value[1], 100), line=max(_whole(value[2]), 0))
    raise ProtocolError("sent an answer of no known kind")


def answers(value: object) -> tuple[Answer, ...]:
    if not isinstance(value, list) or len(value) > MAX_ANSWERS:
        raise ProtocolError("sent a list of answers the driver never sends")
    return tuple(answer(item) for item in value)


def piles(value: object) -> Piles:
    if not isinstance(value, list) or len(value) > MAX_PILES:
        raise ProtocolError("sent piles the driver never sends")
    return tuple(min(_whole(pile), MAX_PILE + 1) for pile in value)


@dataclass(frozen=True, slots=True)
class UnitReply:
    """A hand-made table case's answers, the table after an update, or why there are none."""

    answers: tuple[Answer, ...] = ()
    table: tuple[tuple[Piles, Action, float], ...] | None = None
    table_text: str = ""
    error: Raised | None = None
    missing: str = ""
    printed: int = 0


def unit(value: dict[str, Any]) -> UnitReply:
    found = answers(value.get("answers", []))
    printed = count(value.get("printed", 0))
    if "missing" in value:
        return UnitReply(missing=text(value["missing"], 100))
    failed = raised(value["error"]) if "error" in value else None
    table = value.get("table")
    if table is None:
        return UnitReply(found, error=failed, printed=printed)
    if isinstance(table, str):
        return UnitReply(found, None, text(table, 80), failed, printed=printed)
    if not isinstance(table, list) or len(table) > MAX_TABLE:
        raise ProtocolError("sent a table the driver never sends")
    entries = []
    for entry in table:
        if not isinstance(entry, list) or len(entry) != 3 or not isinstance(entry[1], list) or len(entry[1]) != 2:
            raise ProtocolError("sent a table entry the driver never sends")
        entries.append((piles(entry[0]), (_whole(entry[1][0]), _whole(entry[1][1])), _finite(entry[2])))
    return UnitReply(found, tuple(entries), "", failed, printed=printed)


@dataclass(frozen=True, slots=True)
class Summary:
    """The trained Q-table in numbers: entries, how many are numbers, below 0, above 0, lowest and highest."""

    entries: int
    numbers: int = 0
    negative: int = 0
    positive: int = 0
    lowest: float = 0.0
    highest: float = 0.0


@dataclass(frozen=True, slots=True)
class SeedReply:
    """One seed's training and its greedy choices, as the driver said (times are measured by the run)."""

    answers: tuple[Answer, ...]
    games: int
    printed: int
    error: Raised | None
    summary: Summary | None
    returned: str
    missing: str = ""
    best: tuple[frozenset[Action] | None, ...] | None = None
    """Each position's actions of the highest value in the trained table, read before any choice (None in it: no
    preference learned there); None: the table was unreadable, or its best actions were not sent."""
    unwritten: int = 0
    """How many of the table's values the positions read were never written by ``update_q_value``."""
    off_rule: int = 0
    """How many of training's ``update_q_value`` writes were not the lab's rule on their own arguments."""
    off_move: int = 0
    """How many were not the lab's update of a move: ``old`` not the table's learned value, or a reward or future no
    game gives (-1 or 1 and 0 as a game ends, else 0 and the best learned value after the opponent's reply)."""


MAX_ACTIONS = MAX_PILES * MAX_PILE
"""Actions in one position at most (the driver sends a position's best actions, never more)."""


def _best(value: object) -> tuple[frozenset[Action] | None, ...] | None:
    if value is None or value == "unreadable":
        return None
    if not isinstance(value, list) or len(value) > MAX_ANSWERS:
        raise ProtocolError("sent a list of best actions the driver never sends")
    found: list[frozenset[Action] | None] = []
    for entry in value:
        if entry is None:
            found.append(None)
            continue
        if not isinstance(entry, list) or len(entry) > MAX_ACTIONS:
            raise ProtocolError("sent best actions the driver never sends")
        pairs = set()
        for pair in entry:
            if not isinstance(pair, list) or len(pair) != 2:
                raise ProtocolError("sent a best action the driver never sends")
            pairs.add((_whole(pair[0]), _whole(pair[1])))
        found.append(frozenset(pairs))
    return tuple(found)


def off_table(reply: SeedReply, asked: int) -> frozenset[int]:
    """The positions (by index, of ``asked``) whose greedy pair the parent does not count as the AI's learned choice:
    not among the table's best actions there, or the table had no preference there, or its best actions are unknown
    (an unreadable table, a reply without them: the candidate's process said nothing the parent can check)."""
    if reply.best is None or reply.unwritten:
        return frozenset(range(asked))
    off: set[int] = set(range(len(reply.best), asked))
    for index, (found, answer) in enumerate(zip(reply.best, reply.answers, strict=False)):
        if answer.kind == "pair" and (found is None or answer.pair not in found):
            off.add(index)
    return frozenset(off)


def seed(value: dict[str, Any]) -> SeedReply:
    if "missing" in value:
        return SeedReply((), 0, 0, None, None, "", text(value["missing"], 100))
    summary = None
    if isinstance(value.get("summary"), dict):
        raw = value["summary"]
        entries = raw.get("entries", -1)
        if isinstance(entries, int) and not isinstance(entries, bool) and entries < 0:
            summary = Summary(-1)
        else:
            summary = Summary(
                count(entries),
                count(raw.get("numbers", 0)),
                count(raw.get("negative", 0)),
                count(raw.get("positive", 0)),
                _finite(raw.get("lowest", 0.0)),
                _finite(raw.get("highest", 0.0)),
            )
    return SeedReply(
        answers(value.get("answers", [])),
        count(value.get("games", 0)),
        count(value.get("printed", 0)),
        raised(value["error"]) if "error" in value else None,
        summary,
        text(value.get("returned", ""), 40),
        best=_best(value.get("best")),
        unwritten=count(value.get("unwritten", 0)),
        off_rule=count(value.get("off_rule", 0)),
        off_move=count(value.get("off_move", 0)),
    )


@dataclass(frozen=True, slots=True)
class MoveReply:
    """A minimax player's answer for one position."""

    answer: Answer | None
    error: Raised | None = None
    missing: str = ""
    printed: int = 0
    every_shape: bool = False
    """The ``error`` came the same, on the same line, with the piles as a list, a tuple and a dict: its own code's."""


def move(value: dict[str, Any]) -> MoveReply:
    if "missing" in value:
        return MoveReply(None, missing=text(value["missing"], 100))
    printed = count(value.get("printed", 0))
    if "error" in value:
        return MoveReply(None, raised(value["error"]), printed=printed, every_shape=value.get("every_shape") is True)
    return MoveReply(answer(value.get("answer")), printed=printed)


# --- the transcript's form: what ``clean`` keeps of a reply, and what the judge reads back -----------------


def wire_answer(found: Answer) -> list[Any]:
    """An answer back in the driver's form (``answer`` reads it)."""
    if found.kind == "pair" and found.pair is not None:
        return ["pair", found.pair[0], found.pair[1]]
    if found.kind == "number" and found.number is not None:
        return ["number", found.number]
    if found.kind == "none":
        return ["none"]
    if found.kind == "error":
        return ["error", found.text, found.line]
    return ["other", found.text, found.shown]


def wire_raised(found: Raised) -> dict[str, Any]:
    wire: dict[str, Any] = {"type": found.type, "message": found.message}
    if found.line is not None:
        wire["line"] = found.line
    if found.code:
        wire["code"] = found.code
    if found.file:
        wire["file"] = found.file
    return wire


def clean(record: dict[str, Any]) -> dict[str, Any]:
    """A driver's reply, checked and rebuilt in the transcript's form (``ProtocolError`` for any other shape)."""
    kind = record.get("kind")
    if kind == "missing":
        return {"kind": "missing", "missing": text(record.get("missing", ""), 100)}
    if kind == "unit":
        return _wire_unit(unit(record))
    if kind == "seed":
        return _wire_seed(seed(record))
    if kind == "move":
        return _wire_move(move(record))
    if kind == "offers":
        return offers(record)
    raise ProtocolError("sent a reply of no known kind")


def offers(record: dict[str, Any]) -> dict[str, Any]:
    """The lab's names the module gives through ``getattr`` (``driver.Driver.offers``): known names only."""
    names, methods = record.get("names"), record.get("methods")
    for part in (names, methods):
        if not isinstance(part, list) or not all(isinstance(name, str) and name in OFFERED_NAMES for name in part):
            raise ProtocolError("sent names the driver never sends")
    return {"kind": "offers", "names": sorted(set(names or ())), "methods": sorted(set(methods or ()))}


def _wire_unit(reply: UnitReply) -> dict[str, Any]:
    wire: dict[str, Any] = {
        "kind": "unit",
        "answers": [wire_answer(a) for a in reply.answers],
        "printed": reply.printed,
    }
    if reply.missing:
        wire["missing"] = reply.missing
    if reply.error is not None:
        wire["error"] = wire_raised(reply.error)
    if reply.table is not None:
        wire["table"] = [[list(piles), list(action), value] for piles, action, value in reply.table]
    elif reply.table_text:
        wire["table"] = reply.table_text
    return wire


def _wire_seed(reply: SeedReply) -> dict[str, Any]:
    wire: dict[str, Any] = {"kind": "seed", "games": reply.games, "printed": reply.printed}
    if reply.missing:
        wire["missing"] = reply.missing
    if reply.error is not None:
        wire["error"] = wire_raised(reply.error)
    if reply.summary is not None:
        summary = reply.summary
        wire["summary"] = {"entries": summary.entries}
        if summary.entries >= 0:
            wire["summary"].update(
                numbers=summary.numbers,
                negative=summary.negative,
                positive=summary.positive,
                lowest=summary.lowest,
                highest=summary.highest,
            )
    if reply.returned:
        wire["returned"] = reply.returned
    if reply.best is not None:
        wire["best"] = [None if found is None else [list(pair) for pair in sorted(found)] for found in reply.best]
    if reply.unwritten:
        wire["unwritten"] = reply.unwritten
    if reply.off_rule:
        wire["off_rule"] = reply.off_rule
    if reply.off_move:
        wire["off_move"] = reply.off_move
    wire["answers"] = [wire_answer(a) for a in reply.answers]
    return wire


def _wire_move(reply: MoveReply) -> dict[str, Any]:
    wire: dict[str, Any] = {"kind": "move", "printed": reply.printed}
    if reply.missing:
        wire["missing"] = reply.missing
    if reply.error is not None:
        wire["error"] = wire_raised(reply.error)
        wire["every_shape"] = reply.every_shape
    if reply.answer is not None:
        wire["answer"] = wire_answer(reply.answer)
    return wire
