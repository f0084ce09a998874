"""Reading what a candidate's process sends, on the trusted side: capped, typed, or the candidate's failure.

Everything that comes back over the channel was written by a process that
runs student code, so it is data to be checked, never trusted: a line may be
endless, nested a million deep, or valid JSON of the wrong shape. Each
message is rebuilt here field by field into the shape the checker uses
(strings cut short, numbers bounded, unknown fields dropped); anything that
does not fit raises ``ProtocolError``, which the worker turns into a finding
against the candidate ("broke the protocol: ...") at the position it was
asked. No candidate input reaches the checker's logic any other way.
"""

from __future__ import annotations

import itertools
import json
import math
import operator
import re
from typing import Any

MAX_LINE = 64 * 1024
"""Bytes in one line from a candidate; a longer one breaks the protocol (and is never read whole)."""

MAX_DEPTH = 12
"""Nesting of lists and objects in one message; the runner's messages need 4."""

MAX_TEXT = 2000
"""Characters kept of any text a candidate sent (printed output, reprs, messages)."""

MAX_NAMES = 500
"""Functions (and their names) described by one module."""

MAX_INDEX = 10**9
"""A returned number beyond this is shown as text, not taken as an index."""

_CELLS = re.compile(r"[XO.?]{9}")


class ProtocolError(Exception):
    """A candidate sent something that is not a message of the protocol; the text says what."""


def nesting(line: bytes) -> int:
    """The deepest nesting of ``[``/``{`` in a JSON text, strings skipped (no parsing, no recursion).

    The strings are cut out and the depth is counted over the brackets left, at C speed. A line without a
    backslash (a CS50 helper's plain reply: a few hundred bytes, seventy quotes) has its strings between one
    quote and the next. With a backslash (a helper that raised: its line of code, quotes escaped), a string
    runs from a quote to the next quote not escaped, a backslash in it escaping whatever byte follows, and one
    regular expression cuts them out (a walk over the bytes that matter cost most of reading such a reply).
    """
    if b"\\" in line:
        outside = _STRING.sub(b"", line)
    else:
        # Every other piece lies outside the strings (one with no end runs to the end of the line, as a string).
        outside = b"".join(line.split(b'"')[::2])
    brackets = outside.translate(None, _NOT_BRACKETS).translate(_STEPS)
    # Each opener is a 2 and each closer a 0: less one per bracket so far, the sums are the depths.
    return max(0, max(map(operator.sub, itertools.accumulate(brackets), itertools.count(1)), default=0))


_NOT_BRACKETS = bytes(range(256)).translate(None, b"[]{}")
_STEPS = bytes.maketrans(b"[]{}", b"\x02\x00\x02\x00")
_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)', re.DOTALL)
"""A string: from a quote to the next quote that no backslash escapes, or to the end of the line (a backslash
there, last, escapes nothing). Linear: wherever the repetition stops, the end matches at once."""


def decode(line: bytes) -> dict[str, Any]:
    """One JSON object from one line, or ``ProtocolError``."""
    if len(line) > MAX_LINE:
        raise ProtocolError(f"sent a line of more than {MAX_LINE:,} bytes")
    # Nested no deeper than it has openers: an answer's usual few are counted at C speed, not walked byte by byte.
    if line.count(b"[") + line.count(b"{") > MAX_DEPTH and nesting(line) > MAX_DEPTH:
        raise ProtocolError(f"sent a message nested more than {MAX_DEPTH} deep")
    try:
        # A line that opens an object (as every message does) is UTF-8 to ``json.loads``'s detection: decoded here,
        # as it would decode it, without the detection's Python for every answer.
        if line[:1] == b"{" and line[1:2] != b"\0":
            message = json.loads(line.decode("utf-8", "surrogatepass"))
        else:
            message = json.loads(line)
    except (ValueError, RecursionError):
        raise ProtocolError(f"sent a line that is not JSON: {text(line.decode(errors='replace'), 60)!r}") from None
    if not isinstance(message, dict):
        raise ProtocolError(f"sent {type(message).__name__} where a JSON object belongs")
    return message


def text(value: object, limit: int = MAX_TEXT) -> str:
    """A string the candidate sent, cut to ``limit`` characters (anything else is not text)."""
    if not isinstance(value, str):
        raise ProtocolError(f"sent {type(value).__name__} where text belongs")
    return value if len(value) <= limit else value[: limit - 3] + "..."


