"""Teaching endpoints beside ``POST /api/tree``: move orders, depth limits against perfect play, textbook trees.

* ``POST /api/orders``: minimax's node count and alpha-beta's under every
  named move order on one position, with Knuth and Moore's best case;
* ``POST /api/compare``: a depth-limited search with a named evaluation beside
  perfect play, move by move, and what its choice costs;
* ``POST /api/textbook``: minimax or alpha-beta on an abstract tree of leaf
  values (typed, or drawn at random from a seed), as the trace JSON;
* ``POST /api/quiz``: an answer to "which nodes does alpha-beta prune?"
  checked against the real search, with every cut explained;
* ``POST /api/practice``: a whole hand search of a textbook tree, every
  node's value, alpha and beta and the cuts, graded node by node with the
  reason for every wrong answer, under the convention the teacher picks;
* ``POST /api/mcts``: the tree one seeded Monte Carlo tree search grew, each
  move's visits and mean reward beside its exact value (or one subtree, by ``path``);
* ``POST /api/mcts/convergence``: MCTS held against the exact value as its
  iterations grow, the study ``perfectplay mcts`` prints, with its plot.

Searches of game positions run in the worker pool under the server's time
limit (``jobs.py``); textbook trees are small by construction (at most
``MAX_LEAVES`` leaves) and are searched in the fast lane (``workers.py``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Literal, TypeVar, cast

from fastapi import APIRouter, Request
from pydantic import Field

from perfectplay.documents import PracticeJSON, QuizJSON, order_counts_json
from perfectplay.teaching import (
    RECORD_LIMIT,
    Convention,
    NodeAnswer,
    TextbookTree,
    answer_key,
    check_pruning,
    compare_cuts,
    cut_reasons,
    grade_practice,
    move_order,
    node_name,
    order_counts,
    parse_node_answer,
    random_tree,
    returning_order,
    textbook_trace,
    tree_text,
)
from perfectplay.viz import trace_document
from perfectplay.web.answers import (
    CompareAnswerJSON,
    ConvergenceAnswerJSON,
    MctsAnswerJSON,
    OrdersAnswerJSON,
    TextbookAnswerJSON,
    answering,
    lanes_of,
)
from perfectplay.web.jobs import (
    COMPARE_KIND,
    MCTS_STUDY_KIND,
    MCTS_TREE_KIND,
    NODE_CAP,
    ORDERS_KIND,
    DocumentResult,
    Job,
    TeachJob,
    job_position,
)
from perfectplay.web.problems import POST_ERRORS, Problem, blame
from perfectplay.web.routes_tree import DEPTH_MAX, NODES_MAX, start_depth
from perfectplay.web.schemas import (
    Body,
    OrderField,
    OrderFields,
    PositionRequest,
    SearchRequest,
    TracedAlgorithm,
    check_search_options,
    read_position,
    read_search,
)
from perfectplay.web.workers import Lanes
from perfectplay.words import cut_reason_text, cut_text, quiz_words

TREE_MAX_CHARS = 900
"""Longest textbook tree read here: a tree of a few hundred leaves, more than a page can draw legibly.

With ``ANSWER_MAX_CHARS``, any body these fields allow stays under the
server's body cap, even one past both limits (a character is at most twelve
bytes of JSON, ``\ud83d\ude00``), so a request too long is refused by its
field (422), not by its size."""

ANSWER_MAX_CHARS = 300
"""Longest quiz answer read: every node of a tree the page draws, by name."""

Route = TypeVar("Route", bound=Callable[..., Any])

RANDOM_LEVELS = (2, 4)
"""Depths a random textbook tree may have: big enough to prune, small enough to read."""

router = APIRouter()


def _post(path: str, shape: Any, summary: str) -> Callable[[Route], Route]:
    """A teaching route: POST ``path``, answering ``shape`` (the OpenAPI document shows its schema) or one of the
    problems every POST may answer with. Every route of this module is one."""
    return router.post(path, summary=summary, **answering(shape, *POST_ERRORS))


class OrdersRequest(SearchRequest):
    """``POST /api/orders``: count every move order's nodes on the position."""


ORDERS_TOO_BIG = NODE_CAP // 3
"""A whole tree estimated above this is counted ``START_DEPTH`` plies deep unless a depth is asked for.

Counting walks minimax's whole tree and alpha-beta's under every order: the
empty 3x3 board (549,946 nodes for minimax alone) took longer than the
server's limit, so its default answered 503. Every 3x3 position after the
first move is counted to the end (no random line estimates more than about
110,000 nodes there)."""


