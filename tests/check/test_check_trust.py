"""A class run one student cannot break: rows kept as they finish, clean stops, reports that say how code ran.

Also the line protocol's limits (several programs in one run, a program that
never flushes, one that only chatters) and the channel's caps, read on the
checker's side.
"""

from __future__ import annotations

import csv
import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cli_helpers import InProcess
from perfectplay.check import conductor
from perfectplay.check.api import check_ai
from perfectplay.check.report import escape
from perfectplay.check.report.render_csv import csv_row, render_csv
from perfectplay.check.report.render_text import escape_controls, render_text
from perfectplay.check.run import protocol, worker
from perfectplay.check.run.inside.answering import Runner
from perfectplay.check.run.sandbox import probe

FIRST_FREE = "def find_best_move(board):\n    return board.index(' ')\n"
SLOW_FIRST_FREE = "def find_best_move(board):\n    time.sleep(600)\n    return board.index(' ')\n"
LINE_FIRST_FREE = "import sys\nfor line in sys.stdin:\n    print(line.split()[0].replace('/', '').index('.'){flush})\n"
SAMPLE = 50
"""Positions of a seeded sample (and those its own games reach): what a report says of how code ran, and the rows of
a class run, need no more."""
needs_sandbox = pytest.mark.skipif(probe() is not None, reason=f"no bubblewrap sandbox here: {probe()}")


def test_the_channel_refuses_deep_nesting_without_parsing_it() -> None:
    assert protocol.nesting(b'{"a": [[1, "[[[["], {"b": 2}]]}') == 3
    with pytest.raises(protocol.ProtocolError, match="nested more than 12 deep"):
        protocol.decode(b"[" * 50_000)
    with pytest.raises(protocol.ProtocolError, match="nested more than 12 deep"):
        protocol.decode(b'{"a": ' + b"[" * 12 + b"]" * 12 + b"}")
    # Many openers side by side are not depth: a reply with a list per legal move is read.
    assert protocol.decode(b'{"a": [' + b",".join([b"[1, 2]"] * 20) + b"]}")["a"][19] == [1, 2]
    with pytest.raises(protocol.ProtocolError, match="more than 65,536 bytes"):
        protocol.decode(b" " * 70_000)


def walked_nesting(line: bytes) -> int:
    """The nesting, byte by byte: what ``protocol.nesting`` finds visiting only the bytes that matter."""
    depth = deepest = 0
    in_string = escaped = False
    for byte in line:
        if in_string:
            escaped, in_string = (False, True) if escaped else (byte == 0x5C, byte != 0x22)
        elif byte == 0x22:
            in_string = True
        elif byte in b"[{":
            depth += 1
            deepest = max(deepest, depth)
        elif byte in b"]}":
            depth -= 1
    return deepest


@given(st.lists(st.sampled_from([b"[", b"]", b"{", b"}", b'"', b"\\", b"a", b" ", b"\\\\", b'\\"']), max_size=60))
def test_the_nesting_is_the_byte_by_byte_walks_for_any_line(parts: list[bytes]) -> None:
    line = b"".join(parts)
    assert protocol.nesting(line) == walked_nesting(line)


def test_the_copy_that_tells_a_changed_board_shares_no_list_and_copies_a_mark_a_candidate_could_change() -> None:
    runner = Runner(Path("tictactoe.py"), channel=None)  # type: ignore[arg-type]  # nothing is sent here
    board = runner.board("XO.......")
    copied = runner.snapshot(board, "XO.......")
    board[0][2] = "X"
    assert copied == [["X", "O", None], [None] * 3, [None] * 3]
    runner.marks = {"X": "X", "O": "O", ".": []}  # a CS50 module's EMPTY may be anything, a list too
    board = runner.board("X........")
    copied = runner.snapshot(board, "X........")
    board[0][1].append("O")
    assert copied != board and copied[0][1] == []


@pytest.mark.parametrize(
    "message",
    [
        {"kind": "int", "value": True},
        {"kind": "pair", "value": [1, "2"]},
        {"kind": "teleport"},
        {"kind": "none", "after": "XXXXXXXXXX"},
        {"error": "not an object"},
        {"kind": "other", "repr": ["a list"]},
    ],
)
def test_a_move_record_of_the_wrong_shape_is_a_protocol_error_not_a_crash_of_the_checker(
    message: dict[str, object],
) -> None:
    with pytest.raises(protocol.ProtocolError):
        protocol.move(message)