def count(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 2**62:
        raise ProtocolError("sent a count that is not a whole number")
    return value


def flag(value: object) -> bool:
    if not isinstance(value, bool):
        raise ProtocolError("sent a flag that is not true or false")
    return value


def cells(value: object) -> str:
    if not isinstance(value, str) or not _CELLS.fullmatch(value):
        raise ProtocolError("sent a board that is not nine cells")
    return value


def error(value: object) -> dict[str, Any]:
    """What the candidate raised: type, message, and where in its file."""
    if not isinstance(value, dict):
        raise ProtocolError("sent an error that is not an object")
    cleaned: dict[str, Any] = {"type": text(value.get("type", "Exception"), 100)}
    cleaned["message"] = text(value.get("message", ""), 300)
    if "line" in value:
        cleaned["line"] = count(value["line"])
    if "code" in value:
        cleaned["code"] = text(value["code"], 120)
    if "file" in value:
        cleaned["file"] = text(value["file"], 100)
    return cleaned


def _printed(value: dict[str, Any], into: dict[str, Any]) -> None:
    if "printed" in value:
        into["printed"] = count(value["printed"])
    if "output" in value:
        into["output"] = text(value["output"], 300)


def move(value: dict[str, Any]) -> dict[str, Any]:
    """One answer to "your move for this board", as ``answers.read_move`` reads it.

    Times the candidate claims (``seconds``, ``cpu``) are dropped: the checker measures its own.
    """
    cleaned: dict[str, Any] = {}
    if "error" in value:
        cleaned["error"] = error(value["error"])
    else:
        kind = value.get("kind")
        if kind == "int":
            number = value.get("value")
            if isinstance(number, bool) or not isinstance(number, int):
                raise ProtocolError("sent an index that is not a whole number")
            cleaned.update(_number(number))
        elif kind == "pair":
            pair = value.get("value")
            if not (isinstance(pair, list) and len(pair) == 2 and _whole(pair[0]) and _whole(pair[1])):
                raise ProtocolError("sent a pair that is not two whole numbers")
            if abs(pair[0]) <= MAX_INDEX and abs(pair[1]) <= MAX_INDEX:
                cleaned.update(kind="pair", value=list(pair), type=text(value.get("type", "tuple"), 40))
            else:
                cleaned.update(kind="other", type=text(value.get("type", "tuple"), 40), repr="(a huge pair)")
        elif kind == "none":
            cleaned["kind"] = "none"
        elif kind == "other":
            cleaned.update(
                kind="other", type=text(value.get("type", "value"), 40), repr=text(value.get("repr", "?"), 80)
            )
        else:
            raise ProtocolError("sent an answer of no known kind")
    _printed(value, cleaned)
    if "after" in value:
        cleaned["after"] = None if value["after"] is None else cells(value["after"])
    if "after_repr" in value:
        cleaned["after_repr"] = text(value["after_repr"], 80)
    return cleaned


def _name(value: object) -> bool:
    """A Python name (any script: a student may name a function in their own language)."""
    return isinstance(value, str) and len(value) <= 100 and value.isidentifier()


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(number: int) -> dict[str, Any]:
    if abs(number) <= MAX_INDEX:
        return {"kind": "int", "value": number}
    return {"kind": "other", "type": "int", "repr": f"a {len(str(abs(number)))}-digit number"}


def loaded(value: dict[str, Any]) -> dict[str, Any]:
    """The runner's description of the module it imported."""
    if value.get("event") != "loaded":
        raise ProtocolError("did not say it had loaded the module")
    cleaned: dict[str, Any] = {"event": "loaded", "module": text(value.get("module", ""), 100)}
    if "error" in value:
        cleaned["error"] = error(value["error"])
    cleaned["printed"] = count(value.get("printed", 0))
    cleaned["output"] = text(value.get("output", ""))
    cleaned["read_stdin"] = flag(value.get("read_stdin", False))
    functions = value.get("functions", {})
    if not isinstance(functions, dict) or len(functions) > MAX_NAMES:
        raise ProtocolError("sent a list of functions the runner never sends")
    cleaned["functions"] = {}
    for name, arguments in functions.items():
        if not _name(name) or not _whole(arguments) or not -1 <= arguments <= 1000:
            raise ProtocolError("sent a function description the runner never sends")
        cleaned["functions"][name] = arguments
    own = value.get("own", [])
    if not isinstance(own, list) or len(own) > MAX_NAMES or not all(_name(name) for name in own):
        raise ProtocolError("sent a list of its own functions the runner never sends")
    cleaned["own"] = list(own)
    constants = value.get("constants", {})
    if not isinstance(constants, dict):
        raise ProtocolError("sent constants that are not an object")
    cleaned["constants"] = {
        key: constants[key] for key in ("X", "O", "EMPTY") if key in constants and _marker(constants[key])
    }
    boards = value.get("boards", [])
    if not isinstance(boards, list) or len(boards) > 50:
        raise ProtocolError("sent boards the runner never sends")
    cleaned["boards"] = []
    for board in boards:
        if not isinstance(board, dict) or board.get("shape") not in ("flat", "nested"):
            raise ProtocolError("sent a board shape the runner never sends")
        values = board.get("values")
        if not isinstance(values, list) or len(values) > 9:
            raise ProtocolError("sent board values the runner never sends")
        cleaned["boards"].append({"shape": board["shape"], "values": [cell for cell in values if _marker(cell)]})
    letters = value.get("letters", [])
    if not isinstance(letters, list) or len(letters) > 52:
        raise ProtocolError("sent letters the runner never sends")
    if not all(
        isinstance(letter, str) and len(letter) == 1 and letter.isascii() and letter.isalpha() for letter in letters
    ):
        raise ProtocolError("sent a letter the runner never sends")
    cleaned["letters"] = sorted(set(letters))
    cleaned["classes"] = _classes(value.get("classes", {}))
    return cleaned


def _classes(classes: object) -> dict[str, dict[str, int]]:
    """The module's classes and their methods' required arguments (``self`` not counted), as the runner sends."""
    if not isinstance(classes, dict) or len(classes) > 50:
        raise ProtocolError("sent a list of classes the runner never sends")
    cleaned: dict[str, dict[str, int]] = {}
    for name, methods in classes.items():
        if not _name(name) or not isinstance(methods, dict) or len(methods) > 100:
            raise ProtocolError("sent a class description the runner never sends")
        for method, arguments in methods.items():
            if not _name(method) or not _whole(arguments) or not -1 <= arguments <= 1000:
                raise ProtocolError("sent a method description the runner never sends")
        cleaned[name] = dict(methods)
    return cleaned


def _marker(value: object) -> bool:
    """Whether a constant or board cell can be a mark: None, a short string or a modest number (others are left out)."""
    if value is None or (isinstance(value, str) and len(value) <= 20):
        return True
    if isinstance(value, int) and not isinstance(value, bool):
        return abs(value) <= MAX_INDEX
    return isinstance(value, float) and math.isfinite(value)


def reply(value: dict[str, Any]) -> dict[str, Any]:
    """The answer to ``use``: ok, or why not."""
    cleaned: dict[str, Any] = {"ok": flag(value.get("ok", False))}
    if "error" in value:
        cleaned["error"] = text(value["error"], 300)
    return cleaned


def cs50(value: dict[str, Any]) -> dict[str, Any]:
    """The answers of CS50's helpers on one board."""
    cleaned: dict[str, Any] = {}
    for name in ("player", "actions", "winner", "terminal", "utility"):
        if name in value:
            cleaned[name] = _call(name, value[name])
    results = value.get("results")
    if results is not None:
        if not isinstance(results, list) or len(results) > 9:
            raise ProtocolError("sent results the runner never sends")
        cleaned["results"] = [_call("result", record) for record in results]
    if value.get("illegal") is not None:
        cleaned["illegal"] = _call("result", value["illegal"])
    return cleaned


def _call(name: str, value: object) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ProtocolError("sent a helper's answer that is not an object")
    if "value" in value and value.keys() <= _VALUE_ONLY:
        return {"value": _helper_value(name, value["value"])}  # the usual answer, as the fields below clean it
    cleaned: dict[str, Any] = {}
    if "error" in value:
        cleaned["error"] = error(value["error"])
    if "repr" in value:
        cleaned["repr"] = text(value["repr"], 80)
    if "value" in value:
        cleaned["value"] = _helper_value(name, value["value"])
    if "listed" in value:
        cleaned["listed"] = count(value["listed"])
    if "type" in value:
        cleaned["type"] = text(value["type"], 40)
    if value.get("same_object"):
        cleaned["same_object"] = True
    if "mutated" in value:
        cleaned["mutated"] = cells(value["mutated"])
    _printed(value, cleaned)
    return cleaned


_VALUE_ONLY = frozenset(("value", "seconds", "cpu"))
"""A helper's answer with a value and nothing else (times a candidate claims are dropped, as everywhere)."""


def _helper_value(name: str, value: object) -> Any:
    if name in ("player", "winner"):
        if value not in ("X", "O", None):
            raise ProtocolError(f"sent a {name} that is not X, O or None")
        return value
    if name == "terminal":
        return flag(value)
    if name == "utility":
        if not isinstance(value, int) or isinstance(value, bool) or abs(value) > MAX_INDEX:
            raise ProtocolError("sent a utility that is not a whole number")
        return value
    if name == "actions":
        if not isinstance(value, list) or len(value) > 100:
            raise ProtocolError("sent more actions than the runner ever sends")
        pairs = []
        for pair in value:
            if not (isinstance(pair, list) and len(pair) == 2 and all(_whole(part) for part in pair)):
                raise ProtocolError("sent an action that is not two whole numbers")
            pairs.append([int(part) for part in pair])
        return pairs
    return cells(value)
