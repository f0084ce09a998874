"""Alpha-beta: minimax's answers with fewer nodes, in negamax form.

Scores are from the side to move at each node and count plies from the
root, so a deeper win is worth less wherever it is found; that keeps the
course labs' depth-aware scores exact under pruning. Values are in the internal
units of ``scale.py``, so that a depth limit with an evaluation function
works exactly as in ``minimax``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any, Literal

from perfectplay.game import Game, State, terminal_score
from perfectplay.search.base.budget import Budget, Clock, ProgressCallback, Stop
from perfectplay.search.base.evaluation import Evaluator, no_evaluation
from perfectplay.search.base.limits import Limit
from perfectplay.search.base.recursion import make_room
from perfectplay.search.base.result import Analysis, finished
from perfectplay.search.base.root_values import RootValues
from perfectplay.search.base.scale import INFINITE, SCALE, clamp_guess
from perfectplay.search.base.watch import Watcher

RootSearch = Literal["best", "first", "all"]
"""What the root finds: every best move, the first best move (textbook), or every move's value."""

MoveOrder = Callable[[Game[Any], Any, tuple[int, ...]], Sequence[int]]
"""Puts a node's legal moves in the order alpha-beta searches them (the game's order by default)."""


def alphabeta(
    game: Game[State],
    state: State,
    limit: Limit | None = None,
    *,
    evaluate: Evaluator = no_evaluation,
    order: MoveOrder | None = None,
    find: RootSearch = "best",
    watcher: Watcher | None = None,
    progress: ProgressCallback | None = None,
    clock: Clock = time.perf_counter,
) -> Analysis:
    """Value ``state`` with alpha-beta pruning and find its best moves.

    What the root searches for is ``find``:

    * ``"best"`` (the default): the same value and the same set of best
      moves as ``minimax``. Each move is searched with the window
      ``(best - 1, +inf)``, so a move that fails low is strictly worse than
      the best so far and one that does not gets its exact value.
    * ``"first"``: the textbook root, ``(best, +inf)``: fewer nodes, and only
      the first best move is known to be best.
    * ``"all"``: every move with the full window, so every move's exact value
      is known, as ``minimax`` gives them.

    ``order`` chooses the order of the moves at every node (the game's order
    by default), which decides what gets pruned (``teaching/orders.py`` names a
    few). ``progress`` hears how far the search has got, about ten times a
    second.
    """
    budget = Budget(limit, progress, clock)
    if game.is_over(state):
        return finished(game, state, budget.elapsed(), "alphabeta")
    make_room(game.max_plies)
    horizon = budget.depth_cap
    nodes = 0
    next_check = budget.first_check()
    guesses = 0  # evaluations so far: tells a proven value from a guess

    def search(node: Any, move: int, ply: int, alpha: int, beta: int) -> int:
        """Fail-soft alpha-beta for the side to move at ``node``.

        The caller has checked nothing. If the true value ``v`` lies in
        ``(alpha, beta)`` the result is ``v``; a result ``<= alpha`` is an
        upper bound on ``v`` (fail low); a result ``>= beta`` is a lower
        bound (fail high).
        """
        nonlocal nodes, next_check, guesses
        nodes += 1
        if nodes >= next_check:
            next_check = budget.checkpoint(nodes, 0)
        if watcher is not None:
            watcher.enter(node, move, ply, alpha, beta)
        if game.is_over(node):
            best = terminal_score(game, node, ply) * SCALE
            if watcher is not None:
                watcher.leave(best, terminal=True, horizon=False)
            return best
        if horizon is not None and ply >= horizon:
            guesses += 1
            best = clamp_guess(evaluate(game, node))
            if watcher is not None:
                watcher.leave(best, terminal=False, horizon=True)
            return best
        moves = game.legal_moves(node)
        if order is not None:
            moves = tuple(order(game, node, moves))
        best = -INFINITE
        for index, child in enumerate(moves):
            score = -search(game.play(node, child), child, ply + 1, -beta, -max(alpha, best))
            if score > best:
                best = score
                if best >= beta:
                    rest = moves[index + 1 :]
                    if watcher is not None and rest:
                        watcher.prune(rest, best, beta)
                    break
        if watcher is not None:
            watcher.leave(best, terminal=False, horizon=False)
        return best

    nodes += 1  # the root
    if watcher is not None:
        watcher.enter(state, None, 0, -INFINITE, INFINITE)
    values = RootValues(game, state)
    moves = game.legal_moves(state)
    if order is not None:
        moves = tuple(order(game, state, moves))
    best_score = -INFINITE
    try:
        for move in moves:
            before = guesses
            floor = -INFINITE if find == "all" else best_score - 1 if find == "best" else best_score
            score = -search(game.play(state, move), move, 1, -INFINITE, -floor)
            best_score = max(best_score, score)
            # Above the floor the value is exact (a move valued earlier keeps its
            # exact value when a later one beats it); at or below it, only worse.
            if score > floor:
                values.add(move, score, proven=guesses == before)
            else:
                values.add_worse(move)
    except Stop:
        pass
    if watcher is not None and values.complete:
        watcher.leave(best_score, terminal=False, horizon=False)
    return values.analysis("alphabeta", nodes, budget.elapsed(), horizon)
