"""``POST /api/tree``: the tree minimax or alpha-beta really searched, as the trace JSON.

The same document as ``perfectplay tree --format json`` (see docs/trace.md),
so the page can draw, expand and replay the search without the engine. With
``path`` it answers one subtree of that search, for expanding a node lazily
(see ``tree_job.py``). The search may be depth-limited with a named
evaluation, and alpha-beta's move order and root window chosen
(``teaching.py``). Without a depth limit only positions with at most
``EMPTY_MAX`` moves are traced: the textbook minimax visits up to 549,946
nodes for nine, and every move more multiplies that by about ten; with one,
the tracer's node cap bounds the work. The search runs in the worker pool
under the server's time limit, like every other search.
"""

from __future__ import annotations

from typing import Any, cast

from fastapi import APIRouter, Request
from pydantic import Field

from perfectplay.web.lanes import Lanes
from perfectplay.web.problems import POST_ERRORS, Problem, blame, error_responses
from perfectplay.web.schemas import PositionRequest
from perfectplay.web.search import Job
from perfectplay.web.service import read_position
from perfectplay.web.teaching import OrderFields, SearchFields, TracedAlgorithm, check_search_options
from perfectplay.web.tree_job import TREE_KIND, TreeJob, TreeResult
from perfectplay.web.tree_size import start_depth

EMPTY_MAX = 9
"""Most empty cells a traced position may have: the full 3x3 game tree."""

DEPTH_MAX = 9
"""Deepest level a tree may show; a position with nine empty cells ends within nine plies."""

NODES_MAX = 2_000
"""Most nodes one answer may show: a few hundred kilobytes of JSON, more than a screen can use."""


class TreeRequest(PositionRequest, SearchFields, OrderFields):
    """``POST /api/tree``: trace one search of the position."""

    algorithm: TracedAlgorithm = Field(description="the search to trace")
    depth: int = Field(
        default=1,
        ge=0,
        le=DEPTH_MAX,
        description="show nodes at most this many plies below the position (or below the path's node)",
    )
    max_nodes: int = Field(default=200, ge=1, le=NODES_MAX, description="show at most this many nodes")
    path: list[int] = Field(
        default_factory=list,
        max_length=EMPTY_MAX,
        description="moves (cells, row-major from 0) from the position to the node whose subtree to answer",
    )


router = APIRouter()


def refuse_whole_search_of_many_moves(game: Any, state: Any, search_depth: int | None, what: str) -> None:
    """A search to the end only where at most ``EMPTY_MAX`` moves are open: else 422, naming the way out.

    ``what`` starts the message ("the whole search tree is drawn").
    """
    choices = 0 if game.is_over(state) else len(game.legal_moves(state))
    if choices > EMPTY_MAX and search_depth is None:
        raise Problem(
            422,
            "position",
            f"{what} for positions with at most {EMPTY_MAX} moves to choose from, and this one has {choices}: "
            "choose a search depth (search_depth, e.g. 2) to see a depth-limited search instead",
        )


@router.post(
    "/api/tree",
    summary="The tree minimax or alpha-beta searched for a position (trace JSON)",
    responses=error_responses(*POST_ERRORS),
)
async def tree(body: TreeRequest, request: Request) -> dict[str, Any]:
    game, state = read_position(body)
    options = check_search_options(game, body, body.algorithm, body)
    refuse_whole_search_of_many_moves(game, state, options["search_depth"], "the whole search tree is drawn")
    # Too big to search to the end (by estimate), the tree starts depth-limited, and says so.
    depth_note = start_depth(game, state, body, options)
    after = state
    for number, move in enumerate(body.path, start=1):
        with blame("path"):
            if game.is_over(after):
                raise Problem(422, "path", f"move {number} of the path ({move}) comes after the game is over")
            after = game.play(after, move)
    job: TreeJob = {
        "kind": TREE_KIND,
        "game": game.name,
        "position": game.format(state),
        "to_move": game.to_move(state).value,
        "algorithm": body.algorithm,
        "depth": body.depth,
        "max_nodes": body.max_nodes,
        "path": body.path,
        "options": options,
    }
    result = await _run(job, request.app.state.lanes)
    if result["problem"] is not None:
        field, message = result["problem"]
        raise Problem(422, field, message)
    assert result["document"] is not None
    if depth_note is None:
        return result["document"]
    return {**result["document"], "depth_note": depth_note}


async def _run(job: TreeJob, lanes: Lanes) -> TreeResult:
    """The job on a worker, killed at the server's time limit: tracing has no limit of its own."""
    seconds = lanes.settings.seconds
    too_slow = (
        f"tracing this search takes longer than {seconds:g} s on this server; try a position nearer the end of the game"
    )
    # The pool is typed for the analysis job; the worker dispatches on ``kind``.
    return cast(TreeResult, await lanes.on_worker(cast(Job, job), seconds, too_slow))
