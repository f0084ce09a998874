"""``perfectplay check --game connect4``: a student's Connect Four agent, judged against exact play.

Its own flags (the reading, the suite's size, the games, the allowed
packages) are added to ``check``'s parser here; ``cli/check.py`` hands a
``--game connect4`` run over to ``run_connect4``. One submission a run
(a Python file or one ``--command``); text, JSON and the graders' formats.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from perfectplay.check.connect4_check import DEFAULT_ALLOWED, DEFAULT_POSITIONS, DEFAULT_SEED, check_connect4
from perfectplay.check.errors import CheckUsageError
from perfectplay.check.judge.connect4_detect import PIECES
from perfectplay.check.report.connect4_render import (
    autolab_output,
    gradescope_json,
    prairielearn_json,
    render_text,
    report_json,
)
from perfectplay.check.report.connect4_score import load_connect4_weights
from perfectplay.cli.options import whole
from perfectplay.cli.output import WriteError, write_file

GAMES = ("tictactoe", "connect4")
FORMATS = ("text", "json", "gradescope", "prairielearn", "autolab")


def add_options(parser: argparse.ArgumentParser) -> None:
    """``--game`` and the Connect Four check's own flags."""
    parser.add_argument(
        "--game",
        choices=GAMES,
        default="tictactoe",
        help="the game the AI plays: tictactoe (default) or connect4 (a heuristic agent, docs/check-connect4.md)",
    )
    group = parser.add_argument_group("Connect Four (--game connect4)")
    group.add_argument(
        "--interface",
        choices=("connectx", "board", "pettingzoo"),
        help="agent(observation, configuration) as Kaggle's ConnectX; a board function; PettingZoo's observation",
    )
    group.add_argument("--board-type", choices=("list", "numpy"), help="a board function's board: lists, or an array")
    group.add_argument("--rows", choices=("top", "bottom"), help="a board function's row 0: at the top or the bottom")
    group.add_argument("--pieces", choices=tuple(PIECES), help="a board's values: 012, space, dot, dash or 1-1")
    group.add_argument(
        "--positions",
        type=whole(1, "--positions", 100_000),
        default=DEFAULT_POSITIONS,
        metavar="N",
        help=f"suite positions asked, every phase in its share (default {DEFAULT_POSITIONS}; more than the suite "
        "holds asks them all)",
    )
    group.add_argument("--no-games", action="store_true", help="skip the games against perfectplay's levels")
    group.add_argument(
        "--allow-package",
        action="append",
        metavar="NAME",
        help=f"an installed package the agent may import, read-only (default {', '.join(DEFAULT_ALLOWED)}; "
        "give it again for more)",
    )


def _wall(args: argparse.Namespace) -> float | None:
    """A grader's ``--budget`` leaves room to write the result: the check itself gets 90 % of it, less 3 s."""
    if args.budget is not None:
        return max(float(args.budget) * 0.9 - 3.0, 1.0)
    return None if args.wall_limit is None else float(args.wall_limit)


def run_connect4(args: argparse.Namespace) -> int:
    """One Connect Four check, printed or written in the format asked."""
    files, programs = list(args.files or []), list(args.program or [])
    if len(files) + len(programs) != 1 or args.manifest:
        raise CheckUsageError("--game connect4 checks one agent a run: give one Python file or one --command")
    for flag, given in (
        ("--csv", args.csv), ("--jsonl", args.jsonl), ("--summary", args.summary), ("--summary-svg", args.summary_svg),
        ("--feedback-dir", args.feedback_dir), ("--jobs", args.jobs), ("--standard", args.standard),
        ("--board", args.board), ("--empty", args.empty), ("--returns", args.returns), ("--plays", args.plays),
        ("--sample", args.sample), ("--release-body", args.release_body),
    ):  # fmt: skip
        if given:
            raise CheckUsageError(f"{flag} is for tic-tac-toe checks, not --game connect4 (docs/check-connect4.md)")
    if args.format not in FORMATS:
        raise CheckUsageError(f"--game connect4 writes {', '.join(FORMATS)}, not --format {args.format}")
    weights = load_connect4_weights(args.weights) if args.weights is not None else None
    allowed = list(DEFAULT_ALLOWED) + [name for name in args.allow_package or [] if name not in DEFAULT_ALLOWED]
    report = check_connect4(
        files[0] if files else None,
        command=programs[0] if programs else None,
        function=args.function,
        style=args.interface,
        shape=args.board_type,
        rows=args.rows,
        pieces=args.pieces,
        positions=args.positions,
        seed=args.seed if args.seed is not None else DEFAULT_SEED,
        games=not args.no_games,
        move_seconds=args.time_per_move or 5.0,
        total_seconds=args.time_limit or 600.0,
        memory_mb=args.memory,
        wall_seconds=_wall(args),
        allow_packages=allowed,
        sandbox=args.sandbox,
    )
    if args.json or args.format == "json":
        text = json.dumps(report_json(report, weights))
    elif args.format == "gradescope":
        text = json.dumps(gradescope_json(report, weights, args.visibility))
    elif args.format == "prairielearn":
        text = json.dumps(prairielearn_json(report, weights))
    elif args.format == "autolab":
        text = autolab_output(report, weights).rstrip("\n")
    else:
        text = render_text(report, weights).rstrip("\n")
    if args.output is not None:
        names = {"gradescope": "results.json", "prairielearn": "results.json", "autolab": "autolab.txt"}
        target = Path(args.output)
        if target.is_dir():
            target = target / names.get(args.format, "report.txt")
        try:
            write_file(target, text + "\n")
        except WriteError as error:
            raise CheckUsageError(f"--output: {error}") from None
    else:
        sys.stdout.write(text + "\n")
    return report.exit_status
