"""``perfectplay mcts``: Monte Carlo tree search held against the exact value of a position.

Several seeded UCT runs grow side by side; at each checkpoint the command
prints how often the move MCTS would play is an exact best move, how often
it keeps the position's value, and how far its estimate is from the exact
value (rewards 1 win, 0.5 draw, 0 loss). ``--svg FILE`` draws the curves.
The exact values come from the solver, so a position must be one the solver
proves quickly: tic-tac-toe, small boards, Connect Four from the middle game.
"""

from __future__ import annotations

import argparse
import json
import sys

from perfectplay import Limit, MctsResult, mcts
from perfectplay.cli.bounds import add_time_limit, time_limit_for
from perfectplay.cli.options import add_position_arguments, add_whole, path, read_position, whole
from perfectplay.cli.output import write_file
from perfectplay.files import check_target
from perfectplay.teaching import DEFAULT_CHECKPOINTS, study_convergence
from perfectplay.viz import convergence_document, convergence_svg

MAX_CHECKPOINT = 200_000
"""Most iterations a checkpoint may ask for from the command line (a few minutes of Python at most)."""
EXACT_NODES = 20_000_000
"""The default bound on the solver's proof of the exact values MCTS is held against: the empty Connect Four board
would be a full solve (hours), so a position the solver cannot prove within it is refused, not searched for ever."""


def checkpoints(text: str) -> tuple[int, ...]:
    """``10,100,1000``: increasing whole numbers of iterations."""
    parse = whole(1, "an iteration count", MAX_CHECKPOINT)
    parts = text.split(",")
    if any(not part.strip() for part in parts):  # "10,,30" is a slip, not 10,30
        raise argparse.ArgumentTypeError(f"--iterations has an empty count in {text[:40]!r}: write 10,100,1000")
    values = tuple(parse(part) for part in parts)
    if not values or list(values) != sorted(set(values)) or len(values) > 20:
        raise argparse.ArgumentTypeError(
            f"--iterations takes up to 20 increasing counts such as 10,100,1000, not {text[:40]!r}"
        )
    return values


def configure(parser: argparse.ArgumentParser, name: str) -> None:
    parser.description = (
        "Run Monte Carlo tree search (UCT, seeded) on a position and hold it against the exact value: at each "
        "number of iterations, how often its move is an exact best move, how often it keeps the value, and how "
        "far its estimate is from the exact one."
    )
    add_position_arguments(parser)
    parser.add_argument(
        "--iterations",
        type=checkpoints,
        default=DEFAULT_CHECKPOINTS,
        metavar="N,N,...",
        help=f"the checkpoints, increasing, each at most {MAX_CHECKPOINT:,} "
        f"(default {','.join(map(str, DEFAULT_CHECKPOINTS))})",
    )
    add_whole(parser, "--runs", 1, 200, default=20, help="seeded runs, 1-200 (default 20)")
    add_whole(parser, "--seed", 0, 2**31, default=0, help="the first run's seed, 0 to 2**31 (default 0)")
    parser.add_argument("--svg", type=path("--svg"), metavar="FILE", help="also draw the curves as SVG into FILE")
    add_whole(
        parser,
        "--exact-nodes",
        1,
        10**10,
        default=EXACT_NODES,
        metavar="N",
        help=f"positions the solver may visit to prove the exact values (default {EXACT_NODES:,}); a position it "
        "does not prove within this or --time-limit is refused",
    )
    add_time_limit(parser, "stop the proof of the exact values after S seconds")
    parser.add_argument("--tree", action="store_true", help="print one run's root moves (visits, mean) instead")
    parser.add_argument("--json", action="store_true", help="print the study as JSON")
    parser.set_defaults(run=run_mcts)


def run_mcts(args: argparse.Namespace) -> int:
    if args.svg is not None:
        check_target(args.svg)  # a FIFO, a device or a link: one line before the runs, not after them
    game, state = read_position(args)
    if args.tree:
        result = mcts(game, state, args.iterations[-1], seed=args.seed)
        sys.stdout.write(tree_text(result))
        return 0
    bound = Limit(nodes=args.exact_nodes, seconds=time_limit_for(game, args.time_limit))
    study = study_convergence(game, state, args.iterations, runs=args.runs, seed=args.seed, exact_limit=bound)
    if args.svg is not None:
        write_file(args.svg, convergence_svg(study))  # whole or not at all; a failure is one line and status 2
    if args.json:
        document = convergence_document(study)
        sys.stdout.write(json.dumps(document) + "\n")
        return 0
    best = ", ".join(game.move_label(move) for move in study.exact_best)
    lines = [
        f"MCTS (UCT, {study.runs} seeded runs from seed {study.seed}) on {game.format(state)}",
        f"Exact value: {study.exact_outcome}; exact best moves: {best}",
        "",
        f"{'iterations':>10}  {'best move':>9}  {'keeps value':>11}  {'|estimate - exact|':>18}",
    ]
    for p in study.points:
        lines.append(f"{p.iterations:>10,}  {p.best_rate:>9.0%}  {p.keeps_value_rate:>11.0%}  {p.value_error:>18.3f}")
    always = study.first_always_best()
    lines.append("")
    lines.append(
        f"Every run plays an exact best move from {always:,} iterations on."
        if always is not None
        else "Not every run plays an exact best move at the last checkpoint: give more iterations."
    )
    sys.stdout.write("\n".join(lines) + "\n")
    return 0


def tree_text(result: MctsResult[object]) -> str:
    """One run's root: every move with its visits and mean reward, the chosen one marked."""
    game = result.game
    lines = [f"MCTS after {result.iterations:,} iterations (seed {result.seed}) on {game.format(result.state)}"]
    lines.append(f"{'move':>6}  {'visits':>8}  {'mean':>6}")
    for entry in sorted(result.moves, key=lambda entry: -entry.visits):
        mark = "  <- plays" if entry.move == result.best else ""
        lines.append(f"{game.move_label(entry.move):>6}  {entry.visits:>8,}  {entry.mean:>6.3f}{mark}")
    return "\n".join(lines) + "\n"
