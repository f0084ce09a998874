"""The interface probe cannot be told apart from play: its positions are drawn per check, and a seat the program
answers is checked in games whatever it answered on the probe.

The hostile program here carries the three positions with O to move that the probe used to ask (they were
written in perfectplay's source), answers them with X's winning move as a function that plays X only would,
and plays both sides otherwise: X well (moving first or second), O well but for a losing first move. Read as
"X only", it was checked as X moving first and second, unbeatable, 100 of 100, its O seat never asked.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from perfectplay.check.api import check_ai
from perfectplay.check.judge.detect import Prober, choose_interface
from perfectplay.check.judge.interface import Hint, TicTacToeInterface
from perfectplay.check.judge.probes import PER_SIDE, draw, pool, seat_pool, sides_differ, tells_sides_apart
from perfectplay.check.position import TicTacToePosition
from perfectplay.check.settings import Candidate, Grading
from perfectplay.check.tictactoe.state import shared_oracle

CARRIED = {"....OXXOX": 2, "...XO.XOX": 0, ".XX.OO..X": 0}
"""The former probe positions with O to move, and X's winning move in each."""

RECOGNISES_THE_FORMER_PROBES = """
import functools

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
KNOWN = __KNOWN__


def won(cells, side):
    return any(cells[a] == cells[b] == cells[c] == side for a, b, c in LINES)


def after(cells, cell, side):
    return cells[:cell] + side + cells[cell + 1:]


@functools.cache
def score(cells, mover):
    "The best score of the side to move: a win counts more the sooner it comes, a loss less."
    other = "O" if mover == "X" else "X"
    free = [cell for cell, mark in enumerate(cells) if mark == " "]
    return max(move_score(cells, cell, mover, other, len(free)) for cell in free)


def move_score(cells, cell, mover, other, free):
    if won(after(cells, cell, mover), mover):
        return free
    return 0 if free == 1 else -score(after(cells, cell, mover), other)


def find_best_move(board):
    cells = "".join(board)
    if cells in KNOWN:
        return KNOWN[cells]  # X's win, as if it played X only
    free = [cell for cell, mark in enumerate(cells) if mark == " "]
    if cells.count("X") <= cells.count("O"):  # X to move, whoever started
        return max(free, key=lambda cell: move_score(cells, cell, "X", "O", len(free)))
    if len(free) == 8:  # O's first move: an edge, a blunder after X's corner or centre
        return next(cell for cell in (1, 3, 5, 7) if cells[cell] == " ")
    return max(free, key=lambda cell: move_score(cells, cell, "O", "X", len(free)))
"""


def test_the_positions_it_carries_are_probe_positions_and_its_answers_xs_wins() -> None:
    for cells, cell in CARRIED.items():
        probe = tells_sides_apart(TicTacToePosition(cells, "O"))
        assert probe is not None and probe in pool() and probe[2] == {cell}


def test_each_check_draws_its_own_probe_positions_from_hundreds() -> None:
    assert len(pool()) > 200 and len(seat_pool()) >= len(pool())
    draws = {tuple(position for position, _, _ in draw(random.Random(seed))) for seed in range(50)}
    assert len(draws) == 50  # no two alike
    for drawn in draws:
        assert [position.to_move for position in drawn] == ["X"] * PER_SIDE + ["O"] * PER_SIDE


def test_every_drawn_position_tells_the_sides_apart_by_the_oracle() -> None:
    oracle = shared_oracle()
    for position, mine, theirs in draw(random.Random(7), per_side=20):
        judgement = oracle.judge(position)
        assert {entry.move for entry in judgement.moves if entry.score > 0} == mine
        assert theirs and not mine & theirs
        assert sides_differ(position) is not None


def test_a_program_that_answers_the_probe_as_x_only_on_purpose_has_its_o_seat_checked(tmp_path: Path) -> None:
    known = {cells.replace(".", " "): cell for cells, cell in CARRIED.items()}
    path = tmp_path / "recognises.py"
    path.write_text(RECOGNISES_THE_FORMER_PROBES.replace("__KNOWN__", repr(known)))
    report = check_ai(Candidate(path, sandbox="off"), grading=Grading(sample=30))
    assert report.interface is not None and "plays both sides" in report.interface
    o_seat = [role for role in report.roles if role.side == "O"]
    assert o_seat and o_seat[0].loses  # its losing first move as O is found
    assert report.verdict == "beatable"


def best_answers(knows: set[TicTacToePosition], plays: str | None) -> Prober:
    """A candidate's answers: the best move of the side it plays (``plays``; None: the side to move), except on
    the positions it ``knows``, which it answers as if it played X only."""

    def answer(interface: TicTacToeInterface, positions: Sequence[TicTacToePosition]) -> list[dict[str, Any]]:
        records: list[dict[str, Any]] = []
        for position in positions:
            differ = sides_differ(position)
            assert differ is not None  # every position the probe asks tells the sides apart
            _, movers, others = differ
            as_x = plays == "X" or (position in knows and position.to_move == "O")
            chosen = others if as_x and position.to_move == "O" else movers
            records.append({"kind": "int", "value": min(chosen)})
        return records

    return answer


MODULE = {"event": "loaded", "functions": {"find_best_move": 1}, "constants": {}, "boards": []}


def test_a_function_that_plays_x_only_is_still_read_as_x_only() -> None:
    interface = choose_interface("ai.py", MODULE, Hint(), best_answers(set(), plays="X"), random.Random(3))
    assert interface is not None and interface.plays == "X"


def test_a_program_that_knows_this_checks_probe_positions_still_has_its_o_seat_checked() -> None:
    knows = {position for position, _, _ in draw(random.Random(3))}  # the very draw the check makes first
    interface = choose_interface("ai.py", MODULE, Hint(), best_answers(knows, plays=None), random.Random(3))
    assert interface is not None and interface.plays == "both"
    assert any(
        note.startswith("On the probe's positions it answered as if it played X only") for note in interface.notes
    )
    assert not any("It plays X only" in note for note in interface.notes)


def test_the_teachers_plays_is_taken_as_given() -> None:
    knows = {position for position, _, _ in draw(random.Random(3))}
    hint = Hint(plays="X")
    interface = choose_interface("ai.py", MODULE, hint, best_answers(knows, plays=None), random.Random(3))
    assert interface is not None and interface.plays == "X"


def test_a_function_that_plays_no_side_in_particular_is_read_as_both_whatever_the_draw() -> None:
    """The first free cell lands on one side's best move or the other's about as often: never one side only."""

    def first_free(interface: TicTacToeInterface, positions: Sequence[TicTacToePosition]) -> list[dict[str, Any]]:
        return [{"kind": "int", "value": position.cells.index(".")} for position in positions]

    for seed in range(300):
        interface = choose_interface("ai.py", MODULE, Hint(), first_free, random.Random(seed))
        assert interface is not None and interface.plays == "both", seed
