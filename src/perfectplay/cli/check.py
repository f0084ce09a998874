"""``perfectplay check``: a student's tic-tac-toe AI against perfect play, as a report.

Thin over ``perfectplay.check``: it reads the flags, runs one check per
file (a progress bar on a terminal, drawn by ``rich`` on stderr), and prints
the text report, the JSON, or a one-line verdict per file with ``--csv``.
Exit status 0 when every file is unbeatable and plays best everywhere, 1
when anything was found, 2 for a usage problem (one line on stderr each).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import signal
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from perfectplay.check.api import DEFAULT_MEMORY_MB, DEFAULT_MOVE_SECONDS, DEFAULT_TOTAL_SECONDS, check_ai
from perfectplay.check.interface import BOARDS, PLAYS, RETURNS, CheckUsageError
from perfectplay.check.render_csv import csv_row, render_csv, usage_row
from perfectplay.check.render_json import report_json
from perfectplay.check.render_text import render_text, verdict_line
from perfectplay.check.report import CheckReport
from perfectplay.check.sweep import Progress as ProgressCallback


def configure(parser: argparse.ArgumentParser, name: str) -> None:
    parser.description = (
        "Put a tic-tac-toe AI against perfect play in every position and report where it loses, "
        "misplays or breaks. Recognises CS50's tictactoe.py and find_best_move(board) by itself; "
        "--command checks a program in any language (line protocol in docs/check.md). "
        "Exit status: 0 unbeatable and best everywhere, 1 findings, 2 usage problem."
    )
    parser.add_argument("files", nargs="*", metavar="FILE", help="Python files holding the AI")
    parser.add_argument(
        "--command", dest="program", metavar="CMD", help="check a program in any language instead (line protocol)"
    )
    parser.add_argument("--json", action="store_true", help="print the report as JSON (an array for several files)")
    parser.add_argument("--csv", metavar="FILE", help="write one row per file to FILE ('-' for standard output)")
    parser.add_argument(
        "--value-only",
        action="store_true",
        help="accept any move that keeps the position's value (win, draw or loss), as CS50's +1/-1/0 "
        "utility does; slower wins and sooner losses become notes",
    )
    shape = parser.add_argument_group("the interface (recognised by probing when not given)")
    shape.add_argument("--function", metavar="NAME", help="the function that returns a move (default find_best_move)")
    shape.add_argument("--board", choices=BOARDS, help="a flat list of 9 cells, or a list of 3 lists")
    shape.add_argument("--empty", metavar="CHAR", help="what an empty cell holds, e.g. ' ' or - (None for None)")
    shape.add_argument("--returns", choices=RETURNS, help="a cell index 0-8, or (row, col)")
    shape.add_argument("--plays", choices=PLAYS, help="the side(s) it plays")
    limits = parser.add_argument_group("limits")
    limits.add_argument(
        "--time-per-move",
        type=float,
        default=DEFAULT_MOVE_SECONDS,
        metavar="S",
        help=f"seconds each answer may take (default {DEFAULT_MOVE_SECONDS:g})",
    )
    limits.add_argument(
        "--time-limit",
        type=float,
        default=DEFAULT_TOTAL_SECONDS,
        metavar="S",
        help=f"seconds for the whole check of one file (default {DEFAULT_TOTAL_SECONDS:g})",
    )
    limits.add_argument(
        "--memory",
        type=int,
        default=DEFAULT_MEMORY_MB,
        metavar="MB",
        help=f"memory each candidate process may use, where the OS can limit it (default {DEFAULT_MEMORY_MB})",
    )
    parser.set_defaults(run=run_check)


def run_check(args: argparse.Namespace) -> int:
    # A plain `kill` should end the candidate processes too: turn SIGTERM into an exit that
    # runs the check's clean-up, as Ctrl-C does.
    previous = signal.signal(signal.SIGTERM, _terminate)
    try:
        return _run(args)
    finally:
        signal.signal(signal.SIGTERM, previous)


def _terminate(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)


def _run(args: argparse.Namespace) -> int:
    if not args.files and args.program is None:
        raise CheckUsageError("give the Python file(s) to check, or --command with a program to run")
    if args.files and args.program is not None:
        raise CheckUsageError("give Python files or --command, not both")
    targets: list[str | None] = list(args.files) if args.files else [None]
    results: list[CheckReport | tuple[str, str]] = []
    with _progress_display(len(targets)) as progress:
        for target in targets:
            try:
                results.append(_check_one(args, target, progress(target or args.program)))
            except CheckUsageError as error:
                if len(targets) == 1:
                    raise
                sys.stderr.write(f"perfectplay check: error: {error}\n")
                results.append((target or "", str(error)))
    reports = [result for result in results if isinstance(result, CheckReport)]
    _print(args, results, reports)
    if len(reports) < len(results):
        return 2
    return max((report.exit_status for report in reports), default=0)


def _check_one(args: argparse.Namespace, target: str | None, progress: ProgressCallback | None) -> CheckReport:
    return check_ai(
        target,
        command=args.program,
        function=args.function,
        board=args.board,
        empty=args.empty,
        returns=args.returns,
        plays=args.plays,
        value_only=args.value_only,
        move_seconds=args.time_per_move,
        total_seconds=args.time_limit,
        memory_mb=args.memory,
        progress=progress,
    )


def _print(args: argparse.Namespace, results: list[CheckReport | tuple[str, str]], reports: list[CheckReport]) -> None:
    if args.csv is not None:
        rows = [csv_row(result) if isinstance(result, CheckReport) else usage_row(*result) for result in results]
        text = render_csv(rows)
        if args.csv == "-":
            sys.stdout.write(text)
        else:
            try:
                Path(args.csv).write_text(text)
            except OSError as error:
                raise CheckUsageError(f"--csv: cannot write {args.csv}: {error.strerror}") from None
    if args.json:
        documents = [report_json(report) for report in reports]
        document: Any = documents[0] if len(results) == 1 and documents else documents
        print(json.dumps(document))
    elif args.csv is not None:
        if args.csv != "-":
            for report in reports:
                print(f"{report.target}: {verdict_line(report)}")
    else:
        print("\n\n".join(render_text(report) for report in reports))


@contextlib.contextmanager
def _progress_display(files: int) -> Iterator[Any]:
    """A factory of progress callbacks: a rich bar on a terminal's stderr, nothing elsewhere."""
    if not sys.stderr.isatty():
        yield lambda target: None
        return
    try:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
    except ImportError:  # the cli extra is not installed: no bar
        yield lambda target: None
        return
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:

        def for_target(target: str) -> ProgressCallback:
            task = bar.add_task(target, total=None)

            def update(phase: str, done: int, total: int) -> None:
                bar.update(task, description=f"{target}: {phase}", completed=done, total=total)

            return update

        yield for_target
