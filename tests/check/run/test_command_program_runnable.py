"""A ``--command`` program given as a path (``./bob/ai``, as docs/check.md shows) runs in its private copy.

The copy kept no mode bit of the student's files, and the sandbox unpacked every file as 0644: the program could
never be started, with the sandbox or without it. Each of its 26 starts died in the runner's own traceback
(``PermissionError``), shown to the user as what the program printed, and it scored 10 of 100 for a program that
never ran. A file its owner may run stays runnable now; no other bit is kept. A program that still cannot be run
(not a program at all) dies in one line of the checker's words.
"""

from __future__ import annotations

import io
import os
import stat
import tarfile
from pathlib import Path

import pytest

from cli_helpers import InProcess
from hostile_payloads import EITHER_SANDBOX
from perfectplay.check.run import copying
from perfectplay.check.run.inside import process

FIRST_FREE = """#!/usr/bin/env python3
import sys
for line in sys.stdin:
    print(line.split()[0].replace("/", "").index("."), flush=True)
"""


def program_folder(tmp_path: Path, text: str = FIRST_FREE) -> Path:
    (tmp_path / "bob").mkdir()
    program = tmp_path / "bob" / "ai"
    program.write_text(text)
    program.chmod(0o750)
    return tmp_path


@pytest.mark.parametrize("sandbox", EITHER_SANDBOX)
def test_a_program_given_as_a_path_in_its_folder_is_run_and_graded(
    in_process: InProcess, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sandbox: str
) -> None:
    monkeypatch.chdir(program_folder(tmp_path))
    result = in_process("check", "--command", "bob=./bob/ai", "--sample", "20", "--sandbox", sandbox)
    assert result.returncode == 1, result.stderr  # beatable: it plays the first free cell
    assert "Can be beaten" in result.stdout and "the process dies" not in result.stdout
    assert "Traceback" not in result.stdout + result.stderr


@pytest.mark.parametrize("sandbox", EITHER_SANDBOX)
def test_a_runnable_file_that_is_no_program_dies_in_one_line_of_the_checkers_words(
    in_process: InProcess, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sandbox: str
) -> None:
    monkeypatch.chdir(program_folder(tmp_path, "\x7fELF not a program"))
    result = in_process("check", "--command", "bob=./bob/ai", "--sample", "5", "--sandbox", sandbox)
    assert result.returncode == 1, result.stderr
    assert "could not run" in result.stdout and "Exec format error" in result.stdout
    assert "Traceback" not in result.stdout + result.stderr


def test_the_copy_keeps_whether_a_file_may_be_run_and_no_other_bit(tmp_path: Path) -> None:
    source, copy = tmp_path / "source", tmp_path / "copy"
    source.mkdir()
    copy.mkdir()
    (source / "ai").write_text("#!/bin/sh\n")
    (source / "ai").chmod(0o4750)  # set-user-ID too: never kept
    (source / "notes.txt").write_text("plain\n")
    (source / "notes.txt").chmod(0o666)
    copying.copy_submission(source, copy)
    assert stat.S_IMODE((copy / "ai").stat().st_mode) == 0o755
    assert not (copy / "notes.txt").stat().st_mode & 0o111


def test_the_sandboxs_unpacking_keeps_a_runnable_file_runnable_and_no_other_bit(tmp_path: Path) -> None:
    archive = tmp_path / "submission.tar"
    with tarfile.open(archive, "w") as tar:
        for name, mode in (("ai", 0o4777), ("notes.txt", 0o666)):
            member = tarfile.TarInfo(name)
            member.size, member.mode = 5, mode
            tar.addfile(member, io.BytesIO(b"hello"))
    folder = tmp_path / "unpacked"
    folder.mkdir()
    process.unpack_copy(str(archive), str(folder))
    assert stat.S_IMODE(os.stat(folder / "ai").st_mode) == 0o755
    assert stat.S_IMODE(os.stat(folder / "notes.txt").st_mode) == 0o644
