"""``perfectplay check`` as a user runs it: reports, JSON, CSV, and one clear line for every usage problem."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from cli_helpers import InProcess


@pytest.fixture()
def no_ai(tmp_path: Path) -> Path:
    path = tmp_path / "helpers.py"
    path.write_text("def print_board(board):\n    print(board)\n\ndef best_move(board):\n    return 0\n")
    return path


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["check", "missing.py"], "missing.py: no such file"),
        (["check", "examples"], "examples is a folder: give the Python file in it"),
        (
            ["check", "README.md"],
            "README.md is not a Python file (.py): for a program in another language use --command",
        ),
        (["check"], "give the Python file(s) to check, or --command with a program to run"),
        (["check", "examples/correct.py", "--command", "sh x.sh"], "give Python files or --command, not both"),
        (["check", "--command", "no-such-program-here --fast"], "--command: no program 'no-such-program-here' found"),
        (["check", "--command", "sh 'unclosed"], "--command: No closing quotation"),
        (["check", "--command", "sh x.sh", "--board", "flat"], "--function, --board, --empty and --returns are for"),
        (["check", "examples/correct.py", "--board", "square"], "argument --board: invalid choice: 'square'"),
        (["check", "examples/correct.py", "--plays", "Z"], "argument --plays: invalid choice: 'Z'"),
        (
            ["check", "examples/correct.py", "--time-per-move", "0"],
            "--time-per-move must be a number of CPU seconds above 0 and at most 3600, not 0.0",
        ),
        (["check", "examples/correct.py", "--time-per-move", "inf"], "--time-per-move must be a number of CPU"),
        (["check", "examples/correct.py", "--time-per-move", "nan"], "--time-per-move must be a number of CPU"),
        (["check", "examples/correct.py", "--time-limit", "-5"], "--time-limit must be a number of CPU seconds"),
        (["check", "examples/correct.py", "--time-limit", "1e300"], "--time-limit must be a number of CPU seconds"),
        (
            ["check", "examples/correct.py", "--memory", "10"],
            "--memory must be a whole number of megabytes from 64 to 1048576, not 10",
        ),
        (["check", "examples/correct.py", "--memory", "99999999999"], "--memory must be a whole number of megabytes"),
        (["check", "--command", "a=sh x.sh", "--command", "a=sh y.sh"], "--command: two commands have the same name"),
        (["check", "examples/correct.py", "--csv", "-", "--json"], "--csv - and --json/--jsonl would share"),
        (["check", "examples/correct.py", "--function", "no_such"], "no function named 'no_such' (it defines"),
    ],
)
def test_usage_problems_exit_2_with_one_line_on_stderr(args: list[str], message: str, in_process: InProcess) -> None:
    result = in_process(*args)
    assert result.returncode == 2, result.stderr
    assert message in result.stderr
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("perfectplay check: error: ")
    assert "Traceback" not in result.stderr
    assert result.stdout == ""


def test_a_module_without_an_ai_says_what_was_looked_for_and_how_to_point_at_it(
    no_ai: Path, in_process: InProcess
) -> None:
    result = in_process("check", str(no_ai))
    assert result.returncode == 2
    line = result.stderr.strip()
    assert "\n" not in line
    assert "looked for find_best_move(board) and the CS50 functions initial_state, player, actions" in line
    assert "it defines best_move, print_board" in line
    assert "--function NAME" in line


def test_the_report_of_a_correct_ai_says_unbeatable_and_exits_0(checked_cli: InProcess) -> None:
    result = checked_cli("check", "examples/correct.py")  # the whole check test_check_examples reads
    assert result.returncode == 0, result.stderr
    assert "Unbeatable: it never loses, and plays the best move in all 4,520 positions." in result.stdout
    assert "as O moving second   never loses" in result.stdout
    assert result.stderr == ""


def test_the_report_draws_the_example_boards_with_cells_numbered_1_to_9(checked_cli: InProcess) -> None:
    """The fatalist's lost position: it plays 1 where blocking at 7 would hold out longer."""
    result = checked_cli("check", "examples/fatalist.py")
    assert result.returncode == 1
    out = result.stdout
    assert "Never loses, but plays the best move in only 4,035 of 4,520 positions (89.3%)." in out
    assert "wins slower than it could        400" in out
    assert "loses sooner than it must         85" in out
    assert "    1 | 2 | O        [O]| 2 | O" in out
    assert "It played 1: loss in 2. It does not block X at 7. Best: 7 (loss in 4)." in out


