"""A program that never answers costs its check a few time-outs, not a whole per-move limit for each of 25.

A student's endless loop kept ``perfectplay check`` busy 7 minutes (12
readings of its board probed at 20 s each, then time-outs until the check's
600 s ran out). Now the probe's simple positions have their own short limit,
and a check whose first ``SILENT_TIMEOUTS`` questions all ran out of time,
with no answer at all before, stops and says why. A program that answers even
once, the probe's positions included, is only slow where it timed out, and is
asked everything. A program that is not probed (a ``--command`` program, CS50's functions, a Nim player) is
asked its plug's simple questions first (``GamePlug.simple_questions``) to the same end.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from cli_helpers import InProcess
from perfectplay.check.api import check_ai
from perfectplay.check.plug import Question
from perfectplay.check.run.failures import SILENT_TIMEOUTS, STOP_WORDS, FailureBudget, GaveUp, ShareOf
from perfectplay.check.settings import Candidate, Limits
from perfectplay.check.tictactoe.plug import TicTacToePlug
from repo_paths import ROOT

LIMIT = "0.3"
"""CPU seconds a move may take in these checks: a loop's time-outs are what they count, whatever the machine."""


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> InProcess:
    return InProcess(capsys, monkeypatch)


def check(run: InProcess, path: Path) -> dict[str, Any]:
    finished = run("check", str(path), "--time-per-move", LIMIT, "--sandbox", "off", "--format", "json")
    document: dict[str, Any] = json.loads(finished.stdout)
    return document


def finding(document: dict[str, Any], kind: str) -> dict[str, Any] | None:
    return next((found for found in document["findings"] if found["kind"] == kind), None)


def test_a_program_that_never_answers_is_stopped_after_its_first_time_outs_and_told_why(
    run: InProcess, tmp_path: Path
) -> None:
    path = tmp_path / "loop.py"
    path.write_text("def find_best_move(board):\n    while True:\n        pass\n")
    document = check(run, path)
    timeouts = finding(document, "timeout")
    assert timeouts is not None
    # The third time-out stops the asking; the other worker's question in flight may time out too.
    assert SILENT_TIMEOUTS <= timeouts["count"] <= SILENT_TIMEOUTS + 1
    not_checked = finding(document, "not_checked")
    assert not_checked is not None and not_checked["count"] > 4_000
    assert STOP_WORDS["silent"] in not_checked["example"]["answer"]
    assert document["verdict"] == "incomplete"


def test_a_program_that_loops_only_on_the_first_moves_is_asked_every_position(tmp_path: Path, examples: Path) -> None:
    # One process, asked the costliest positions first: the empty board and the nine one-stone positions are this
    # program's first ten questions, and all run out of time. Its answers to the probe (positions of at most five
    # empty cells) showed that it answers: it is slow there, not silent, and the rest of the check is asked.
    path = tmp_path / "slow_opening.py"
    path.write_text(
        (examples / "correct.py").read_text()
        + "\n_fast = find_best_move\n\n\ndef find_best_move(board):\n"
        + "    if sum(row.count(EMPTY) for row in board) >= 8:\n        while True:\n            pass\n"
        + "    return _fast(board)\n"
    )
    report = check_ai(Candidate(path), limits=Limits(workers=1, move_seconds=float(LIMIT)))
    assert [(found.kind, found.count) for found in report.findings] == [("timeout", 10)]
    assert report.asked == report.positions == 4520


def test_cs50s_minimax_looping_only_on_the_first_moves_is_asked_every_position(tmp_path: Path, examples: Path) -> None:
    # CS50's functions are known by their names, not probed: a few simple positions are asked all the same, so that
    # a minimax slow on the costliest positions (asked first) is not taken for one that never answers.
    path = tmp_path / "tictactoe.py"
    path.write_text(
        (examples / "cs50" / "tictactoe.py").read_text()
        + "\n_fast = minimax\n\n\ndef minimax(board):\n"
        + "    if sum(row.count(EMPTY) for row in board) >= 8:\n        while True:\n            pass\n"
        + "    return _fast(board)\n"
    )
    report = check_ai(Candidate(path), limits=Limits(workers=1, move_seconds=float(LIMIT)))
    assert report.asked == report.positions == 4520
    assert ("not_checked", 4517) not in [(found.kind, found.count) for found in report.findings]


def test_cs50s_minimax_that_never_answers_is_stopped_after_its_first_time_outs(tmp_path: Path, examples: Path) -> None:
    path = tmp_path / "tictactoe.py"
    path.write_text(
        (examples / "cs50" / "tictactoe.py").read_text() + "\n\ndef minimax(board):\n    while True:\n        pass\n"
    )
    report = check_ai(Candidate(path), limits=Limits(move_seconds=float(LIMIT)))
    assert report.asked < 10 and report.verdict == "incomplete"
    assert any(STOP_WORDS["silent"] in (found.example.answer or "") for found in report.findings)


RULES = ROOT / "examples" / "rules.sh"
"""A program in the line protocol that never loses (by rules, not a search)."""

LOOP = "import sys\n\nfor line in sys.stdin:\n    while True:\n        pass\n"
"""A ``--command`` program in any game's line protocol that reads its first question and never answers."""


