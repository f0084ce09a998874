"""Every 3x3 position, solved once by our own solver, so 3x3 answers are a lookup.

Tic-tac-toe has only 5,478 positions reachable from the empty board. The
first 3x3 question in a process walks them all and scores every legal move
of each with ``solver.score_moves``, sharing one transposition table (a
fraction of a second); after that any 3x3 analysis is a dictionary lookup.

The table is keyed from the side to move's point of view, ``(mine, theirs)``
bitboards, because the value of a position does not depend on the colour of
the stones: a game where O moved first is a game where X moved first with
the colours swapped, so the X-first walk covers every legal position.
"""

from __future__ import annotations

from functools import cache

from perfectplay.game import Player
from perfectplay.games.mnk import MNKState, TicTacToe
from perfectplay.search.solver import Table, score_moves

Scores = tuple[int | None, ...]
"""The exact score of each cell 0-8 for the side to move; None for a taken cell."""


def key(state: MNKState) -> tuple[int, int]:
    """The table key of a 3x3 state: (stones of the side to move, stones of the other side)."""
    if state.to_move is Player.X:
        return state.x, state.o
    return state.o, state.x


@cache
def table() -> dict[tuple[int, int], Scores]:
    """Every reachable, unfinished 3x3 position -> the exact score of each of its moves."""
    game = TicTacToe()
    shared: Table = {}
    solved: dict[tuple[int, int], Scores] = {}
    frontier = [game.initial_state()]
    while frontier:
        state = frontier.pop()
        mover_view = key(state)
        if mover_view in solved or game.is_over(state):
            continue
        scores: list[int | None] = [None] * game.cells
        for entry in score_moves(game, state, table=shared).moves:
            scores[entry.move] = entry.score
        solved[mover_view] = tuple(scores)
        frontier.extend(game.play(state, move) for move in game.legal_moves(state))
    return solved


def lookup(state: MNKState) -> Scores | None:
    """The scores of every move of an unfinished 3x3 ``state``, or None if it is not in the table."""
    return table().get(key(state))
