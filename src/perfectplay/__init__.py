"""perfectplay: unbeatable tic-tac-toe and the minimax engine behind it.

    >>> from perfectplay import parse_position, analyze
    >>> game, state = parse_position("XOX/OO./.X.")
    >>> analyze(game, state).best
    (5,)

This is the engine's door: the game protocol, the built-in games and their
registry, positions, limits, results and the searches. What only a
specialist needs has a door of its own: ``perfectplay.games`` (every
registered kind, presets, input caps), ``perfectplay.search.solver`` (the
transposition table, table sizes, progress reports, the hooks that make a
game fast to solve, the opening books). The other layers keep their own
doors: ``perfectplay.teaching`` (traces, textbook trees, drawings, root
windows), ``perfectplay.play`` (players by level, matches, data sets) and
``perfectplay.check`` (the checker of a student's AI).
Every name is imported on first use, so ``import perfectplay`` costs next to
nothing and a one-shot command loads only the modules its answer needs.
"""

from __future__ import annotations

import typing as _typing

from perfectplay._lazy import lazy_door as _lazy_door

__version__ = "0.2.0"
"""The one place the version is written: the wheel's metadata (pyproject.toml), ``--version`` and the docs read it."""

_HOMES: dict[str, str] = {
    "ALGORITHMS": "perfectplay.search.analysis",
    "Algorithm": "perfectplay.search.analysis",
    "Analysis": "perfectplay.search.base.result",
    "Connect4": "perfectplay.games.connect4",
    "Connect4State": "perfectplay.games.connect4",
    "DEFAULT_SPEC": "perfectplay.games.registry",
    "Game": "perfectplay.game",
    "IllegalMoveError": "perfectplay.errors",
    "Limit": "perfectplay.search.base.limits",
    "LimitError": "perfectplay.errors",
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
    "TicTacToe": "perfectplay.games.mnk",
    "VariantError": "perfectplay.errors",
    "alphabeta": "perfectplay.search.alphabeta",
    "analyze": "perfectplay.search.analysis",
    "best_moves": "perfectplay.search.analysis",
    "load_game_file": "perfectplay.games.registry",
    "make_game": "perfectplay.games.registry",
    "mcts": "perfectplay.search.mcts",
    "minimax": "perfectplay.search.minimax",
    "outcome_of": "perfectplay.game",
    "parse_player": "perfectplay.notation",
    "parse_position": "perfectplay.notation",
    "register_game": "perfectplay.games.registry",
    "score_moves": "perfectplay.search.solver.exact",
    "solve": "perfectplay.search.solver.exact",
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
    from perfectplay.game import Game as Game
    from perfectplay.game import Outcome as Outcome
    from perfectplay.game import Player as Player
    from perfectplay.game import outcome_of as outcome_of
    from perfectplay.games.connect4 import Connect4 as Connect4
    from perfectplay.games.connect4 import Connect4State as Connect4State
    from perfectplay.games.mnk import MNK as MNK
    from perfectplay.games.mnk import MNKState as MNKState
    from perfectplay.games.mnk import TicTacToe as TicTacToe
    from perfectplay.games.nim import Nim as Nim
    from perfectplay.games.nim import NimState as NimState
    from perfectplay.games.registry import DEFAULT_SPEC as DEFAULT_SPEC
    from perfectplay.games.registry import load_game_file as load_game_file
    from perfectplay.games.registry import make_game as make_game
    from perfectplay.games.registry import register_game as register_game
    from perfectplay.notation import parse_player as parse_player
    from perfectplay.notation import parse_position as parse_position
    from perfectplay.search.alphabeta import alphabeta as alphabeta
    from perfectplay.search.analysis import ALGORITHMS as ALGORITHMS
    from perfectplay.search.analysis import Algorithm as Algorithm
    from perfectplay.search.analysis import analyze as analyze
    from perfectplay.search.analysis import best_moves as best_moves
    from perfectplay.search.base.limits import Limit as Limit
    from perfectplay.search.base.result import Analysis as Analysis
    from perfectplay.search.base.result import MoveValue as MoveValue
    from perfectplay.search.mcts import MctsResult as MctsResult
    from perfectplay.search.mcts import mcts as mcts
    from perfectplay.search.minimax import minimax as minimax
    from perfectplay.search.solver.exact import score_moves as score_moves
    from perfectplay.search.solver.exact import solve as solve
