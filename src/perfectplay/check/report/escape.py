"""Text from a candidate, made safe for the medium it lands in: one function per medium.

Everything a candidate controls reaches the reports: what it prints, raises
and returns, its file name, the board it leaves. Each renderer passes that
text through the function for its medium, here and nowhere else:

- ``terminal`` and ``line``: control characters (C0, DEL, C1), the bidi and
  invisible format characters and lone surrogates written out (``\\x1b``,
  ``\\u202e``, ``\\ud800``), so no escape sequence reaches a terminal and
  every report can be encoded as UTF-8. ``line`` also writes out newlines
  and tabs: a candidate's text cannot start a line of its own.
- ``csv_cell``: as ``line``, and a cell a spreadsheet would read as a
  formula (``=``, ``+``, ``-``, ``@``, their full-width forms) gets a
  leading ``'``, as OWASP recommends against CSV injection.
- ``markdown_inline``, ``markdown_cell`` and ``markdown_block``: inline text
  that could carry any markup becomes a code span, a block becomes a fenced
  code block whose fence is longer than any run of backticks in it, so it
  cannot be closed from inside; no heading, link, image or raw HTML of the
  candidate's is ever live.
- ``html``: ``html.escape`` of the terminal form.
- ``json_value``: lone surrogates replaced by U+FFFD, so a document always
  dumps and is valid UTF-8 JSON.
"""

from __future__ import annotations

import html as _html
import re
from typing import Any

REPLACEMENT = "\ufffd"

_INVISIBLE = (
    "\x00-\x08\x0b-\x1f\x7f-\x9f"  # C0 but tab and newline, DEL, C1
    "\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb\ufffe\uffff"  # bidi, invisible
    "\ud800-\udfff"  # a lone surrogate (a pair is one character in a str): cannot be encoded
)
_TERMINAL = re.compile(f"[{_INVISIBLE}]")
_LINE = re.compile(f"[{_INVISIBLE}\t\n]")
_SURROGATE = re.compile("[\ud800-\udfff]")

_FORMULA = tuple("=+-@\uff1d\uff0b\uff0d\uff20")
"""What makes a spreadsheet read a cell as a formula (tab and carriage return are written out before)."""

_BACKTICKS = re.compile("`+")
_INERT = re.compile(r"(?:\w|[ ,;()'%-]|\.(?!\w)|:(?!\S))*")
"""Text no Markdown renderer turns into markup once ``_`` is escaped: words, spaces and plain punctuation,
no ``.`` before a letter (a domain a linkifier would link) and no ``:`` before a non-space (a URL scheme)."""
_LIST_START = re.compile(r"^(\d+)([.)])")
_LOOSE_UNDERSCORE = re.compile(r"(?<![^\W_])_|_(?![^\W_])")
"""An underscore that could open or close emphasis: one not between two letters or digits (``find_best_move``
needs no escape, ``__init__`` does)."""


_NAMED = {"\n": "\\n", "\t": "\\t", "\r": "\\r"}


def _written_out(match: re.Match[str]) -> str:
    """A character as Python would write it in a string literal: ``\\n``, ``\\x1b``, ``\\u202e``, ``\\ud800``."""
    character = match.group()
    code = ord(character)
    return _NAMED.get(character) or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")


def terminal(text: str) -> str:
    """``text`` with every control, bidi or invisible format character and lone surrogate written out.

    Newlines and tabs stay: this is for a whole report, whose lines are ours.
    """
    return _TERMINAL.sub(_written_out, text)


def line(text: str) -> str:
    """A candidate's text within one line of a report: as ``terminal``, newlines and tabs written out too."""
    return _LINE.sub(_written_out, text)


def csv_cell(text: str) -> str:
    """One CSV cell: on one line, controls written out, never read as a formula by a spreadsheet."""
    shown = line(text)
    return "'" + shown if shown.lstrip(" ").startswith(_FORMULA) else shown


def markdown_inline(text: str) -> str:
    """Text inside a line of Markdown, after our own words: plain words as they are, anything else a code span
    (blank text too, which Markdown would make vanish, and text that starts with a space)."""
    shown = line(text)
    # Leading spaces stay out of plain words: after a list's "- ", four of them start an indented code block.
    if _INERT.fullmatch(shown) and shown.strip() and not shown[0].isspace():
        plain = _LIST_START.sub(r"\1\\\2", _LOOSE_UNDERSCORE.sub(r"\\_", shown))
        # A leading "-" after a list's "- " starts a list inside it ("- -"), or a rule ("- ---"): escaped.
        return "\\" + plain if plain.startswith("-") else plain
    return _code_span(shown)


def markdown_cell(text: str) -> str:
    """Text inside a cell of a Markdown table: as ``markdown_inline``, with its pipes escaped (GFM's rule)."""
    return markdown_inline(text).replace("|", "\\|")


def markdown_block(text: str) -> str:
    """Lines shown as they are, in a fenced code block that no line of theirs can close."""
    shown = terminal(text)
    fence = "`" * max(3, _longest_backticks(shown) + 1)
    return f"{fence}\n{shown}\n{fence}"


def html(text: str) -> str:
    """Text inside an HTML element or attribute: escaped, controls written out."""
    return _html.escape(terminal(text), quote=True)


def json_text(text: str) -> str:
    """A string that a JSON document can hold as valid UTF-8: each lone surrogate replaced by U+FFFD."""
    return _SURROGATE.sub(REPLACEMENT, text)


def json_value(value: Any) -> Any:
    """A JSON-ready value (dicts, lists, strings, numbers) with every string and key as ``json_text``."""
    if isinstance(value, str):
        return json_text(value)
    if isinstance(value, dict):
        return {json_text(key) if isinstance(key, str) else key: json_value(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_value(item) for item in value]
    return value


def _longest_backticks(text: str) -> int:
    return max((len(run) for run in _BACKTICKS.findall(text)), default=0)


def _code_span(text: str) -> str:
    """A code span that ``text`` (on one line) cannot close: its delimiter is longer than any run inside it."""
    if not text:
        return ""
    delimiter = "`" * (_longest_backticks(text) + 1)
    if not text.strip(" "):
        return f"{delimiter}{text}{delimiter}"  # only spaces: CommonMark keeps them all, and no backtick to guard
    # One space each side, which CommonMark strips, so a backtick at either end cannot join the delimiter.
    return f"{delimiter} {text} {delimiter}"