def test_json_keeps_cell_indices_from_0_with_row_and_col(checked_cli: InProcess) -> None:
    result = checked_cli("check", "examples/game_on_import.py", "--json")
    assert result.returncode == 1
    document = json.loads(result.stdout)
    assert document["verdict"] == "imperfect" and document["exit_status"] == 1
    assert (document["positions"], document["best"], document["complete"]) == (4520, 4520, True)
    assert [finding["kind"] for finding in document["findings"]] == ["import_error"]
    assert document["roles"][1] == {
        "side": "X",
        "first": "O",
        "loses": False,
        "positions": document["roles"][1]["positions"],
        "broken": 0,
        "losing_game": [],
        "final": None,
    }
    slow = checked_cli("check", "examples/fatalist.py", "--json")
    example = json.loads(slow.stdout)["findings"][1]["example"]
    assert example["chose"] == {"move": 0, "row": 0, "col": 0, "outcome": "loss", "plies": 2, "score": -9}
    assert example["best"] == [{"move": 6, "row": 2, "col": 0, "outcome": "loss", "plies": 4, "score": -7}]
    assert example["threats"] == [{"move": 6, "row": 2, "col": 0}]


@pytest.mark.slow  # two checks, each in a sandbox of its own
def test_a_class_at_once_writes_one_csv_row_per_file_and_a_missing_one_does_not_stop_the_others(
    tmp_path: Path, in_process: InProcess
) -> None:
    # The class run's rows, their order and the refusal are the point, not every position: a seeded sample (and
    # every position each file's own games reach), one job in this process (--jobs N giving --jobs 1's rows is
    # test_check_class_run's).
    grades = tmp_path / "grades.csv"
    files = ("examples/correct.py", "missing.py", "examples/only_x.py")
    result = in_process("check", *files, "--csv", str(grades), "--jobs", "1", "--sample", "30")
    assert result.returncode == 2
    assert result.stderr == "perfectplay check: error: missing.py: no such file\n"
    rows = list(csv.DictReader(io.StringIO(grades.read_text())))
    assert [(row["file"], row["verdict"], row["exit_status"]) for row in rows] == [
        ("examples/correct.py", "unbeatable", "0"),
        ("missing.py", "not checked", "2"),
        ("examples/only_x.py", "unbeatable", "0"),
    ]
    checked = [rows[0]["positions"], rows[2]["positions"]]
    assert result.stdout.splitlines() == [
        f"examples/correct.py: Unbeatable: it never loses, and plays the best move in all {checked[0]} positions.",
        "missing.py: not checked: missing.py: no such file",
        f"examples/only_x.py: Unbeatable: it never loses, and plays the best move in all {checked[1]} positions.",
    ]
    assert rows[0]["best"] == rows[0]["positions"] and int(rows[0]["positions"]) > 30
    assert rows[0]["timeout"] == "0" and rows[1]["problem"] == "missing.py: no such file"


def test_a_program_in_another_language_is_checked_through_the_line_protocol(checked_cli: InProcess) -> None:
    result = checked_cli("check", "--command", "sh examples/rules.sh")
    assert result.returncode == 1
    assert "Can be beaten: it loses as O moving second;" in result.stdout
    assert "Shortest loss as O moving second (X wins in 7 plies):" in result.stdout
    assert "  1. X 1   2. O 5 (it)   3. X 8   4. O 3 (it)   5. X 7   6. O 9 (it)   7. X 4" in result.stdout
