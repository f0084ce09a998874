"""``perfectplay solve``: the value of a game from its start (or any position), with live progress.

On a terminal a ``rich`` live panel shows what the solver is doing (the root
move or iteration, nodes, nodes per second, elapsed time, table size); when
the output is a pipe or a file, a plain line every few seconds instead, so
logs stay readable. ``rich`` is only imported here, and is optional: without
it a terminal gets the plain lines too. Like ``analyze`` and ``best`` it is
bounded by default on big boards (``cli/bounds.py``).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from typing import Any

from perfectplay import Analysis, Game, Limit, PerfectplayError, make_game, solve
from perfectplay.cli.bounds import add_table_size, add_time_limit, table_for, time_limit_for
from perfectplay.cli.options import add_game_option
from perfectplay.search.solver import Progress, TranspositionTable
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
    add_time_limit(parser, "give up after S seconds")
    add_table_size(parser)
    parser.add_argument(
        "--prove",
        action="store_true",
        help="prove the value by an exact search, however long it takes, instead of answering from positions "
        "solved ahead of time (Connect Four's exact layer: the empty board at once; the proof takes CPU minutes)",
    )
    parser.add_argument("--json", action="store_true", help="print only the summary, as JSON")
    parser.set_defaults(run=run_solve)


def run_solve(args: argparse.Namespace) -> int:
    game = make_game(args.game, args.position)
    state = game.initial_state() if args.position is None else game.parse(args.position)
    if args.prove and args.time_limit is not None and not math.isinf(args.time_limit):
        raise PerfectplayError("--prove searches to the end: give no --time-limit (or --time-limit none)")
    # Without a limit the solver proves everything itself: no book, no table of positions solved ahead of time.
    bound = None if args.prove else time_limit_for(game, args.time_limit)
    limit = None if bound is None else Limit(seconds=bound)
    table = table_for(game, args.table_size, limit is None)
    last: list[Progress] = []
    if args.json:
        done = solve(game, state, limit, progress=last.append, table=table)
        print(json.dumps(summary(game, done, last[-1] if last else None)))
        return 0
    live = _solve_live(game, state, limit, last, table) if sys.stdout.isatty() else None
    result = live if live is not None else _solve_plain(game, state, limit, last, table)
    print(format_summary(game, result, last[-1] if last else None))
    return 0


def _solve_plain(
    game: Game[Any], state: Any, limit: Limit | None, last: list[Progress], table: TranspositionTable
) -> Analysis:
    next_line = [time.perf_counter() + PLAIN_EVERY]

    def report(progress: Progress) -> None:
        last.append(progress)
        del last[:-1]
        if time.perf_counter() >= next_line[0]:
            next_line[0] += PLAIN_EVERY
            print(format_progress(progress), flush=True)

    print(f"Solving {game.title} ...", flush=True)
    return solve(game, state, limit, progress=report, table=table)


def _solve_live(
    game: Game[Any], state: Any, limit: Limit | None, last: list[Progress], table: TranspositionTable
) -> Analysis | None:
    """The live panel; None when ``rich`` is not installed (it is optional: the plain lines serve then)."""
    try:
        from rich.console import Console
        from rich.live import Live
        from rich.table import Table
    except ImportError:
        return None

    def panel(progress: Progress | None) -> Table:
        grid = Table(title=f"Solving {game.title}")
        for column in ("searching", "nodes", "nodes/s", "elapsed", "table entries"):
            grid.add_column(column, justify="right")
        if progress is not None:
            rate = progress.nodes / progress.seconds if progress.seconds else 0.0
            grid.add_row(
                progress.phase,
                f"{progress.nodes:,}",
                f"{rate:,.0f}",
                f"{progress.seconds:.1f} s",
                f"{progress.table_size:,}",
            )
        return grid

    with Live(panel(None), console=Console(), refresh_per_second=8, transient=True) as live:

        def report(progress: Progress) -> None:
            last.append(progress)
            del last[:-1]
            live.update(panel(progress))

        return solve(game, state, limit, progress=report, table=table)


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
        "algorithm": result.algorithm,
        "source": source_text(result),
    }


SOURCES = {
    "layer": "from positions solved ahead of time (an exact layer: every move's score looked up, no search)",
    "book": "from the opening book (no search)",
}
"""Where an answer came from, by ``Analysis.algorithm``; any other is a search."""


def source_text(result: Analysis) -> str:
    """``from positions solved ahead of time (...)`` or ``proven by search``: how the answer was found."""
    return SOURCES.get(result.algorithm, "proven by search" if result.complete else "searched to the limit")


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
    if result.algorithm == "layer" and result.complete:
        verdict += f" Answered {source_text(result)}; --prove proves it by search."
    elif result.algorithm not in SOURCES and result.complete:
        verdict += " Proven by search."
    if result.table is not None and result.table.evictions:
        effort += f"; the table was full and dropped {result.table.evictions:,} entries to make room"
    return "\n".join([verdict, best, effort])
