"""What a request computes, as plain data in and out, and the worker process that computes it.

A job is a JSON object so that it can cross a process boundary as one line
(``workers.py`` sends it); each ``run_*`` is a pure function of it, so the
same job gives the same answer in a worker, in a test or in the server
process. Four kinds: the analysis (and the computer's move) every play route
asks for; the search tree of ``POST /api/tree``, or one subtree of it; the
node counts under every move order (``POST /api/orders``); a depth-limited
search beside perfect play (``POST /api/compare``). A teaching job answers
a document, or a problem (field, message) the request is refused with.

Run as ``python -m perfectplay.web.jobs``, this is a search worker: one JSON
job per line on stdin, one JSON result per line on stdout. A plain
subprocess rather than multiprocessing: it can be killed mid-search without
leaving a pool in a broken state, and it never re-imports the server's
``__main__``. It imports the engine, the teaching tools and the words only
(no FastAPI, no pydantic), so it starts fast.
"""

from __future__ import annotations

import copy
import functools
import json
import random
import sys
import traceback
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, TypedDict, cast

from perfectplay import Analysis, Game, Limit, PerfectplayError, analyze, parse_position, score_moves
from perfectplay.documents import AdviceJSON, AnalysisJSON, analysis_json, comparison_json, order_counts_json
from perfectplay.play import choose_move
from perfectplay.search.solver import TranspositionTable
from perfectplay.teaching import (
    EVALUATIONS,
    ORDERS,
    RECORD_LIMIT,
    RootSearch,
    Trace,
    TraceNode,
    TraceTooLarge,
    compare_cuts,
    compare_with_perfect_play,
    evaluation_names,
    get_evaluation,
    limited_value_text,
    mcts_tree,
    move_order,
    move_value,
    order_counts,
    study_convergence,
    trace_search,
)
from perfectplay.viz import convergence_document, convergence_svg, mcts_document, subtree_document, trace_document
from perfectplay.words import advised_moves, choice_text, hint_text, root_window, unproven_text

# --- the analysis and the computer's move: every play route ---------------------------------------

LOOK_AHEAD_SHARE = 0.1
"""The share of the search limit each look one move ahead may spend (the perfect level's tie-break)."""

LEVEL_SHARE = 0.1
"""The least share of the search limit a depth or MCTS level's own search gets: it has what the analysis left of
the limit, and at least this (the job's whole time stays within the limit and the worker's backstop)."""


class JobPosition(TypedDict):
    """The position every job carries: the game's spec, the position in its notation, the side to move."""

    game: str
    position: str
    to_move: str


def job_position(game: Game[Any], state: Any) -> JobPosition:
    """``state`` as a job carries it (the worker makes the game and reads the position again from these)."""
    return {"game": game.name, "position": game.format(state), "to_move": game.to_move(state).value}


class _JobOptions(TypedDict, total=False):
    proven_from_start: bool  # whether the strongest level may be called "perfect" in this game (default: yes)


class Job(_JobOptions):
    """A position to analyze and, when ``level`` is set, the computer's move in it."""

    game: str
    position: str
    to_move: str
    level: str | None
    level_note: str | None
    seed: int | None
    seconds: float


class JobResult(TypedDict):
    analysis: AnalysisJSON
    move: int | None
    advice: AdviceJSON


def run_job(job: Job, limit: Limit | None = None) -> JobResult:
    """Analyze the job's position within ``job["seconds"]`` and, if asked, choose the computer's move.

    A search that reaches the limit answers with what it has proven
    (``complete: false``); the computer's move is chosen from that same
    analysis, so a move costs one search, not two. ``limit``, if given,
    replaces the job's time limit (the server's fast lane tries a node budget).
    """
    game, state = parse_position(job["position"], job["game"], to_move=job["to_move"])
    table = TranspositionTable()
    # A computer's move is a player's question, answered at once from a book or table; an analysis runs on.
    at_once = job["level"] is not None
    analysis = analyze(game, state, limit=limit or Limit(seconds=job["seconds"]), table=table, at_once=at_once)
    move = None
    if job["level"] is not None:
        # Without a seed every game differs: a fresh generator picks among
        # equally good moves. With one, the same request gives the same move.
        rng = random.Random(job["seed"]) if job["seed"] is not None else random.Random()
        # The tie-break among equally good moves looks at the positions after
        # them; each such look gets a small share of the budget and reuses
        # the table, so a move still costs about one search.
        glance = limit or Limit(seconds=job["seconds"] * LOOK_AHEAD_SHARE)

        def analyst(asked_game: Game[Any], asked: Any) -> Analysis:
            if asked == state:
                return analysis
            return analyze(asked_game, asked, limit=glance, table=table, at_once=True)

        # A depth or MCTS level searches on its own, in what the analysis left of the job's seconds.
        left = max(job["seconds"] - analysis.seconds, job["seconds"] * LEVEL_SHARE)
        move = choose_move(game, state, job["level"], rng, analyst=analyst, seconds=left)
    return {"analysis": analysis_json(analysis), "move": move, "advice": advice_json(game, analysis, job, move)}


