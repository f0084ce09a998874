"""``perfectplay tree``: draw the tree minimax or alpha-beta searched for a position.

The search can be the textbook one to the end of the game, or depth-limited
with an evaluation function (``--depth``, ``--eval``: horizon nodes and
their heuristic values are marked), alpha-beta with a chosen move order
(``--order``; ``--compare-order`` marks the cuts that appear and vanish
against another order), or a textbook tree of leaf values (``--game
textbook``). The drawing names how many nodes both algorithms need, so the
untraced twin also runs; every search is capped by ``--max-search-nodes``
and reports its progress on a terminal.

By default the drawing stays small enough to read (``DEFAULT_DRAWN``
nodes, level by level) and says in its header how to see more.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from perfectplay import Game, Limit, PerfectplayError, alphabeta, minimax
from perfectplay.cli.options import (
    TEXTBOOK,
    add_depth_options,
    add_position_arguments,
    add_root_window_option,
    add_search_cap,
    add_whole,
    path,
    read_position,
)
from perfectplay.cli.output import write_file
from perfectplay.cli.progress import ProgressLine
from perfectplay.cli.tree_mcts import run_mcts_tree
from perfectplay.files import check_target
from perfectplay.teaching import (
    ORDERS,
    RECORD_LIMIT,
    SEARCH_NODES,
    TRACEABLE,
    Trace,
    compare_cuts,
    estimated_tree_size,
    move_order,
    trace_search,
)
from perfectplay.viz import trace_dot, trace_json, trace_sexpr, trace_svg, trace_tikz
from perfectplay.words import DEFAULT_ROOT_WINDOW, root_window

RENDERERS: dict[str, Callable[..., str]] = {
    "svg": trace_svg,
    "dot": trace_dot,
    "json": trace_json,
    "tikz": trace_tikz,
    "sexpr": trace_sexpr,
}

DEFAULT_DRAWN = 25
"""Nodes drawn when the user does not say: a drawing a person can read (whole levels first)."""

MAX_MCTS_ITERATIONS = 200_000
"""Most MCTS iterations ``tree`` grows from the command line (as ``perfectplay mcts``'s checkpoints)."""

DEFAULT_DEPTH = 2
"""The depth limit a search starts with when the position is far too big to search to the end."""

MAX_SHOW_DEPTH = 250
"""The largest ``--show-depth``: more plies than the longest game on the biggest board."""


def configure(parser: argparse.ArgumentParser, name: str) -> None:
    parser.description = (
        "Draw the tree that minimax or alpha-beta really searched for a position: values in the MAX/MIN view, "
        "the chosen line, pruned moves and why they were cut, horizon nodes with their heuristic values, and "
        "the node counts of both algorithms. Every node is counted; --show-depth and --max-nodes only limit "
        "what is drawn (the first nodes level by level)."
    )
    add_position_arguments(parser, textbook=True)
    parser.add_argument(
        "--algorithm",
        choices=(*TRACEABLE, "mcts"),
        default="alphabeta",
        help="the search to trace (default alphabeta); mcts draws the tree Monte Carlo tree search grew",
    )
    add_whole(
        parser,
        "--iterations",
        1,
        MAX_MCTS_ITERATIONS,
        default=1000,
        metavar="N",
        help=f"with --algorithm mcts: UCT iterations, 1 to {MAX_MCTS_ITERATIONS:,} (default 1000)",
    )
    add_whole(parser, "--seed", 0, 2**31, default=0, help="with --algorithm mcts: its seed, 0 to 2**31 (default 0)")
    add_depth_options(parser)
    parser.add_argument(
        "--order", choices=tuple(ORDERS), default="natural", help="alpha-beta's move order (default natural)"
    )
    add_root_window_option(parser)
    parser.add_argument(
        "--compare-order",
        choices=tuple(ORDERS),
        metavar="ORDER",
        help="mark the cuts that appear and vanish against alpha-beta with this order",
    )
    add_whole(
        parser,
        "--show-depth",
        0,
        MAX_SHOW_DEPTH,
        metavar="D",
        help=f"draw nodes at most D plies below the position (0 to {MAX_SHOW_DEPTH})",
    )
    add_whole(
        parser,
        "--max-nodes",
        1,
        RECORD_LIMIT,
        metavar="N",
        help=f"draw at most N nodes (default {DEFAULT_DRAWN}, at most {RECORD_LIMIT:,}; a textbook tree is drawn "
        "whole), the rest become '+N more' stubs",
    )
    add_search_cap(parser, SEARCH_NODES)
    parser.add_argument(
        "--format",
        choices=sorted({*RENDERERS, "text"}),
        default="svg",
        help="output format (default svg; text: an outline, for --algorithm mcts)",
    )
    parser.add_argument(
        "-o", "--output", type=path("--output"), metavar="FILE", help="write to FILE instead of standard output"
    )
    parser.set_defaults(run=run_tree)


def search_settings(args: argparse.Namespace, game: Game[Any], state: Any = None) -> tuple[Limit, Any, str]:
    """The search limit, evaluation function and its name that the arguments ask for.

    Given the ``state`` to search, a position far too big to search to the
    end gets ``DEFAULT_DEPTH`` when the arguments name no depth.
    """
    from perfectplay.teaching import LEAF_VALUES, TextbookTree

    if isinstance(game, TextbookTree):
        if args.depth is not None or args.eval is not None:
            raise PerfectplayError("a textbook tree is searched to its leaves: leave out --depth and --eval")
        return Limit(depth=game.depth, nodes=args.max_search_nodes), game.evaluate, LEAF_VALUES
    if args.eval is not None and args.depth is None:
        raise PerfectplayError("--eval needs --depth D: without a depth limit the search never stops to evaluate")
    if (
        state is not None
        and args.depth is None
        and args.eval is None
        and far_too_big(game, state, args.algorithm, args.max_search_nodes)
    ):
        # Searching to the end would only run into the node cap after many seconds: start with a horizon.
        args.depth = DEFAULT_DEPTH
        sys.stderr.write(
            f"perfectplay tree: this position is far too big to search to the end; drawing a search "
            f"{DEFAULT_DEPTH} plies deep (choose one with --depth D)\n"
        )
    if args.depth is None:
        return Limit(nodes=args.max_search_nodes), None, "none"
    from perfectplay.teaching import default_evaluation, get_evaluation

    evaluation = get_evaluation(args.eval or default_evaluation(game), game, load=True)
    return Limit(depth=args.depth, nodes=args.max_search_nodes), evaluation.function, evaluation.name


def far_too_big(game: Game[Any], state: Any, algorithm: str, cap: int) -> bool:
    """True if a search to the end would surely need more than ten times ``cap`` nodes.

    Minimax visits the whole tree; alpha-beta, with the moves in no
    particular order, about the tree's size to the power 3/4 (Knuth and
    Moore). The margin keeps every search that might fit.
    """
    size = estimated_tree_size(game, state)
    needed = size if algorithm == "minimax" else size**0.75
    return needed > 10 * cap


def order_for(name: str, game: Game[Any]) -> Any:
    from perfectplay.teaching import TextbookTree

    return move_order(name, game.move_values if isinstance(game, TextbookTree) else None)


def run_tree(args: argparse.Namespace) -> int:
    if args.output is not None:
        check_target(args.output)  # a FIFO, a device or a link: one line before the search, not after it
    if args.algorithm == "mcts":
        return run_mcts_tree(args, DEFAULT_DRAWN)
    if args.iterations != 1000 or args.seed != 0:
        raise PerfectplayError("--iterations and --seed are for --algorithm mcts")
    if args.format not in RENDERERS:
        raise PerfectplayError(
            f"--format {args.format} is for --algorithm mcts; a search tree is drawn as {', '.join(sorted(RENDERERS))}"
        )
    game, state = read_position(args)
    textbook = args.game.strip().lower() == TEXTBOOK
    if (args.order != "natural" or args.compare_order) and args.algorithm != "alphabeta":
        raise PerfectplayError("--order and --compare-order are for alpha-beta; minimax searches every move")
    if args.root_window != DEFAULT_ROOT_WINDOW and args.algorithm != "alphabeta":
        raise PerfectplayError("--root-window is alpha-beta's; minimax searches every move with no window")
    limit, evaluate, evaluation = search_settings(args, game, state)
    drawn = args.max_nodes or (RECORD_LIMIT if textbook else DEFAULT_DRAWN)
    extra: dict[str, Any] = {"evaluate": evaluate} if evaluate is not None else {}
    find = root_window(args.root_window)
    with ProgressLine(f"tracing {args.algorithm}") as progress:
        trace = trace_search(
            game,
            state,
            args.algorithm,
            depth=args.show_depth,
            max_nodes=drawn,
            limit=limit,
            evaluation=evaluation,
            order=order_for(args.order, game),
            find=find,
            progress=progress,
            order_name=args.order,
            **extra,
        )
        counts: dict[str, int] = {trace.algorithm: trace.nodes}
        progress.what = "counting the other search"
        if args.algorithm == "minimax":
            order = order_for(args.order, game)
            run = alphabeta(game, state, limit, order=order, find=find, progress=progress, **extra)
        else:
            run = minimax(game, state, limit, progress=progress, **extra)
        if run.nodes < args.max_search_nodes:  # not stopped by the cap: the count is the whole search's
            counts[run.algorithm] = run.nodes
        changes = None
        if args.compare_order:
            other = trace_search(
                game,
                state,
                "alphabeta",
                max_nodes=RECORD_LIMIT,
                limit=limit,
                evaluation=evaluation,
                order=order_for(args.compare_order, game),
                find=find,
                order_name=args.compare_order,
                **extra,
            )
            changes = compare_cuts(trace, other, args.compare_order)
    note = None if textbook else more_note(args, trace)
    text = RENDERERS[args.format](trace, counts, note=note, changes=changes)
    if args.output is None:
        sys.stdout.write(text)
        return 0
    write_file(args.output, text)
    return 0


def more_note(args: argparse.Namespace, trace: Trace) -> str | None:
    """How to draw more, when the drawing leaves searched nodes out."""
    if trace.shown >= trace.nodes:
        return None
    bigger = min(RECORD_LIMIT, trace.nodes, max(trace.node_limit * 4, 200))
    deeper = "" if args.show_depth is None else " and a larger --show-depth"
    return (
        f"Drawn: the first {trace.shown:,} of {trace.nodes:,} nodes, level by level. To draw more, add "
        f"--max-nodes {bigger}{deeper} to the command; --depth 2 draws a depth-limited search instead."
    )
