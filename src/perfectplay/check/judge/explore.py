"""Following the candidate's own games: every opponent move, the candidate's answers, any loss.

From the empty board with ``role.first`` to move, the opponent tries every
legal move and the candidate plays what it answered in the sweep (every
answer it gave, if it gave several: a randomised candidate might play any
of them). The walk is breadth first, so the first loss found is a shortest
losing game. Positions where the candidate gave no legal move end their
branch and are counted as broken.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping

from perfectplay.check.judge.interface import Role
from perfectplay.check.judge.oracle import TicTacToeOracle
from perfectplay.check.position import TicTacToePosition, other
from perfectplay.check.report.model import GameMove, RoleResult


def explore(
    oracle: TicTacToeOracle, role: Role, answers: Mapping[TicTacToePosition, frozenset[int]]
) -> tuple[RoleResult, set[TicTacToePosition]]:
    """The candidate's games in ``role``, and every position where it was to move in them.

    ``answers`` maps each position it was asked to the legal moves it gave
    there (empty if it never gave one); a position missing from it was not
    asked (the check stopped early) and ends its branch uncounted.
    """
    start = TicTacToePosition.empty(role.first)
    parent: dict[TicTacToePosition, tuple[TicTacToePosition, int] | None] = {start: None}
    queue = deque([start])
    own: set[TicTacToePosition] = set()
    broken = 0
    loss: TicTacToePosition | None = None
    while queue:
        position = queue.popleft()
        judgement = oracle.judge(position)
        if judgement.over:
            if loss is None and judgement.winner == other(role.side):
                loss = position
            continue
        if position.to_move == role.side:
            if position not in answers:
                continue
            own.add(position)
            moves = sorted(answers[position])
            if not moves:
                broken += 1
        else:
            moves = [entry.move for entry in judgement.moves]
        for move in moves:
            child = oracle.child(position, move)
            if child not in parent:
                parent[child] = (position, move)
                queue.append(child)
    game: list[GameMove] = []
    link = None if loss is None else parent[loss]
    while link is not None:
        previous, move = link
        game.append(GameMove(previous.to_move, move, previous.to_move == role.side))
        link = parent[previous]
    game.reverse()
    result = RoleResult(
        role.side,
        role.first,
        positions=len(own),
        loses=loss is not None,
        broken=broken,
        losing_game=tuple(game),
        final=None if loss is None else loss.text,
    )
    return result, own


def unasked(
    oracle: TicTacToeOracle, role: Role, answers: Mapping[TicTacToePosition, frozenset[int]]
) -> set[TicTacToePosition]:
    """The positions its games reach, through the answers so far, where it is to move and was not asked yet.

    A sampled check asks these, round after round, until its games are
    followed to their ends: its own games are what "never beaten" is about.
    """
    seen = {TicTacToePosition.empty(role.first)}
    queue = deque(seen)
    missing: set[TicTacToePosition] = set()
    while queue:
        position = queue.popleft()
        judgement = oracle.judge(position)
        if judgement.over:
            continue
        if position.to_move == role.side:
            if position not in answers:
                missing.add(position)
                continue
            moves = sorted(answers[position])
        else:
            moves = [entry.move for entry in judgement.moves]
        for move in moves:
            child = oracle.child(position, move)
            if child not in seen:
                seen.add(child)
                queue.append(child)
    return missing
