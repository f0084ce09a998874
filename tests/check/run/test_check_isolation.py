"""A candidate that crashes, hangs, raises, cheats or prints is a finding with its position, never our crash.

Each candidate here plays the first free cell (quick to check everywhere)
and misbehaves in one position only::

     X | O | X
    ---+---+---
     O | X | O       X to move; free cells 6, 7 and 8
    ---+---+---
     . | . | .

A check asks a seeded sample (``SAMPLE``) and every position the
candidate's own games reach: the first free cell's games as X pass through
that position, so the misbehaviour is always met. Asking all 4,520
positions would only repeat the first free cell's answers.
"""

from __future__ import annotations

import sys
import textwrap
import time
from pathlib import Path

import pytest

from any_user_folder import any_user_folder
from perfectplay.check.api import check_ai
from perfectplay.check.report.model import CheckReport, Finding
from perfectplay.check.report.render_text import render_text
from perfectplay.check.run import worker
from repo_paths import TESTS

TARGET = "XOX/OXO/..."
SAMPLE = 50
TEMPLATE = """
import os, sys

def find_best_move(board):
    free = [i for i, cell in enumerate(board) if cell == " "]
    if "".join(cell if cell != " " else "." for cell in board) == "XOXOXO...":
{misbehave}
    return free[0]
"""


def candidate(tmp_path: Path, misbehave: str, prelude: str = "") -> Path:
    path = tmp_path / "candidate.py"
    body = TEMPLATE.format(misbehave=textwrap.indent(textwrap.dedent(misbehave).strip(), " " * 8))
    path.write_text(textwrap.dedent(prelude) + body)
    return path


def check(path: Path, **options: object) -> CheckReport:
    """The check of a first-free-cell candidate on a flat board: the sample and the positions its games reach."""
    return check_ai(path, board="flat", empty=" ", sample=SAMPLE, **options)  # type: ignore[arg-type]


def finding(report: CheckReport, kind: str) -> Finding:
    found = {finding.kind: finding for finding in report.findings}
    assert kind in found, [finding.kind for finding in report.findings]
    return found[kind]


def test_a_crash_in_one_position_is_found_there_and_the_check_carries_on(tmp_path: Path) -> None:
    report = check(candidate(tmp_path, "os._exit(3)"), move_seconds=5)
    crash = finding(report, "crash")
    assert crash.count == 1
    assert (crash.example.position, crash.example.to_move) == (TARGET, "X")
    assert crash.example.answer == "died: its process exited with status 3"
    assert report.complete and report.asked == report.positions > SAMPLE
    assert report.exit_status == 1


def test_a_hang_in_one_position_is_stopped_by_the_time_per_move(tmp_path: Path) -> None:
    report = check(candidate(tmp_path, "while True: pass"), move_seconds=0.2)
    timeout = finding(report, "timeout")
    assert (timeout.count, timeout.example.position) == (1, TARGET)
    assert timeout.example.answer == "gave no answer within 0.2 s of CPU time"
    assert report.complete


def test_an_exception_is_reported_with_the_line_of_the_candidate_that_raised_it(tmp_path: Path) -> None:
    report = check(candidate(tmp_path, "raise ValueError('no idea')"))
    raised = finding(report, "raises")
    assert raised.count == 1 and raised.example.position == TARGET
    assert raised.example.answer == "raised ValueError: no idea (line 7: raise ValueError('no idea'))"


@pytest.mark.parametrize(
    ("misbehave", "kind", "answer"),
    [
        ("return str(free[0])", "wrong_type", "returned '6' (a str)"),
        ("return None", "wrong_type", "returned None"),
        ("return 0", "illegal_move", "returned 0"),
        ("return 9", "illegal_move", "returned 9"),
    ],
)
def test_an_answer_that_is_not_a_free_cell_is_named_for_what_it_is(
    tmp_path: Path, misbehave: str, kind: str, answer: str
) -> None:
    report = check(candidate(tmp_path, misbehave))
    found = finding(report, kind)
    assert (found.count, found.example.position, found.example.answer) == (1, TARGET, answer)


def test_writing_on_the_callers_board_is_found_and_the_board_it_left_is_shown(tmp_path: Path) -> None:
    report = check(candidate(tmp_path, "board[8] = 'O'"))
    mutates = finding(report, "mutates")
    assert (mutates.count, mutates.example.position, mutates.example.after) == (1, TARGET, "XOX/OXO/..O")
    assert mutates.category == "contract" and report.exit_status == 1


