"""The Connect Four check's positions are generated and solved per check: seeded, decisive, no answer key to carry.

Small draws (a few positions each, well under a second of the solver) keep these fast.
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from drawn_positions import as_checked
from perfectplay import Connect4
from perfectplay.check.connect4.check import check_connect4
from perfectplay.check.connect4.judge import best_columns
from perfectplay.check.connect4.model import Connect4Report
from perfectplay.check.connect4.pool import PHASE_PLIES, decisive, draw_positions, phase_counts
from perfectplay.check.connect4.render import render_text, report_json
from perfectplay.check.connect4.score import connect4_score
from perfectplay.check.connect4.suite import PHASES, SuitePosition, load_suite
from perfectplay.search.solver import score_moves

SEED_A, SEED_B = 101, 202
TABLE_AGENT = """
TABLE = {table}

def agent(observation, configuration):
    key = "".join(str(cell) for cell in observation.board)
    if key in TABLE:
        return TABLE[key]  # the carried answer key
    return next(column for column in range(7) if observation.board[column] == 0)
"""


def table_agent(folder: Path, name: str, positions: tuple[SuitePosition, ...] | list[SuitePosition]) -> Path:
    """A first-legal-column agent that plays a best move wherever its table knows the position."""
    table = {position.cells: best_columns(position)[0] for position in positions}
    file = folder / name
    file.write_text(textwrap.dedent(TABLE_AGENT).format(table=json.dumps(table)))
    return file


def quick(path: Path, seed: int | None, positions: int = 6) -> Connect4Report:
    # One process a side: the positions drawn are the subject, not how many processes ask them.
    return check_connect4(path, positions=positions, seed=seed, games=False, sandbox="off", move_seconds=2.0, workers=1)


def test_a_position_where_every_move_keeps_the_value_or_every_move_loses_is_not_decisive() -> None:
    #                   col 1  2     3   4   5     6   7
    every_move_wins = SuitePosition("", "middle", (3, 1, 5, 5, None, 2, 1))
    every_move_loses = SuitePosition("", "middle", (-3, -1, -5, -5, None, -2, -1))
    one_move_draws = SuitePosition("", "middle", (0, -1, -5, -5, None, -2, -1))
    a_win_or_a_draw = SuitePosition("", "middle", (3, 0, 0, 0, 0, 0, 0))
    assert not decisive(every_move_wins) and not decisive(every_move_loses)
    assert decisive(one_move_draws) and decisive(a_win_or_a_draw)


def test_the_same_seed_draws_the_same_decisive_positions_and_another_seed_others() -> None:
    drawn = draw_positions(6, SEED_A)
    assert drawn == draw_positions(6, SEED_A)
    assert {position.moves for position in drawn}.isdisjoint(position.moves for position in draw_positions(6, SEED_B))
    assert [position.phase for position in drawn] == [
        phase for phase, count in phase_counts(6).items() for _ in range(count)
    ]
    assert set(phase_counts(6)) == set(PHASES) and all(count >= 1 for count in phase_counts(6).values())
    for position in drawn:
        low, high = PHASE_PLIES[position.phase]
        assert low <= position.ply <= high and decisive(position), position


def test_a_check_asking_one_ending_gets_it_where_sixty_games_gave_none() -> None:
    # Seed 138's first 60 ending games held no decisive position: a check of 4 asked 3 and graded "2 of 3".
    drawn = draw_positions(4, 138)
    assert [position.phase for position in drawn] == ["opening", "middle", "middle", "ending"]
    assert all(decisive(position) for position in drawn)

def test_a_drawn_positions_scores_are_a_fresh_solves() -> None:
    game = Connect4()
    for position in draw_positions(3, SEED_A):
        analysis = score_moves(game, game.parse(position.moves))
        assert analysis.complete
        by_move = {entry.move: entry.score for entry in analysis.moves}
        assert tuple(by_move.get(col) for col in range(game.width)) == position.scores, position.moves


def test_an_agent_carrying_the_shipped_suite_or_another_checks_answers_gains_nothing(tmp_path: Path) -> None:
    # The other check's draw as a check makes it (the run's one draw of these six, tests/drawn_positions.py): what
    # is tested is what carrying its answers gains, not the drawing (the tests above, on the pool itself).
    other_check = as_checked(6, SEED_B)
    plain = quick(table_agent(tmp_path, "plain.py", []), SEED_A)
    carrying = quick(table_agent(tmp_path, "carrying.py", [*load_suite(), *other_check]), SEED_A)
    assert report_json(carrying)["overall"] == report_json(plain)["overall"]
    # The same table does win the check it was taken from: the test would see an answer key if there were one.
    from_b = quick(table_agent(tmp_path, "from_b.py", other_check), SEED_B)
    assert report_json(from_b)["overall"]["perfect_rate"] == 1.0


def test_with_no_seed_given_a_check_draws_a_fresh_one_and_shows_it_and_that_seed_asks_the_same_again(
    tmp_path: Path,
) -> None:
    agent = table_agent(tmp_path, "first_legal.py", [])
    first = quick(agent, None, positions=3)
    second = quick(agent, None, positions=3)
    assert isinstance(first.seed, int) and isinstance(second.seed, int)
    seed = first.seed
    assert f"seed {seed} (--seed {seed} asks them again)" in render_text(first)
    assert report_json(first)["seed"] == seed
    again = quick(agent, seed, positions=3)
    assert report_json(again)["overall"] == report_json(first)["overall"]
    assert again.blunders == first.blunders


def categories(report: Connect4Report) -> list[tuple[str, int]]:
    return [(category.name, category.max_points) for category in connect4_score(report).categories]


def test_a_first_legal_column_agent_scores_at_most_30_and_a_broken_agent_gets_the_same_categories_at_0(
    tmp_path: Path,
) -> None:
    first_legal = check_connect4(
        table_agent(tmp_path, "first_legal.py", []), positions=6, seed=SEED_A, sandbox="off", move_seconds=2.0
    )
    broken_file = tmp_path / "broken.py"
    broken_file.write_text("raise ImportError('no such thing')\n")
    broken = check_connect4(broken_file, positions=6, seed=SEED_A, sandbox="off", move_seconds=2.0)
    assert broken.verdict == "broken" and first_legal.problem is None and len(first_legal.games) == 8
    assert connect4_score(first_legal).points <= 30
    assert (
        categories(broken)
        == categories(first_legal)
        == [
            ("loads", 5),
            ("legal", 5),
            ("good_moves", 50),
            ("perfect_moves", 10),
            ("games", 30),
        ]
    )
    assert connect4_score(broken).points == 0


@pytest.mark.slow
def test_the_depth_4_alphabeta_example_scores_at_least_80_and_first_legal_at_most_30_on_one_draw(
    tmp_path: Path, example_on_one_draw: Callable[[str, bool], Connect4Report]
) -> None:
    # The alpha-beta example's check with its games, made once a run (tests/check/connect4/conftest.py: these
    # settings, on seed 202): the rates' test reads its positions' answers.
    settings: dict[str, Any] = {"positions": 30, "seed": SEED_B, "sandbox": "off", "move_seconds": 10.0}
    strong = example_on_one_draw("alphabeta_connectx", True)
    trivial = check_connect4(table_agent(tmp_path, "first_legal.py", []), **settings)
    assert strong.failures == () and connect4_score(strong).points >= 80, render_text(strong)
    assert connect4_score(trivial).points <= 30, render_text(trivial)
