"""The examples from the course labs' material (their listings are in docs/labs/), with the boards drawn."""

from __future__ import annotations

from perfectplay import analyze, parse_position
from perfectplay.play import choose_move


def test_x_must_block_at_5_in_the_seed_position() -> None:
    """
     X | O | X
    ---+---+---
     O | O | .      <- 5 blocks O's middle row; X cannot win any more
    ---+---+---
     . | X | .
    """
    game, state = parse_position("XOX/OO./.X.")
    assert choose_move(game, state) == 5
    analysis = analyze(game, state)
    assert analysis.best == (5,)
    assert str(analysis.outcome) == "draw"


def test_x_takes_the_immediate_win_for_10_points() -> None:
    """
     X | X | .      <- 2 wins now: score 10 = 11 - 1 ply
    ---+---+---
     O | O | .
    ---+---+---
     . | . | .
    """
    game, state = parse_position("XX./OO./...")
    analysis = analyze(game, state)
    assert analysis.best == (2,)
    assert analysis.score == 10
    assert str(analysis.outcome) == "win in 1"


def test_blocks_an_immediate_threat_even_when_the_game_is_lost() -> None:
    """Seed 003's fatalist case, O to move; X threatens 2 and 0/4/8 both.

     . | X | .      every O move loses, but 2 loses in 4 plies,
    ---+---+---     while 0, 3 and 4 lose in 2: the AI must block at 2
     . | . | X
    ---+---+---
     O | O | X
    """
    game, state = parse_position(".X./..X/OOX", to_move="O")
    analysis = analyze(game, state)
    outcomes = {entry.move: str(entry.outcome) for entry in analysis.moves}
    assert outcomes == {2: "loss in 4", 0: "loss in 2", 3: "loss in 2", 4: "loss in 2"}
    assert choose_move(game, state) == 2
    assert analysis.score == 4 - 11


def test_a_fork_wins_in_3_plies_and_scores_the_seeds_ten_minus_depth() -> None:
    """X to move forks at 3 or 6; O blocks one threat, X completes the other.

     X | O | .
    ---+---+---
     . | X | .      win in 3 plies: 11 - 3 = 8, the seeds' 10 - depth at depth 2
    ---+---+---
     . | . | O
    """
    game, state = parse_position("XO./.X./..O")
    analysis = analyze(game, state)
    assert str(analysis.outcome) == "win in 3"
    assert analysis.score == 8
    assert analysis.best == (3, 6)