def advice_json(game: Game[Any], analysis: Analysis, job: Job, move: int | None) -> AdviceJSON:
    """The hint and, after the computer's move, why it played it: the page shows these sentences as they are."""
    if not analysis.moves:
        return {"moves": [], "hint": None, "why": None, "unproven": None}
    why = None
    if move is not None and job["level"] is not None:
        proven = job.get("proven_from_start", True)
        why = choice_text(game, analysis, move, job["level"], job["level_note"], proven_from_start=proven)
    return {
        "moves": [entry.move for entry in advised_moves(analysis)],
        "hint": hint_text(game, analysis),
        "why": why,
        # Said whenever a limit stopped the search: its moves are then not proven, whatever the level.
        "unproven": unproven_text(analysis),
    }


# --- the teaching options, as a job carries them --------------------------------------------------

NODE_CAP = 600_000
"""Most nodes one traced or counted search may visit here: the whole 3x3 game tree (549,946) and a little more."""


class SearchOptions(TypedDict):
    """Checked teaching options (``schemas.check_search_options``), as a job carries them to a worker."""

    search_depth: int | None
    evaluation: str
    order: str
    compare_order: str | None
    root: str


def search_setup(game: Game[Any], options: SearchOptions) -> tuple[Limit, dict[str, Any], RootSearch]:
    """The search limit (the node cap, and the depth limit if any), the evaluation keywords and the root search.

    The keywords are ``evaluate`` and ``evaluation`` for ``trace_search``
    (empty without a depth limit, where nothing is evaluated).
    """
    depth = options["search_depth"]
    limit = Limit(depth=depth, nodes=NODE_CAP)
    if depth is None:
        return limit, {}, root_window(options["root"])
    evaluation = get_evaluation(options["evaluation"], game)
    return limit, {"evaluate": evaluation.function, "evaluation": evaluation.name}, root_window(options["root"])


def evaluations_json(game: Game[Any]) -> list[dict[str, str]]:
    """The named evaluations that suit ``game``, with what each returns, for the page's list."""
    return [{"name": name, "summary": EVALUATIONS[name].summary} for name in evaluation_names(game)]


def too_large(algorithm: str, options: SearchOptions, error: Exception) -> str:
    """Why a search is too large to trace here, and what to try instead."""
    if options["search_depth"] is None:
        return f"{error}"
    return (
        f"the depth-{options['search_depth']} {algorithm} search of this position needs more than {NODE_CAP:,} "
        "nodes; choose a smaller search depth"
    )


# --- the search tree: POST /api/tree ---------------------------------------------------------------
#
# A job with a ``path`` (moves from the position) returns the node at the end
# of that path as the real search saw it: the search always starts at the
# position, so values stay in the position's MAX/MIN view, node ids stay the
# visiting order of the whole search, and alpha-beta's windows and cuts are
# the ones it really used there. Re-searching the subtree's position on its
# own would give a different (wider-window) tree.

TREE_KIND = "tree"
"""The ``kind`` that marks a job as this one in the worker's dispatch."""


class TreeJob(TypedDict):
    kind: str
    game: str
    position: str
    to_move: str
    algorithm: str
    depth: int
    max_nodes: int
    path: list[int]
    options: SearchOptions


class DocumentResult(TypedDict):
    """A tree or teaching job's answer: its document, or why it cannot be given (``problem``: field, message)."""

    document: dict[str, Any] | None
    problem: list[str] | None


def trace_for(
    game: Game[Any],
    state: Any,
    algorithm: str,
    options: SearchOptions,
    *,
    depth: int | None,
    max_nodes: int,
    order: str | None = None,
) -> Trace:
    """The traced search the options ask for (``order`` replaces theirs); ``TraceTooLarge`` past the node cap."""
    limit, evaluation, find = search_setup(game, options)
    name = order or options["order"]
    return trace_search(
        game,
        state,
        algorithm,
        depth=depth,
        max_nodes=max_nodes,
        limit=limit,
        order=move_order(name),
        order_name=name,
        find=find,
        **evaluation,
    )