@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_DATA limits allocations on Linux")
def test_a_candidate_over_its_memory_limit_fails_alone(tmp_path: Path) -> None:
    report = check(candidate(tmp_path, "hog = bytearray(2 * 1024 ** 3)"), memory_mb=256)
    raised = finding(report, "raises")
    assert (raised.count, raised.example.position) == (1, TARGET)
    assert raised.example.answer == "raised MemoryError (line 7: hog = bytearray(2 * 1024 ** 3))"


def test_printing_and_writing_to_descriptor_1_cannot_corrupt_the_protocol(tmp_path: Path) -> None:
    noisy = """
    print("thinking about", board)
    os.write(1, b'{"kind": "int", "value": 0}\\n')
    sys.stdout.write("done\\n")
    """
    path = candidate(tmp_path, noisy, prelude='print("Welcome!")\n')
    report = check(path)
    assert report.complete and report.asked == report.positions > SAMPLE
    assert not any(f.kind in ("wrong_type", "illegal_move", "crash") for f in report.findings)
    assert any("printed 9 characters" in note and "Welcome!" in note for note in report.notes)
    assert any("While choosing its moves it printed" in note and "thinking about" in note for note in report.notes)


def test_a_game_on_import_gets_end_of_file_and_the_functions_defined_before_it_are_checked(tmp_path: Path) -> None:
    path = candidate(tmp_path, "pass")
    path.write_text(path.read_text() + '\nprint("Your move?")\nmove = int(input("> "))\n')
    report = check(path)
    failed = finding(report, "import_error")
    assert failed.example.answer is not None and failed.example.answer.startswith("EOFError")
    assert "it called input(), which got end of file" in failed.example.answer
    assert failed.example.output == "Your move?\n>"
    assert report.complete and report.asked == report.positions > SAMPLE


def test_a_module_that_never_finishes_importing_is_reported_not_waited_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A start may take 0.3 s of CPU time here (an interpreter and the runner need a tenth of that).
    monkeypatch.setattr(worker, "IMPORT_SECONDS", 0.3)
    path = tmp_path / "forever.py"
    path.write_text("def find_best_move(board):\n    return 0\n\nwhile True:\n    pass\n")
    report = check_ai(path, move_seconds=0.2, workers=1)
    assert report.problem == "starting it took longer than the 0.3 s allowed"
    assert report.exit_status == 1 and report.verdict == "broken"


def test_a_syntax_error_is_reported_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.py"
    path.write_text("def find_best_move(board)\n    return 0\n")
    report = check_ai(path)
    assert report.problem == (
        "importing it failed before it defined a function to check: "
        "SyntaxError: expected ':' (line 1: def find_best_move(board))"
    )
    failed = finding(report, "import_error")
    assert failed.example.answer == "SyntaxError: expected ':' (line 1: def find_best_move(board))"
    assert "Python cannot read it: SyntaxError: expected ':'" in render_text(report)
    assert report.exit_status == 1


def test_a_function_that_is_told_whose_turn_it_is_gets_the_side_to_move_as_its_second_argument(
    tmp_path: Path,
) -> None:
    path = tmp_path / "told.py"
    path.write_text(
        "def find_best_move(board, player):\n"
        "    expected = 'X' if board.count('X') == board.count('O') else 'O'\n"
        "    if player != expected:\n"
        "        raise ValueError(f'told {player}, expected {expected}')\n"
        "    return board.index(' ')\n"
    )
    report = check_ai(path, sample=SAMPLE)
    assert report.interface is not None and report.interface.startswith("find_best_move(board, player) on a flat list")
    assert "raises" not in {f.kind for f in report.findings}
    assert [role.label for role in report.roles] == ["as X moving first", "as O moving second"]


def test_an_ai_that_plays_its_move_on_the_callers_board_is_told_exactly_that(tmp_path: Path) -> None:
    report = check(candidate(tmp_path, "board[free[0]] = 'X'"))
    mutates = finding(report, "mutates")
    assert (mutates.count, mutates.example.after) == (1, "XOX/OXO/X..")
    assert "It answered 7 and also played that move on the board it was given" in render_text(report)


