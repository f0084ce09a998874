"""Worker jobs of the teaching views: node counts under every move order; a depth-limited search beside perfect play;
the tree Monte Carlo tree search grew, and its convergence to the exact value.

Like ``tree_job.py`` they run inside a search worker (``worker.py``) under the
server's time limit, import only the engine, and answer plain JSON: a result,
or a problem (field, message) the request is refused with.
"""

from __future__ import annotations

from typing import Any, TypedDict

from perfectplay import Limit, PerfectplayError, parse_position
from perfectplay.documents import comparison_json, order_counts_json
from perfectplay.teaching import (
    ORDERS,
    compare_with_perfect_play,
    convergence_document,
    convergence_svg,
    get_evaluation,
    limited_value_text,
    mcts_document,
    mcts_tree,
    move_value,
    order_counts,
    study_convergence,
)
from perfectplay.web.teaching import NODE_CAP, SearchOptions, search_setup

ORDERS_KIND = "orders"
COMPARE_KIND = "compare"
"""The ``kind`` of each job in the worker's dispatch."""

COMPARE_SHARE = 0.8
"""The share of the server's time limit the exact side of a comparison may spend, so it answers in time."""


class TeachJob(TypedDict):
    kind: str
    game: str
    position: str
    to_move: str
    algorithm: str
    options: SearchOptions
    seconds: float


class TeachResult(TypedDict):
    document: dict[str, Any] | None
    problem: list[str] | None


def run_orders_job(job: TeachJob) -> TeachResult:
    """Minimax's nodes and alpha-beta's under every named order, with the best case for reference."""
    game, state = parse_position(job["position"], job["game"], to_move=job["to_move"])
    options = job["options"]
    limit, evaluation, find = search_setup(game, options)
    try:
        counts = order_counts(game, state, limit, evaluate=evaluation.get("evaluate"), find=find)
    except PerfectplayError as error:  # minimax alone would pass the node cap: say so
        return {"document": None, "problem": ["position", str(error)]}
    if counts.minimax.nodes >= NODE_CAP:
        depth = options["search_depth"]
        message = f"minimax needs more than {NODE_CAP:,} nodes at depth {depth} here: choose a smaller search depth"
        return {"document": None, "problem": ["search_depth", message]}
    return {
        "document": {
            **order_counts_json(counts),
            "game": game.name,
            "position": game.format(state),
            "to_move": game.to_move(state).value,
            "search_depth": options["search_depth"],
            "evaluation": options["evaluation"],
            "descriptions": ORDERS,
        },
        "problem": None,
    }


def run_compare_job(job: TeachJob) -> TeachResult:
    """The depth-limited search and perfect play side by side, move by move, and what the choice costs."""
    game, state = parse_position(job["position"], job["game"], to_move=job["to_move"])
    options = job["options"]
    depth = options["search_depth"]
    assert depth is not None, "the request was checked: a comparison needs a depth"
    evaluation = get_evaluation(options["evaluation"], game)
    limit = Limit(seconds=job["seconds"] * COMPARE_SHARE, nodes=NODE_CAP)
    comparison = compare_with_perfect_play(game, state, depth, evaluation, job["algorithm"], limit)
    limited, exact = comparison.limited, comparison.exact
    # A depth-limited analysis is never "complete" (its values are guesses); stopped early, some move has no value.
    if any(entry.score is None and entry.estimate is None for entry in limited.moves):
        message = (
            f"the depth-{depth} search does not finish within this server's limits ({NODE_CAP:,} nodes, "
            f"{limit.seconds:g} s): choose a smaller search depth"
        )
        return {"document": None, "problem": ["search_depth", message]}
    rows = [
        {
            "move": entry.move,
            "label": game.move_label(entry.move),
            "limited": limited_value_text(move_value(limited, entry.move)),
            "perfect": str(entry.outcome),
            "chosen": entry.move in limited.best,
            "best": entry.move in exact.best,
        }
        for entry in sorted(exact.moves, key=lambda item: item.move)
    ]
    choices = [
        {
            "label": game.move_label(choice.move),
            "outcome": str(choice.outcome),
            "perfect": choice.perfect,
            "cost": choice.cost,
        }
        for choice in comparison.choices
    ]
    name = f"depth-{depth} {limited.algorithm} with {comparison.evaluation}"
    return {
        "document": {
            **comparison_json(comparison),
            "name": name,
            "rows": rows,
            "perfect_play": str(exact.outcome),
            "perfect_moves": [game.move_label(move) for move in exact.best],
            "verdicts": choices,
            "exact_complete": exact.complete,
        },
        "problem": None,
    }


MCTS_TREE_KIND = "mcts-tree"
MCTS_STUDY_KIND = "mcts-study"
"""The ``kind`` of the two Monte Carlo tree search jobs in the worker's dispatch."""


class MctsJob(TypedDict):
    kind: str
    game: str
    position: str
    to_move: str
    iterations: list[int]
    runs: int
    seed: int
    depth: int
    max_nodes: int
    path: list[int]


def run_mcts_tree_job(job: MctsJob) -> TeachResult:
    """The tree one seeded MCTS grew (below ``path``), with visits, means and exact values, for the tree viewer."""
    game, state = parse_position(job["position"], job["game"], to_move=job["to_move"])
    try:
        tree = mcts_tree(
            game,
            state,
            job["iterations"][-1],
            seed=job["seed"],
            depth=job["depth"],
            max_nodes=job["max_nodes"],
            path=job["path"],
        )
    except PerfectplayError as error:  # a path that leaves the grown tree
        return {"document": None, "problem": ["path", str(error)]}

    def view(shown: Any) -> dict[str, Any]:
        # As the search trees' boards: still pictures, without what makes a board playable.
        return {key: value for key, value in game.view(shown).items() if key not in ("click", "labels")}

    return {"document": {**mcts_document(tree, view=view), "path": job["path"]}, "problem": None}


def run_mcts_study_job(job: MctsJob) -> TeachResult:
    """MCTS held against the exact value at each checkpoint: the same study as ``perfectplay mcts``, and its plot."""
    game, state = parse_position(job["position"], job["game"], to_move=job["to_move"])
    try:
        study = study_convergence(
            game, state, tuple(job["iterations"]), runs=job["runs"], seed=job["seed"], exact_limit=Limit(nodes=NODE_CAP)
        )
    except PerfectplayError as error:  # no exact value to hold MCTS against within the server's node cap
        return {"document": None, "problem": ["position", str(error)]}
    return {"document": {**convergence_document(study), "svg": convergence_svg(study)}, "problem": None}
