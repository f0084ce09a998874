"""perfectplay: unbeatable tic-tac-toe and the minimax engine behind it.

>>> from perfectplay import parse_position, analyze
>>> game, state = parse_position("XOX/OO./.X.")
>>> analyze(game, state).best
(5,)

This is the engine's door: the game protocol, the built-in games and their
registry, positions, limits, results and the searches. The other layers keep
their own doors: ``perfectplay.teaching`` (traces, textbook trees, drawings),
``perfectplay.play`` (players by level, matches, data sets),
``perfectplay.check`` (the checker of a student's AI), and
``perfectplay.search.solver`` (the solver's table sizes and opening books).
Every name is imported on first use, so ``import perfectplay`` costs next to
nothing and a one-shot command loads only the modules its answer needs.
"""

from __future__ import annotations

import typing as _typing

from perfectplay._lazy import lazy_door as _lazy_door

__version__ = "0.1.0"

_HOMES: dict[str, str] = {
    "ALGORITHMS": "perfectplay.search.analysis",
    "Algorithm": "perfectplay.search.analysis",
    "Analysis": "perfectplay.search.base.result",
    "Connect4": "perfectplay.games.connect4",
    "Connect4State": "perfectplay.games.connect4",
    "DEFAULT_SPEC": "perfectplay.games",
    "Game": "perfectplay.game",
    "IllegalMoveError": "perfectplay.errors",
    "KINDS": "perfectplay.games",
    "Limit": "perfectplay.search.base.limits",
    "LimitError": "perfectplay.errors",
    "MAX_SIDE": "perfectplay.games.mnk",
    "MNK": "perfectplay.games.mnk",
    "MNKState": "perfectplay.games.mnk",
    "MctsResult": "perfectplay.search.mcts",
    "MoveValue": "perfectplay.search.base.result",
    "Nim": "perfectplay.games.nim",
    "NimState": "perfectplay.games.nim",
    "Outcome": "perfectplay.game",
    "PerfectplayError": "perfectplay.errors",
    "Player": "perfectplay.game",
    "PositionError": "perfectplay.errors",
    "Progress": "perfectplay.search.base.budget",
    "ProgressCallback": "perfectplay.search.base.budget",
    "RootSearch": "perfectplay.search.alphabeta",
    "SPEC_MAX_CHARS": "perfectplay.games",
    "SearchNode": "perfectplay.hooks",
    "TRACEABLE": "perfectplay.search.analysis",
    "TicTacToe": "perfectplay.games.mnk",
    "TranspositionTable": "perfectplay.search.solver.table",
    "UNKNOWN": "perfectplay.game",
    "VariantError": "perfectplay.errors",
    "alphabeta": "perfectplay.search.alphabeta",
    "analyze": "perfectplay.search.analysis",
    "back_up": "perfectplay.game",
    "best_moves": "perfectplay.search.analysis",
    "load_game_file": "perfectplay.games",
    "loss_score": "perfectplay.game",
    "make_game": "perfectplay.games",
    "mcts": "perfectplay.search.mcts",
    "minimax": "perfectplay.search.minimax",
    "outcome_of": "perfectplay.game",
    "parse_player": "perfectplay.notation",
    "parse_position": "perfectplay.notation",
    "presets": "perfectplay.games",
    "register_game": "perfectplay.games",
    "score_moves": "perfectplay.search.solver.exact",
    "solve": "perfectplay.search.solver.exact",
    "unregister_game": "perfectplay.games",
    "win_score": "perfectplay.game",
}
"""Where each public name lives: the module imported when the name is first used."""

__all__ = sorted(_HOMES)

__getattr__, __dir__ = _lazy_door(__name__, _HOMES, globals())

if _typing.TYPE_CHECKING:
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
    from perfectplay.search.alphabeta import RootSearch as RootSearch
    from perfectplay.search.alphabeta import alphabeta as alphabeta
    from perfectplay.search.analysis import ALGORITHMS as ALGORITHMS
    from perfectplay.search.analysis import TRACEABLE as TRACEABLE
    from perfectplay.search.analysis import Algorithm as Algorithm
    from perfectplay.search.analysis import analyze as analyze
    from perfectplay.search.analysis import best_moves as best_moves
    from perfectplay.search.base.budget import Progress as Progress
    from perfectplay.search.base.budget import ProgressCallback as ProgressCallback
    from perfectplay.search.base.limits import Limit as Limit
    from perfectplay.search.base.result import Analysis as Analysis
    from perfectplay.search.base.result import MoveValue as MoveValue
    from perfectplay.search.mcts import MctsResult as MctsResult
    from perfectplay.search.mcts import mcts as mcts
    from perfectplay.search.minimax import minimax as minimax
    from perfectplay.search.solver.exact import score_moves as score_moves
    from perfectplay.search.solver.exact import solve as solve
    from perfectplay.search.solver.table import TranspositionTable as TranspositionTable
