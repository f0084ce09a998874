"""``perfectplay orders``: how much alpha-beta prunes under each move order, side by side.

The same position, the same search (to the end, or ``--depth D`` with an
evaluation), alpha-beta with every named order, minimax as the worst case
and Knuth and Moore's best case for a tree with this position's branching
for reference. ``perfectplay tree --order NAME`` draws any one of them.
"""

from __future__ import annotations

import argparse
import json
import textwrap
from typing import Any

from perfectplay import Game
from perfectplay.cli.options import (
    TEXTBOOK,
    add_depth_options,
    add_position_arguments,
    add_root_window_option,
    add_search_cap,
    read_position,
)
from perfectplay.cli.progress import ProgressLine
from perfectplay.cli.tree import search_settings
from perfectplay.documents import order_counts_json
from perfectplay.teaching import ORDERS, SEARCH_NODES, OrderCounts, order_counts
from perfectplay.words import ROOT_WINDOWS, root_window


def configure(parser: argparse.ArgumentParser, name: str) -> None:
    parser.description = (
        "Count the nodes alpha-beta visits on one position under every move order (natural, best-first, "
        "worst-first, engine), beside minimax's count and the best case for a tree with this branching."
    )
    add_position_arguments(parser, textbook=True)
    add_depth_options(parser)
    add_root_window_option(parser)
    add_search_cap(parser, SEARCH_NODES)
    parser.add_argument("--json", action="store_true", help="print the counts as JSON")
    parser.set_defaults(run=run_orders)


def run_orders(args: argparse.Namespace) -> int:
    game, state = read_position(args)
    limit, evaluate, evaluation = search_settings(args, game)
    textbook = args.game.strip().lower() == TEXTBOOK
    values = game.move_values if textbook else None  # type: ignore[attr-defined]
    find = root_window(args.root_window)
    with ProgressLine("counting") as progress:
        counts = order_counts(game, state, limit, evaluate=evaluate, values=values, find=find, progress=progress)
    if args.json:
        about = {"game": game.name, "position": game.format(state), "evaluation": evaluation}
        print(json.dumps({**about, **order_counts_json(counts)}))
    else:
        print(format_counts(game, state, counts, args.depth, evaluation))
    return 0


def format_counts(game: Game[Any], state: Any, counts: OrderCounts, depth: int | None, evaluation: str) -> str:
    side = game.to_move(state).value
    search = "to the end of the game" if depth is None else f"to depth {depth} with {evaluation}"
    if evaluation == "leaf values":
        lines = [f"The {game.title}, MAX at the root, searched to its leaves", ""]
    else:
        lines = [f"{game.format(state)}  ({game.title}, {side} to move), searched {search}", ""]
    lines.append(f" {'search':<24} {'nodes':>10} {'leaves':>10} {'cut':>8}  of minimax's nodes")
    everything = counts.minimax.nodes
    lines.append(f" {'minimax (no pruning)':<24} {everything:>10,} {counts.minimax.leaves:>10,} {0:>8,}  100.0%")
    for name, count in counts.orders.items():
        share = 100 * count.nodes / everything
        lines.append(
            f" {'alpha-beta, ' + name:<24} {count.nodes:>10,} {count.leaves:>10,} {count.pruned:>8,}  {share:5.1f}%"
        )
    branching = ", ".join(f"{level:.1f}" for level in counts.branching)
    notes = [
        f"Best case (Knuth and Moore): about {counts.best_case:,} leaves for a uniform tree with these moves "
        f"per level ({branching}): b^⌈d/2⌉ + b^⌊d/2⌋ \N{MINUS SIGN} 1 instead of minimax's b^d.",
        "'cut' counts the subtrees alpha-beta never searched. Orders: "
        + "; ".join(f"{name}: {meaning}" for name, meaning in ORDERS.items())
        + ".",
    ]
    notes.append(f"Root window ({counts.root}): {ROOT_WINDOWS[root_window(counts.root)]}; --root-window chooses.")
    for note in notes:
        lines.append("")
        lines.extend(textwrap.wrap(note, 100))
    return "\n".join(lines)
