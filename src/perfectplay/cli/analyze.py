"""``perfectplay analyze`` and ``perfectplay best``: what every move of a position is worth."""

from __future__ import annotations

import argparse
import json

from perfectplay.board_text import render_board
from perfectplay.cli.options import add_position_arguments, read_position
from perfectplay.games.mnk import MNK
from perfectplay.players import choose_move
from perfectplay.search.analysis import ALGORITHMS, DEFAULT_ALGORITHM, UNKNOWN, Analysis, analyze
from perfectplay.search.limits import Limit


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "analyze",
        help="score every move of a position (win in N, draw, loss in N)",
        description="Score every legal move of a position exactly. Moves, rows and "
        "columns are numbered from 0, as in the JSON and the library.",
    )
    add_position_arguments(parser)
    parser.add_argument("--json", action="store_true", help="print the analysis as JSON")
    parser.add_argument("--algorithm", choices=sorted(ALGORITHMS), default=DEFAULT_ALGORITHM, help="the search to use")
    parser.add_argument(
        "--time-limit",
        type=float,
        metavar="S",
        help="stop the solver after S seconds; unproven moves are then shown as unknown",
    )
    parser.set_defaults(run=run_analyze)

    parser = commands.add_parser(
        "best",
        help="print the best move of a position",
        description="Print the move the perfect player chooses (a cell index from 0, row-major).",
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
        print(format_analysis(game, analysis, args.algorithm))
    return 0


def run_best(args: argparse.Namespace) -> int:
    game, state = read_position(args)
    print(choose_move(game, state))
    return 0


def format_analysis(game: MNK, analysis: Analysis, algorithm: str) -> str:
    """The human-readable report: board, verdict, one line per move."""
    side = analysis.to_move.value
    lines = [f"{game.format(analysis.state)}  ({game.name}, {side} to move)", ""]
    lines.append(render_board(game, analysis.state, first_number=0, highlight=game.winning_line(analysis.state)))
    lines.append("")
    if analysis.is_over:
        winner = analysis.winner
        lines.append(f"Game over: {winner.value} has won." if winner else "Game over: a draw.")
    else:
        best = ", ".join(str(move) for move in analysis.best)
        if analysis.outcome != UNKNOWN:
            lines.append(f"{side} to move: {analysis.outcome} with best play. Best: {best}")
        else:
            lines.append(f"{side} to move: unknown, the time ran out before a proof. Preferred: {best}")
        lines.append("")
        lines.append(" move  row  col  outcome      score")
        for entry in analysis.moves:
            row, col = game.row_col(entry.move)
            mark = "  <- best" if entry.move in analysis.best else ""
            score = f"{entry.score:>5}" if entry.proven else "    ?"
            lines.append(f" {entry.move:>4}  {row:>3}  {col:>3}  {entry.outcome!s:<11}  {score}{mark}")
    lines.append("")
    status = "" if analysis.complete else ", stopped by the time limit"
    lines.append(f"{analysis.nodes:,} nodes in {analysis.seconds * 1000:.1f} ms ({algorithm}{status})")
    return "\n".join(lines)
