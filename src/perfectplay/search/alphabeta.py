"""Alpha-beta: minimax's answers with fewer nodes, in negamax form.

Scores are from the side to move at each node and count plies from the
root, so a deeper win is worth less wherever it is found; that keeps the
seeds' depth-aware scores exact under pruning.
"""

from __future__ import annotations

import time

from perfectplay.game import Game, State, loss_score, terminal_score
from perfectplay.search.result import SearchResult


def alphabeta(game: Game[State], state: State) -> SearchResult:
    """Solve ``state`` exactly with alpha-beta pruning.

    Returns the same score and the same set of best moves as ``minimax``.
    The root searches each move with the window ``(best - 1, +inf)``: a move
    that fails low is strictly worse than the best so far, one that does not
    gets its exact score, so ties among best moves are all found.
    """
    started = time.perf_counter()
    nodes = 0
    # No score lies outside [lowest, highest]; they bound the windows.
    lowest = loss_score(0, game.max_plies)
    highest = -lowest

    def search(node: State, ply: int, alpha: int, beta: int) -> int:
        """Fail-soft alpha-beta for the side to move at ``node``.

        The caller has checked nothing. If the true value ``v`` lies in
        ``(alpha, beta)`` the result is ``v``; a result ``<= alpha`` is an
        upper bound on ``v`` (fail low); a result ``>= beta`` is a lower
        bound (fail high).
        """
        nonlocal nodes
        nodes += 1
        if game.is_over(node):
            return terminal_score(game, node, ply)
        best = lowest - 1
        for move in game.legal_moves(node):
            score = -search(game.play(node, move), ply + 1, -beta, -max(alpha, best))
            if score > best:
                best = score
                if best >= beta:
                    break
        return best

    nodes += 1  # the root
    if game.is_over(state):
        return SearchResult(terminal_score(game, state), (), nodes, time.perf_counter() - started)
    best_score = lowest - 1
    best_moves: list[int] = []
    for move in game.legal_moves(state):
        score = -search(game.play(state, move), 1, -highest - 1, -(best_score - 1))
        if score > best_score:
            best_score, best_moves = score, [move]
        elif score == best_score:
            best_moves.append(move)
    return SearchResult(best_score, tuple(best_moves), nodes, time.perf_counter() - started)