@pytest.mark.parametrize(
    ("game", "fewer"), [("tictactoe", []), ("connect4", ["--positions", "12", "--no-games"]), ("nim", [])]
)
def test_a_command_program_that_never_answers_is_stopped_after_its_first_time_outs_in_every_game(
    run: InProcess, tmp_path: Path, game: str, fewer: list[str]
) -> None:
    # Not probed (the line protocol is its interface): the plug's simple questions, asked first, tell that it is
    # silent. It cost a tic-tac-toe check 8 minutes 42 s of 20 s time-outs.
    path = tmp_path / "loop.py"
    path.write_text(LOOP)
    command = f"{sys.executable} {path}"
    finished = run(
        "check", "--game", game, "--command", command, "--time-per-move", LIMIT, "--sandbox", "off", "--format", "json",
        *fewer,
    )  # fmt: skip
    assert finished.returncode == 1
    assert STOP_WORDS["silent"] in finished.stdout


SPIN = (
    "\n\ndef _spin(self, *args, **kwargs):\n    while True:\n        pass\n\n\n"
    "for _name in ('get_q_value', 'update_q_value', 'best_future_reward', 'choose_action'):\n"
    "    setattr(NimAI, _name, _spin)\n"
)
"""CS50's Nim lab with every method a student writes spinning."""


@pytest.mark.parametrize("kind", ["player", "learning"])
def test_a_nim_module_that_never_answers_is_stopped_though_its_names_were_listed(
    run: InProcess, tmp_path: Path, examples: Path, kind: str
) -> None:
    # Neither is probed: a player's positions with the fewest objects, the lab's one-call Q-table checks, asked
    # first, tell that it is silent. The driver's listing of the module's names is the driver's answer, not its own.
    path = tmp_path / "nim.py"
    if kind == "player":
        path.write_text("def best_move(piles):\n    while True:\n        pass\n")
    else:
        path.write_text((examples / "nim" / "learning" / "nim.py").read_text() + SPIN)
    finished = run(
        "check", "--game", "nim", str(path), "--time-per-move", LIMIT, "--sandbox", "off", "--format", "json"
    )
    assert finished.returncode == 1
    assert STOP_WORDS["silent"] in finished.stdout


def test_a_simple_question_that_fails_is_not_one_of_the_check_s_findings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # What the simple questions tell is whether it answers: their answers and failures are not graded. A program
    # that dies on the simple question (one no game reaches, asked here to tell it apart) is graded as the same
    # program that answers it.
    odd = Question("simple:0", "moves", ["XXXXXXXX.", "O"], seconds=5.0)
    monkeypatch.setattr(TicTacToePlug, "simple_questions", lambda self, recognised, draw: [odd])
    program = tmp_path / "dies_on_it.sh"
    program.write_text(
        'read -r first\ncase "$first" in "XXX/XXX/XX. O") exit 3;; esac\n'
        f'{{ printf "%s\\n" "$first"; cat; }} | exec sh {RULES}\n'
    )
    dies = check_ai(command=["sh", str(program)], sandbox="off", sample=20, seed=1)
    plain = check_ai(command=["sh", str(RULES)], sandbox="off", sample=20, seed=1)
    assert [(found.kind, found.count) for found in dies.findings] == [
        (found.kind, found.count) for found in plain.findings
    ]
    assert (dies.verdict, dies.asked) == (plain.verdict, plain.asked) and dies.asked > 0


def test_a_command_program_that_loops_only_on_the_first_moves_is_asked_every_position(tmp_path: Path) -> None:
    # It answers the simple questions: slow on the costliest positions (asked first), not silent.
    path = tmp_path / "slow_opening.py"
    path.write_text(
        "import sys\n\nfor line in sys.stdin:\n    cells = line.split()[0].replace('/', '')\n"
        "    while cells.count('.') >= 8:\n        pass\n    print(cells.index('.'), flush=True)\n"
    )
    candidate = Candidate(command=[sys.executable, str(path)], sandbox="off")
    report = check_ai(candidate, limits=Limits(workers=1, move_seconds=float(LIMIT)))
    assert [(found.kind, found.count) for found in report.findings if found.kind == "timeout"] == [("timeout", 10)]
    assert report.asked == report.positions == 4520


def test_the_rule_counts_only_time_outs_once_armed_and_before_any_answer() -> None:
    budget = FailureBudget(25, silent=SILENT_TIMEOUTS)
    for _ in range(SILENT_TIMEOUTS):  # the costliest positions, asked first: slowness until a simple one is silent
        budget.spend(timed_out=True)
    budget.arm()
    budget.spend(timed_out=True)
    budget.spend()  # a crash is not silence: it is counted as a failure only
    budget.spend(timed_out=True)
    with pytest.raises(GaveUp) as stopped:
        budget.spend(timed_out=True)
    assert stopped.value.reason == "silent" and budget.exhausted
    with pytest.raises(GaveUp):  # once out, every later failure ends its asker too
        budget.spend()

    heard = FailureBudget(25, silent=SILENT_TIMEOUTS)
    heard.arm()
    heard.spend(timed_out=True)
    heard.answered()
    for _ in range(24):
        heard.spend(timed_out=True)
    with pytest.raises(GaveUp) as stopped:
        heard.spend(timed_out=True)
    assert stopped.value.reason == "failures"


def test_a_probe_s_budgets_never_stop_for_silence_and_pass_what_they_learn_to_the_whole() -> None:
    # A wrong reading of the board may leave a correct program looping: the probe tries its readings whatever.
    whole = FailureBudget(12)
    reading = ShareOf(3, whole)
    reading.arm()
    reading.spend(timed_out=True)
    reading.spend(timed_out=True)
    assert not reading.exhausted and whole.silent == 2 and not whole.exhausted and whole.armed
    reading.answered()
    assert whole.heard
