"""A class roster meets files that are no files and names that are not text: a FIFO, a socket, a FIFO beside a
student's AI, folder names with a line break, markup, a formula and a control character. Each is a row that says
what was found; nothing is waited on, and no name is live in the grades file."""

from __future__ import annotations

import csv
import io
import os
import socket
import threading
from pathlib import Path

import pytest

from cli_helpers import InProcess
from perfectplay.check.roster import Submission, from_paths

FIRST_FREE = "def find_best_move(board):\n    return board.index(' ')\n"
HOSTILE_NAMES = ('=HYPERLINK("x")\n<b>mallory<b>  unbeatable', "esc\x1b[2J\rwinner")

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")


def _class(tmp_path: Path) -> Path:
    classroom = tmp_path / "class"
    for name in ("alice", "fifo", "sock", "eve", *HOSTILE_NAMES):
        (classroom / name).mkdir(parents=True)
    (classroom / "alice" / "tictactoe.py").write_text(FIRST_FREE)
    os.mkfifo(classroom / "fifo" / "tictactoe.py")
    bound = socket.socket(socket.AF_UNIX)
    try:
        bound.bind(str(classroom / "sock" / "tictactoe.py"))
    except OSError:  # a path too long for a socket's name: a FIFO stands in
        os.mkfifo(classroom / "sock" / "tictactoe.py")
    finally:
        bound.close()
    (classroom / "eve" / "tictactoe.py").write_text("import helper\n\n" + FIRST_FREE)
    os.mkfifo(classroom / "eve" / "helper.py")  # a reader would wait on it for ever
    for name in HOSTILE_NAMES:
        (classroom / name / "tictactoe.py").write_text(FIRST_FREE)
    return classroom


def test_a_fifo_or_a_socket_named_like_an_ai_is_a_row_that_says_so_and_nothing_waits_on_it(tmp_path: Path) -> None:
    classroom = _class(tmp_path)
    found: dict[str, Submission] = {}
    reader = threading.Thread(target=lambda: found.update({s.name: s for s in from_paths([str(classroom)])}))
    reader.start()
    reader.join(30)
    assert not reader.is_alive(), "the roster waited on a FIFO"
    assert sorted(found) == sorted(["alice", "fifo", "sock", "eve", *HOSTILE_NAMES])
    for name in ("fifo", "sock"):
        row = found[name]
        assert row.file is None and "not gradable" in str(row.problem)
    assert found["eve"].file == classroom / "eve" / "tictactoe.py"


def test_hostile_folder_names_are_data_in_the_grades_file_and_a_fifo_helper_is_an_import_error(
    tmp_path: Path, in_process: InProcess
) -> None:
    classroom = _class(tmp_path)
    grades = tmp_path / "grades.csv"
    done = in_process("check", str(classroom), "--csv", str(grades), "--sandbox", "off", "--sample", "2", "--jobs", "1")
    assert done.returncode in (1, 2) and "Traceback" not in done.stderr
    assert "\x1b" not in done.stdout + done.stderr and "\r" not in done.stdout + done.stderr
    rows = list(csv.reader(io.StringIO(grades.read_text())))
    names = [row[0] for row in rows[1:]]
    # Every name is one cell, none of them a formula a spreadsheet would run.
    assert len(names) == 6 and not any(name.startswith(("=", "+", "-", "@")) for name in names)
    assert any("HYPERLINK" in name and "mallory" in name for name in names)
    eve = next(row for row in rows[1:] if row[0] == "eve")
    assert eve[1] == "broken", eve
