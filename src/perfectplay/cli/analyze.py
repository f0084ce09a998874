"""``perfectplay analyze`` and ``perfectplay best``: what every move of a position is worth.

``best`` asks the solver for the value and the best moves, nothing more: on
3x3 that is ~141 nodes for the empty board, so the answer costs little more
than starting the interpreter. ``analyze`` values every move, by the solver
or by one of the textbook searches; with ``--depth D`` it is the course labs' next
chapter, a depth-limited search with an evaluation function, and with
``--compare`` it shows beside each move what perfect play makes of it.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from perfectplay import PerfectplayError
from perfectplay.cli.bounds import add_table_size, add_time_limit, table_for, time_limit_for
from perfectplay.cli.options import add_depth_options, add_position_arguments, read_position
from perfectplay.cli.progress import ProgressLine

if TYPE_CHECKING:
    from perfectplay import Analysis, Game, Limit
    from perfectplay.search.solver import TranspositionTable

# The engine, the words and the JSON shapes are imported where they are used: ``best`` on 3x3 loads the
# solver and nothing else (tests/cli/test_cli_output.py holds the list).


def configure(parser: argparse.ArgumentParser, name: str) -> None:
    add_position_arguments(parser)
    add_time_limit(parser, "stop the search after S seconds; unproven moves show as unknown")
    add_table_size(parser)
    if name == "best":
        parser.description = (
            "Print a best move of a position as it is drawn on the board (cells from 1): the fastest win, "
            "else a draw, else the slowest loss; the lowest-numbered one when several are equally good."
        )
        parser.add_argument("--all", action="store_true", help="print every best move, separated by spaces")
        parser.add_argument(
            "--json",
            action="store_true",
            help="print the solver's answer as analysis JSON (every best move in 'best', cells from 0)",
        )
        parser.set_defaults(run=run_best)
        return
    from perfectplay import ALGORITHMS

    parser.description = (
        "Score every legal move of a position exactly, or with --depth D as a depth-limited search with an "
        "evaluation function sees it. Moves are shown as on the board (cells numbered from 1); --json gives "
        "the library's move numbers (cells from 0) with row and col."
    )
    parser.add_argument("--json", action="store_true", help="print the analysis as JSON")
    parser.add_argument(
        "--algorithm",
        choices=tuple(ALGORITHMS),
        help="; ".join(f"{name}: {algorithm.summary}" for name, algorithm in ALGORITHMS.items())
        + " (default: solver; with --depth: minimax)",
    )
    add_depth_options(parser)
    parser.add_argument(
        "--compare",
        action="store_true",
        help="with --depth: show beside each move what perfect play makes of it, and what the depth-limited "
        "choice costs (e.g. draw -> loss in 4)",
    )
    parser.set_defaults(run=run_analyze)


def run_analyze(args: argparse.Namespace) -> int:
    from perfectplay import Limit

    game, state = read_position(args)
    depth_limited = args.depth is not None
    algorithm = args.algorithm or ("minimax" if depth_limited or args.eval else "solver")
    if args.eval is not None and not depth_limited:
        raise PerfectplayError("--eval needs --depth D: without a depth limit the search never stops to evaluate")
    if args.compare and not depth_limited:
        raise PerfectplayError("--compare needs --depth D: it compares a depth-limited search with perfect play")
    if depth_limited and algorithm == "solver" and (args.eval is not None or args.compare):
        raise PerfectplayError("--eval and --compare work with --algorithm minimax or alphabeta, not the solver")
    if args.compare:
        return _compare(args, game, state, algorithm)
    limit = Limit(depth=args.depth, seconds=time_limit_for(game, args.time_limit))
    evaluation = None
    if depth_limited and algorithm != "solver":
        evaluation = _evaluation(args, game)
    table = table_for(game, args.table_size, limit.roomy) if algorithm == "solver" else None
    with ProgressLine(f"{algorithm} on {game.title}", table) as progress:
        analysis = _analysis(game, state, algorithm, limit, evaluation, table, progress)
    if args.json:
        import json

        from perfectplay.documents import analysis_json

        document: dict[str, Any] = {**analysis_json(analysis)}
        if evaluation is not None:
            document["evaluation"] = evaluation.name
        print(json.dumps(document))
    else:
        print(format_analysis(game, analysis, None if evaluation is None else evaluation.name))
    return 0


def _evaluation(args: argparse.Namespace, game: Game[Any]) -> Any:
    from perfectplay.teaching import default_evaluation, get_evaluation

    return get_evaluation(args.eval or default_evaluation(game), game, load=True)


def _analysis(
    game: Game[Any],
    state: Any,
    algorithm: str,
    limit: Limit,
    evaluation: Any,
    table: TranspositionTable | None,
    progress: ProgressLine,
) -> Analysis:
    from perfectplay import analyze

    bound = None if limit.unlimited else limit
    evaluate = evaluation.function if evaluation is not None else None
    return analyze(game, state, algorithm, bound, evaluate=evaluate, table=table, progress=progress)


def _compare(args: argparse.Namespace, game: Game[Any], state: Any, algorithm: str) -> int:
    from perfectplay import Limit
    from perfectplay.teaching import compare_with_perfect_play

    bound = time_limit_for(game, args.time_limit)
    limit = None if bound is None else Limit(seconds=bound)
    with ProgressLine(f"comparing on {game.title}") as progress:
        evaluation = _evaluation(args, game)
        comparison = compare_with_perfect_play(game, state, args.depth, evaluation, algorithm, limit, progress)
    if args.json:
        import json

        from perfectplay.documents import comparison_json

        print(json.dumps(comparison_json(comparison)))
    else:
        print(format_comparison(comparison))
    return 0


def run_best(args: argparse.Namespace) -> int:
    from perfectplay import solve

    game, state = read_position(args)
    if game.is_over(state):
        from perfectplay.words import no_move_text

        raise PerfectplayError(no_move_text(game.winner(state)))
    bound = time_limit_for(game, args.time_limit)
    limit = None
    if bound is not None:  # only a timed search loads Limit: an exact one on 3x3 starts without it (issue 27)
        from perfectplay import Limit

        limit = Limit(seconds=bound)
    table = table_for(game, args.table_size, limit is None)
    with ProgressLine(f"solving {game.title}", table) as progress:
        analysis = solve(game, state, limit, progress=progress, table=table)
    if args.json:
        import json

        from perfectplay.documents import analysis_json

        print(json.dumps(analysis_json(analysis)))
        return 0
    moves = analysis.best if args.all else analysis.best[:1]
    print(" ".join(game.move_label(move) for move in moves))
    if not analysis.complete:  # stdout stays the move alone, for scripts; the caveat goes beside it
        import sys

        from perfectplay.words import unproven_text  # the words load the teaching tools: only when needed

        print(f"{unproven_text(analysis)} (--time-limit none for an exact answer)", file=sys.stderr)
    return 0


def _value_text(entry: Any, evaluation: str | None) -> str:
    if entry.proof is not None:  # its exact outcome, else its win or loss with the length not proven
        from perfectplay.words import move_outcome_text

        return str(move_outcome_text(entry))
    if entry.estimate is None:
        return "not searched"
    if evaluation is None:
        return "unknown"
    return f"≈ {entry.estimate}".replace("-", "\N{MINUS SIGN}")


def format_analysis(game: Game[Any], analysis: Analysis, evaluation: str | None = None) -> str:
    """The human-readable report: board, verdict, one line per move.

    With ``evaluation`` (a depth-limited search) each move shows its proven
    outcome or the estimate ``≈ v`` that the evaluation gave it.
    """
    from perfectplay.words import ANSWERED_AHEAD, best_reaches, outcome_class_text, result_text

    side = analysis.to_move.value
    lines = [f"{game.format(analysis.state)}  ({game.title}, {side} to move)", ""]
    lines.append(game.draw(analysis.state))
    lines.append("")
    if analysis.is_over:
        lines.append(f"Game over: {result_text(analysis.winner)}.")
    else:
        best = ", ".join(game.move_label(move) for move in analysis.best)
        if evaluation is not None:
            search = f"a depth-{analysis.depth} {analysis.algorithm} with {evaluation}"
            lines.append(f"{side} to move: {search} prefers {best}.")
            lines.append(
                "≈ v is the evaluation's estimate at the depth limit, not a proof; "
                "outcomes in words are proven. --compare shows perfect play beside it."
            )
        elif analysis.outcome.proven and (best_reaches(analysis) or analysis.outcome_class is None):
            lines.append(f"{side} to move: {analysis.outcome} with best play. Best: {best}")
        elif analysis.outcome_class is not None:
            lines.append(f"{side} to move: {outcome_class_text(analysis)}. Keeps it: {best}")
        else:
            lines.append(f"{side} to move: unknown, the limit ran out before a proof. Preferred: {best}")
        lines.append("")
        width = max(4, *(len(game.move_label(entry.move)) for entry in analysis.moves))
        heading = "value" if evaluation is not None else "outcome"
        column = max(11, *(len(_value_text(entry, evaluation)) for entry in analysis.moves))
        lines.append(f" {'move':>{width}}  {heading:<{column}}  score")
        for entry in analysis.moves:
            mark = ("  <- chosen" if evaluation else "  <- best") if entry.move in analysis.best else ""
            score = f"{entry.score:>5}" if entry.score is not None else "" if evaluation else "    ?"
            value = _value_text(entry, evaluation)
            row = f" {game.move_label(entry.move):>{width}}  {value:<{column}}  {score:>5}{mark}"
            lines.append(row.rstrip())
    lines.append("")
    status = "" if analysis.complete or evaluation else ", stopped by the limit"
    if analysis.algorithm in ANSWERED_AHEAD:
        status = f", answered from {ANSWERED_AHEAD[analysis.algorithm]} without a search"
    lines.append(f"{analysis.nodes:,} nodes in {analysis.seconds * 1000:.1f} ms ({analysis.algorithm}{status})")
    if analysis.table is not None and analysis.table.evictions:
        stats = analysis.table
        lines.append(
            f"The solver's table filled up ({stats.capacity:,} entries) and dropped {stats.evictions:,} old "
            "entries to make room: the answer is as exact, but work was repeated (--table-size raises the cap)."
        )
    return "\n".join(lines)


def format_comparison(comparison: Any) -> str:
    """The depth-limited search and perfect play side by side, move by move, with what the choice costs."""
    from perfectplay.teaching import limited_value_text, move_value

    limited, exact = comparison.limited, comparison.exact
    game = exact.game
    side = exact.to_move.value
    name = f"depth-{comparison.depth} {limited.algorithm} with {comparison.evaluation}"
    lines = [f"{game.format(exact.state)}  ({game.title}, {side} to move)", "", game.draw(exact.state), ""]
    width = max(4, *(len(game.move_label(entry.move)) for entry in exact.moves))
    column = max(len(name), 12)
    lines.append(f" {'move':>{width}}  {name:<{column}}  perfect play")
    for entry in sorted(exact.moves, key=lambda item: item.move):
        marks = []
        if entry.move in limited.best:
            marks.append("depth-limited choice")
        if entry.move in exact.best:
            marks.append("best")
        mark = f"  <- {', '.join(marks)}" if marks else ""
        value = limited_value_text(move_value(limited, entry.move))
        lines.append(f" {game.move_label(entry.move):>{width}}  {value:<{column}}  {entry.outcome!s:<12}{mark}")
    lines.append("")
    perfect = ", ".join(game.move_label(move) for move in exact.best)
    lines.append(f"Perfect play: {exact.outcome} with {perfect}.")
    for choice in comparison.choices:
        label = game.move_label(choice.move)
        if choice.perfect:
            lines.append(f"The {name} plays {label}: as good as perfect play ({choice.outcome}).")
        else:
            lines.append(f"The {name} plays {label}: {choice.cost}.")
    if comparison.agrees:
        lines.append("Here the depth limit costs nothing.")
    lines.append("")
    lines.append(f"{limited.nodes:,} nodes for the depth-limited search, {exact.nodes:,} for the solver.")
    return "\n".join(lines)
