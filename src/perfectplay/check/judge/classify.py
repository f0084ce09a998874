"""Naming a move that is not best in the words a student knows.

Each non-best move gets one kind, the most specific that fits, judged by
the exact values of the position and of the move (scores: a win in ``p``
plies is ``11 - p``, a loss ``p - 11``, a draw 0). Five kinds change the
result the position was worth; two keep it but at the wrong speed::

    misses an immediate win   a win in 1 was there; the move does not win at all
    fails to block            a draw or better was there; the move loses in 2
    walks into a fork         a draw or better was there; the move loses in 4
                              (the opponent's reply makes two threats at once)
    throws a win away         a win was there; the move draws or loses later
    turns a draw into a loss  a draw was there; the move loses later still
    wins slower than it could a win, but not the fastest
    loses sooner than it must a loss, but not the slowest (the seeds' "fatalist")

In tic-tac-toe every forced win goes through a double threat, so "walks
into a fork" is the loss that comes at once and the other two are the
longer forced sequences that end in one.
"""

from __future__ import annotations

from perfectplay.check.judge.oracle import OracleMove, PositionJudgement, TicTacToeOracle
from perfectplay.check.position import TicTacToePosition, other
from perfectplay.check.report.model import Example, MoveChoice

WIN_IN_1 = 10
LOSS_IN_2 = -9
LOSS_IN_4 = -7
TEMPO = frozenset({"slower_win", "sooner_loss"})


def play_kind(judgement: PositionJudgement, move: int) -> str | None:
    """The kind of mistake ``move`` is in this position, or None if it is a best move."""
    best = judgement.score
    chosen = judgement.value_of(move).score
    if chosen == best:
        return None
    if best == WIN_IN_1 and chosen <= 0:
        return "misses_win"
    if best >= 0 and chosen == LOSS_IN_2:
        return "fails_to_block"
    if best >= 0 and chosen == LOSS_IN_4:
        return "walks_into_fork"
    if best > 0 and chosen <= 0:
        return "throws_win_away"
    if best == 0 and chosen < 0:
        return "draw_to_loss"
    if best > 0:
        return "slower_win"
    return "sooner_loss"


def choice(value: OracleMove) -> MoveChoice:
    return MoveChoice(value.move, value.outcome, value.plies, value.score)


def play_example(oracle: TicTacToeOracle, judgement: PositionJudgement, move: int) -> Example:
    """The position, its move with what it leads to, the best moves, and the threat or fork involved."""
    position = judgement.position
    opponent = other(position.to_move)
    return Example(
        position=position.text,
        to_move=position.to_move,
        chose=choice(judgement.value_of(move)),
        best=tuple(choice(judgement.value_of(best)) for best in judgement.best),
        threats=position.threats(opponent),
        fork=fork_reply(oracle, oracle.child(position, move), opponent),
    )


def fork_reply(oracle: TicTacToeOracle, position: TicTacToePosition, side: str) -> int | None:
    """A best reply for ``side`` (to move) that leaves it two threats at once, if there is one."""
    judgement = oracle.judge(position)
    for reply in judgement.best:
        if len(oracle.child(position, reply).threats(side)) >= 2:
            return reply
    return None
