"""``perfectplay match``: computer against computer, many games, a tally at the end.

No terminal needed: the games run without a board on screen. On a terminal a
progress bar (``rich``) shows how far the match has got; piped or with
``--json`` the output is plain text or one JSON object, nothing else.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterator
from typing import Any

from perfectplay.cli.options import add_game_option, add_time_limit_option, read_game
from perfectplay.errors import PerfectplayError
from perfectplay.game import Game
from perfectplay.matches import MatchResult, budgeted_analyst, play_match
from perfectplay.players import LEVELS


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "match",
        help="let two computer levels play each other and count wins, draws and losses",
        description="Play computer against computer and print how many games X won, O won and were drawn.",
    )
    parser.add_argument("--x", choices=LEVELS, default="perfect", metavar="LEVEL", help="X's level (default perfect)")
    parser.add_argument("--o", choices=LEVELS, default="perfect", metavar="LEVEL", help="O's level (default perfect)")
    parser.add_argument("--games", type=int, default=100, metavar="N", help="number of games (default 100)")
    parser.add_argument("--seed", type=int, help="seed the random choices, to repeat a match exactly")
    parser.add_argument("--json", action="store_true", help='print {"x_wins", "o_wins", "draws", "games"} as JSON')
    add_game_option(parser)
    add_time_limit_option(parser, default=1.0)
    parser.epilog = f"levels: {', '.join(LEVELS)}"
    parser.set_defaults(run=run_match)


def run_match(args: argparse.Namespace) -> int:
    if args.games < 1:
        raise PerfectplayError(f"--games must be at least 1, not {args.games}")
    game = read_game(args)
    analyst = budgeted_analyst(args.time_limit)
    tallies = play_match(game, args.x, args.o, args.games, random.Random(args.seed), analyst=analyst)
    if not args.json and sys.stdout.isatty():
        tallies = with_progress_bar(tallies, args.games)
    *_, result = tallies
    if args.json:
        print(json.dumps(result.to_json()))
    else:
        print(format_result(game, args.x, args.o, result))
    return 0


def with_progress_bar(tallies: Iterator[MatchResult], games: int) -> Iterator[MatchResult]:
    """Pass the tallies through while a transient progress bar counts the games."""
    # Imported here: rich is in the ``cli`` extra and only a terminal needs it.
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    columns = (TextColumn("playing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, transient=True) as progress:
        task = progress.add_task("match", total=games)
        for tally in tallies:
            progress.update(task, completed=tally.games)
            yield tally


def format_result(game: Game[Any], x_level: str, o_level: str, result: MatchResult) -> str:
    """The tally as W/D/L from each side, with percentages."""
    games = result.games

    def share(count: int) -> str:
        return f"{count:>{len(str(games))}}  {100 * count / games:5.1f}%"

    return "\n".join(
        [
            f"X ({x_level}) against O ({o_level}): {games:,} games of {game.title}",
            f"X wins  {share(result.x_wins)}",
            f"draws   {share(result.draws)}",
            f"O wins  {share(result.o_wins)}",
            f"X: {result.x_wins} W / {result.draws} D / {result.o_wins} L;  "
            f"O: {result.o_wins} W / {result.draws} D / {result.x_wins} L",
        ]
    )
