"""Pascal Pons's Connect Four test positions, scored exactly by the solver.

Three of the six files of 1,000 positions from his blog "Solving Connect 4",
part 2, are kept verbatim in ``tests/data/connect4/`` (the README there says
where they come from and their format); the environment variable
``PERFECTPLAY_CONNECT4_DATA`` may name another folder.
Every position of End-Easy and Middle-Easy is scored here, and a fixed
sample of Middle-Medium; ``benchmarks/connect4.py`` runs all the sets.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from perfectplay.games.connect4 import Connect4, outcome_of_pons_score
from perfectplay.search.solver.exact import score_moves, solve_value
from repo_paths import TESTS

DATA_VARIABLE = "PERFECTPLAY_CONNECT4_DATA"


def data_folder() -> Path:
    """Where Pons's files are: ``$PERFECTPLAY_CONNECT4_DATA``, else ``tests/data/connect4``."""
    named = os.environ.get(DATA_VARIABLE)
    return Path(named) if named else TESTS / "data" / "connect4"


def read_test_set(name: str) -> list[tuple[str, int]]:
    """The (moves, score) lines of one of Pons's files; a missing file fails the test, it never skips."""
    path = data_folder() / name
    if not path.is_file():
        pytest.fail(
            f"Pons's Connect Four test file {path} is missing: it belongs in tests/data/connect4 "
            f"or in the folder named by {DATA_VARIABLE}"
        )
    lines = path.read_text().split()
    return [(moves, int(score)) for moves, score in zip(lines[::2], lines[1::2], strict=True)]


def test_the_data_folder_can_be_named_in_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(DATA_VARIABLE, str(tmp_path))
    assert data_folder() == tmp_path
    (tmp_path / "Test_L3_R1").write_text("4455 18\n")
    assert read_test_set("Test_L3_R1") == [("4455", 18)]


def test_a_missing_test_file_fails_with_a_message_saying_where_it_was_looked_for(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(DATA_VARIABLE, str(tmp_path / "nowhere"))
    with pytest.raises(pytest.fail.Exception, match="Test_L3_R1 is missing: it belongs in tests/data/connect4"):
        read_test_set("Test_L3_R1")


def assert_scored_exactly(positions: list[tuple[str, int]]) -> None:
    game = Connect4()
    wrong = []
    for moves, score in positions:
        outcome = solve_value(game, game.parse(moves)).outcome
        if outcome != outcome_of_pons_score(score, len(moves)):
            wrong.append(f"{moves}: {outcome}, Pons {score}")
    assert not wrong, f"{len(wrong)} of {len(positions)} wrong: " + "; ".join(wrong[:5])


def test_every_end_easy_position_is_scored_exactly() -> None:
    """Test_L3_R1: 1,000 positions with more than 28 moves played and fewer than 14 left."""
    positions = read_test_set("Test_L3_R1")
    assert len(positions) == 1000
    assert_scored_exactly(positions)


def test_every_middle_easy_position_is_scored_exactly() -> None:
    """Test_L2_R1: 1,000 positions with 15 to 28 moves played and fewer than 14 left to the end."""
    positions = read_test_set("Test_L2_R1")
    assert len(positions) == 1000
    assert_scored_exactly(positions)


def test_a_fixed_sample_of_middle_medium_positions_is_scored_exactly() -> None:
    """Test_L2_R2 (15 to 28 played, 14 to 27 left): 40,000 nodes each on average, so a seeded
    sample of 10 here; all 1,000 in the benchmark."""
    positions = read_test_set("Test_L2_R2")
    assert_scored_exactly(random.Random("Test_L2_R2").sample(positions, 10))


def test_every_moves_score_agrees_with_the_value_on_end_easy_positions() -> None:
    """The per-move search (what ``analyze`` shows) finds the same values as the value-only search."""
    game = Connect4()
    for moves, score in random.Random("Test_L3_R1").sample(read_test_set("Test_L3_R1"), 25):
        analysis = score_moves(game, game.parse(moves))
        assert analysis.outcome == outcome_of_pons_score(score, len(moves)), moves
        assert analysis.complete
