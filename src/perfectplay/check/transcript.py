"""The recorded transcript of a check: every answer the candidate gave, what the run saw, nothing judged yet.

A check runs the candidate (``run/``), records what it answered in a
``Transcript``, and only then judges it (``api._Check._judge`` reads the
transcript alone) and reports. Saved as JSON (``--transcript FILE``), it is
judged and reported again without running the student (``--replay FILE``),
in any format, with other weights or another standard. The file carries a
schema name and a digest of its body: a file that is not one, or that was
changed after it was written, is refused with one line, never half-judged.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from typing import Any

from perfectplay import files
from perfectplay.check import transcript_fields
from perfectplay.check.errors import CheckUsageError
from perfectplay.check.judge.interface import TicTacToeInterface as Interface
from perfectplay.check.position import TicTacToePosition as Position
from perfectplay.check.sealed import digest, read_sealed

SCHEMA = "perfectplay/check-transcript/v1"
MAX_BYTES = 256 * 1024 * 1024
"""A transcript larger than this is refused (a whole check is a few megabytes); the cap counts the bytes read."""

Answers = dict[Position, list[dict[str, Any]]]


@dataclass
class Transcript:
    """What one run of a candidate produced, for the judge: its answers, how it was asked, how the run ended."""

    target: str
    isolation: str
    standard: str | None
    """The standard asked for (None: follow the interface)."""
    limits: dict[str, Any]
    """The numbers the report's words name: ``total_seconds``, ``budget_seconds``, ``wall_seconds``, ``wall_label``,
    ``backstop``, ``max_failures``."""
    interface: Interface | None = None
    problem: str | None = None
    """Why it could not be checked at all (then nothing was asked)."""
    every: int = 0
    asked: list[Position] = field(default_factory=list)
    finished: list[Position] = field(default_factory=list)
    queries: list[Position] = field(default_factory=list)
    records: Answers = field(default_factory=dict)
    replies: Answers = field(default_factory=dict)
    randomised: Position | None = None
    history: bool = False
    replays: list[dict[str, Any]] = field(default_factory=list)
    """Each losing game played again in a fresh process: ``side``, ``first``, ``game``, ``final``, ``lost``,
    ``note``."""
    stopped: str | None = None
    sampled: str | None = None
    notes: list[str] = field(default_factory=list)
    imported: list[dict[str, Any]] = field(default_factory=list)
    """What importing it showed: ``kind``, ``answer``, ``output``."""
    capped: bool = False
    wall: float = 0.0


def _positions(items: list[Position]) -> list[list[str]]:
    return [[position.cells, position.to_move] for position in items]


def _answers(answers: Answers) -> list[list[Any]]:
    return [[position.cells, position.to_move, records] for position, records in answers.items()]


def to_json(transcript: Transcript) -> str:
    """The transcript as one JSON document with its schema and a digest of its body."""
    body = {
        "target": transcript.target,
        "isolation": transcript.isolation,
        "standard": transcript.standard,
        "limits": transcript.limits,
        "interface": None if transcript.interface is None else asdict(transcript.interface),
        "problem": transcript.problem,
        "every": transcript.every,
        "asked": _positions(transcript.asked),
        "finished": _positions(transcript.finished),
        "queries": _positions(transcript.queries),
        "records": _answers(transcript.records),
        "replies": _answers(transcript.replies),
        "randomised": None if transcript.randomised is None else _positions([transcript.randomised])[0],
        "history": transcript.history,
        "replays": transcript.replays,
        "stopped": transcript.stopped,
        "sampled": transcript.sampled,
        "notes": transcript.notes,
        "imported": transcript.imported,
        "capped": transcript.capped,
        "wall": transcript.wall,
    }
    text = json.dumps(body, sort_keys=True, ensure_ascii=True)
    # The document is that text wrapped, its keys in sorted order, as ``json.dumps`` of the whole would write it: the
    # body (megabytes for a whole check) is encoded once, not twice.
    return f'{{"body": {text}, "digest": {json.dumps(digest(text))}, "schema": {json.dumps(SCHEMA)}}}'


def save(transcript: Transcript, path: str | os.PathLike[str]) -> None:
    """Write the transcript to ``path`` whole or not at all, a regular file only (``perfectplay.files``)."""
    try:
        files.write(path, to_json(transcript) + "\n", option="--transcript")
    except files.FileRefused as error:
        raise CheckUsageError(str(error)) from None


def load(path: str | os.PathLike[str]) -> Transcript:
    """The transcript in ``path``; ``CheckUsageError`` (one line) for a file that is not one, or was changed."""
    where = f"--replay {os.fspath(path)}"
    body = read_sealed(path, SCHEMA, MAX_BYTES)
    try:
        transcript_fields.validate(body)
    except transcript_fields.FieldError as error:
        raise CheckUsageError(f"{where}: not a check transcript: {error}") from None
    try:
        return _read(body)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise CheckUsageError(f"{where}: not a check transcript ({type(error).__name__}: {error})") from None


def _position(item: Any) -> Position:
    cells, to_move = item
    if not isinstance(cells, str) or len(cells) != 9 or set(cells) - set("XO.") or to_move not in ("X", "O"):
        raise ValueError(f"not a position: {item!r}")
    return Position(cells, to_move)


def _read_answers(items: Any) -> Answers:
    answers: Answers = {}
    for cells, to_move, records in items:
        if not isinstance(records, list) or not all(isinstance(record, dict) for record in records):
            raise ValueError("answers must be lists of records")
        answers[_position([cells, to_move])] = records
    return answers


def _read(body: dict[str, Any]) -> Transcript:
    interface = body["interface"]
    if interface is not None:
        interface = Interface(**{**interface, "notes": tuple(interface["notes"])})
    randomised = body["randomised"]
    return Transcript(
        target=str(body["target"]),
        isolation=str(body["isolation"]),
        standard=body["standard"],
        limits=dict(body["limits"]),
        interface=interface,
        problem=body["problem"],
        every=int(body["every"]),
        asked=[_position(item) for item in body["asked"]],
        finished=[_position(item) for item in body["finished"]],
        queries=[_position(item) for item in body["queries"]],
        records=_read_answers(body["records"]),
        replies=_read_answers(body["replies"]),
        randomised=None if randomised is None else _position(randomised),
        history=bool(body["history"]),
        replays=list(body["replays"]),
        stopped=body["stopped"],
        sampled=body["sampled"],
        notes=[str(note) for note in body["notes"]],
        imported=list(body["imported"]),
        capped=bool(body["capped"]),
        wall=float(body["wall"]),
    )
