"""``perfectplay solve``: the value of a game from its start (or any position), with live progress.

On a terminal a ``rich`` live panel shows what the solver is doing (the root
move or iteration, nodes, nodes per second, elapsed time, table size); when
the output is a pipe or a file, a plain line every few seconds instead, so
logs stay readable. ``rich`` is only imported here: the engine never needs it.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from perfectplay import Analysis, Game, Limit, Progress, make_game, solve
from perfectplay.cli.options import MAX_SECONDS, add_game_option, seconds
from perfectplay.words import outcome_class_text

PLAIN_EVERY = 5.0
"""Seconds between two progress lines when the output is not a terminal."""


def configure(parser: argparse.ArgumentParser, name: str) -> None:
    parser.description = (
        "Solve a game from its start, or from POSITION: the value for the side to move "
        "and every best move (as drawn on the board; --json gives the library's move numbers)."
    )
    parser.add_argument("position", nargs="?", metavar="POSITION", help="solve this position instead of the start")
    add_game_option(parser)
    parser.add_argument(
        "--time-limit",
        type=seconds,
        metavar="S",
        help=f"give up after S seconds (above 0, at most {MAX_SECONDS:,.0f}; default: no limit)",
    )
    parser.add_argument("--json", action="store_true", help="print only the summary, as JSON")
    parser.set_defaults(run=run_solve)


def run_solve(args: argparse.Namespace) -> int:
    game = make_game(args.game, args.position)
    state = game.initial_state() if args.position is None else game.parse(args.position)
    limit = None if args.time_limit is None else Limit(seconds=args.time_limit)
    last: list[Progress] = []
    if args.json:
        result = solve(game, state, limit, progress=last.append)
        print(json.dumps(summary(game, result, last[-1] if last else None)))
        return 0
    if sys.stdout.isatty():
        result = _solve_live(game, state, limit, last)
    else:
        result = _solve_plain(game, state, limit, last)
    print(format_summary(game, result, last[-1] if last else None))
    return 0


def _solve_plain(game: Game[Any], state: Any, limit: Limit | None, last: list[Progress]) -> Analysis:
    next_line = [time.perf_counter() + PLAIN_EVERY]

    def report(progress: Progress) -> None:
        last.append(progress)
        del last[:-1]
        if time.perf_counter() >= next_line[0]:
            next_line[0] += PLAIN_EVERY
            print(format_progress(progress), flush=True)

    print(f"Solving {game.title} ...", flush=True)
    return solve(game, state, limit, progress=report)


def _solve_live(game: Game[Any], state: Any, limit: Limit | None, last: list[Progress]) -> Analysis:
    from rich.console import Console
    from rich.live import Live
    from rich.table import Table

    def panel(progress: Progress | None) -> Table:
        table = Table(title=f"Solving {game.title}")
        for column in ("searching", "nodes", "nodes/s", "elapsed", "table entries"):
            table.add_column(column, justify="right")
        if progress is not None:
            rate = progress.nodes / progress.seconds if progress.seconds else 0.0
            table.add_row(
                progress.phase,
                f"{progress.nodes:,}",
                f"{rate:,.0f}",
                f"{progress.seconds:.1f} s",
                f"{progress.table_size:,}",
            )
        return table

    with Live(panel(None), console=Console(), refresh_per_second=8, transient=True) as live:

        def report(progress: Progress) -> None:
            last.append(progress)
            del last[:-1]
            live.update(panel(progress))

        return solve(game, state, limit, progress=report)


def format_progress(progress: Progress) -> str:
    rate = progress.nodes / progress.seconds if progress.seconds else 0.0
    return (
        f"  {progress.phase}: {progress.nodes:,} nodes, {rate:,.0f} nodes/s, "
        f"{progress.seconds:.1f} s, {progress.table_size:,} table entries"
    )


def summary(game: Game[Any], result: Analysis, progress: Progress | None) -> dict[str, Any]:
    """The solve result as JSON: the outcome for the side to move, its best moves, the effort."""
    return {
        "game": game.name,
        "position": game.format(result.state),
        "to_move": result.to_move.value,
        "outcome": result.outcome.name,
        "plies": result.outcome.plies,
        "score": result.score,
        "best": list(result.best),
        "nodes": result.nodes,
        "seconds": result.seconds,
        "table_size": 0 if result.table is None else result.table.entries,
        "table_evictions": 0 if result.table is None else result.table.evictions,
        "complete": result.complete,
    }


def format_summary(game: Game[Any], result: Analysis, progress: Progress | None) -> str:
    moves = ", ".join(game.move_label(move) for move in result.best)
    side = result.to_move.value
    if result.complete:
        verdict = f"{game.title}: {result.outcome} for {side} (to move) with perfect play."
        best = f"Best moves: {moves}"
    elif result.outcome_class is not None:
        verdict = f"{game.title}: {outcome_class_text(result)}, for {side} (to move)."
        best = f"Moves that keep it: {moves}"
    else:
        verdict = f"{game.title}: unknown, the limit ran out before a proof."
        best = f"Preferred moves so far: {moves}"
    rate = result.nodes / result.seconds if result.seconds else 0.0
    entries = 0 if result.table is None else result.table.entries
    effort = f"{result.nodes:,} nodes in {result.seconds:.2f} s ({rate:,.0f} nodes/s), {entries:,} table entries"
    if result.table is not None and result.table.evictions:
        effort += f"; the table was full and dropped {result.table.evictions:,} entries to make room"
    return "\n".join([verdict, best, effort])
