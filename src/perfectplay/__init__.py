"""perfectplay: unbeatable tic-tac-toe and the minimax engine behind it.

>>> from perfectplay import parse_position, analyze
>>> game, state = parse_position("XOX/OO./.X.")
>>> analyze(game, state).best
(5,)

Every name below is imported on first use (PEP 562), so ``import
perfectplay`` costs next to nothing and a one-shot command loads only the
modules its answer needs.
"""

from __future__ import annotations

import importlib as _importlib
import typing as _typing

__version__ = "0.1.0"

_HOMES: dict[str, str] = {
    "ALGORITHMS": "perfectplay.search.analysis",
    "Algorithm": "perfectplay.search.analysis",
    "Analysis": "perfectplay.search.result",
    "BOOK_SIDES": "perfectplay.search.book",
    "Book": "perfectplay.search.book",
    "CheckReport": "perfectplay.check.report",
    "Connect4": "perfectplay.games.connect4",
    "Connect4State": "perfectplay.games.connect4",
    "COMPILED_CAPACITY": "perfectplay.search.machinery.table",
    "DEFAULT_CAPACITY": "perfectplay.search.machinery.table",
    "DEFAULT_SPEC": "perfectplay.games",
    "Game": "perfectplay.game",
    "IllegalMoveError": "perfectplay.errors",
    "KINDS": "perfectplay.games",
    "LEVELS": "perfectplay.players",
    "Limit": "perfectplay.search.limits",
    "LimitError": "perfectplay.errors",
    "MAX_SIDE": "perfectplay.games.mnk",
    "MNK": "perfectplay.games.mnk",
    "MNKState": "perfectplay.games.mnk",
    "MoveValue": "perfectplay.search.result",
    "Nim": "perfectplay.games.nim",
    "NimState": "perfectplay.games.nim",
    "Outcome": "perfectplay.game",
    "PerfectplayError": "perfectplay.errors",
    "Player": "perfectplay.game",
    "PositionError": "perfectplay.errors",
    "Progress": "perfectplay.search.machinery.budget",
    "ProgressCallback": "perfectplay.search.machinery.budget",
    "RootSearch": "perfectplay.search.alphabeta",
    "SPEC_MAX_CHARS": "perfectplay.games",
    "SearchNode": "perfectplay.hooks",
    "TRACEABLE": "perfectplay.search.analysis",
    "TicTacToe": "perfectplay.games.mnk",
    "Trace": "perfectplay.teaching.trace",
    "TraceNode": "perfectplay.teaching.trace",
    "TranspositionTable": "perfectplay.search.machinery.table",
    "UNKNOWN": "perfectplay.game",
    "VariantError": "perfectplay.errors",
    "alphabeta": "perfectplay.search.alphabeta",
    "analyze": "perfectplay.search.analysis",
    "back_up": "perfectplay.game",
    "best_moves": "perfectplay.search.analysis",
    "book_header": "perfectplay.search.book",
    "build_book": "perfectplay.search.book",
    "check_ai": "perfectplay.check.api",
    "choose_move": "perfectplay.players",
    "default_capacity": "perfectplay.search.machinery.compiled",
    "load_game_file": "perfectplay.games",
    "loss_score": "perfectplay.game",
    "make_game": "perfectplay.games",
    "minimax": "perfectplay.search.minimax",
    "outcome_of": "perfectplay.game",
    "parse_player": "perfectplay.notation",
    "parse_position": "perfectplay.notation",
    "presets": "perfectplay.games",
    "prove_book_entry": "perfectplay.search.book",
    "register_game": "perfectplay.games",
    "score_moves": "perfectplay.search.solver",
    "solver_core": "perfectplay.search.machinery.compiled",
    "solve": "perfectplay.search.solver",
    "trace_alphabeta": "perfectplay.teaching.trace",
    "trace_dot": "perfectplay.viz",
    "trace_json": "perfectplay.viz",
    "trace_minimax": "perfectplay.teaching.trace",
    "trace_search": "perfectplay.teaching.trace",
    "trace_svg": "perfectplay.viz",
    "unregister_game": "perfectplay.games",
    "win_score": "perfectplay.game",
}
"""Where each public name lives: the module imported when the name is first used."""

__all__ = sorted(_HOMES)


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'perfectplay' has no attribute {name!r}")
    value = getattr(_importlib.import_module(home), name)
    globals()[name] = value  # the next lookup is a plain attribute
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


