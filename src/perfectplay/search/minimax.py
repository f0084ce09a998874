"""The textbook minimax of the seeds: no pruning, no memory, every node visited.

This is the reference that every faster search is tested against, so it is
kept as plain as the course notes: MAX is the side to move at the root, MIN
the other; a finished game scores a win for MAX ``depth`` plies below the
root as ``win_score(depth)``, a win for MIN as ``loss_score(depth)``, a
draw as 0. For 3x3 that is the course labs' ``10 - depth`` (their depth starts at
0 after the first move, ours at 1).

With a depth limit (``Limit(depth=D)``) it is the course labs' next chapter:
positions ``D`` plies below the root that are not over are valued by an
evaluation function instead of being searched further. Values are in the
internal units of ``scale.py``, so proven wins and losses stay beyond any
value the evaluation gives.
"""

from __future__ import annotations

import time
from typing import Any

from perfectplay.game import Game, State, loss_score, win_score
from perfectplay.search.base.budget import Budget, Clock, ProgressCallback, Stop
from perfectplay.search.base.evaluation import Evaluator, no_evaluation
from perfectplay.search.base.limits import Limit
from perfectplay.search.base.recursion import make_room
from perfectplay.search.base.result import Analysis, finished
from perfectplay.search.base.root_values import RootValues
from perfectplay.search.base.scale import SCALE, clamp_guess
from perfectplay.search.base.watch import Watcher


def minimax(
    game: Game[State],
    state: State,
    limit: Limit | None = None,
    *,
    evaluate: Evaluator = no_evaluation,
    watcher: Watcher | None = None,
    progress: ProgressCallback | None = None,
    clock: Clock = time.perf_counter,
) -> Analysis:
    """Value every move of ``state`` by visiting the whole game tree below it.

    Returns the value for the side to move and every move that achieves it.
    From the empty 3x3 board it visits 549,946 nodes. A limit on seconds or
    nodes stops it early; the moves it did not finish are then ``unknown``.
    """
    budget = Budget(limit, progress, clock)
    if game.is_over(state):
        return finished(game, state, budget.elapsed(), "minimax")
    make_room(game.max_plies)
    maximizer = game.to_move(state)
    horizon = budget.depth_cap
    nodes = 0
    next_check = budget.first_check()
    guesses = 0  # evaluations so far: tells a proven value from a guess

    def value(node: Any, move: int | None, depth: int) -> int:
        nonlocal nodes, next_check, guesses
        nodes += 1
        if nodes >= next_check:
            next_check = budget.checkpoint(nodes, 0)
        if watcher is not None:
            watcher.enter(node, move, depth, None, None)
        over = game.is_over(node)
        at_horizon = not over and horizon is not None and depth >= horizon
        if over:
            winner = game.winner(node)
            if winner is None:
                score = 0
            elif winner is maximizer:
                score = win_score(depth, game.max_plies) * SCALE
            else:
                score = loss_score(depth, game.max_plies) * SCALE
        elif at_horizon:
            guesses += 1
            guess = clamp_guess(evaluate(game, node))
            score = guess if game.to_move(node) is maximizer else -guess
        else:
            scores = [value(game.play(node, child), child, depth + 1) for child in game.legal_moves(node)]
            score = max(scores) if game.to_move(node) is maximizer else min(scores)
        if watcher is not None:
            watcher.leave(score, terminal=over, horizon=at_horizon)
        return score

    nodes += 1  # the root
    if watcher is not None:
        watcher.enter(state, None, 0, None, None)
    values = RootValues(game, state)
    try:
        for move in game.legal_moves(state):
            before = guesses
            values.add(move, value(game.play(state, move), move, 1), proven=guesses == before)
    except Stop:
        pass
    if watcher is not None and values.complete:
        watcher.leave(values.top(), terminal=False, horizon=False)
    return values.analysis("minimax", nodes, budget.elapsed(), horizon)
