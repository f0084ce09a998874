"""Every AI in examples/ gets the verdict its docstring promises.

``correct.py`` is checked exhaustively end to end (all 4,520 positions, both
seats, every opponent sequence); the others too, except that the one that
times out gets a short time per move.
"""

from __future__ import annotations

from pathlib import Path

from check_reports import Checked
from perfectplay.check.report.model import CheckReport

EXAMPLES = Path("examples")
"""The examples as the command line names them (the tests run from the checkout's root): a check asked here and
the same check asked of ``perfectplay check`` in another test are one run (``checked``)."""
PLAY_KINDS = {"misses_win", "fails_to_block", "walks_into_fork", "throws_win_away", "draw_to_loss"}


def kinds(report: CheckReport) -> dict[str, int]:
    return {finding.kind: finding.count for finding in report.findings}


def seats(report: CheckReport) -> list[tuple[str, bool]]:
    return [(role.label, role.loses) for role in report.roles]


def test_correct_is_unbeatable_and_best_in_all_4520_positions(checked: Checked) -> None:
    report = checked(EXAMPLES / "correct.py")
    assert (report.exit_status, report.verdict) == (0, "unbeatable")
    assert (report.positions, report.asked, report.best) == (4520, 4520, 4520)
    assert report.findings == () and not report.randomised and report.complete
    assert seats(report) == [("as X moving first", False), ("as O moving second", False)]
    assert report.interface is not None and "list of 3 lists, '-' for empty, returns (row, col)" in report.interface


def test_the_fatalist_never_loses_but_wins_slowly_and_gives_up_blocking_when_lost(checked: Checked) -> None:
    report = checked(EXAMPLES / "fatalist.py")
    assert (report.exit_status, report.verdict) == (1, "imperfect")
    assert set(kinds(report)) == {"slower_win", "sooner_loss"}
    assert not report.loses
    lost = next(finding for finding in report.findings if finding.kind == "sooner_loss")
    assert lost.example.chose is not None and lost.example.chose.move not in lost.example.threats


def test_the_fatalist_passes_when_judged_by_value_only_with_its_tempo_as_notes(checked: Checked) -> None:
    report = checked(EXAMPLES / "fatalist.py", value_only=True)
    assert (report.exit_status, report.verdict, report.best) == (0, "unbeatable", 4520)
    assert {finding.kind for finding in report.findings} == {"slower_win", "sooner_loss"}
    assert all(finding.note for finding in report.findings)
    assert any(note.startswith("Judged by value (as asked)") for note in report.notes)


def test_only_x_is_detected_as_playing_x_and_checked_moving_first_and_second(checked: Checked) -> None:
    report = checked(EXAMPLES / "only_x.py")
    assert report.exit_status == 0
    assert seats(report) == [("as X moving first", False), ("as X moving second", False)]
    assert report.positions == 4520


def test_the_randomised_one_is_noticed_sampled_and_never_loses(checked: Checked) -> None:
    report = checked(EXAMPLES / "randomised.py")
    assert report.randomised and not report.loses
    assert report.timing.moves >= 2 * 4520
    assert set(kinds(report)) <= {"slower_win", "sooner_loss"} and report.exit_status == 1
    assert any(note.startswith("It is randomised") for note in report.notes)
    assert checked(EXAMPLES / "randomised.py", value_only=True).exit_status == 0


def test_a_game_on_import_fails_on_import_and_its_ai_is_still_checked(checked: Checked) -> None:
    report = checked(EXAMPLES / "game_on_import.py")
    assert set(kinds(report)) == {"import_error"} and report.exit_status == 1
    answer = report.findings[0].example.answer or ""
    assert answer.startswith("EOFError") and "input()" in answer
    assert report.best == report.positions == 4520
    assert seats(report) == [("as X moving first", False), ("as X moving second", False)]


def test_the_one_with_an_endless_loop_times_out_in_its_20_positions_and_can_be_beaten(checked: Checked) -> None:
    # A twentieth of a CPU second a move: each of the 20 endless answers spins that long, then its process is
    # restarted (its rules answer in microseconds; the limit is polled every 0.05 s, backed by a wall clock of
    # 3 times it + 10 s). Twice that limit gave the same report for 1 CPU second more.
    report = checked(EXAMPLES / "times_out.py", move_seconds=0.05)
    assert kinds(report)["timeout"] == 20
    assert report.complete and report.exit_status == 1
    assert ("as O moving second", True) in seats(report)
    timeout = next(finding for finding in report.findings if finding.kind == "timeout")
    cells = (timeout.example.position or "").replace("/", "")
    assert all(cells[corner] != "." for corner in (0, 2, 4, 6, 8))


def test_the_cs50_module_passes_every_helper_and_plays_perfectly(checked: Checked) -> None:
    report = checked(EXAMPLES / "cs50" / "tictactoe.py")
    assert report.interface is not None and report.interface.startswith("the CS50 functions")
    assert (report.exit_status, report.findings) == (0, ())


def test_a_cs50_result_that_writes_on_its_board_is_found_and_so_is_what_it_does_to_minimax(checked: Checked) -> None:
    report = checked(EXAMPLES / "cs50_mutating" / "tictactoe.py")
    found = kinds(report)
    assert found["cs50_result_mutates"] == 4520
    assert found["mutates"] > 0
    assert report.exit_status == 1
    mutating = next(finding for finding in report.findings if finding.kind == "cs50_result_mutates")
    assert mutating.example.call is not None and mutating.example.call.startswith("result(board, ")


def test_the_awk_program_through_the_line_protocol_loses_to_a_fork(checked: Checked) -> None:
    report = checked(command="sh examples/rules.sh")  # as `perfectplay check --command` in other tests: one run
    assert report.exit_status == 1 and report.loses
    assert seats(report) == [("as X moving first", False), ("as O moving second", True)]
    assert "walks_into_fork" in kinds(report)
    losing = report.roles[1].losing_game
    assert len(losing) == 7 and [step.by_candidate for step in losing] == [False, True] * 3 + [False]
