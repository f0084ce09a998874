"""``perfectplay match``: computer against computer, many games, a tally at the end.

A player is a level (``perfect`` ... ``random``) or a depth-limited search
with an evaluation function, ``depthD:EVAL`` (e.g. ``depth2:open-lines``),
so a student can measure which evaluation plays better; ``--alternate`` lets
the two take turns playing X, which takes the first move's advantage out of
the comparison. No terminal needed: on a terminal a progress bar (``rich``)
shows how far the match has got; piped or with ``--json`` the output is
plain text or one JSON object, nothing else.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterator
from typing import Any, TypeVar

from perfectplay import Game
from perfectplay.cli.options import add_game_option, add_time_limit_option, add_whole, read_game, seed
from perfectplay.play import (
    LEVEL_HELP,
    DuelResult,
    MatchResult,
    Record,
    budgeted_analyst,
    check_level,
    depth_level,
    play_duel,
    play_match,
)

MAX_GAMES = 1_000_000
"""Most games one match may have: a million 3x3 games take about an hour."""


def configure(parser: argparse.ArgumentParser, name: str) -> None:
    parser.description = (
        "Play computer against computer and print how many games X won, O won and were drawn. "
        "A player is a level or a depth-limited search: depth2:open-lines, depth3:threats, depth2:mymod.py:evaluate."
    )
    parser.add_argument("--x", default="perfect", metavar="PLAYER", help=f"X's player (default perfect): {LEVEL_HELP}")
    parser.add_argument("--o", default="perfect", metavar="PLAYER", help=f"O's player (default perfect): {LEVEL_HELP}")
    add_whole(
        parser,
        "--games",
        1,
        MAX_GAMES,
        default=100,
        metavar="N",
        help=f"number of games (default 100, at most {MAX_GAMES:,})",
    )
    parser.add_argument(
        "--alternate",
        action="store_true",
        help="the two players take turns playing X; the tally is then per player (fair for comparing them)",
    )
    parser.add_argument(
        "--seed", type=seed, metavar="N", help="seed the random choices, to repeat a match exactly (0 to 2**63-1)"
    )
    parser.add_argument("--json", action="store_true", help='print {"x_wins", "o_wins", "draws", "games"} as JSON')
    add_game_option(parser)
    add_time_limit_option(parser, default=1.0)
    parser.set_defaults(run=run_match)


def read_player(text: str, game: Game[Any]) -> str:
    """A player named on the command line, checked (your own evaluation is loaded here)."""
    depth_level(text, game, load=True)
    return check_level(text, game)


def run_match(args: argparse.Namespace) -> int:
    game = read_game(args)
    x_player, o_player = read_player(args.x, game), read_player(args.o, game)
    analyst = budgeted_analyst(args.time_limit)
    rng = random.Random(args.seed)
    seconds = args.time_limit  # every level's move within it: the analyst's, a depth or MCTS level's own search
    if args.alternate:
        duel = _progress(play_duel(game, x_player, o_player, args.games, rng, analyst=analyst, seconds=seconds), args)
        *_, last = duel
        print(json.dumps(last.to_json()) if args.json else format_duel(game, last))
        return 0
    tallies = _progress(play_match(game, x_player, o_player, args.games, rng, analyst=analyst, seconds=seconds), args)
    *_, result = tallies
    if args.json:
        print(json.dumps(result.to_json()))
    else:
        print(format_result(game, x_player, o_player, result))
    return 0


Tally = TypeVar("Tally", MatchResult, DuelResult)


def _progress(tallies: Iterator[Tally], args: argparse.Namespace) -> Iterator[Tally]:
    if args.json or not sys.stdout.isatty():
        return tallies
    return with_progress_bar(tallies, args.games)


def with_progress_bar(tallies: Iterator[Tally], games: int) -> Iterator[Tally]:
    """Pass the tallies through while a transient progress bar counts the games."""
    # Imported here: rich is in the ``cli`` extra and only a terminal needs it.
    try:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
    except ImportError:
        yield from tallies
        return
    columns = (TextColumn("playing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, transient=True) as progress:
        task = progress.add_task("match", total=games)
        for tally in tallies:
            progress.update(task, completed=tally.games)
            yield tally


def _share(count: int, games: int) -> str:
    return f"{count:>{len(str(games))}}  {100 * count / games:5.1f}%"


def format_result(game: Game[Any], x_level: str, o_level: str, result: MatchResult) -> str:
    """The tally as W/D/L from each side, with percentages."""
    games = result.games
    return "\n".join(
        [
            f"X ({x_level}) against O ({o_level}): {_games(games)} of {game.title}",
            f"X wins  {_share(result.x_wins, games)}",
            f"draws   {_share(result.draws, games)}",
            f"O wins  {_share(result.o_wins, games)}",
            f"X: {result.x_wins} W / {result.draws} D / {result.o_wins} L;  "
            f"O: {result.o_wins} W / {result.draws} D / {result.x_wins} L  (W = wins, D = draws, L = losses)",
        ]
    )


def format_duel(game: Game[Any], result: DuelResult) -> str:
    """Each player's wins, draws and losses, in total and by side."""

    def counts(triple: tuple[int, int, int]) -> str:
        return f"{triple[0]} W / {triple[1]} D / {triple[2]} L"

    def row(name: str, record: Record) -> str:
        wins = record.total[0]
        return (
            f"{name:<{width}}  {counts(record.total):<22} wins {100 * wins / result.games:5.1f}%   "
            f"as X {counts(record.as_x)}, as O {counts(record.as_o)}"
        )

    width = max(len(result.first), len(result.second))
    lines = [f"{result.first} against {result.second}, taking turns as X: {_games(result.games)} of {game.title}"]
    lines.extend(row(name, record) for name, record in zip((result.first, result.second), result.records, strict=True))
    lines.append("W = wins, D = draws, L = losses, from each player's side.")
    return "\n".join(lines)


def _games(count: int) -> str:
    return f"{count:,} game" if count == 1 else f"{count:,} games"
