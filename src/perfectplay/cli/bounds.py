"""The default bounds of the commands that search, and their options: ``--time-limit`` and ``--table-size``.

A search of an early Connect Four position, or of any board past a few
dozen cells, can run for hours and fill gigabytes; no command may do that
unasked. Boards of up to ``BIG_BOARD_CELLS`` cells (tic-tac-toe, 4x4) are
solved exactly in a moment and keep no time limit; bigger ones stop after
``BIG_BOARD_SECONDS`` unless told ``--time-limit none``. The table's cap is
the memory bound: each command's help says both.
"""

from __future__ import annotations

import argparse
import math
from typing import TYPE_CHECKING, Any

from perfectplay.cli.options import add_whole, seconds

if TYPE_CHECKING:
    from perfectplay import Game
    from perfectplay.search.solver import TranspositionTable

BIG_BOARD_CELLS = 16
"""Boards with more cells than this get a time limit by default (a 4x4 board is solved in about a second)."""

BIG_BOARD_SECONDS = 60.0
"""The default time limit on a big board (Connect Four, 5x5 and up)."""

NO_LIMIT = "none"
"""What ``--time-limit`` takes for an unlimited, exact search."""

COMPILED_TABLE_HELP = "32,000,000"
PURE_TABLE_HELP = "4,000,000"
"""The default table sizes as the help says them (the solver's ``COMPILED_CAPACITY`` and ``DEFAULT_CAPACITY``;
a test holds them equal), so building a command's help imports no solver."""

TABLE_HELP = (
    f"entries the solver's table keeps before dropping old ones (default {COMPILED_TABLE_HELP} for an "
    "exact search with the compiled core: at most 1 GB on 7x6 Connect Four and boards up to 5x5, 2 GB on "
    f"bigger ones; else {PURE_TABLE_HELP}, about 700 MB in pure Python); the report says when it filled up"
)


def time_limit(text: str) -> float:
    """An argument type: seconds, or ``none`` for no limit (infinity)."""
    if text.strip().lower() == NO_LIMIT:
        return math.inf
    return seconds(text)


def add_time_limit(parser: argparse.ArgumentParser, what: str = "stop the search after S seconds") -> None:
    parser.add_argument(
        "--time-limit",
        type=time_limit,
        metavar="S",
        help=f"{what} (default: none on boards of up to {BIG_BOARD_CELLS} cells, {BIG_BOARD_SECONDS:g} s on "
        f"bigger ones such as Connect Four; '{NO_LIMIT}' for an exact search however long it takes)",
    )


def add_table_size(parser: argparse.ArgumentParser) -> None:
    add_whole(parser, "--table-size", 2, 50_000_000, metavar="N", help=TABLE_HELP)


def time_limit_for(game: Game[Any], given: float | None) -> float | None:
    """The seconds a search of ``game`` may take: ``given``, else the board's default; None for no limit."""
    if given is None:
        return BIG_BOARD_SECONDS if game.max_plies > BIG_BOARD_CELLS else None
    return None if math.isinf(given) else given


def table_for(game: Game[Any], size: int | None, exact: bool) -> TranspositionTable:
    """The solver's table: ``size`` entries if given, else the default cap for ``game`` and the kind of search."""
    from perfectplay.search.solver import TranspositionTable, default_capacity

    return TranspositionTable(default_capacity(game, exact) if size is None else size)