class CompareRequest(SearchRequest):
    """``POST /api/compare``: a depth-limited search beside perfect play (``search_depth`` is required)."""

    algorithm: TracedAlgorithm = Field(
        default="minimax", description="the depth-limited search (both give every move the same value)"
    )


class TextbookFields(Body):
    """A textbook tree: typed, or drawn at random from a seed."""

    tree: str | None = Field(
        default=None,
        max_length=TREE_MAX_CHARS,
        description="leaf values, e.g. '3 12 8 | 2 4 6 | 14 5 2' or '[[3 12 8] [2 4 6] [14 5 2]]'",
        examples=["3 12 8 | 2 4 6 | 14 5 2"],
    )
    seed: int | None = Field(
        default=None, ge=0, lt=2**63, description="without a tree: draw a random one from this seed"
    )
    levels: int = Field(
        default=3, ge=RANDOM_LEVELS[0], le=RANDOM_LEVELS[1], description="depth of a random tree (with seed)"
    )


class TextbookRequest(TextbookFields, OrderFields):
    """``POST /api/textbook``: search a textbook tree."""

    algorithm: TracedAlgorithm = Field(description="the search to trace")


class QuizRequest(TextbookFields, OrderField):
    """``POST /api/quiz``: check which nodes alpha-beta prunes."""

    answer: str = Field(
        max_length=ANSWER_MAX_CHARS,
        description="node names separated by spaces or commas, e.g. '2.2 2.3' (child numbers from 1); "
        "'none' if nothing is cut",
    )


def _position_job(kind: str, body: PositionRequest, options: Any, algorithm: str, seconds: float) -> TeachJob:
    game, state = read_position(body)
    return {
        "kind": kind,
        **job_position(game, state),
        "algorithm": algorithm,
        "options": options,
        "seconds": seconds,
    }


async def _run(job: TeachJob, lanes: Lanes) -> dict[str, Any]:
    """The job on a worker under the server's time limit; its problem becomes a 422 naming the field.

    The document comes back as the worker built it, a plain dict: each route names its shape (``answers.py``).
    """
    seconds = lanes.settings.seconds
    too_slow = f"this takes longer than {seconds:g} s on this server; try a position nearer the game's end"
    # The pool is typed for the analysis job; the worker dispatches on ``kind``.
    result = cast(DocumentResult, await lanes.on_worker(cast(Job, job), seconds, too_slow))
    if result["problem"] is not None:
        field, message = result["problem"]
        raise Problem(422, field, message)
    assert result["document"] is not None
    return result["document"]


@_post("/api/orders", OrdersAnswerJSON, "Nodes of minimax and of alpha-beta under every move order, with the best case")
async def orders(body: OrdersRequest, request: Request) -> OrdersAnswerJSON:
    # A finished game has no move open, so the whole search's size never refuses it before this does.
    game, state, options = read_search(body, "whole searches are counted")
    if game.is_over(state):
        raise Problem(422, "position", "the game is over: there is nothing to search")
    depth_note = start_depth(game, state, options, ORDERS_TOO_BIG)
    lanes = lanes_of(request)
    job = _position_job(ORDERS_KIND, body, options, "alphabeta", lanes.settings.seconds)
    document = cast(OrdersAnswerJSON, await _run(job, lanes))
    if depth_note is not None:
        document["depth_note"] = depth_note
    return document


@_post(
    "/api/compare",
    CompareAnswerJSON,
    "A depth-limited search beside perfect play: where it differs and what it costs",
)
async def compare(body: CompareRequest, request: Request) -> CompareAnswerJSON:
    game, state = read_position(body)
    if body.search_depth is None:
        raise Problem(422, "search_depth", "a comparison needs the depth-limited search's depth: give search_depth")
    options = check_search_options(game, body)
    if game.is_over(state):
        raise Problem(422, "position", "the game is over: there is no move to compare")
    lanes = lanes_of(request)
    job = _position_job(COMPARE_KIND, body, options, body.algorithm, lanes.settings.seconds)
    return cast(CompareAnswerJSON, await _run(job, lanes))


PRACTICE_MAX_NODES = 200
"""Most nodes a practice answer names: more than any tree the page draws."""


