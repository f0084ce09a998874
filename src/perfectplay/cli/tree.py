"""``perfectplay tree``: draw the tree minimax or alpha-beta searched for a position.

The drawing names how many nodes both algorithms need for this position, so
the untraced twin of the chosen algorithm also runs (for the empty 3x3 board
that is minimax's 549,946 nodes, about two seconds).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from perfectplay.cli.options import add_position_arguments, read_position
from perfectplay.errors import PerfectplayError
from perfectplay.search.alphabeta import alphabeta
from perfectplay.search.limits import Limit
from perfectplay.search.minimax import minimax
from perfectplay.search.trace import ALGORITHMS, DEFAULT_MAX_NODES, RECORD_LIMIT, SEARCH_NODES, Trace, trace_search
from perfectplay.viz import trace_dot, trace_json, trace_svg

RENDERERS: dict[str, Callable[[Trace, dict[str, int] | None], str]] = {
    "svg": trace_svg,
    "dot": trace_dot,
    "json": trace_json,
}


def _at_least(lowest: int, what: str) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} must be a whole number, not {text!r}") from None
        if value < lowest:
            raise argparse.ArgumentTypeError(f"{what} must be {lowest} or more, not {value}")
        return value

    return parse


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "tree",
        help="draw the search tree minimax or alpha-beta explored (SVG, DOT or JSON)",
        description="Draw the tree that minimax or alpha-beta really searched for a position: "
        "values in the MAX/MIN view, the chosen line, pruned moves and why they were cut, and "
        "the node counts of both algorithms. Every node is counted; --depth and --max-nodes "
        "only limit what is drawn (the first nodes level by level).",
    )
    add_position_arguments(parser)
    parser.add_argument(
        "--algorithm", choices=ALGORITHMS, default="alphabeta", help="the search to trace (default alphabeta)"
    )
    parser.add_argument(
        "--depth", type=_at_least(0, "--depth"), metavar="D", help="draw nodes at most D plies below the position"
    )
    parser.add_argument(
        "--max-nodes",
        type=_at_least(1, "--max-nodes"),
        default=DEFAULT_MAX_NODES,
        metavar="N",
        help=f"draw at most N nodes (default {DEFAULT_MAX_NODES}, at most {RECORD_LIMIT:,}); "
        "the rest become '+N more' stubs",
    )
    parser.add_argument("--format", choices=sorted(RENDERERS), default="svg", help="output format (default svg)")
    parser.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")
    parser.set_defaults(run=run_tree)


def run_tree(args: argparse.Namespace) -> int:
    game, state = read_position(args)
    trace = trace_search(game, state, args.algorithm, depth=args.depth, max_nodes=args.max_nodes)
    # Side by side with the other search; its untraced run gives the same count.
    counts: dict[str, int] = {trace.algorithm: trace.nodes}
    other = alphabeta if trace.algorithm == "minimax" else minimax
    run = other(game, state, Limit(nodes=SEARCH_NODES))
    if run.complete:
        counts[run.algorithm] = run.nodes
    text = RENDERERS[args.format](trace, counts)
    if args.output is None:
        sys.stdout.write(text)
        return 0
    try:
        Path(args.output).write_text(text, encoding="utf-8")
    except OSError as error:
        raise PerfectplayError(f"cannot write {args.output}: {error.strerror or error}") from None
    return 0
