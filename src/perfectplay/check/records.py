"""A game plug's transcript (``plug.CheckRecord``) as a file: ``--transcript`` writes it, ``--replay`` reads it.

The file carries a schema name, the game, and a digest of its body, as
tic-tac-toe's own transcript (``transcript.py``) does: a file that is not one,
or that was changed after it was written, is refused with one line, never
half-judged. The plug's own object in ``Recognised.detail`` is not kept: a
judge reads the interface's kind, words and runner message, and the body.
"""

from __future__ import annotations

import json
import os
from typing import Any

from perfectplay import files
from perfectplay.check.errors import CheckUsageError
from perfectplay.check.plug import CheckRecord, Recognised
from perfectplay.check.sealed import digest, read_sealed

SCHEMA = "perfectplay/check-record/v1"
MAX_BYTES = 256 * 1024 * 1024
"""A transcript larger than this is refused before it is read."""


def record_json(record: CheckRecord) -> dict[str, Any]:
    """The record as plain JSON values (the body as its plug made it)."""
    recognised = record.recognised
    return {
        "game": record.game,
        "target": record.target,
        "isolation": record.isolation,
        "limits": dict(record.limits),
        "recognised": None
        if recognised is None
        else {
            "kind": recognised.kind,
            "words": recognised.words,
            "runner": dict(recognised.runner),
            "standard": recognised.standard,
            "notes": list(recognised.notes),
        },
        "problem": record.problem,
        "stopped": record.stopped,
        "notes": list(record.notes),
        "wall": record.wall,
        "body": dict(record.body),
        "sandboxed": record.sandboxed,
    }


def save_record(record: CheckRecord, path: str | os.PathLike[str]) -> None:
    """Write the record to ``path`` whole or not at all (a new file renamed over the old one)."""
    body = record_json(record)
    text = json.dumps(body, sort_keys=True, ensure_ascii=True)
    document = json.dumps({"schema": SCHEMA, "digest": digest(text), "body": body}, sort_keys=True, ensure_ascii=True)
    try:  # a regular file only, whole or not at all; never a device, a FIFO or a link (perfectplay.files)
        files.write(path, document + "\n", option="--transcript")
    except files.FileRefused as error:
        raise CheckUsageError(str(error)) from None


def schema_of(path: str | os.PathLike[str]) -> str | None:
    """The schema a transcript file names (None: not JSON, or none), to tell a plug's from tic-tac-toe's."""
    try:  # a FIFO or a device is no plug's transcript: refused at once by tic-tac-toe's reader, not waited on here
        document = json.loads(files.read_text(path, limit=MAX_BYTES))
    except (ValueError, RecursionError):  # files.FileRefused is a ValueError
        return None
    schema = document.get("schema") if isinstance(document, dict) else None
    return schema if isinstance(schema, str) else None


def transcript_game(path: str | os.PathLike[str]) -> str | None:
    """The game a plug's transcript file is of; None for anything else (tic-tac-toe's own, or not one)."""
    if schema_of(path) != SCHEMA:
        return None
    try:
        game = json.loads(files.read_text(path, limit=MAX_BYTES))["body"]["game"]
    except (ValueError, KeyError, TypeError, RecursionError):
        return None
    return game if isinstance(game, str) else None


def load_record(path: str | os.PathLike[str]) -> CheckRecord:
    """The record in ``path``; ``CheckUsageError`` (one line) for a file that is not one, or was changed."""
    where = f"--replay {os.fspath(path)}"
    body = read_sealed(path, SCHEMA, MAX_BYTES)
    try:
        return _read(body)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise CheckUsageError(f"{where}: not a check transcript ({type(error).__name__}: {error})") from None


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"not text: {value!r}")
    return value


def _maybe(value: Any) -> str | None:
    return None if value is None else _text(value)


def _read(body: dict[str, Any]) -> CheckRecord:
    given = body["recognised"]
    recognised = None
    if given is not None:
        if not isinstance(given["runner"], dict):
            raise ValueError("the interface's runner message is not an object")
        recognised = Recognised(
            kind=_text(given["kind"]),
            words=_text(given["words"]),
            runner=given["runner"],
            standard=_maybe(given.get("standard")),
            notes=tuple(_text(note) for note in given.get("notes", [])),
        )
    if not isinstance(body["limits"], dict) or not isinstance(body["body"], dict):
        raise ValueError("limits and body must be objects")
    wall = body.get("wall", 0.0)
    if isinstance(wall, bool) or not isinstance(wall, int | float):
        raise ValueError(f"not a number of seconds: {wall!r}")
    return CheckRecord(
        game=_text(body["game"]),
        target=_text(body["target"]),
        isolation=_text(body["isolation"]),
        limits=body["limits"],
        recognised=recognised,
        problem=_maybe(body.get("problem")),
        stopped=_maybe(body.get("stopped")),
        notes=tuple(_text(note) for note in body.get("notes", [])),
        wall=float(wall),
        body=body["body"],
        sandboxed=bool(body.get("sandboxed", False)),
    )
