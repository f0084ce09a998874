"""A class manifest read strictly: a mistake in it is one line that names it, never a row quietly changed.

``csv.DictReader`` is lenient in four ways that hide a teacher's mistake: a
quote left open swallows the rows after it (and the error, if any, never
names the quote); a column named twice keeps its last value; a row longer
than the header loses its extra fields; and a NUL character is accepted in
a name. Here each is refused: the line of the open quote, the repeated
column, the row with more fields than the header, the field with the NUL.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

from perfectplay import files
from perfectplay.check.errors import CheckUsageError

MAX_BYTES = 16 * 1024 * 1024
"""The largest manifest read: a row is a few dozen bytes, so this is hundreds of thousands of students."""


def read(path: str) -> str:
    """The manifest's text: a regular file only (a FIFO or a device is refused at once), UTF-8, a BOM dropped."""
    try:
        return files.read_text(path, limit=MAX_BYTES, option="--manifest", encoding="utf-8-sig")
    except files.FileRefused as error:
        raise CheckUsageError(str(error)) from None


def open_quote(text: str) -> int | None:
    """The line on which a quoted field opens that is never closed (None: every quote is closed).

    The CSV rule: a quote opens a field only at the field's start; inside, a
    doubled quote is a quote character and a single one closes the field.
    """
    quoted, start, line, at_start = False, 0, 1, True
    index = 0
    while index < len(text):
        char = text[index]
        if quoted:
            if char == '"':
                if text[index + 1 : index + 2] == '"':
                    index += 1
                else:
                    quoted = False
        elif char == '"' and at_start:
            quoted, start = True, line
        at_start = not quoted and char in ",\r\n"
        if char == "\n":
            line += 1
        index += 1
    return start if quoted else None


def csv_rows(text: str, path: str, columns: Sequence[str]) -> list[tuple[int, dict[str, str]]]:
    """The rows of a CSV manifest, each with its line number; ``CheckUsageError`` for the first mistake."""
    where = f"--manifest {path}"
    _no_nul(text, where)
    quote = open_quote(text)
    if quote is not None:
        raise CheckUsageError(f"{where}: line {quote}: the quote opened there is never closed")
    try:
        table = list(csv.reader(io.StringIO(text, newline=""), strict=True))
    except csv.Error as error:
        raise CheckUsageError(f"{where}: not valid CSV ({error})") from None
    if not table:
        return []
    header = [name.strip() for name in table[0]]
    unknown = [name for name in header if name not in columns]
    if unknown:
        raise CheckUsageError(f"{where}: unknown column {unknown[0]!r} (the columns: {', '.join(columns)})")
    repeated = sorted({name for name in header if header.count(name) > 1})
    if repeated:
        raise CheckUsageError(f"{where}: the column {repeated[0]!r} is named twice in the header")
    if "student" not in header:
        raise CheckUsageError(f"{where}: no 'student' column: name each student")
    rows = []
    for number, fields in enumerate(table[1:], start=2):
        if len(fields) > len(header):
            raise CheckUsageError(
                f"{where}: row {number}: {len(fields)} fields, but the header names {len(header)} columns"
            )
        values = {name: value.strip() for name, value in zip(header, fields, strict=False)}
        if any(values.values()):
            rows.append((number, values))
    return rows


def _no_nul(text: str, where: str) -> None:
    if "\0" in text:
        line = text.count("\n", 0, text.index("\0")) + 1
        raise CheckUsageError(f"{where}: line {line}: a NUL character, which no name or path may hold")


def no_nul_values(rows: list[tuple[int, dict[str, str]]], path: str) -> None:
    """Refuse a NUL in any value (a TOML manifest can spell one as ``\\u0000``)."""
    for number, row in rows:
        for key, value in row.items():
            if "\0" in value:
                raise CheckUsageError(f"--manifest {path}: row {number}: {key} holds a NUL character")
