"""``perfectplay tree --algorithm mcts``: the tree Monte Carlo tree search grew, with the exact value beside it.

One seeded UCT search (``--iterations``, ``--seed``); the drawing keeps the
most visited nodes level by level (``--show-depth``, default 2, and
``--max-nodes``) and gives each its visits, its mean reward and the exact
outcome the solver proves. Formats: svg, tikz, json and a text outline;
minimax's and alpha-beta's options (depths, evaluations, orders, windows)
mean nothing to it and are refused by name.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable

from perfectplay import PerfectplayError
from perfectplay.cli.options import read_position
from perfectplay.cli.output import write_file
from perfectplay.teaching import MctsTree, mcts_tree
from perfectplay.viz import mcts_document, mcts_svg, mcts_text, mcts_tikz
from perfectplay.words import DEFAULT_ROOT_WINDOW

MCTS_RENDERERS: dict[str, Callable[[MctsTree], str]] = {
    "svg": mcts_svg,
    "tikz": mcts_tikz,
    "text": mcts_text,
    "json": lambda tree: json.dumps(mcts_document(tree), ensure_ascii=False) + "\n",
}

DEFAULT_SHOW_DEPTH = 2
"""Plies drawn below the position unless ``--show-depth`` says: the moves and the replies to them."""


def refuse_search_options(args: argparse.Namespace) -> None:
    """Minimax's and alpha-beta's options, given with ``--algorithm mcts``: one line naming the first."""
    given = [
        ("--depth", args.depth is not None),
        ("--eval", args.eval is not None),
        ("--order", args.order != "natural"),
        ("--compare-order", args.compare_order is not None),
        ("--root-window", args.root_window != DEFAULT_ROOT_WINDOW),
    ]
    for name, present in given:
        if present:
            raise PerfectplayError(f"{name} is for minimax and alpha-beta; MCTS takes --iterations and --seed")
    if args.format not in MCTS_RENDERERS:
        raise PerfectplayError(f"an MCTS tree is drawn as {', '.join(sorted(MCTS_RENDERERS))}, not {args.format}")


def run_mcts_tree(args: argparse.Namespace, default_drawn: int) -> int:
    refuse_search_options(args)
    game, state = read_position(args)
    if game.is_over(state):
        raise PerfectplayError("the game is over: MCTS has no move to search")
    tree = mcts_tree(
        game,
        state,
        args.iterations,
        seed=args.seed,
        depth=DEFAULT_SHOW_DEPTH if args.show_depth is None else args.show_depth,
        max_nodes=args.max_nodes or default_drawn,
    )
    text = MCTS_RENDERERS[args.format](tree)
    if args.output is None:
        sys.stdout.write(text)
    else:
        write_file(args.output, text)
    return 0
