"""A class manifest is read strictly: an open quote, a repeated column, extra fields or a NUL is one line naming
it, never a row quietly changed (issue 43); and whatever the fields hold, a row or one line, never a crash."""

from __future__ import annotations

import csv
import io
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from perfectplay.check import CheckUsageError
from perfectplay.check.manifest_rows import open_quote
from perfectplay.check.roster import COLUMNS, from_manifest


def _manifest(folder: Path, text: str, name: str = "class.csv") -> str:
    (folder / "ann.py").write_text("def find_best_move(board):\n    return 0\n", encoding="utf-8")
    path = folder / name
    path.write_bytes(text.encode("utf-8"))
    return str(path)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('student,file\nann,"ann.py\nben,ben.py\n', "line 2: the quote opened there is never closed"),
        ("student,student,file\nann,bob,ann.py\n", "the column 'student' is named twice in the header"),
        ("student,file\nann,ann.py,extra\n", "row 2: 3 fields, but the header names 2 columns"),
        ("student,file\nan\0n,ann.py\n", "line 2: a NUL character"),
    ],
    ids=["open quote", "repeated column", "extra field", "NUL"],
)
def test_a_manifest_mistake_is_one_line_that_names_it(text: str, message: str, tmp_path: Path) -> None:
    with pytest.raises(CheckUsageError) as raised:
        from_manifest(_manifest(tmp_path, text))
    assert message in str(raised.value) and "\n" not in str(raised.value)


def test_a_nul_spelt_as_an_escape_in_a_toml_manifest_is_refused_too(tmp_path: Path) -> None:
    path = _manifest(tmp_path, '[[student]]\nstudent = "an\\u0000n"\nfile = "ann.py"\n', "class.toml")
    with pytest.raises(CheckUsageError, match="row 1: student holds a NUL character"):
        from_manifest(path)


def test_a_manifest_that_is_a_fifo_is_refused_without_waiting(tmp_path: Path) -> None:
    fifo = tmp_path / "class.csv"
    os.mkfifo(fifo)
    with pytest.raises(CheckUsageError, match="it is a FIFO, not a regular file"):
        from_manifest(str(fifo))


def test_quotes_doubled_inside_a_field_and_closed_across_lines_are_fine() -> None:
    assert open_quote('student,file\n"a ""b""",x\n"multi\nline",y\n') is None
    assert open_quote('a,b\n"x,y\n') == 2


def test_a_well_formed_manifest_still_reads_every_row(tmp_path: Path) -> None:
    path = _manifest(tmp_path, 'student,file,board\n"Ann, A.",ann.py,flat\n\nben,ann.py,\n')
    rows = from_manifest(path)
    assert [row.name for row in rows] == ["Ann, A.", "ben"]
    assert dict(rows[0].settings) == {"board": "flat"}


FIELD = st.text(alphabet=st.characters(codec="utf-8"), max_size=12) | st.sampled_from(["ann.py", "ann", ""])


@settings(max_examples=120, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(
    header=st.lists(st.sampled_from([*COLUMNS, "grade", " student "]), min_size=1, max_size=5),
    rows=st.lists(st.lists(FIELD, max_size=6), max_size=4),
    raw=st.booleans(),
)
def test_any_manifest_is_students_or_one_line_never_a_crash(
    header: list[str], rows: list[list[str]], raw: bool, tmp_path: Path
) -> None:
    if raw:  # fields joined by hand: quotes, NULs and line ends as they come
        text = "\n".join(",".join(fields) for fields in [header, *rows]) + "\n"
    else:
        buffer = io.StringIO()
        csv.writer(buffer).writerows([header, *rows])
        text = buffer.getvalue()
    try:
        students = from_manifest(_manifest(tmp_path, text))
    except CheckUsageError as error:
        assert "\n" not in str(error)
        return
    names = [student.name for student in students]
    assert len(names) == len(set(names)) and all(name and "\0" not in name for name in names)
    width = len(header)
    assert all(len(fields) <= width for fields in rows if any(field.strip() for field in fields)) or raw