def test_function_names_in_any_script_pass_the_channel_and_non_names_do_not() -> None:
    loaded = protocol.loaded({"event": "loaded", "functions": {"coup_joué": 1}, "own": ["coup_joué"]})
    assert loaded["functions"] == {"coup_joué": 1} and loaded["own"] == ["coup_joué"]
    with pytest.raises(protocol.ProtocolError):
        protocol.loaded({"event": "loaded", "functions": {"rm -rf /": 1}})


def test_what_a_candidate_claims_about_its_own_time_is_dropped() -> None:
    cleaned = protocol.move({"kind": "int", "value": 10**30, "seconds": -1, "cpu": -1000, "verdict": "unbeatable"})
    assert cleaned == {"kind": "other", "type": "int", "repr": "a 31-digit number"}


def test_control_characters_from_a_candidate_are_written_out_before_they_reach_a_terminal(tmp_path: Path) -> None:
    path = tmp_path / "title.py"
    path.write_text(
        "def find_best_move(board):\n"
        "    if board.count(' ') == 3:\n"
        "        raise ValueError('\\x1b]0;pwned\\x07\\x1b[2J\\r\\u202egone')\n"
        "    return board.index(' ')\n"
    )
    report = check_ai(path, board="flat", empty=" ", sandbox="off", sample=SAMPLE)
    text = render_text(report) + render_csv([csv_row(report)])
    assert "\x1b" not in text and "\x07" not in text and "\r" not in text and "\u202e" not in text
    assert "\\x1b]0;pwned\\x07\\x1b[2J" in render_text(report)
    assert escape.terminal("tab\tand\nnewline stay") == "tab\tand\nnewline stay"
    assert escape_controls("an error\nScore: 100 of 100") == "an error\\nScore: 100 of 100"


def test_every_report_says_plainly_when_the_code_ran_unsandboxed(tmp_path: Path, in_process: InProcess) -> None:
    path = tmp_path / "ai.py"
    path.write_text(FIRST_FREE)
    grades = tmp_path / "grades.csv"
    flags = ("--sandbox", "off", "--board", "flat", "--empty", " ", "--sample", str(SAMPLE))
    result = in_process("check", str(path), *flags, "--csv", str(grades))
    assert result.returncode == 1, result.stderr
    row = next(csv.DictReader(io.StringIO(grades.read_text())))
    who = "as an unprivileged user of its own" if os.geteuid() == 0 else "with the checker's user"  # own_user.py
    assert row["isolation"].startswith(f"NOT SANDBOXED: the student's code ran {who}")
    assert "Ran in: NOT SANDBOXED" in in_process("check", str(path), *flags).stdout


@pytest.mark.integration  # the real bubblewrap sandbox
@needs_sandbox
def test_a_sandboxed_report_says_what_the_sandbox_was_in_text_json_and_csv(
    tmp_path: Path, in_process: InProcess
) -> None:
    path = tmp_path / "ai.py"
    path.write_text(FIRST_FREE)
    grades = tmp_path / "grades.csv"
    flags = ("--sandbox", "require", "--board", "flat", "--empty", " ", "--sample", str(SAMPLE))
    result = in_process("check", str(path), *flags, "--json", "--csv", str(grades))
    document = json.loads(result.stdout)
    assert document["sandboxed"] is True
    assert document["isolation"].startswith("bubblewrap sandbox (no network, read-only system")
    row = next(csv.DictReader(io.StringIO(grades.read_text())))
    assert row["isolation"] == document["isolation"]


