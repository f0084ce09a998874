"""Following a candidate's own games: every opponent move, its answers, the shortest loss."""

from __future__ import annotations

from collections import deque

from perfectplay.check.judge.explore import explore
from perfectplay.check.judge.interface import Role
from perfectplay.check.judge.oracle import TicTacToeOracle
from perfectplay.check.position import TicTacToePosition


def strategy(oracle: TicTacToeOracle, side: str, pick: str) -> dict[TicTacToePosition, frozenset[int]]:
    """One answer per position where ``side`` is to move: the oracle's best, or the first free cell."""
    answers = {}
    for first in ("X", "O"):
        for position in oracle.positions(first):
            judgement = oracle.judge(position)
            if position.to_move == side and not judgement.over:
                move = judgement.best[0] if pick == "best" else position.empty_cells[0]
                answers[position] = frozenset({move})
    return answers


def shortest_loss_by_brute_force(
    oracle: TicTacToeOracle, role: Role, answers: dict[TicTacToePosition, frozenset[int]]
) -> int | None:
    frontier = deque([(TicTacToePosition.empty(role.first), 0)])
    while frontier:
        position, plies = frontier.popleft()
        judgement = oracle.judge(position)
        if judgement.over:
            if judgement.winner not in (None, role.side):
                return plies
            continue
        moves = answers[position] if position.to_move == role.side else [m.move for m in judgement.moves]
        frontier.extend((oracle.child(position, move), plies + 1) for move in moves)
    return None


def test_perfect_play_never_loses_in_any_seat(oracle: TicTacToeOracle) -> None:
    for role in (Role("X", "X"), Role("O", "X"), Role("X", "O"), Role("O", "O")):
        result, own = explore(oracle, role, strategy(oracle, role.side, "best"))
        assert not result.loses and result.broken == 0 and result.losing_game == ()
        assert result.positions == len(own) > 0
        assert all(position.to_move == role.side for position in own)


def test_first_free_cell_loses_and_the_game_shown_is_a_real_shortest_loss(oracle: TicTacToeOracle) -> None:
    for role in (Role("X", "X"), Role("O", "X")):
        answers = strategy(oracle, role.side, "first free")
        result, _ = explore(oracle, role, answers)
        assert result.loses
        assert len(result.losing_game) == shortest_loss_by_brute_force(oracle, role, answers)
        position = TicTacToePosition.empty(role.first)
        for step in result.losing_game:
            assert step.side == position.to_move
            assert step.by_candidate == (step.side == role.side)
            if step.by_candidate:
                assert step.move in answers[position]
            position = oracle.child(position, step.move)
        assert position.text == result.final
        assert oracle.judge(position).winner == ("O" if role.side == "X" else "X")


def test_a_position_without_a_legal_answer_ends_its_branch_as_broken(oracle: TicTacToeOracle) -> None:
    """As X moving first, no answer on the empty board: one broken position, nothing else reached."""
    answers = strategy(oracle, "X", "best")
    answers[TicTacToePosition.empty("X")] = frozenset()
    result, own = explore(oracle, Role("X", "X"), answers)
    assert (result.broken, result.positions, result.loses) == (1, 1, False)
    assert own == {TicTacToePosition.empty("X")}
