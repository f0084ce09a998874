"""``perfectplay analyze`` and ``perfectplay best``: what every move of a position is worth."""

from __future__ import annotations

import argparse
import json
from typing import Any

from perfectplay.cli.options import add_position_arguments, read_position
from perfectplay.game import Game
from perfectplay.players import choose_move
from perfectplay.search.analysis import ALGORITHMS, DEFAULT_ALGORITHM, analyze
from perfectplay.search.limits import Limit
from perfectplay.search.result import Analysis


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "analyze",
        help="score every move of a position (win in N, draw, loss in N)",
        description="Score every legal move of a position exactly. Moves are shown as on the board "
        "(cells numbered from 1); --json gives the library's move numbers (cells from 0) with row and col.",
    )
    add_position_arguments(parser)
    parser.add_argument("--json", action="store_true", help="print the analysis as JSON")
    parser.add_argument("--algorithm", choices=ALGORITHMS, default=DEFAULT_ALGORITHM, help="the search to use")
    parser.add_argument(
        "--time-limit",
        type=float,
        metavar="S",
        help="stop the search after S seconds; unproven moves are then shown as unknown",
    )
    parser.set_defaults(run=run_analyze)

    parser = commands.add_parser(
        "best",
        help="print the best move of a position",
        description="Print the move the perfect player chooses, as it is drawn on the board (cells from 1).",
    )
    add_position_arguments(parser)
    parser.set_defaults(run=run_best)


def run_analyze(args: argparse.Namespace) -> int:
    game, state = read_position(args)
    limit = None if args.time_limit is None else Limit(seconds=args.time_limit)
    analysis = analyze(game, state, args.algorithm, limit)
    if args.json:
        print(json.dumps(analysis.to_json()))
    else:
        print(format_analysis(game, analysis))
    return 0


def run_best(args: argparse.Namespace) -> int:
    game, state = read_position(args)
    print(game.move_label(choose_move(game, state)))
    return 0


def format_analysis(game: Game[Any], analysis: Analysis) -> str:
    """The human-readable report: board, verdict, one line per move."""
    side = analysis.to_move.value
    lines = [f"{game.format(analysis.state)}  ({game.title}, {side} to move)", ""]
    lines.append(game.draw(analysis.state))
    lines.append("")
    if analysis.is_over:
        winner = analysis.winner
        lines.append(f"Game over: {winner.value} has won." if winner else "Game over: a draw.")
    else:
        best = ", ".join(game.move_label(move) for move in analysis.best)
        if analysis.outcome.proven:
            lines.append(f"{side} to move: {analysis.outcome} with best play. Best: {best}")
        else:
            lines.append(f"{side} to move: unknown, the limit ran out before a proof. Preferred: {best}")
        lines.append("")
        width = max(4, *(len(game.move_label(entry.move)) for entry in analysis.moves))
        lines.append(f" {'move':>{width}}  outcome      score")
        for entry in analysis.moves:
            mark = "  <- best" if entry.move in analysis.best else ""
            score = f"{entry.score:>5}" if entry.score is not None else "    ?"
            lines.append(f" {game.move_label(entry.move):>{width}}  {entry.outcome!s:<11}  {score}{mark}")
    lines.append("")
    status = "" if analysis.complete else ", stopped by the limit"
    lines.append(f"{analysis.nodes:,} nodes in {analysis.seconds * 1000:.1f} ms ({analysis.algorithm}{status})")
    return "\n".join(lines)
