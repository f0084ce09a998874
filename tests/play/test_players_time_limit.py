"""``seconds`` bounds a depth or MCTS level's own search, as the analyst's limit bounds the other levels'.

Before, ``match --x mcts:200000 --game connect4 --time-limit 1`` thought for minutes a move, and a web page's
``depth30:engine`` on a 15x15 board searched a million nodes of pure Python whatever the server's limit.
None of these tests measures a machine's speed: each asks what a limit already passed must give.
"""

from __future__ import annotations

import random

import pytest

from perfectplay import make_game
from perfectplay.cli import main
from perfectplay.play.players import MCTS_STEP, choose_move, depth_level
from perfectplay.search.mcts import mcts


def test_an_mcts_level_out_of_time_plays_the_move_of_its_first_step_of_iterations() -> None:
    game = make_game("connect4")
    state = game.initial_state()
    seed = random.Random(3).randrange(2**31)  # what choose_move draws from this generator for the search's seed
    move = choose_move(game, state, "mcts:200000", random.Random(3), seconds=1e-9)
    assert move == mcts(game, state, MCTS_STEP, seed=seed).best


def test_a_depth_level_out_of_time_plays_a_legal_move_and_does_not_remember_it() -> None:
    game = make_game("mnk:15,15,5")
    state = game.initial_state()
    level = depth_level("depth30:engine", game)
    assert level is not None
    level.memory.clear()
    move = choose_move(game, state, "depth30:engine", random.Random(1), seconds=1e-9)
    assert move in game.legal_moves(state)
    assert (game, state) not in level.memory  # another machine, or a longer limit, searches deeper


@pytest.mark.parametrize("level", ["depth3", "depth4:open-lines"])
def test_a_depth_level_with_time_to_spare_plays_what_it_plays_without_a_clock(level: str) -> None:
    game = make_game("mnk:4,4,4")
    state = game.play(game.initial_state(), 5)
    searcher = depth_level(level, game)
    assert searcher is not None
    searcher.memory.clear()
    timed = searcher.moves(game, state, 600.0)
    searcher.memory.clear()
    assert timed == searcher.moves(game, state)


def test_a_match_of_an_mcts_level_keeps_to_the_time_limit(capsys: pytest.CaptureFixture[str]) -> None:
    # 200,000 iterations a move would take minutes; within 1 ms each move runs its first step and plays.
    argv = ["match", "--x", "mcts:200000", "--o", "random", "--games", "1", "--seed", "1", "--time-limit", "0.001"]
    assert main(argv) == 0
    assert "against O (random): 1 game of Tic-tac-toe" in capsys.readouterr().out
