"""The exact answers the checker grades with, and the names it gives to mistakes."""

from __future__ import annotations

import pytest

from perfectplay import TicTacToe, parse_position
from perfectplay.check.judge.classify import TEMPO, fork_reply, play_example, play_kind
from perfectplay.check.judge.oracle import TicTacToeOracle
from perfectplay.check.judge.oracle_table import engine_judgements
from perfectplay.check.position import TicTacToePosition


def test_the_oracle_knows_every_position_of_both_colours_games(oracle: TicTacToeOracle) -> None:
    for first in ("X", "O"):
        positions = oracle.positions(first)
        assert len(positions) == 5478
        unfinished = [p for p in positions if not oracle.judge(p).over]
        assert len(unfinished) == 4520
    assert oracle.judge(TicTacToePosition.empty("X")).score == 0


def test_over_read_from_the_table_line_is_the_judgements_over_for_every_position(oracle: TicTacToeOracle) -> None:
    fresh = TicTacToeOracle()  # nothing decoded yet: ``over`` reads the lines themselves
    for first in ("X", "O"):
        positions = fresh.positions(first)
        assert [fresh.over(p) for p in positions] == [oracle.judge(p).over for p in positions]
    assert not fresh._judgements  # and decoded none of them
    won = TicTacToePosition("XXXOO....", "O")
    assert fresh.over(won) and fresh.judge(won).over and fresh.over(won)  # a decoded one is read from its judgement


def test_the_shipped_table_is_the_engines_judgement_of_every_position_of_both_colours_games(
    oracle: TicTacToeOracle,
) -> None:
    # Both colours' games asked of the engine, position by position: the table holds X's, the oracle swaps them for O's.
    game = TicTacToe()
    for first in ("X", "O"):
        judged = engine_judgements(first)
        assert oracle.positions(first) == tuple(judged)
        for position, judgement in judged.items():
            assert oracle.judge(position) == judgement, "python -m perfectplay.check.judge.oracle_table writes it again"
            state = parse_position(position.text, game, to_move=position.to_move)[1]
            for move in range(-1, 10):
                if move in game.legal_moves(state):
                    after = game.format(game.play(state, move)).replace("/", "")
                    assert oracle.child(position, move) == TicTacToePosition(
                        after, "O" if position.to_move == "X" else "X"
                    )
                else:  # a KeyError, as pytest.raises would see it (88,000 of these: its context costs half a second)
                    try:
                        oracle.child(position, move)
                    except KeyError:
                        continue
                    raise AssertionError(f"{position} has a child after the illegal move {move}")


def test_a_game_o_starts_is_a_game_x_starts_with_the_colours_swapped(oracle: TicTacToeOracle) -> None:
    swap = str.maketrans("XO", "OX")
    for position in oracle.positions("O"):
        mirror = TicTacToePosition(position.cells.translate(swap), "X" if position.to_move == "O" else "O")
        assert [(m.move, m.score) for m in oracle.judge(position).moves] == [
            (m.move, m.score) for m in oracle.judge(mirror).moves
        ]


def test_seed_003s_fatalist_position_blocks_to_lose_in_4_not_in_2(oracle: TicTacToeOracle) -> None:
    """
     . | X | .
    ---+---+---
     . | . | X        O to move: every move loses, blocking at 2 loses slowest.
    ---+---+---
     O | O | X
    """
    judgement = oracle.judge(TicTacToePosition.from_text(".X./..X/OOX", "O"))
    assert judgement.best == (2,)
    assert str(judgement.value_of(2)) == "loss in 4"
    assert str(judgement.value_of(0)) == "loss in 2"
    assert play_kind(judgement, 0) == "sooner_loss"


@pytest.mark.parametrize(
    ("text", "to_move", "move", "kind", "outcome"),
    [
        # X X .  X wins at 2 at once; 5 only blocks O's row.
        # O O .
        ("XX./OO./...", "X", 5, "misses_win", "draw"),
        # X X .  O to move must block at 2; 8 lets X complete the row.
        # . O .
        ("XX./.O./...", "O", 8, "fails_to_block", "loss in 2"),
        # . . .  the corner 0 lets X play 8 with two threats at once.
        # . O X
        # . X .
        (".../.OX/.X.", "O", 0, "walks_into_fork", "loss in 4"),
        # X . .  X wins by forcing a fork with 2 or 6; the centre only draws.
        # . . .
        # . . O
        ("X../.../..O", "X", 4, "throws_win_away", "draw"),
        # X . .  against a corner opening only the centre draws.
        ("X../.../...", "O", 1, "draw_to_loss", "loss in 6"),
        # X O .  X wins at once at 6 or 8; 2 wins only in 3.
        # X X O
        # . O .
        ("XO./XXO/.O.", "X", 2, "slower_win", "win in 3"),
        # seed 003's fatalist: lost anyway, so it does not block at 2.
        (".X./..X/OOX", "O", 0, "sooner_loss", "loss in 2"),
        (".X./..X/OOX", "O", 2, None, "loss in 4"),
    ],
)
def test_play_kind_names_each_mistake_by_what_it_gives_away(
    oracle: TicTacToeOracle, text: str, to_move: str, move: int, kind: str | None, outcome: str
) -> None:
    judgement = oracle.judge(TicTacToePosition.from_text(text, to_move))
    assert (move in judgement.best) == (kind is None)
    assert play_kind(judgement, move) == kind
    assert str(judgement.value_of(move)) == outcome


def test_every_kind_happens_and_each_move_gets_exactly_the_kind_its_values_say(oracle: TicTacToeOracle) -> None:
    seen = set()
    for position in oracle.positions("X"):
        judgement = oracle.judge(position)
        for entry in judgement.moves:
            kind = play_kind(judgement, entry.move)
            best = judgement.score
            assert (kind is None) == (entry.score == best)
            if kind is None:
                continue
            seen.add(kind)
            same_result = (entry.score > 0) == (best > 0) and (entry.score < 0) == (best < 0)
            assert (kind in TEMPO) == same_result, (position, entry)
            if kind == "fails_to_block":
                assert entry.score == -9 and best >= 0 and position.threats("O" if position.to_move == "X" else "X")
            if kind == "walks_into_fork":
                opponent = "O" if position.to_move == "X" else "X"
                assert fork_reply(oracle, oracle.child(position, entry.move), opponent) is not None
    assert seen == {
        "misses_win",
        "fails_to_block",
        "walks_into_fork",
        "throws_win_away",
        "draw_to_loss",
        "slower_win",
        "sooner_loss",
    }


def test_a_fork_example_names_the_reply_that_makes_two_threats(oracle: TicTacToeOracle) -> None:
    """
     . | . | .
    ---+---+---
     . | O | X        O to move: the corner 0 lets X play 8 with two threats (2 and 6).
    ---+---+---
     . | X | .
    """
    judgement = oracle.judge(TicTacToePosition.from_text(".../.OX/.X.", "O"))
    assert play_kind(judgement, 0) == "walks_into_fork"
    example = play_example(oracle, judgement, 0)
    assert example.fork == 8
    assert str(example.chose) == "loss in 4"
    assert {choice.move for choice in example.best} == {2, 6, 8}
