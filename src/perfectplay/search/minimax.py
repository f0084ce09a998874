"""The textbook minimax of the seeds: no pruning, no memory, every node visited.

This is the reference that every faster search is tested against, so it is
kept as plain as the course notes: MAX is the side to move at the root, MIN
the other; a finished game scores ``win_score(depth)`` for a MAX win,
``loss_score(depth)`` for a MIN win and 0 for a draw, where ``depth`` is the
number of plies from the root. For 3x3 that is the seeds' ``10 - depth``
(their depth starts at 0 after the first move, ours at 1).
"""

from __future__ import annotations

import time

from perfectplay.game import Game, State, loss_score, terminal_score, win_score
from perfectplay.search.result import SearchResult


def minimax(game: Game[State], state: State) -> SearchResult:
    """Solve ``state`` exactly by visiting the whole game tree below it.

    Returns the score for the side to move and every move that achieves it.
    From the empty 3x3 board it visits 549,946 nodes.
    """
    started = time.perf_counter()
    maximizer = game.to_move(state)
    nodes = 0

    def value(node: State, depth: int) -> int:
        nonlocal nodes
        nodes += 1
        if game.is_over(node):
            winner = game.winner(node)
            if winner is None:
                return 0
            if winner is maximizer:
                return win_score(depth, game.max_plies)
            return loss_score(depth, game.max_plies)
        scores = [value(game.play(node, move), depth + 1) for move in game.legal_moves(node)]
        return max(scores) if game.to_move(node) is maximizer else min(scores)

    nodes += 1  # the root
    if game.is_over(state):
        return SearchResult(terminal_score(game, state), (), nodes, time.perf_counter() - started)
    moves = game.legal_moves(state)
    scores = [value(game.play(state, move), 1) for move in moves]
    best_score = max(scores)
    best = tuple(move for move, score in zip(moves, scores, strict=True) if score == best_score)
    return SearchResult(best_score, best, nodes, time.perf_counter() - started)