def test_requiring_a_sandbox_where_there_is_none_is_a_usage_error_that_says_how_to_install_it() -> None:
    environment = {**os.environ, "PATH": "/nonexistent"}
    done = subprocess.run(
        [sys.executable, "-m", "perfectplay", "check", "examples/correct.py", "--sandbox", "require"],
        capture_output=True,
        text=True,
        env=environment,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (
        "perfectplay check: error: --sandbox require: bubblewrap (bwrap) is not installed; "
        "install it with 'apt-get install bubblewrap' (or use --sandbox off)\n"
    )


def test_several_programs_are_one_run_with_one_row_each(tmp_path: Path, in_process: InProcess) -> None:
    program = tmp_path / "first_free.py"
    program.write_text(LINE_FIRST_FREE.format(flush=", flush=True"))
    grades = tmp_path / "grades.csv"
    result = in_process(
        "check",
        "--command",
        "awk=sh examples/rules.sh",
        "--command",
        f"first={sys.executable} {program}",
        "--sample",
        str(SAMPLE),
        "--jobs",
        "1",  # one check at a time: side by side, the worker pool's helper process would outlive the run here
        "--csv",
        str(grades),
    )
    assert result.returncode == 1, result.stderr
    rows = list(csv.DictReader(io.StringIO(grades.read_text())))
    assert [(row["file"], row["verdict"], row["complete"]) for row in rows] == [
        ("awk", "beatable", "yes"),
        ("first", "beatable", "yes"),
    ]
    assert rows[0]["best"] != rows[1]["best"]


def test_a_program_that_does_not_flush_is_told_so_within_seconds_and_the_check_stops(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # In-process, after other checks (the oracle built already, so the first question goes out while the
    # program still starts): its start-up once kept the diagnosis from running, and every move was waited out.
    # Half a second of quiet instead of two before it is asked whether it buffers: the same diagnosis, sooner.
    monkeypatch.setattr(worker, "FLUSH_IDLE", 0.5)
    program = tmp_path / "buffered.py"
    program.write_text(LINE_FIRST_FREE.format(flush=""))
    started = time.monotonic()
    report = check_ai(command=[sys.executable, str(program)], move_seconds=20, total_seconds=600)
    seconds = time.monotonic() - started
    assert seconds < 60  # waiting out every move would take hours; the diagnosis takes about 2 s
    kinds = {finding.kind for finding in report.findings}
    assert "no_flush" in kinds and not report.complete
    assert "flush standard output after each answer" in render_text(report)


def test_a_program_that_only_writes_comments_is_stopped_not_waited_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Each question ends its process: after a few the check gives up on it (the failure budget, not what is tested).
    monkeypatch.setattr(conductor, "MAX_FAILURES", 2)
    program = tmp_path / "chatty.py"
    program.write_text("import sys\nfor line in sys.stdin:\n    while True:\n        print('# thinking', flush=True)\n")
    started = time.monotonic()
    report = check_ai(command=[sys.executable, str(program)], move_seconds=10, total_seconds=10)
    assert time.monotonic() - started < 120
    assert not report.complete and report.exit_status == 1
    crash = next(finding for finding in report.findings if finding.kind == "crash")
    assert crash.example.answer == (
        "died: its process broke the protocol: it wrote more than 1,000 comment lines before one answer"
    )


def test_stopping_a_class_run_keeps_every_finished_row_and_marks_the_rest_interrupted(tmp_path: Path) -> None:
    files = []
    # a and b are checked quickly; c thinks for ten minutes on its first move: the stop finds it unfinished.
    for name, source in (("a", FIRST_FREE), ("b", FIRST_FREE), ("c", "import time\n\n" + SLOW_FIRST_FREE)):
        path = tmp_path / name / "ai.py"
        path.parent.mkdir()
        path.write_text(source)
        files.append(str(path))
    grades = tmp_path / "grades.csv"
    flags = ["--board", "flat", "--empty", " ", "--sample", str(SAMPLE), "--jobs", "1", "--csv", str(grades), "--json"]
    process = subprocess.Popen(
        [sys.executable, "-m", "perfectplay", "check", *files, *flags],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline and not (grades.exists() and grades.read_text().count("\n") >= 3):
        time.sleep(0.05)
    process.send_signal(signal.SIGTERM)
    stdout, stderr = process.communicate(timeout=120)
    assert process.returncode == 128 + signal.SIGTERM, stderr
    rows = list(csv.DictReader(io.StringIO(grades.read_text())))
    verdicts = [row["verdict"] for row in rows]
    assert verdicts == ["beatable", "beatable", "interrupted"]
    documents = json.loads(stdout)
    assert [document["verdict"] for document in documents] == verdicts
    assert "interrupted: " in stderr and "Traceback" not in stderr
