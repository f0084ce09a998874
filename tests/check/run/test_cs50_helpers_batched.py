"""CS50's helpers asked many boards a message are judged as they were one board a message.

``RunnerSpeaker`` sends the helpers' boards in batches (``BATCHES``): the
runner answers board after board, one line each, and each board is still an
answer of its own, timed from the line before it. A wrong helper, a helper
that kills its process and one that never returns are each found at their
own board, as when every board was a message of its own; the boards after
them in the same batch are asked again in a fresh process, and every CPU
second (the crash's, the time-out's) is charged.
"""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path
from typing import Any

import pytest

from perfectplay.check import conductor
from perfectplay.check.api import check_ai
from perfectplay.check.judge.cs50 import cs50_queries
from perfectplay.check.judge.oracle import TicTacToeOracle
from perfectplay.check.judge.sample import stratified
from perfectplay.check.position import TicTacToePosition
from perfectplay.check.report.model import CheckReport
from perfectplay.check.run import candidate, speakers, worker
from perfectplay.check.run.sweep import balance
from perfectplay.check.settings import Candidate, Grading, Limits

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
BURN = 0.1
"""CPU seconds the crashing ``result`` burns before it kills its process."""

SAMPLE = 640
"""The helpers' boards the test asks (and as many positions for moves): ten batches, five a worker, the quirky boards
inside them. The benchmark (``benchmarks/oracle_sweeps.py``'s ``cs50_batches``) asks every board."""

LIMITS = Limits(move_seconds=0.2)
"""A board's helpers may use a fifth of a second of CPU time (forty times what they need): the one that never returns
is stopped after it."""

QUIRKY = """
import os, time

import helpers
from helpers import EMPTY, O, actions, initial_state, player, utility

WRONG, CRASH, SPIN = {wrong!r}, {crash!r}, {spin!r}


def cells(board):
    return "".join("." if cell is EMPTY else cell for row in board for cell in row)


def result(board, action):
    if cells(board) == CRASH:
        start = time.process_time()
        while time.process_time() - start < {burn}:
            pass
        os._exit(3)
    return helpers.result(board, action)


def winner(board):
    return O if cells(board) == WRONG else helpers.winner(board)


def terminal(board):
    while cells(board) == SPIN:
        pass
    return helpers.terminal(board)


def minimax(board):
    # The first free cell, with no helper: the moves are not what this test reads.
    return next(((i, j) for i in range(3) for j in range(3) if board[i][j] is EMPTY), None)
"""
"""CS50's functions, right (examples/cs50's, imported as ``helpers``) but for one board each: a wrong ``winner``,
a ``result`` that burns CPU time and kills its process, a ``terminal`` that never returns."""


def quirky_boards(
    oracle: TicTacToeOracle, sample: int | None = None
) -> tuple[TicTacToePosition, TicTacToePosition, TicTacToePosition]:
    """Three unfinished boards, each inside a batch (not its first board), as the helpers' boards are dealt: of every
    board, or of a fixed ``sample`` of them (drawn as the check draws it, with its default seed)."""
    size = speakers.RunnerSpeaker.BATCHES["cs50"]
    queries = cs50_queries(oracle)
    if sample is not None:
        boards = set(stratified([position for position, _ in queries], sample))
        queries = [query for query in queries if query[0] in boards]
    shares = balance(queries, lambda position: 1.0, LIMITS.workers)
    inside = [
        position
        for share in shares
        for index, (position, _) in enumerate(share)
        if index % size not in (0, size - 1) and not oracle.judge(position).over and position.cells.count("X") > 1
    ]
    return (inside[100], inside[1200], inside[2500]) if sample is None else (inside[20], inside[250], inside[500])


