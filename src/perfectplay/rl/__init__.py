"""Reinforcement learning with an exact oracle: PettingZoo's classic board games, solved.

The ``rl`` extra's door (PettingZoo, Gymnasium, numpy): ``perfect_policy``,
``pettingzoo_action_values``, ``pettingzoo_env``, ``gymnasium_env``,
``evaluate`` and ``reference``. One job a module: the numbering
conversions in ``numbering.py``, the oracle and the policies in ``oracle.py``,
the environments in ``environments.py``, the measurements in
``evaluation.py``; ``python -m perfectplay.rl`` prints the perfect policy's
reference figures.
"""

from __future__ import annotations

import typing as _typing

from perfectplay._lazy import lazy_door as _lazy_door

_HOMES: dict[str, str] = {
    "AgentEvaluation": "perfectplay.rl.evaluation",
    "Codec": "perfectplay.rl.numbering",
    "PerfectplayEnv": "perfectplay.rl.environments",
    "Results": "perfectplay.rl.evaluation",
    "action_values": "perfectplay.rl.oracle",
    "codec": "perfectplay.rl.numbering",
    "evaluate": "perfectplay.rl.evaluation",
    "exact_against_random": "perfectplay.rl.evaluation",
    "gymnasium_env": "perfectplay.rl.environments",
    "make_pettingzoo": "perfectplay.rl.environments",
    "optimal_actions": "perfectplay.rl.oracle",
    "proven_optimal_actions": "perfectplay.rl.oracle",
    "perfect_policy": "perfectplay.rl.oracle",
    "pettingzoo_action_values": "perfectplay.rl.oracle",
    "pettingzoo_env": "perfectplay.rl.environments",
    "play_one": "perfectplay.rl.evaluation",
    "random_policy": "perfectplay.rl.oracle",
    "reachable_states": "perfectplay.rl.evaluation",
    "reference": "perfectplay.rl.evaluation",
}
"""Where each public name lives: the module imported when the name is first used."""

__all__ = sorted(_HOMES)

__getattr__, __dir__ = _lazy_door(__name__, _HOMES, globals())

if _typing.TYPE_CHECKING:
    from perfectplay.rl.environments import PerfectplayEnv as PerfectplayEnv
    from perfectplay.rl.environments import gymnasium_env as gymnasium_env
    from perfectplay.rl.environments import make_pettingzoo as make_pettingzoo
    from perfectplay.rl.environments import pettingzoo_env as pettingzoo_env
    from perfectplay.rl.evaluation import AgentEvaluation as AgentEvaluation
    from perfectplay.rl.evaluation import Results as Results
    from perfectplay.rl.evaluation import evaluate as evaluate
    from perfectplay.rl.evaluation import exact_against_random as exact_against_random
    from perfectplay.rl.evaluation import play_one as play_one
    from perfectplay.rl.evaluation import reachable_states as reachable_states
    from perfectplay.rl.evaluation import reference as reference
    from perfectplay.rl.numbering import Codec as Codec
    from perfectplay.rl.numbering import codec as codec
    from perfectplay.rl.oracle import action_values as action_values
    from perfectplay.rl.oracle import optimal_actions as optimal_actions
    from perfectplay.rl.oracle import perfect_policy as perfect_policy
    from perfectplay.rl.oracle import pettingzoo_action_values as pettingzoo_action_values
    from perfectplay.rl.oracle import proven_optimal_actions as proven_optimal_actions
    from perfectplay.rl.oracle import random_policy as random_policy
