"""A program's line of words is its answer, and a fresh process answers the rest: never one answer out of step.

``echo "Welcome to my Tic-Tac-Toe AI!"`` before a perfect C minimax: the welcome line was read as the first
position's answer, and each later answer as the one after its own question's. The perfect program was graded
"can be beaten", 38 of 100, with 1,083 illegal moves and forks it never played.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from perfectplay.check.api import check_ai
from perfectplay.check.run.command import move_shaped
from repo_paths import ROOT

RULES = f"sh {ROOT / 'examples' / 'rules.sh'}"


@pytest.mark.parametrize(
    ("line", "shaped"),
    [
        *[("4", True), ("1 2", True), ("(1, 2)", True), ("-3", True), ("2,3", True)],
        *[("Welcome to my AI!", False), ("AI thinking...", False), ("a1", False), ("1 2 3", False), ("", False)],
    ],
)
def test_a_move_is_one_or_two_whole_numbers_in_any_game(line: str, shaped: bool) -> None:
    assert move_shaped(line) is shaped


def test_a_welcome_line_is_the_first_answer_and_no_later_answer_is_graded_against_another_question(
    tmp_path: Path,
) -> None:
    program = tmp_path / "welcome.sh"
    program.write_text(f"echo 'Welcome to my Tic-Tac-Toe AI!'\nexec {RULES}\n")
    report = check_ai(command=["sh", str(program)], sandbox="off", sample=20, seed=1)
    kinds = {finding.kind for finding in report.findings}
    assert kinds == {"wrong_type", "not_checked"}, kinds  # no illegal move, no missed block: nothing out of step
    shown = next(finding for finding in report.findings if finding.kind == "wrong_type").example
    assert shown is not None and "'Welcome to my Tic-Tac-Toe AI!'" in str(shown.answer)
    gave_up = next(finding for finding in report.findings if finding.kind == "not_checked").example
    assert gave_up is not None and "answered in words more than 25 times" in str(gave_up.answer)


def test_the_same_program_without_its_welcome_line_is_unbeatable_by_its_rules(tmp_path: Path) -> None:
    report = check_ai(command=["sh", str(ROOT / "examples" / "rules.sh")], sandbox="off", sample=20, seed=1)
    assert not any(finding.kind in ("wrong_type", "not_checked") for finding in report.findings), report.findings
