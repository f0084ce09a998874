"""The strength ladder, measured: each level at least as strong as the next against the same opponents.

A few hundred seeded games a cell (the 1,000-game table is
``benchmarks/strength.py``). Against ``perfect`` the gaps are wide, so the
losses must strictly grow down the ladder. Against ``random`` the top levels
all win nearly every game, so there a weaker level may only score more
points within two standard errors of sampling noise.
"""

from __future__ import annotations

import itertools
import math
import random

import pytest

from perfectplay import MNK, Player
from perfectplay.play.matches import cached_analyst, play_match
from perfectplay.play.players import LADDER

GAMES = 300

Cell = tuple[int, int, int]
"""Wins, draws and losses from the level's side."""


@pytest.fixture(scope="module")
def table(tictactoe: MNK) -> dict[tuple[str, str, Player], Cell]:
    analyst = cached_analyst()
    rng = random.Random(20261121)
    cells: dict[tuple[str, str, Player], Cell] = {}
    for level in LADDER:
        for opponent in ("random", "perfect"):
            for side in (Player.X, Player.O):
                x_level, o_level = (level, opponent) if side is Player.X else (opponent, level)
                *_, result = play_match(tictactoe, x_level, o_level, GAMES, rng, analyst=analyst)
                wins, losses = (result.x_wins, result.o_wins) if side is Player.X else (result.o_wins, result.x_wins)
                cells[level, opponent, side] = (wins, result.draws, losses)
    return cells


def points_and_error(cell: Cell) -> tuple[float, float]:
    """Mean points a game (win 1, draw 1/2) and its standard error."""
    wins, draws, losses = cell
    games = wins + draws + losses
    mean = (wins + draws / 2) / games
    mean_square = (wins + draws / 4) / games
    return mean, math.sqrt(max(mean_square - mean**2, 0.0) / games)


@pytest.mark.parametrize("side", [Player.X, Player.O])
def test_against_perfect_each_level_loses_more_often_than_the_one_above(
    table: dict[tuple[str, str, Player], Cell], side: Player
) -> None:
    losses = [table[level, "perfect", side][2] for level in LADDER]
    assert losses[0] == 0
    assert losses == sorted(set(losses)), dict(zip(LADDER, losses, strict=True))


@pytest.mark.parametrize("side", [Player.X, Player.O])
def test_against_random_no_level_scores_significantly_less_than_the_one_below(
    table: dict[tuple[str, str, Player], Cell], side: Player
) -> None:
    for stronger, weaker in itertools.pairwise(LADDER):
        high, high_error = points_and_error(table[stronger, "random", side])
        low, low_error = points_and_error(table[weaker, "random", side])
        assert high >= low - 2 * math.hypot(high_error, low_error), (stronger, high, weaker, low)


@pytest.mark.parametrize("side", [Player.X, Player.O])
def test_against_random_every_level_but_random_itself_scores_well_above_random(
    table: dict[tuple[str, str, Player], Cell], side: Player
) -> None:
    baseline, _ = points_and_error(table["random", "random", side])
    for level in LADDER[:-1]:
        assert points_and_error(table[level, "random", side])[0] > baseline + 0.1, level