if _typing.TYPE_CHECKING:
    from perfectplay.check.api import check_ai as check_ai
    from perfectplay.check.report import CheckReport as CheckReport
    from perfectplay.errors import IllegalMoveError as IllegalMoveError
    from perfectplay.errors import LimitError as LimitError
    from perfectplay.errors import PerfectplayError as PerfectplayError
    from perfectplay.errors import PositionError as PositionError
    from perfectplay.errors import VariantError as VariantError
    from perfectplay.game import UNKNOWN as UNKNOWN
    from perfectplay.game import Game as Game
    from perfectplay.game import Outcome as Outcome
    from perfectplay.game import Player as Player
    from perfectplay.game import back_up as back_up
    from perfectplay.game import loss_score as loss_score
    from perfectplay.game import outcome_of as outcome_of
    from perfectplay.game import win_score as win_score
    from perfectplay.games import DEFAULT_SPEC as DEFAULT_SPEC
    from perfectplay.games import KINDS as KINDS
    from perfectplay.games import SPEC_MAX_CHARS as SPEC_MAX_CHARS
    from perfectplay.games import load_game_file as load_game_file
    from perfectplay.games import make_game as make_game
    from perfectplay.games import presets as presets
    from perfectplay.games import register_game as register_game
    from perfectplay.games import unregister_game as unregister_game
    from perfectplay.games.connect4 import Connect4 as Connect4
    from perfectplay.games.connect4 import Connect4State as Connect4State
    from perfectplay.games.mnk import MAX_SIDE as MAX_SIDE
    from perfectplay.games.mnk import MNK as MNK
    from perfectplay.games.mnk import MNKState as MNKState
    from perfectplay.games.mnk import TicTacToe as TicTacToe
    from perfectplay.games.nim import Nim as Nim
    from perfectplay.games.nim import NimState as NimState
    from perfectplay.hooks import SearchNode as SearchNode
    from perfectplay.notation import parse_player as parse_player
    from perfectplay.notation import parse_position as parse_position
    from perfectplay.players import LEVELS as LEVELS
    from perfectplay.players import choose_move as choose_move
    from perfectplay.search.alphabeta import RootSearch as RootSearch
    from perfectplay.search.alphabeta import alphabeta as alphabeta
    from perfectplay.search.analysis import ALGORITHMS as ALGORITHMS
    from perfectplay.search.analysis import TRACEABLE as TRACEABLE
    from perfectplay.search.analysis import Algorithm as Algorithm
    from perfectplay.search.analysis import analyze as analyze
    from perfectplay.search.analysis import best_moves as best_moves
    from perfectplay.search.book import BOOK_SIDES as BOOK_SIDES
    from perfectplay.search.book import Book as Book
    from perfectplay.search.book import book_header as book_header
    from perfectplay.search.book import build_book as build_book
    from perfectplay.search.book import prove_book_entry as prove_book_entry
    from perfectplay.search.limits import Limit as Limit
    from perfectplay.search.machinery.budget import Progress as Progress
    from perfectplay.search.machinery.budget import ProgressCallback as ProgressCallback
    from perfectplay.search.machinery.compiled import default_capacity as default_capacity
    from perfectplay.search.machinery.compiled import solver_core as solver_core
    from perfectplay.search.machinery.table import COMPILED_CAPACITY as COMPILED_CAPACITY
    from perfectplay.search.machinery.table import DEFAULT_CAPACITY as DEFAULT_CAPACITY
    from perfectplay.search.machinery.table import TranspositionTable as TranspositionTable
    from perfectplay.search.minimax import minimax as minimax
    from perfectplay.search.result import Analysis as Analysis
    from perfectplay.search.result import MoveValue as MoveValue
    from perfectplay.search.solver import score_moves as score_moves
    from perfectplay.search.solver import solve as solve
    from perfectplay.teaching.trace import Trace as Trace
    from perfectplay.teaching.trace import TraceNode as TraceNode
    from perfectplay.teaching.trace import trace_alphabeta as trace_alphabeta
    from perfectplay.teaching.trace import trace_minimax as trace_minimax
    from perfectplay.teaching.trace import trace_search as trace_search
    from perfectplay.viz import trace_dot as trace_dot
    from perfectplay.viz import trace_json as trace_json
    from perfectplay.viz import trace_svg as trace_svg