class RecentAnswers:
    """The answers most recently asked for, kept as JSON text up to ``budget`` characters in all, oldest out first.

    Text rather than the answer itself: its length is what keeping it costs
    (a tree of 2,000 nodes is about 4 MB of JSON, the empty board's first
    level 47 kB), and every asker gets a fresh copy read from it.
    """

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self._texts: OrderedDict[str, str] = OrderedDict()
        self._size = 0

    def get(self, key: str, make: Callable[[], Any]) -> Any:
        """The answer kept under ``key``, else ``make()``'s, kept if it fits the budget."""
        text = self._texts.pop(key, None)
        if text is None:
            text = json.dumps(make())
        else:
            self._size -= len(text)
        if len(text) <= self.budget:
            self._texts[key] = text  # the most recent last
            self._size += len(text)
            while self._size > self.budget:
                _, oldest = self._texts.popitem(last=False)
                self._size -= len(oldest)
        return json.loads(text)


TREE_CHARS_KEPT = 16_000_000
"""Characters of tree answers a worker keeps (``RecentAnswers``). A tree answer is a pure function of its job
(the trace is bounded by a node cap, never a clock; its ``seconds`` are those of the search that made it), and
the same request comes back often: every visitor who opens the tree panel on the empty board asks for the same
two trees, and the textbook minimax's costs about two seconds of CPU."""

_trees = RecentAnswers(TREE_CHARS_KEPT)


def run_tree_job(job: TreeJob) -> DocumentResult:
    """The trace document the job asks for, or why it cannot be given; a job asked for again is not traced again."""
    # Sorted keys: one text for one job, whatever order its fields arrived in.
    result: DocumentResult = _trees.get(json.dumps(job, sort_keys=True), lambda: _traced_tree(job))
    return result


def _traced_tree(job: TreeJob) -> DocumentResult:
    game, state = parse_position(job["position"], job["game"], to_move=job["to_move"])
    path, options, algorithm = job["path"], job["options"], job["algorithm"]
    try:
        if path:
            # Every node within reach is kept (up to the engine's record limit), so the
            # focus node is shown whatever its place in breadth-first order.
            trace = trace_for(game, state, algorithm, options, depth=len(path) + job["depth"], max_nodes=RECORD_LIMIT)
        else:
            trace = trace_for(game, state, algorithm, options, depth=job["depth"], max_nodes=job["max_nodes"])
        changes = None
        other = options["compare_order"]
        if other is not None:
            against = trace_for(game, state, algorithm, options, depth=None, max_nodes=RECORD_LIMIT, order=other)
            changes = compare_cuts(trace, against, other)
    except TraceTooLarge as error:
        return {"document": None, "problem": ["position", too_large(algorithm, options, error)]}
    extra = {"path": path, "evaluations": evaluations_json(game)}

    def view(state: Any) -> dict[str, Any]:
        # The parts of a view that make a board playable (click, labels) are left out: a tree's boards are still.
        return {key: value for key, value in game.view(state).items() if key not in ("click", "labels")}

    if not path:
        return {"document": {**trace_document(trace, changes=changes, view=view), **extra}, "problem": None}
    line = _line(trace.root, path)
    if line is None:
        return {"document": None, "problem": ["path", _missing(trace, path)]}
    shown = sum(1 for _ in line[-1].walk())
    if shown > job["max_nodes"]:
        message = f"this subtree has {shown:,} nodes within depth {job['depth']}; ask for less depth or more max_nodes"
        return {"document": None, "problem": ["depth", message]}
    limits = {"depth": job["depth"], "max_nodes": job["max_nodes"]}
    document = subtree_document(trace, line, limits, changes=changes, view=view)
    return {"document": {**document, **extra}, "problem": None}


def _line(root: TraceNode, path: list[int]) -> list[TraceNode] | None:
    """The shown nodes from the root along ``path``, or None where the path leaves the shown tree."""
    line = [root]
    for move in path:
        child = next((child for child in line[-1].children if child.move == move), None)
        if child is None:
            return None
        line.append(child)
    return line


def _missing(trace: Trace, path: list[int]) -> str:
    node = trace.root
    for number, move in enumerate(path, start=1):
        child = next((child for child in node.children if child.move == move), None)
        if child is not None:
            node = child
            continue
        if any(hidden.move == move for hidden in node.hidden):
            return (
                f"move {number} of the path ({move}) leads to a node beyond the first {RECORD_LIMIT:,} "
                "nodes the tracer keeps; play a move or two first"
            )
        return f"move {number} of the path ({move}) is not a move the search made there"
    raise AssertionError("the whole path was found")


