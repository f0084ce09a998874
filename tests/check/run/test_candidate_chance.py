"""A candidate's luck in real processes: each question's answer depends on the check's seed and the question alone.

The module below shows its luck in every answer: a number drawn on import,
the order of a set of strings (Python's hash seed decides it) and a number
drawn in the move. Asked by a ``CandidateWorker`` of a check with a
``Chance``, the same question gets the same answer in another process and
in another order; asked again, a new draw; under another seed, other luck.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from hostile_payloads import EITHER_SANDBOX
from perfectplay.check.run import worker
from perfectplay.check.run.candidate import CandidateWorker, close_all
from perfectplay.check.run.chance import Chance
from perfectplay.check.run.sandbox import Jail, ProcessLimits, choose
from perfectplay.check.run.speakers import RunnerSpeaker

LUCKY = """
import random

ON_IMPORT = random.random()
ORDER = "".join({"a", "b", "c", "d", "e", "f", "g", "h"})


def find_best_move(board):
    return f"{ON_IMPORT:.9f} {ORDER} {random.random():.9f}"
"""

QUESTIONS = [["X........", "O"], [".X.......", "O"], ["XO.......", "X"]]


def answers(folder: Path, sandbox: str, seed: int, questions: Sequence[list[str]]) -> list[list[str]]:
    """What a fresh process of a check under ``seed`` answers to ``questions`` in order, each split in its three
    parts (drawn on import, the set's order, drawn in the move)."""
    file = folder / "lucky.py"
    file.write_text(LUCKY)
    jail = Jail(choose(sandbox), folder, frozenset(), ProcessLimits(256, 30), file)
    jail.chance = Chance(seed)
    speaker = RunnerSpeaker(jail, file)
    speaker.interface = {"kind": "function", "name": "find_best_move", "board": "flat", "empty": None}
    asker = CandidateWorker(
        speaker, worker.Clock(move=10.0, total=60.0), worker.FailureBudget(3), jail.env, jail.chance
    )
    try:
        records = [record for _, record in asker.stream("moves", list(questions))]
    finally:
        close_all([asker])
        jail.close()
    assert all(record.get("kind") == "other" for record in records), records
    return [str(record["repr"]).strip("'").split() for record in records]


@pytest.mark.parametrize("sandbox", EITHER_SANDBOX)
def test_each_question_gets_the_same_answer_in_another_process_whatever_the_order(tmp_path: Path, sandbox: str) -> None:
    forwards = answers(tmp_path, sandbox, 7, QUESTIONS)
    backwards = answers(tmp_path, sandbox, 7, QUESTIONS[::-1])
    assert forwards == backwards[::-1]
    # One import, one hash seed per process; a draw of its own for each question.
    assert len({(first, order) for first, order, _ in forwards}) == 1
    assert len({drawn for _, _, drawn in forwards}) == len(QUESTIONS)


def test_a_question_asked_again_draws_anew_the_same_way_in_every_check(tmp_path: Path) -> None:
    again = [QUESTIONS[0], QUESTIONS[0]]
    first, second = answers(tmp_path, "off", 7, again), answers(tmp_path, "off", 7, again)
    assert first == second
    assert first[0][2] != first[1][2]


def test_another_seed_brings_other_luck_on_import_in_the_set_s_order_and_in_the_moves(tmp_path: Path) -> None:
    seven, eight = answers(tmp_path, "off", 7, QUESTIONS), answers(tmp_path, "off", 8, QUESTIONS)
    assert all(
        mine != theirs for one, other in zip(seven, eight, strict=True) for mine, theirs in zip(one, other, strict=True)
    )
