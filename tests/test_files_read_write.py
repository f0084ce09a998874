"""perfectplay.files: one way to write a file (regular, whole or nothing, never through a link or onto a device)
and one way to read one (regular files only, without blocking, a byte cap that counts what it reads)."""

from __future__ import annotations

import io
import os
import stat
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from perfectplay import files
from perfectplay.files import ReadError, WriteError


def _listing(folder: Path) -> list[str]:
    return sorted(os.listdir(folder))


# Writing ---------------------------------------------------------------------------------------------------------


def test_a_new_file_is_written_whole_and_a_named_regular_file_is_replaced_keeping_its_permissions(
    tmp_path: Path,
) -> None:
    target = tmp_path / "out.txt"
    assert files.write(target, "first\n") is False
    target.chmod(0o640)
    assert files.write(target, "second\n") is True
    assert target.read_text(encoding="utf-8") == "second\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert _listing(tmp_path) == ["out.txt"]


def test_a_symbolic_link_is_refused_and_neither_it_nor_what_it_points_to_changes(tmp_path: Path) -> None:
    real = tmp_path / "real.txt"
    real.write_text("precious\n", encoding="utf-8")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    dangling = tmp_path / "dangling.txt"
    dangling.symlink_to(tmp_path / "nowhere.txt")
    for path in (link, dangling):
        with pytest.raises(WriteError, match="it is a symbolic link, not a regular file"):
            files.write(path, "overwritten\n")
    assert real.read_text(encoding="utf-8") == "precious\n" and link.is_symlink() and dangling.is_symlink()
    assert _listing(tmp_path) == ["dangling.txt", "link.txt", "real.txt"]


def test_a_fifo_is_refused_at_once_and_stays_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(WriteError, match="it is a FIFO"):
        files.write(fifo, "x")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and _listing(tmp_path) == ["pipe"]


@pytest.mark.parametrize("device", ["/dev/null", "/dev/full"])
def test_a_device_is_refused_and_stays_a_device(device: str) -> None:
    with pytest.raises(WriteError, match=f"cannot write {device}: it is a device"):
        files.write(device, "x")
    assert stat.S_ISCHR(os.lstat(device).st_mode)


def test_a_folder_a_missing_folder_and_a_path_with_a_nul_are_refused(tmp_path: Path) -> None:
    with pytest.raises(WriteError, match="it is a folder"):
        files.write(tmp_path, "x")
    with pytest.raises(WriteError, match="no such folder"):
        files.write(tmp_path / "missing" / "x.txt", "x")
    with pytest.raises(WriteError, match="NUL"):
        files.write(str(tmp_path / "a\0b"), "x")
    with pytest.raises(WriteError, match="an empty path"):
        files.write("", "x")
    assert _listing(tmp_path) == []


def test_a_derived_name_is_never_replaced_and_the_refusal_names_the_option(tmp_path: Path) -> None:
    target = tmp_path / "sheet.tex"
    target.write_text("the teacher's edits\n", encoding="utf-8")
    with pytest.raises(WriteError, match=r"^--out: cannot write .*sheet\.tex: it exists already"):
        files.write(target, "new", replace=False, option="--out")
    assert target.read_text(encoding="utf-8") == "the teacher's edits\n"
    assert files.write(tmp_path / "key.tex", "new", replace=False) is False
    assert _listing(tmp_path) == ["key.tex", "sheet.tex"]


def test_a_write_that_fails_half_way_leaves_the_old_file_whole_and_no_stray_file(tmp_path: Path) -> None:
    target = tmp_path / "report.json"
    target.write_text("old\n", encoding="utf-8")
    with pytest.raises(RuntimeError), files.writing_text(target) as out:
        out.write("half")
        raise RuntimeError("the command failed")
    assert target.read_text(encoding="utf-8") == "old\n" and _listing(tmp_path) == ["report.json"]


def test_a_link_put_in_place_while_writing_is_not_replaced(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    real = tmp_path / "elsewhere.txt"
    real.write_text("precious\n", encoding="utf-8")
    with pytest.raises(WriteError, match="symbolic link"), files.writing_text(target) as out:
        out.write("new")
        target.symlink_to(real)  # a race: the check before the rename sees it
    assert real.read_text(encoding="utf-8") == "precious\n" and target.is_symlink()
    assert _listing(tmp_path) == ["elsewhere.txt", "out.txt"]


def test_a_mode_given_is_the_new_files_mode(tmp_path: Path) -> None:
    files.write(tmp_path / "run", b"#!/bin/sh\n", mode=0o755)
    assert stat.S_IMODE((tmp_path / "run").stat().st_mode) == 0o755


# Reading ---------------------------------------------------------------------------------------------------------


def test_a_regular_file_is_read_and_one_over_the_cap_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "data"
    path.write_bytes(b"12345")
    assert files.read_bytes(path, limit=5) == b"12345"
    with pytest.raises(ReadError, match="larger than 4 bytes"):
        files.read_bytes(path, limit=4, option="--weights")


def test_the_cap_counts_the_bytes_read_not_the_size_the_file_system_reports() -> None:
    """/proc files are regular and say they hold 0 bytes: the cap must still hold."""
    status = Path("/proc/self/status")
    assert status.stat().st_size == 0
    assert b"Name:" in files.read_bytes(status, limit=1_000_000)
    with pytest.raises(ReadError, match="larger than 10 bytes"):
        files.read_bytes(status, limit=10)


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)  # nobody will ever write it: an open for reading that blocked would hang this test
    with pytest.raises(ReadError, match=r"^--replay: cannot read .*pipe: it is a FIFO, not a regular file$"):
        files.read_bytes(fifo, limit=100, option="--replay")


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null", "/dev/full"])
def test_a_device_is_refused_before_a_byte_is_read(device: str) -> None:
    with pytest.raises(ReadError, match="it is a device"):
        files.read_bytes(device, limit=100)


def test_a_folder_a_missing_file_and_bad_text_are_refused_naming_the_file(tmp_path: Path) -> None:
    with pytest.raises(ReadError, match="it is a folder"):
        files.read_text(tmp_path, limit=100)
    with pytest.raises(ReadError, match="No such file"):
        files.read_text(tmp_path / "missing", limit=100)
    (tmp_path / "latin").write_bytes(b"caf\xe9")
    with pytest.raises(ReadError, match="not UTF-8 text"):
        files.read_text(tmp_path / "latin", limit=100)


def test_standard_input_is_read_only_where_offered(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"from the pipe")))
    assert files.read_text("-", limit=100, stdin=True) == "from the pipe"
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ReadError, match="No such file"):  # not offered: "-" is a file name like any other
        files.read_text("-", limit=100)


@settings(max_examples=60, deadline=None)
@given(content=st.binary(max_size=300), limit=st.integers(min_value=0, max_value=400))
def test_any_content_is_read_back_exactly_when_it_fits_the_cap_and_refused_otherwise(
    content: bytes, limit: int, tmp_path_factory: pytest.TempPathFactory
) -> None:
    path = tmp_path_factory.mktemp("read") / "file"
    files.write(path, content)
    if len(content) <= limit:
        assert files.read_bytes(path, limit=limit) == content
    else:
        with pytest.raises(ReadError, match=f"larger than {limit:,} bytes"):
            files.read_bytes(path, limit=limit)
