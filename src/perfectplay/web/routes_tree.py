"""``POST /api/tree``: the tree minimax or alpha-beta really searched, as the trace JSON.

The same document as ``perfectplay tree --format json`` (see docs/trace.md),
so the page can draw, expand and replay the search without the engine. With
``path`` it answers one subtree of that search, for expanding a node lazily
(see ``jobs.py``). The search may be depth-limited with a named
evaluation, and alpha-beta's move order and root window chosen
(``schemas.py`` checks them). Without a depth limit only positions with at most
``EMPTY_MAX`` moves are traced: the textbook minimax visits up to 549,946
nodes for nine, and every move more multiplies that by about ten; with one,
the tracer's node cap bounds the work. A tree estimated far too big to
search to the end (``estimated_tree_size``, Knuth's random-playout estimate,
in the teaching tools) starts depth-limited, and says so. The search runs in
the worker pool under the server's time limit, like every other search.
"""

from __future__ import annotations

from typing import Any, cast

from fastapi import APIRouter, Request
from pydantic import Field

from perfectplay import Game
from perfectplay.teaching import default_evaluation, estimated_tree_size
from perfectplay.web.answers import TreeAnswerJSON, answering, lanes_of
from perfectplay.web.jobs import NODE_CAP, TREE_KIND, DocumentResult, Job, SearchOptions, TreeJob, job_position
from perfectplay.web.problems import POST_ERRORS, Problem, blame
from perfectplay.web.schemas import EMPTY_MAX, OrderFields, SearchRequest, TracedAlgorithm, read_search
from perfectplay.web.workers import Lanes
from perfectplay.words import tree_too_big_text

DEPTH_MAX = 9
"""Deepest level a tree may show; a position with nine empty cells ends within nine plies."""

NODES_MAX = 2_000
"""Most nodes one answer may show: a few hundred kilobytes of JSON, more than a screen can use."""


class TreeRequest(SearchRequest, OrderFields):
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

TOO_BIG = 10 * NODE_CAP
"""A whole tree estimated above this is not searched to the end unless asked for: ten times what one trace may
visit, so the 3x3 game tree (549,946 nodes, at most 986,410 on any one playout) is always searched whole."""

START_DEPTH = 2
"""The depth limit a too-big tree starts with: the root's moves and the replies to them."""


def start_depth(game: Game[Any], state: Any, options: SearchOptions, too_big: float = TOO_BIG) -> str | None:
    """Limit ``options`` to ``START_DEPTH`` when no depth was asked for and the whole tree is ``too_big``; say why.

    A request that leaves ``search_depth`` out (or sends it as null, which
    means the same) gets the limit where the whole search could not end
    within the server's limits. Returns the sentence the page shows, or None
    when nothing changed.
    """
    if options["search_depth"] is not None:
        return None
    estimate = estimated_tree_size(game, state)
    if estimate <= too_big:
        return None
    options["search_depth"] = START_DEPTH
    # An evaluation without a depth was refused already: the game's default values the horizon.
    options["evaluation"] = default_evaluation(game)
    return tree_too_big_text(estimate, START_DEPTH, options["evaluation"])


@router.post(
    "/api/tree",
    summary="The tree minimax or alpha-beta searched for a position (trace JSON)",
    **answering(TreeAnswerJSON, *POST_ERRORS),
)
async def tree(body: TreeRequest, request: Request) -> TreeAnswerJSON:
    game, state, options = read_search(body, "the whole search tree is drawn", body.algorithm, body)
    # Too big to search to the end (by estimate), the tree starts depth-limited, and says so.
    depth_note = start_depth(game, state, options)
    after = state
    for number, move in enumerate(body.path, start=1):
        with blame("path"):
            if game.is_over(after):
                raise Problem(422, "path", f"move {number} of the path ({move}) comes after the game is over")
            after = game.play(after, move)
    job: TreeJob = {
        "kind": TREE_KIND,
        **job_position(game, state),
        "algorithm": body.algorithm,
        "depth": body.depth,
        "max_nodes": body.max_nodes,
        "path": body.path,
        "options": options,
    }
    result = await _run(job, lanes_of(request))
    if result["problem"] is not None:
        field, message = result["problem"]
        raise Problem(422, field, message)
    assert result["document"] is not None
    # The trace as the drawings built it (a plain dict: ``viz/shapes.py`` types it) and the path's fields.
    document = cast(TreeAnswerJSON, result["document"])
    if depth_note is not None:
        document["depth_note"] = depth_note
    return document


async def _run(job: TreeJob, lanes: Lanes) -> DocumentResult:
    """The job on a worker, killed at the server's time limit: tracing has no limit of its own."""
    seconds = lanes.settings.seconds
    too_slow = (
        f"tracing this search takes longer than {seconds:g} s on this server; try a position nearer the end of the game"
    )
    # The pool is typed for the analysis job; the worker dispatches on ``kind``.
    return cast(DocumentResult, await lanes.on_worker(cast(Job, job), seconds, too_slow))
