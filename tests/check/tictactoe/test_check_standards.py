"""The standard a check judges by: value for CS50's tictactoe.py, best for find_best_move, said in every report."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from check_reports import Checked
from cli_helpers import InProcess
from perfectplay.check.api import check_ai
from perfectplay.check.errors import CheckUsageError
from perfectplay.cli import build_parser

PLAIN = "examples/graders/plain/tictactoe.py"


def test_a_correct_cs50_minimax_with_utility_plus_one_zero_minus_one_passes_with_no_flag(
    checked_cli: InProcess,
) -> None:
    result = checked_cli("check", PLAIN)
    assert result.returncode == 0, result.stdout
    assert "Standard: value: any move that keeps the position's win, draw or loss is right" in result.stdout
    assert "Unbeatable: it never loses, and plays a move that keeps the position's value in all 4,520" in result.stdout
    # Its slow wins are shown apart, not in the table of what went wrong.
    assert "What went wrong" not in result.stdout
    assert "Not held against it (standard value), for the curious:" in result.stdout
    assert "Wins slower than it could: 400 positions, e.g." in result.stdout


def test_the_same_cs50_minimax_judged_by_best_has_its_slow_wins_held_against_it(checked: Checked) -> None:
    report = checked(PLAIN, standard="best")  # the run the command line makes
    assert (report.standard, report.exit_status, report.verdict) == ("best", 1, "imperfect")
    assert {finding.kind for finding in report.counted} == {"slower_win", "sooner_loss"}


def test_find_best_move_is_judged_by_best_unless_told_and_value_only_is_an_alias(
    checked: Checked, checked_cli: InProcess
) -> None:
    assert checked("examples/fatalist.py").standard == "best"
    by_value = checked("examples/fatalist.py", value_only=True)
    assert by_value.standard == "value" and by_value.exit_status == 0
    # On the command line --value-only is --standard value: both parse to the very same options...
    alias = ["check", "examples/fatalist.py", "--value-only", "--json"]
    named = ["check", "examples/fatalist.py", "--standard", "value", "--json"]
    assert vars(build_parser(alias).parse_args(alias)) == vars(build_parser(named).parse_args(named))
    # ...so one whole run of the alias shows what both do.
    result = checked_cli(*alias)
    assert result.returncode == 0
    assert json.loads(result.stdout)["standard"] == "value"


def test_under_value_the_csv_has_no_speed_counts_in_finding_columns_only_notes(checked_cli: InProcess) -> None:
    result = checked_cli("check", PLAIN, "--csv", "-")
    (row,) = csv.DictReader(io.StringIO(result.stdout))
    assert (row["standard"], row["verdict"], row["exit_status"]) == ("value", "unbeatable", "0")
    assert row["slower_win"] == row["sooner_loss"] == "0"
    assert row["notes"] == "wins slower than it could: 400; loses sooner than it must: 85"
    best = checked_cli("check", PLAIN, "--csv", "-", "--standard", "best")
    (row,) = csv.DictReader(io.StringIO(best.stdout))
    assert (row["standard"], row["slower_win"], row["notes"]) == ("best", "400", "")


def test_a_file_that_does_not_import_has_its_error_in_the_csv_problem(in_process: InProcess) -> None:
    result = in_process("check", "examples/graders/syntax_error/tictactoe.py", "--csv", "-")
    (row,) = csv.DictReader(io.StringIO(result.stdout))
    assert row["verdict"] == "broken"
    assert row["problem"] == (
        "importing it failed before it defined a function to check: "
        "SyntaxError: expected ':' (line 11: def player(board))"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--standard", "fast"], "argument --standard: invalid choice: 'fast'"),
    ],
)
def test_a_wrong_standard_exits_2_with_one_line(args: list[str], message: str, in_process: InProcess) -> None:
    result = in_process("check", PLAIN, *args)
    assert result.returncode == 2 and message in result.stderr and result.stderr.count("\n") == 1


def test_value_only_and_another_standard_together_are_refused(examples: Path) -> None:
    with pytest.raises(CheckUsageError, match="--value-only is --standard value"):
        check_ai(examples / "fatalist.py", value_only=True, standard="best")