class PracticeRequest(TextbookFields):
    """``POST /api/practice``: grade a whole hand search of a textbook tree, node by node."""

    answers: dict[str, str] = Field(
        max_length=PRACTICE_MAX_NODES,
        description="by node name ('root', '2.1'): 'VALUE', 'VALUE ALPHA BETA' (bounds may be -inf, +inf), "
        "or 'x' for a node never visited; a node left out is unanswered",
        examples=[{"1.1": "3", "1": "3 -inf 3", "2.2": "x"}],
    )
    algorithm: Literal["alphabeta", "minimax"] = Field(default="alphabeta", description="the search practised")
    strict: bool = Field(default=False, description="cut only when a bound is passed, not on equality")
    root_window: Literal["first", "best"] = Field(
        default="first", description="the textbook root window (first) or the engine's (best)"
    )


def read_tree(body: TextbookFields) -> TextbookTree:
    """The request's textbook tree, typed or drawn from its seed; a problem naming the field otherwise."""
    if body.tree is not None and body.seed is not None:
        raise Problem(422, "seed", "give either a tree or a seed for a random one, not both")
    if body.tree is not None:
        with blame("tree"):
            return TextbookTree.parse_text(body.tree)
    if body.seed is None:
        raise Problem(422, "tree", "give a tree of leaf values such as '3 12 8 | 2 4 6 | 14 5 2', or a seed")
    return random_tree(random.Random(body.seed), body.levels)


@_post("/api/textbook", TextbookAnswerJSON, "Minimax or alpha-beta on a textbook tree of leaf values (trace JSON)")
async def textbook(body: TextbookRequest, request: Request) -> TextbookAnswerJSON:
    return await lanes_of(request).fast.run(textbook_json, body)


def textbook_json(body: TextbookRequest) -> TextbookAnswerJSON:
    tree = read_tree(body)
    if body.algorithm != "alphabeta":
        for field, given in (("order", body.order != "natural"), ("compare_order", body.compare_order)):
            if given:
                raise Problem(422, field, f"{field} is alpha-beta's; minimax searches every move")
    order = move_order(body.order, tree.move_values)
    trace = textbook_trace(tree, body.algorithm, order, max_nodes=RECORD_LIMIT, order_name=body.order)
    changes = None
    if body.compare_order is not None:
        other_order = move_order(body.compare_order, tree.move_values)
        other = textbook_trace(tree, "alphabeta", other_order, max_nodes=RECORD_LIMIT, order_name=body.compare_order)
        changes = compare_cuts(trace, other, body.compare_order)
    counted = order_counts(tree, (), tree.limit, evaluate=tree.evaluate, values=tree.move_values, find="first")
    counts = {"minimax": counted.minimax.nodes, "alphabeta": counted.orders[body.order].nodes}
    document = cast(TextbookAnswerJSON, trace_document(trace, counts, changes=changes))
    document["tree_text"] = tree_text(tree.root)
    document["order_counts"] = order_counts_json(counted)
    return document


@_post("/api/quiz", QuizJSON, "Which nodes does alpha-beta prune? An answer checked, every cut explained")
async def quiz(body: QuizRequest, request: Request) -> QuizJSON:
    return await lanes_of(request).fast.run(quiz_json, body)


def quiz_json(body: QuizRequest) -> QuizJSON:
    tree = read_tree(body)
    order = move_order(body.order, tree.move_values)
    with blame("answer"):
        check = check_pruning(tree, body.answer, order)
    trace = textbook_trace(tree, "alphabeta", order)
    words = quiz_words(check, trace)
    return {
        "tree_text": tree_text(tree.root),
        "correct": check.correct,
        "answer": list(check.answer),
        "pruned": list(check.pruned),
        "missed": list(check.missed),
        "wrong": list(check.wrong),
        "cuts": [
            {
                "node": reason.node,
                "role": reason.role,
                "condition": cut_text(reason.cut),
                "pruned": list(reason.pruned),
                "text": cut_reason_text(reason),
            }
            for reason in cut_reasons(trace)
        ],
        "words": {"verdict": words.verdict, "details": list(words.details), "summary": words.summary},
        "value": trace.value,
        "best": [node_name((move,)) for move in trace.best],
        "nodes": trace.nodes,
    }


@_post(
    "/api/practice",
    PracticeJSON,
    "A hand search of a textbook tree graded node by node: values, alpha, beta and cuts, with reasons",
)
async def practice(body: PracticeRequest, request: Request) -> PracticeJSON:
    return await lanes_of(request).fast.run(practice_json, body)


