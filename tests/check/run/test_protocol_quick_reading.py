"""The channel's quick ways through a CS50 reply read it as the long ways do: the same depth, the same fields.

``protocol.nesting`` cuts the strings out of a line without a backslash at C
speed, and ``protocol.cs50`` takes a helper's plain answer (a value, the
times the candidate claims) in one step; a line or an answer off those
paths goes the long way. Either way the candidate's bytes are checked alike.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from perfectplay.check.run import protocol


def depth_without_escapes(line: bytes) -> int:
    """The nesting of a line that has no backslash: a quote always opens or closes a string."""
    depth = deepest = 0
    in_string = False
    for byte in line:
        if byte == 0x22:
            in_string = not in_string
        elif not in_string and byte in b"[{":
            depth += 1
            deepest = max(deepest, depth)
        elif not in_string and byte in b"]}":
            depth -= 1
    return deepest


def test_a_cs50_reply_is_nested_four_deep_whatever_its_strings_hold() -> None:
    reply = {
        "actions": {"value": [[0, 1], [2, 2]], "listed": 2},
        "results": [{"value": "X........"}, {"repr": "'[[[[[[[[[[[[[['"}],
        "winner": {"error": {"type": "KeyError", "message": "{{{{{{{{{{{{{{"}},
    }
    assert protocol.nesting(json.dumps(reply).encode()) == 4
    assert protocol.nesting(b'"]]]]" [[[ "[[[[[[[[') == 3  # a string with no end runs to the end of the line
    assert protocol.nesting(b"]]] [") == 0  # closers first: the opener after them is not deeper than the start
    assert protocol.nesting(b"") == 0


@given(st.lists(st.sampled_from([b"[", b"]", b"{", b"}", b'"', b"a", b" ", b'""', b"[[", b"}}"]), max_size=80))
def test_the_nesting_of_a_line_without_a_backslash_is_its_byte_by_byte_depth(parts: list[bytes]) -> None:
    line = b"".join(parts)
    assert protocol.nesting(line) == depth_without_escapes(line)


def test_a_helpers_plain_answer_is_its_value_alone_and_still_checked() -> None:
    cleaned = protocol.cs50(
        {
            "winner": {"value": "X", "seconds": 0.5, "cpu": 0.5},
            "terminal": {"value": True},
            "results": [{"value": "XO.......", "cpu": 9.0}],
        }
    )
    assert cleaned == {"winner": {"value": "X"}, "terminal": {"value": True}, "results": [{"value": "XO......."}]}
    # Beside anything else it is read field by field, as before.
    assert protocol.cs50({"player": {"value": "O", "printed": 3, "output": "hi"}}) == {
        "player": {"value": "O", "printed": 3, "output": "hi"}
    }
    for wrong in ({"player": {"value": "Z"}}, {"terminal": {"value": 1}}, {"results": [{"value": "XO"}]}):
        with pytest.raises(protocol.ProtocolError):
            protocol.cs50(wrong)


def outcome(read: Any, line: bytes) -> object:
    """What reading ``line`` gives: the message, or the text of the error it raises."""
    try:
        return read(line)
    except (ValueError, RecursionError, protocol.ProtocolError) as error:
        return type(error).__name__ if read is json.loads else str(error)


@pytest.mark.parametrize(
    "line",
    [
        b'{"kind": "int", "value": 4}',
        '{"kind": "int", "value": 4}'.encode("utf-16"),  # a byte-order mark: json's detection reads UTF-16
        '{"kind": "int", "value": 4}'.encode("utf-16-le"),  # "{" then a zero byte: UTF-16 too
        '{"kind": "int", "value": 4}'.encode("utf-32-le"),
        '{"output": "é"}'.encode(),
        b'{"output": "\xff"}',
        b"{",
        b"{\x00",
    ],
)
def test_a_line_reads_as_json_loads_reads_its_bytes(line: bytes) -> None:
    expected = outcome(json.loads, line)
    if isinstance(expected, dict):
        assert protocol.decode(line) == expected
    else:
        with pytest.raises(protocol.ProtocolError):
            protocol.decode(line)


@given(st.binary(max_size=40))
def test_any_line_that_opens_an_object_reads_as_json_loads_reads_it(tail: bytes) -> None:
    line = b"{" + tail
    expected = outcome(json.loads, line)
    got = outcome(protocol.decode, line)
    if isinstance(expected, dict) and protocol.nesting(line) <= protocol.MAX_DEPTH:
        assert got == expected
    elif not isinstance(expected, dict):
        assert isinstance(got, str)  # a protocol error, as json's own reading would have been
