"""perfectplay: unbeatable tic-tac-toe and the minimax engine behind it.

>>> from perfectplay import parse_position, analyze
>>> game, state = parse_position("XOX/OO./.X.")
>>> analyze(game, state).best
(5,)
"""

from __future__ import annotations

from perfectplay.errors import (
    IllegalMoveError,
    LimitError,
    PerfectplayError,
    PositionError,
    VariantError,
)
from perfectplay.game import UNKNOWN, Game, Outcome, Player, back_up, loss_score, outcome_of, win_score
from perfectplay.games import load_game_file, make_game, presets, register_game, unregister_game
from perfectplay.games.mnk import MNK, MNKState, TicTacToe
from perfectplay.games.nim import Nim, NimState
from perfectplay.notation import parse_player, parse_position
from perfectplay.players import LEVELS, choose_move
from perfectplay.search.alphabeta import alphabeta
from perfectplay.search.analysis import analyze, best_moves
from perfectplay.search.limits import Limit
from perfectplay.search.minimax import minimax
from perfectplay.search.node import SearchNode
from perfectplay.search.result import Analysis, MoveValue
from perfectplay.search.solver import score_moves, solve
from perfectplay.search.table import TranspositionTable
from perfectplay.search.trace import Trace, TraceNode, trace_alphabeta, trace_minimax, trace_search
from perfectplay.viz import trace_dot, trace_json, trace_svg

__version__ = "0.1.0"

__all__ = [
    "Analysis",
    "Game",
    "IllegalMoveError",
    "LEVELS",
    "Limit",
    "LimitError",
    "MNK",
    "MNKState",
    "MoveValue",
    "Nim",
    "NimState",
    "Outcome",
    "PerfectplayError",
    "Player",
    "PositionError",
    "SearchNode",
    "TicTacToe",
    "Trace",
    "TraceNode",
    "TranspositionTable",
    "UNKNOWN",
    "VariantError",
    "alphabeta",
    "analyze",
    "back_up",
    "best_moves",
    "choose_move",
    "load_game_file",
    "loss_score",
    "make_game",
    "minimax",
    "outcome_of",
    "parse_player",
    "parse_position",
    "presets",
    "register_game",
    "score_moves",
    "solve",
    "trace_alphabeta",
    "trace_dot",
    "trace_json",
    "trace_minimax",
    "trace_search",
    "trace_svg",
    "unregister_game",
    "win_score",
]
