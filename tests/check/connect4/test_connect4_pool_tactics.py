"""The drawing games' tactical player, read on the bitmasks, picks as the rules read through ``game.play`` do.

``pool._pick`` finds wins, blocks and moves that give the opponent a win on
the stones' bitmasks (the cost of a draw's games); the reference here asks
``game.play`` and ``game.winner`` for every move and every reply. Same
choices from the same random numbers: the same seed draws the same positions.
"""

from __future__ import annotations

import random
from typing import Any

from perfectplay import Connect4
from perfectplay.check.connect4 import pool


def reference_pick(game: Connect4, state: Any, rng: random.Random) -> int:
    """The tactical player through the game's own rules: win, else block, else a move giving no win at once."""
    moves = list(game.legal_moves(state))
    wins = [move for move in moves if game.winner(game.play(state, move)) is not None]
    if wins:
        return rng.choice(wins)
    other = state._replace(to_move=state.to_move.other)
    blocks = [move for move in game.legal_moves(other) if game.winner(game.play(other, move)) is not None]
    if blocks:
        return rng.choice(blocks)

    def gives_a_win(after: Any) -> bool:
        return not game.is_over(after) and any(
            game.winner(game.play(after, reply)) is not None for reply in game.legal_moves(after)
        )

    safe = [move for move in moves if not gives_a_win(game.play(state, move))]
    return rng.choice(safe or moves)


def test_a_column_with_three_of_the_movers_stones_is_taken_and_one_of_the_opponents_is_blocked() -> None:
    game = Connect4()
    threatened = game.parse("12121")  # X has three in column 1 and O, to move, no win of its own: it blocks
    assert pool._pick(game, threatened, "tactical", random.Random(0)) == 0
    winning = game.parse("121213")  # X, to move, has three in column 1: it wins there
    assert pool._pick(game, winning, "tactical", random.Random(0)) == 0


def test_the_tactical_choice_is_the_rules_choice_in_thousands_of_random_positions() -> None:
    game = Connect4()
    walk = random.Random(41)
    compared = 0
    for _ in range(150):
        state = game.initial_state()
        while not game.is_over(state):
            seed = walk.random()
            ours = pool._pick(game, state, "tactical", random.Random(seed))
            assert ours == reference_pick(game, state, random.Random(seed)), game.format(state)
            compared += 1
            state = game.play(state, walk.choice(list(game.legal_moves(state))))
    assert compared > 2_500