# --- move orders and depth limits: POST /api/orders, POST /api/compare ------------------------------

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


ORDERS_KEPT = 32
"""Answers of the orders job a worker keeps. The counts are a pure function of the position and the options
that shape the search (a node cap, never a clock), and the same few positions come back again and again: the
empty board, which every visitor who opens the panel asks for first, costs about two seconds of CPU."""


def run_orders_job(job: TeachJob) -> DocumentResult:
    """Minimax's nodes and alpha-beta's under every named order, with the best case for reference."""
    options = job["options"]
    # Every order is counted anyway, so only the depth, the evaluation and the root window shape the answer.
    shaping = (options["search_depth"], options["evaluation"], options["root"])
    return copy.deepcopy(_counted_orders(job["game"], job["position"], job["to_move"], *shaping))


def proven_values(nodes: int) -> Callable[[Game[Any], Any], dict[int, int]]:
    """The exact move values best-first and worst-first sort by, each position's proven within ``nodes``.

    Where the solver does not prove every move of a position within the cap
    (early Connect Four: hours), a ``PerfectplayError`` says so at once,
    instead of a worker searching past the server's time limit. A cap, not a
    clock: the answer is the same on every machine, so it may be kept.
    """
    table = TranspositionTable()

    def values(game: Game[Any], state: Any) -> dict[int, int]:
        analysis = score_moves(game, state, Limit(nodes=nodes), table=table)
        if not analysis.complete:
            raise PerfectplayError(
                "best-first and worst-first order the moves by their exact values, and the solver does not prove "
                "them within this server's limits here: choose a position nearer the end of the game"
            )
        return {entry.move: entry.score for entry in analysis.moves if entry.score is not None}

    return values


@functools.lru_cache(maxsize=ORDERS_KEPT)
def _counted_orders(
    game_spec: str, position: str, to_move: str, search_depth: int | None, evaluation: str, root: str
) -> DocumentResult:
    # Every order is counted, so the options' own order and compared order play no part.
    options: SearchOptions = {
        "search_depth": search_depth,
        "evaluation": evaluation,
        "order": "",
        "compare_order": None,
        "root": root,
    }
    game, state = parse_position(position, game_spec, to_move=to_move)
    limit, keywords, find = search_setup(game, options)
    try:
        values = proven_values(NODE_CAP)
        counts = order_counts(game, state, limit, evaluate=keywords.get("evaluate"), values=values, find=find)
    except PerfectplayError as error:  # minimax alone would pass the node cap, or an exact value: say so
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


def run_compare_job(job: TeachJob) -> DocumentResult:
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


# --- Monte Carlo tree search: the tree it grew, and its convergence to the exact value --------------

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


def run_mcts_tree_job(job: MctsJob) -> DocumentResult:
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


def run_mcts_study_job(job: MctsJob) -> DocumentResult:
    """MCTS held against the exact value at each checkpoint: the same study as ``perfectplay mcts``, and its plot."""
    game, state = parse_position(job["position"], job["game"], to_move=job["to_move"])
    try:
        study = study_convergence(
            game, state, tuple(job["iterations"]), runs=job["runs"], seed=job["seed"], exact_limit=Limit(nodes=NODE_CAP)
        )
    except PerfectplayError as error:  # no exact value to hold MCTS against within the server's node cap
        return {"document": None, "problem": ["position", str(error)]}
    return {"document": {**convergence_document(study), "svg": convergence_svg(study)}, "problem": None}


# --- the worker process ----------------------------------------------------------------------------

TEACHING: dict[str, Callable[[Any], DocumentResult]] = {
    ORDERS_KIND: run_orders_job,
    COMPARE_KIND: run_compare_job,
    MCTS_TREE_KIND: run_mcts_tree_job,
    MCTS_STUDY_KIND: run_mcts_study_job,
}
"""The teaching views' jobs, by ``kind``."""


def serve_forever() -> None:
    for line in sys.stdin:
        job: dict[str, Any] = json.loads(line)
        reply: dict[str, Any]
        try:
            if job.get("kind") == TREE_KIND:
                reply = {"ok": run_tree_job(cast(TreeJob, job))}
            elif job.get("kind") in TEACHING:
                reply = {"ok": TEACHING[job["kind"]](job)}
            else:
                reply = {"ok": run_job(cast(Job, job))}
        except Exception as error:  # a bug, not bad input: the server validated the job
            traceback.print_exc(file=sys.stderr)
            reply = {"error": f"{type(error).__name__}: {error}"}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    serve_forever()
