"""``perfectplay solve``: the value of an m,n,k game from the empty board, with live progress.

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

from perfectplay.cli.options import add_board_options
from perfectplay.game import outcome_of
from perfectplay.games.mnk import MNK
from perfectplay.notation import make_game
from perfectplay.search.limits import Limit
from perfectplay.search.result import SearchResult
from perfectplay.search.solver import Progress, check_solvable, solve

PLAIN_EVERY = 5.0
"""Seconds between two progress lines when the output is not a terminal."""


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "solve",
        help="solve an m,n,k game from the empty board (win, draw or loss with perfect play)",
        description="Solve an m,n,k game from the empty board: the value for the first player "
        "and every best first move (cells numbered from 0, row-major).",
    )
    add_board_options(parser)
    parser.add_argument("--time-limit", type=float, metavar="S", help="give up after S seconds (default: no limit)")
    parser.add_argument("--json", action="store_true", help="print only the summary, as JSON")
    parser.set_defaults(run=run_solve)


def run_solve(args: argparse.Namespace) -> int:
    game = make_game(args.rows or 3, args.cols or 3, args.k)
    check_solvable(game)
    limit = None if args.time_limit is None else Limit(seconds=args.time_limit)
    last: list[Progress] = []
    if args.json:
        result = solve(game, game.initial_state(), limit, progress=last.append)
        print(json.dumps(summary(game, result, last[-1] if last else None)))
        return 0
    if sys.stdout.isatty():
        result = _solve_live(game, limit, last)
    else:
        result = _solve_plain(game, limit, last)
    print(format_summary(game, result, last[-1] if last else None))
    return 0


def _solve_plain(game: MNK, limit: Limit | None, last: list[Progress]) -> SearchResult:
    next_line = [time.perf_counter() + PLAIN_EVERY]

    def report(progress: Progress) -> None:
        last.append(progress)
        del last[:-1]
        if time.perf_counter() >= next_line[0]:
            next_line[0] += PLAIN_EVERY
            print(format_progress(progress), flush=True)

    print(f"Solving {game.name} ({game.rows}x{game.cols}, {game.k} in a row) ...", flush=True)
    return solve(game, game.initial_state(), limit, progress=report)


def _solve_live(game: MNK, limit: Limit | None, last: list[Progress]) -> SearchResult:
    from rich.console import Console
    from rich.live import Live
    from rich.table import Table

    def panel(progress: Progress | None) -> Table:
        table = Table(title=f"Solving {game.name} ({game.rows}x{game.cols}, {game.k} in a row)")
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

        return solve(game, game.initial_state(), limit, progress=report)


def format_progress(progress: Progress) -> str:
    rate = progress.nodes / progress.seconds if progress.seconds else 0.0
    return (
        f"  {progress.phase}: {progress.nodes:,} nodes, {rate:,.0f} nodes/s, "
        f"{progress.seconds:.1f} s, {progress.table_size:,} table entries"
    )


def summary(game: MNK, result: SearchResult, progress: Progress | None) -> dict[str, Any]:
    """The solve result as JSON: outcome for the first player, best first moves, effort."""
    outcome = outcome_of(result.score, game.max_plies) if result.complete else None
    return {
        "game": game.name,
        "rows": game.rows,
        "cols": game.cols,
        "k": game.k,
        "outcome": "unknown" if outcome is None else outcome.name,
        "plies": None if outcome is None else outcome.plies,
        "score": result.score if result.complete else None,
        "best": list(result.best),
        "nodes": result.nodes,
        "seconds": result.seconds,
        "table_size": 0 if progress is None else progress.table_size,
        "complete": result.complete,
    }


def format_summary(game: MNK, result: SearchResult, progress: Progress | None) -> str:
    data = summary(game, result, progress)
    moves = ", ".join(f"{move} (row {move // game.cols}, col {move % game.cols})" for move in result.best)
    if result.complete:
        verdict = f"{game.name}: {outcome_of(result.score, game.max_plies)} for the first player with perfect play."
        best = f"Best first moves: {moves}"
    else:
        verdict = f"{game.name}: unknown, the time limit ran out before a proof."
        best = f"Preferred first moves so far: {moves}"
    rate = result.nodes / result.seconds if result.seconds else 0.0
    effort = (
        f"{result.nodes:,} nodes in {result.seconds:.2f} s ({rate:,.0f} nodes/s), {data['table_size']:,} table entries"
    )
    return "\n".join([verdict, best, effort])