def test_the_time_limit_of_the_whole_check_counts_cpu_time_and_says_how_much_was_not_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The wall-clock backstop (3 * 0.3 + 10 s) is not what is tested here: on a busy machine (load 15 on 2 cores)
    # the candidate gets too little CPU to spend 0.3 s within it, and the backstop would end the check first.
    monkeypatch.setattr(worker, "WALL_EXTRA", 600.0)
    path = tmp_path / "slow.py"
    path.write_text(
        "import time\n\ndef find_best_move(board):\n"
        "    start = time.process_time()\n"
        "    while time.process_time() - start < 0.01:\n        pass\n"
        "    return board.index(' ')\n"
    )
    report = check_ai(path, board="flat", empty=" ", plays="both", total_seconds=0.3)  # 30 answers of 4,520
    assert not report.complete and report.verdict == "incomplete" and report.exit_status == 1
    not_checked = finding(report, "not_checked")
    assert not_checked.count == report.positions - report.asked > 0
    assert (
        not_checked.example.answer
        == f"{not_checked.count:,} positions were not asked: the check's time limit of 0.3 s of CPU time ran out"
    )
    # The verdict is the first line after the header block (target, interface, standard, isolation).
    verdict = render_text(report).split("\n\n")[1]
    assert verdict.startswith(f"Not checked everywhere: it was asked {report.asked:,} of 4,520")


def test_the_cpu_time_of_answers_stopped_at_their_limit_counts_against_the_whole_checks_limit(tmp_path: Path) -> None:
    # Every answer spins until its 0.1 s is up: the whole check's 0.5 s of CPU time is spent after five of them
    # (the probe's one among them), not only after the 25 failures a check tolerates (2.5 s of its CPU time). Not
    # less: the processes' starts are charged too, and 0.25 s once ran out before an answer was timed out.
    path = tmp_path / "endless.py"
    path.write_text("def find_best_move(board):\n    while True:\n        pass\n")
    report = check_ai(path, board="flat", empty=" ", move_seconds=0.1, total_seconds=0.5)
    assert finding(report, "timeout").count <= 5
    answer = finding(report, "not_checked").example.answer
    assert answer is not None and answer.endswith("the check's time limit of 0.5 s of CPU time ran out")


def test_a_candidate_that_sleeps_instead_of_computing_is_stopped_by_the_wall_clock_backstop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(worker, "WALL_EXTRA", 1.0)
    path = tmp_path / "sleepy.py"
    path.write_text("import time\n\ndef find_best_move(board):\n    time.sleep(0.05)\n    return board.index(' ')\n")
    # The backstop is 3 * 0.5 + 1 = 2.5 s; asking every position would take about two minutes of sleep.
    report = check_ai(path, board="flat", empty=" ", plays="both", total_seconds=0.5)
    # It may have shown a loss before it was stopped ("beatable"); either way the check is not complete.
    assert not report.complete and report.verdict in ("incomplete", "beatable") and report.exit_status == 1
    answer = finding(report, "not_checked").example.answer
    assert answer is not None and (
        "the check's wall-clock backstop of 2.5 s ran out (it waited that long, neither computing nor queued "
        "for a processor)" in answer
    )


def test_unsandboxed_a_daemon_the_candidate_leaves_behind_is_killed_or_never_born(tmp_path: Path) -> None:
    hostile = TESTS / "check" / "hostile"
    with any_user_folder() as shared:  # as root, the candidate's own user writes there (check/run/own_user.py)
        marker = shared / "daemon-was-here"
        text = (hostile / "_first_free.py").read_text() + (hostile / "daemon.py").read_text()
        text = text.replace("__GRADES__", str(tmp_path / "grades.csv")).replace("__MARKER__", str(marker))
        path = tmp_path / "daemon.py"
        path.write_text(text)
        report = check_ai(path, sandbox="off", move_seconds=5, sample=SAMPLE)
        # Killed with its cgroup; where there is none, a Python candidate may start no process ("broken").
        assert report.verdict in ("beatable", "broken") and report.isolation.startswith("NOT SANDBOXED")
        marker.unlink(missing_ok=True)  # unsandboxed, it could write while the check ran...
        time.sleep(1.0)  # ...but not after: it wrote every 0.2 s while it lived
        assert not marker.exists()
