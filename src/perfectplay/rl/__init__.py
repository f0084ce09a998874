"""Reinforcement learning with an exact oracle: PettingZoo's classic board games, solved.

The ``rl`` extra's door (PettingZoo, Gymnasium, numpy): ``perfect_policy``,
``pettingzoo_action_values``, ``pettingzoo_env``, ``gymnasium_env``,
``evaluate`` and ``reference``. The numbering conversions and the
environments live in ``environments.py``; ``python -m perfectplay.rl`` prints
the perfect policy's reference figures.
"""

from __future__ import annotations

import typing as _typing

from perfectplay._lazy import lazy_door as _lazy_door

_HOMES: dict[str, str] = {
    "AgentEvaluation": "perfectplay.rl.environments",
    "Codec": "perfectplay.rl.environments",
    "PerfectplayEnv": "perfectplay.rl.environments",
    "Results": "perfectplay.rl.environments",
    "action_values": "perfectplay.rl.environments",
    "codec": "perfectplay.rl.environments",
    "evaluate": "perfectplay.rl.environments",
    "exact_against_random": "perfectplay.rl.environments",
    "gymnasium_env": "perfectplay.rl.environments",
    "make_pettingzoo": "perfectplay.rl.environments",
    "optimal_actions": "perfectplay.rl.environments",
    "perfect_policy": "perfectplay.rl.environments",
    "pettingzoo_action_values": "perfectplay.rl.environments",
    "pettingzoo_env": "perfectplay.rl.environments",
    "play_one": "perfectplay.rl.environments",
    "random_policy": "perfectplay.rl.environments",
    "reachable_states": "perfectplay.rl.environments",
    "reference": "perfectplay.rl.environments",
}
"""Where each public name lives: the module imported when the name is first used."""

__all__ = sorted(_HOMES)

__getattr__, __dir__ = _lazy_door(__name__, _HOMES, globals())

if _typing.TYPE_CHECKING:
    from perfectplay.rl.environments import AgentEvaluation as AgentEvaluation
    from perfectplay.rl.environments import Codec as Codec
    from perfectplay.rl.environments import PerfectplayEnv as PerfectplayEnv
    from perfectplay.rl.environments import Results as Results
    from perfectplay.rl.environments import action_values as action_values
    from perfectplay.rl.environments import codec as codec
    from perfectplay.rl.environments import evaluate as evaluate
    from perfectplay.rl.environments import exact_against_random as exact_against_random
    from perfectplay.rl.environments import gymnasium_env as gymnasium_env
    from perfectplay.rl.environments import make_pettingzoo as make_pettingzoo
    from perfectplay.rl.environments import optimal_actions as optimal_actions
    from perfectplay.rl.environments import perfect_policy as perfect_policy
    from perfectplay.rl.environments import pettingzoo_action_values as pettingzoo_action_values
    from perfectplay.rl.environments import pettingzoo_env as pettingzoo_env
    from perfectplay.rl.environments import play_one as play_one
    from perfectplay.rl.environments import random_policy as random_policy
    from perfectplay.rl.environments import reachable_states as reachable_states
    from perfectplay.rl.environments import reference as reference