def checked(
    path: Path, monkeypatch: pytest.MonkeyPatch, batch: int, sample: int | None = None
) -> tuple[CheckReport, float, int]:
    """The check's report (of every position and board, or a fixed ``sample``), the CPU time its clock was charged
    and the processes it started."""
    clocks: list[worker.Clock] = []
    starts = [0]

    class Clock(worker.Clock):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            clocks.append(self)

    class Child(worker.Child):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            starts[0] += 1

    monkeypatch.setattr(conductor, "Clock", Clock)
    monkeypatch.setattr(candidate, "Child", Child)
    monkeypatch.setitem(speakers.RunnerSpeaker.BATCHES, "cs50", batch)
    report = check_ai(Candidate(path), limits=LIMITS, grading=Grading(sample=sample))
    (clock,) = clocks
    return report, clock.used, starts[0]


def helper_findings(report: CheckReport) -> dict[str, tuple[int, str | None]]:
    return {
        finding.kind: (finding.count, finding.example.position)
        for finding in report.findings
        if finding.kind.startswith("cs50_") or finding.kind in ("crash", "timeout")
    }


def quirky_module(
    folder: Path, oracle: TicTacToeOracle, sample: int | None = None
) -> tuple[Path, tuple[TicTacToePosition, ...]]:
    """The quirky ``tictactoe.py`` in ``folder``, examples/cs50's module beside it as ``helpers``; its three boards
    (of ``sample``'s, ``quirky_boards``)."""
    wrong, crash, spin = quirky_boards(oracle, sample)
    path = folder / "tictactoe.py"
    path.write_text(textwrap.dedent(QUIRKY.format(wrong=wrong.cells, crash=crash.cells, spin=spin.cells, burn=BURN)))
    shutil.copyfile(EXAMPLES / "cs50" / "tictactoe.py", folder / "helpers.py")
    return path, (wrong, crash, spin)


def assert_one_board_a_message_finds_the_same(
    path: Path, monkeypatch: pytest.MonkeyPatch, batched: CheckReport, sample: int | None = None
) -> None:
    """One board a message, as every board was asked before batches: the same findings, the same counts."""
    alone, charged_alone, _ = checked(path, monkeypatch, 1, sample)
    assert helper_findings(alone) == helper_findings(batched)
    assert (alone.helpers, alone.best, alone.verdict) == (batched.helpers, batched.best, batched.verdict)
    assert charged_alone >= BURN + LIMITS.move_seconds


def test_a_wrong_a_crashing_and_a_spinning_helper_are_found_at_their_boards_batched(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, oracle: TicTacToeOracle
) -> None:
    path, (wrong, crash, spin) = quirky_module(tmp_path, oracle, SAMPLE)
    batched, charged, started = checked(path, monkeypatch, speakers.RunnerSpeaker.BATCHES["cs50"], SAMPLE)
    # Known answers first: each quirk at its own board, every other board right; the moves (the first free cell,
    # never a helper) what they are however the helpers are asked.
    assert helper_findings(batched) == {
        "cs50_winner": (1, wrong.text),
        "crash": (1, crash.text),
        "timeout": (1, spin.text),
    }
    assert (batched.helpers, batched.helpers_of) == (SAMPLE - 3, SAMPLE)
    assert (batched.best, batched.verdict) == (500, "beatable")
    # The crash and the time-out ended their processes (a fresh one answered the rest of each batch), and what
    # they used was charged: the crash's burn, the time-out's whole limit.
    assert started >= 2 + 2
    assert charged >= BURN + LIMITS.move_seconds
    # The same module asked one board a message finds the same, on this sample as on every board (4 s of CPU more):
    # benchmarks/oracle_sweeps.py's ``cs50_batches`` (assert_one_board_a_message_finds_the_same).


def test_a_batch_is_never_longer_than_the_lines_a_childs_reading_thread_keeps() -> None:
    assert 1 < speakers.RunnerSpeaker.BATCHES["cs50"] <= worker.QUEUE_LINES
    assert set(speakers.RunnerSpeaker.BATCHES) <= set(speakers.RunnerSpeaker.OPERATIONS) - {"moves"}