def practice_json(body: PracticeRequest) -> PracticeJSON:
    tree = read_tree(body)
    convention = Convention(cut_on_equal=not body.strict, root_window=body.root_window, algorithm=body.algorithm)
    answers: dict[tuple[int, ...], NodeAnswer] = {}
    with blame("answers"):
        for name, text in body.answers.items():
            path = () if name.strip().lower() == "root" else tree.parse(name)
            if len(text) > 40:
                raise Problem(422, "answers", f"the answer for {name[:12]} is longer than 40 characters")
            answers[path] = parse_node_answer(text, convention.algorithm == "alphabeta")
    result = grade_practice(tree.root, answers, convention)
    key = answer_key(tree.root, convention)
    return {
        "tree_text": tree_text(tree.root),
        "convention": convention.describe(),
        "asked": result.asked,
        "right": result.right,
        "perfect": result.perfect,
        "mistakes": [
            {"node": m.name, "field": m.field, "given": m.given, "expected": m.expected, "reason": m.reason}
            for m in result.mistakes
        ],
        "order": [node.name for node in returning_order(key)],
    }


MCTS_ITERATIONS_MAX = 20_000
"""Most iterations one MCTS tree grows here: well within the server's time limit on every built-in game."""

STUDY_ITERATIONS_MAX = 3_000
"""Most iterations a convergence study's last checkpoint may ask for here."""

STUDY_WORK_MAX = 60_000
"""Most iterations a study may grow in all (runs times the last checkpoint): a few seconds of Python."""


class MctsTreeRequest(PositionRequest):
    """``POST /api/mcts``: the tree one seeded MCTS grew for the position."""

    iterations: int = Field(default=1000, ge=1, le=MCTS_ITERATIONS_MAX, description="UCT iterations")
    seed: int = Field(default=0, ge=0, lt=2**31, description="the search's seed: the same seed grows the same tree")
    depth: int = Field(default=1, ge=0, le=DEPTH_MAX, description="show nodes at most this many plies below the top")
    max_nodes: int = Field(default=200, ge=1, le=NODES_MAX, description="show at most this many nodes")
    path: list[int] = Field(
        default_factory=list, max_length=64, description="moves from the position to the node whose subtree to answer"
    )


class MctsStudyRequest(PositionRequest):
    """``POST /api/mcts/convergence``: MCTS held against the exact value as its iterations grow."""

    iterations: list[int] = Field(
        default_factory=lambda: [10, 30, 100, 300, 1000],
        min_length=1,
        max_length=12,
        description=f"increasing checkpoints, each from 1 to {STUDY_ITERATIONS_MAX:,}",
    )
    runs: int = Field(default=10, ge=1, le=30, description="seeded runs averaged at each checkpoint")
    seed: int = Field(default=0, ge=0, lt=2**31, description="the first run's seed (the others follow it)")


def _mcts_job(kind: str, body: PositionRequest, iterations: list[int], **fields: Any) -> dict[str, Any]:
    game, state = read_position(body)
    if game.is_over(state):
        raise Problem(422, "position", "the game is over: MCTS has no move to search")
    return {
        "kind": kind,
        **job_position(game, state),
        "iterations": iterations,
        "runs": 1,
        "seed": 0,
        "depth": 0,
        "max_nodes": 1,
        "path": [],
        **fields,
    }


@_post(
    "/api/mcts",
    MctsAnswerJSON,
    "The tree Monte Carlo tree search grew: visits, mean rewards and the exact value of each move",
)
async def mcts_tree(body: MctsTreeRequest, request: Request) -> MctsAnswerJSON:
    fields = {"seed": body.seed, "depth": body.depth, "max_nodes": body.max_nodes, "path": body.path}
    job = _mcts_job(MCTS_TREE_KIND, body, [body.iterations], **fields)
    return cast(MctsAnswerJSON, await _run(cast(TeachJob, job), lanes_of(request)))


@_post(
    "/api/mcts/convergence",
    ConvergenceAnswerJSON,
    "MCTS against the exact value: how often its move is an exact best one, and its value's error",
)
async def mcts_convergence(body: MctsStudyRequest, request: Request) -> ConvergenceAnswerJSON:
    checkpoints = body.iterations
    if checkpoints != sorted(set(checkpoints)) or not 1 <= checkpoints[0] <= checkpoints[-1] <= STUDY_ITERATIONS_MAX:
        raise Problem(422, "iterations", f"iterations are increasing counts from 1 to {STUDY_ITERATIONS_MAX:,}")
    if body.runs * checkpoints[-1] > STUDY_WORK_MAX:
        raise Problem(
            422, "runs", f"runs times the last checkpoint is at most {STUDY_WORK_MAX:,} here: ask for fewer of either"
        )
    job = _mcts_job(MCTS_STUDY_KIND, body, checkpoints, runs=body.runs, seed=body.seed)
    return cast(ConvergenceAnswerJSON, await _run(cast(TeachJob, job), lanes_of(request)))
