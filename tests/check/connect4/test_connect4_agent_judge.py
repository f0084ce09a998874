"""Judging Connect Four answers, choosing a reading, scoring by rate, drawing the report (no candidate runs)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from perfectplay import Connect4
from perfectplay.check.connect4.detect import PROBES, BoardReading, choose_reading, probe_positions, style_of
from perfectplay.check.connect4.judge import judge
from perfectplay.check.connect4.model import Blunder, Connect4Report, Failure, PhaseRates
from perfectplay.check.connect4.opponents import state_cells
from perfectplay.check.connect4.render import render_text, report_json
from perfectplay.check.connect4.score import Connect4Weights, connect4_score, load_connect4_weights
from perfectplay.check.connect4.suite import SuitePosition, grid_cells
from perfectplay.check.errors import CheckUsageError

# A won position for the side to move: column 3 wins fastest, 2 wins slower, 1 draws, 0 and 4 lose, 5 and 6 full.
POSITION = SuitePosition("4455", "opening", (-30, 0, 20, 35, -40, None, None))


def test_the_fastest_win_is_perfect_a_slower_one_good_and_a_draw_in_a_won_position_a_blunder() -> None:
    assert judge(POSITION, {"kind": "int", "value": 3}).kind == "perfect"
    slower = judge(POSITION, {"kind": "int", "value": 2})
    assert (slower.kind, slower.good, slower.perfect) == ("good", True, False)
    drawn = judge(POSITION, {"kind": "int", "value": 1})
    assert (drawn.kind, drawn.lost, drawn.drop) == ("blunder", "win -> draw", 35)
    lost = judge(POSITION, {"kind": "int", "value": 4})
    assert (lost.lost, lost.severity) == ("win -> loss", (2, 75))


def test_a_full_column_a_number_off_the_board_a_string_and_an_exception_are_contract_failures() -> None:
    assert judge(POSITION, {"kind": "int", "value": 5}).kind == "illegal"
    assert "not a column 0-6" in judge(POSITION, {"kind": "int", "value": 7}).answer
    assert judge(POSITION, {"kind": "other", "type": "str", "repr": "'3'"}).kind == "wrong_type"
    raised = judge(POSITION, {"error": {"type": "ValueError", "message": "no", "line": 4, "code": "raise"}})
    assert (raised.kind, raised.answer) == ("raises", "raised ValueError: no (line 4: raise)")
    assert judge(POSITION, {"failure": "timeout", "seconds": 5.0}).kind == "timeout"


def test_the_best_move_on_a_board_it_changed_is_neither_good_nor_perfect() -> None:
    judged = judge(POSITION, {"kind": "int", "value": 3, "after": "0" * 42})
    assert judged.kind == "perfect" and judged.mutated and not judged.good and not judged.perfect


def test_each_probe_has_exactly_one_winning_column_for_the_side_to_move_and_no_threat_against_it() -> None:
    game = Connect4()
    for (moves, column), (cells, mark) in zip(PROBES, probe_positions(), strict=True):
        state = game.parse(moves)
        wins = [move for move in game.legal_moves(state) if game.winner(game.play(state, move)) is not None]
        assert wins == [column], moves
        other = state._replace(to_move=state.to_move.other)
        assert not [move for move in game.legal_moves(other) if game.winner(game.play(other, move)) is not None]
        assert cells == state_cells(game, state) == grid_cells(moves)
        assert mark == ("1" if state.to_move.value == "X" else "2")


def test_a_reading_that_took_every_win_beats_the_first_and_chance_wins_do_not() -> None:
    first, flipped = BoardReading("board", "best_move"), BoardReading("board", "best_move", rows="bottom")
    assert choose_reading([((1, 5), first), ((5, 5), flipped)])[1] == flipped
    # A random agent: a lucky reading with 2 wins is not preferred to the first that answered as legally.
    assert choose_reading([((0, 5), first), ((2, 5), flipped)])[1] == first
    assert choose_reading([((0, 3), first), ((1, 5), flipped)])[1] == flipped


def test_the_function_is_found_by_its_name_and_arguments_and_a_module_without_one_is_a_usage_error() -> None:
    assert style_of({"agent": 2, "helper": 1}, None).style == "connectx"
    board = style_of({"get_move": 2}, None)
    assert (board.style, board.piece_argument) == ("board", True)
    assert style_of({"policy": 1}, None).style == "pettingzoo"
    with pytest.raises(CheckUsageError, match=r"no Connect Four agent recognised.*helper"):
        style_of({"helper": 1}, None)
    with pytest.raises(CheckUsageError, match=r"--function mine: the module has no such function"):
        style_of({"agent": 2}, BoardReading("", "mine"))


def report(good: int, perfect: int, asked: int = 100, failures: tuple[Failure, ...] = ()) -> Connect4Report:
    rates = PhaseRates("all", asked, asked, good, perfect, asked - good)
    blunder = Blunder("4455", "opening", 1, "win -> draw", 35, (3,), (2, 3))
    return Connect4Report(
        "student\x1b[31m.py", "agent(observation, configuration)", "blunders", 1, None, 520, rates,
        (rates,), (blunder,), failures,
    )  # fmt: skip


def test_credit_is_in_proportion_to_the_good_move_rate_up_to_the_rate_the_teacher_chose() -> None:
    weights = Connect4Weights({"loads": 0, "legal": 0, "good_moves": 100, "perfect_moves": 0, "games": 0})
    assert connect4_score(report(45, 0), weights).points == 50  # 45% of a full-credit rate of 90%
    assert connect4_score(report(95, 0), weights).points == 100
    stricter = Connect4Weights(weights.weights, {"good_full": 1.0})
    assert connect4_score(report(95, 0), stricter).points == 95


def test_a_weights_file_sets_rates_and_weights_and_an_unknown_name_is_named(tmp_path: Path) -> None:
    file = tmp_path / "weights.json"
    file.write_text(json.dumps({"good_moves": 60, "good_full": 0.5, "total": 10}))
    weights = load_connect4_weights(file)
    assert (weights.of("good_moves"), weights.rate("good_full"), weights.total) == (60, 0.5, 10)
    file.write_text(json.dumps({"never_beaten": 5}))
    with pytest.raises(CheckUsageError, match="unknown name 'never_beaten'"):
        load_connect4_weights(file)
    file.write_text(json.dumps({"good_full": 1.5}))
    with pytest.raises(CheckUsageError, match="good_full must be a rate"):
        load_connect4_weights(file)


def test_the_text_report_draws_a_blunder_with_the_right_moves_and_writes_student_text_out() -> None:
    failure = Failure("raises", 2, "44", "raised ValueError: \x1b[2J\nfake line")
    text = render_text(report(80, 60, failures=(failure,)))
    assert "\x1b" not in text and "\\x1b[31m" in text and "\\nfake line" in text
    assert "opening, X to move after 4455: it played 2 (win -> draw, 35 points of score); best: 4" in text
    assert "  . . . X X . .\n  1 2 3 4 5 6 7\n    ! + *" in text
    document = report_json(report(80, 60))
    assert document["overall"]["good_rate"] == 0.8 and document["blunders"][0]["best"] == [3]
