"""The exact oracle for PettingZoo's numbering: every action's score, the optimal actions, perfect and random policies.

**Bounded by default.** Every oracle question (``action_values``, the
perfect policy, the environments' ``info``) stops after ``ORACLE_SECONDS``
(``oracle_seconds=None`` for no limit): tic-tac-toe and late Connect Four
are exact well within it; early Connect Four is not (minutes to hours a
move), and then the values of the moves not proven in time are None (the
action mask says which actions are legal) and the perfect policy plays the
engine's strongest move, the opening book's where it has one. The
Gymnasium environment asks the oracle only when ``info["action_values"]``
or ``info["optimal_actions"]`` is read, so ``reset`` and ``step`` return at
once.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

try:
    import numpy as np
except ImportError as error:  # pragma: no cover - depends on what is installed
    raise ImportError(f"perfectplay.rl needs the rl extra: pip install 'perfectplay[rl]' ({error})") from None

from perfectplay import Limit, PerfectplayError, score_moves
from perfectplay.rl.numbering import Policy, codec
from perfectplay.search.solver import TranspositionTable

# --- the oracle ---------------------------------------------------------------

_TABLES: dict[str, TranspositionTable] = {}


ORACLE_SECONDS = 5.0
"""Most seconds the oracle spends on one position unless told otherwise (``None``: no limit)."""


@lru_cache(maxsize=200_000)
def _move_scores(game: str, state: Any, seconds: float | None) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """Every legal move's score proven within ``seconds``, and the engine's best moves; one table per game."""
    table = _TABLES.setdefault(game, TranspositionTable())
    made = codec(game).game
    analysis = score_moves(made, state, None if seconds is None else Limit(seconds=seconds), table=table)
    scores = tuple((entry.move, entry.score) for entry in analysis.moves if entry.score is not None)
    return scores, analysis.best


def action_values(game: str, state: Any, seconds: float | None = ORACLE_SECONDS) -> list[int | None]:
    """The exact score of every action of ``state`` for the side to move; None for illegal actions.

    The oracle stops after ``seconds`` (None: no limit); an action whose
    score it did not prove by then is None too.
    """
    coder = codec(game)
    values: list[int | None] = [None] * coder.actions
    moves = coder.move_actions
    for move, score in _move_scores(game, state, seconds)[0]:
        values[moves[move]] = score
    return values


def best_actions(game: str, state: Any, seconds: float | None = ORACLE_SECONDS) -> list[int]:
    """The actions the engine plays in ``state``: the optimal ones where proven in ``seconds``, else its strongest."""
    coder = codec(game)
    return sorted(coder.move_actions[move] for move in _move_scores(game, state, seconds)[1])


def pettingzoo_action_values(
    game: str, observation: Mapping[str, Any], seconds: float | None = ORACLE_SECONDS
) -> list[int | None]:
    """The exact depth-aware score of every action for the agent to move, in PettingZoo's numbering.

    A win in ``p`` plies scores ``cells + 2 - p`` (``11 - p`` in tic-tac-toe,
    ``44 - p`` in Connect Four), a draw 0, a loss in ``p`` plies ``p - cells
    - 2``; illegal actions are None (all of them once the game is over), and
    so are actions whose score was not proven within ``seconds``.
    """
    return action_values(game, codec(game).state_of(observation), seconds)


def optimal_actions(values: Sequence[int | None], legal: int | None = None) -> list[int]:
    """The actions with the top score; none at all while ``legal`` actions were not all scored.

    ``values`` is ``action_values``'s list (None for an illegal action or a
    score not proven in time). Give ``legal``, the number of legal actions,
    whenever a score can be missing: an action not proven may be better than
    every proven one (on the empty Connect Four board the draws are proven
    at once, the one win only later), so then no action is called optimal.
    """
    scored = [value for value in values if value is not None]
    if not scored or (legal is not None and len(scored) < legal):
        return []
    top = max(scored)
    return [action for action, value in enumerate(values) if value == top]


def proven_optimal_actions(game: str, state: Any, seconds: float | None = ORACLE_SECONDS) -> list[int]:
    """The optimal actions of ``state``, once every legal action's score is proven within ``seconds``; else []."""
    return optimal_actions(action_values(game, state, seconds), len(codec(game).game.legal_moves(state)))


def perfect_policy(
    game: str = "tictactoe", *, seed: int | None = None, epsilon: float = 0.0, seconds: float | None = ORACLE_SECONDS
) -> Policy:
    """A perfect player for PettingZoo observations: a best action, chosen among equals with ``seed``.

    With ``epsilon`` > 0 it plays a uniformly random legal action with that
    probability instead (a noisy-perfect opponent for training). Each move
    is searched for at most ``seconds``: where that proves nothing (early
    Connect Four) it plays the engine's strongest move.
    """
    if not 0.0 <= epsilon <= 1.0:
        raise PerfectplayError(f"epsilon must be a probability from 0 to 1, not {epsilon!r}")
    coder = codec(game)
    rng = random.Random(seed)

    def policy(observation: Mapping[str, Any]) -> int:
        state = coder.state_of(observation)
        if coder.game.is_over(state):
            raise PerfectplayError("the game is over: there is no action to choose")
        if epsilon and rng.random() < epsilon:
            legal = [int(action) for action in np.flatnonzero(coder.mask(state))]
            return rng.choice(legal)
        return rng.choice(best_actions(game, state, seconds))

    return policy


def random_policy(seed: int | None = None) -> Policy:
    """A uniformly random legal action (the usual baseline)."""
    rng = random.Random(seed)

    def policy(observation: Mapping[str, Any]) -> int:
        legal = [int(action) for action in np.flatnonzero(np.asarray(observation["action_mask"]))]
        return rng.choice(legal)

    return policy
