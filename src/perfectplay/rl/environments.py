"""Reinforcement learning with an exact oracle: PettingZoo's classic board games, solved.

PettingZoo's ``tictactoe_v3`` and ``connect_four_v3`` (and any Gymnasium
agent trained on them) meet perfectplay's solver here:

* ``perfect_policy(game)``: a best action for a PettingZoo observation
  (a seeded choice among equally good actions; ``epsilon`` for a noisy one);
* ``pettingzoo_action_values(game, observation)``: the exact depth-aware
  score of every action, in PettingZoo's own numbering, None where illegal;
* ``gymnasium_env(game, opponent=...)``: a single-agent Gymnasium
  environment against a perfect, random or your own opponent, with the
  action mask and the optimal actions in ``info``;
* ``evaluate(agent, game)``: how often an agent's greedy action is optimal
  over every reachable position, and its results against random and perfect
  opponents from both seats; ``reference(game)`` gives the perfect policy's
  own figures to compare with.

Needs the ``rl`` extra: ``pip install 'perfectplay[rl]'``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
except ImportError as error:  # pragma: no cover - depends on what is installed
    raise ImportError(f"perfectplay.rl needs the rl extra: pip install 'perfectplay[rl]' ({error})") from None

from perfectplay import PerfectplayError
from perfectplay.rl.numbering import Observation, Policy, codec, seat_of
from perfectplay.rl.oracle import (
    ORACLE_SECONDS,
    action_values,
    optimal_actions,
    perfect_policy,
    pettingzoo_action_values,
    random_policy,
)

# --- PettingZoo's own environments, with the oracle in ``info`` -----------------

PETTINGZOO_IDS = {"tictactoe": "classic/tictactoe-v3", "connect4": "classic/connect_four-v3"}
"""PettingZoo's registry names of the games it shares with perfectplay."""


def make_pettingzoo(game: str, **kwargs: Any) -> Any:
    """PettingZoo's own AEC environment of ``game`` (``tictactoe`` or ``connect4``), unwrapped by us."""
    import pettingzoo  # type: ignore[import-untyped]

    name = PETTINGZOO_IDS[codec(game).game.name]
    if hasattr(pettingzoo, "make"):
        return pettingzoo.make("aec", name, **kwargs)
    # Before PettingZoo's registry (1.24-1.26) each game was a module with an env() function.
    from pettingzoo.classic import connect_four_v3, tictactoe_v3  # type: ignore[import-untyped]

    return (tictactoe_v3 if name.startswith("classic/tic") else connect_four_v3).env(**kwargs)


def pettingzoo_env(
    game: str = "tictactoe",
    *,
    oracle: bool = True,
    render_mode: str | None = None,
    oracle_seconds: float | None = ORACLE_SECONDS,
) -> Any:
    """PettingZoo's own ``tictactoe_v3`` or ``connect_four_v3``, with the oracle's answers in ``infos``.

    Before each turn the agent to move finds ``action_values`` and
    ``optimal_actions`` (PettingZoo's numbering) in its ``info``; everything
    else is PettingZoo's environment unchanged. ``oracle=False`` leaves the
    infos alone; each answer takes at most ``oracle_seconds`` (Connect Four's
    early positions are too slow to solve: their unproven actions are None).
    """
    from pettingzoo.utils.wrappers import BaseWrapper  # type: ignore[import-untyped]

    name = codec(game).game.name
    if name not in PETTINGZOO_IDS:
        raise PerfectplayError(f"PettingZoo has tictactoe and connect4, not {name}")
    inner = make_pettingzoo(name, render_mode=render_mode)

    class OracleWrapper(BaseWrapper):  # type: ignore[misc]
        """Adds the oracle's answers to the info of the agent to move."""

        def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
            super().reset(seed=seed, options=options)
            self._annotate()

        def step(self, action: Any) -> None:
            super().step(action)
            self._annotate()

        def _annotate(self) -> None:
            agent = self.agent_selection
            # The answers are about the position on the board now: nobody else keeps an old one.
            for other in self.infos:
                self.infos[other].pop("action_values", None)
                self.infos[other].pop("optimal_actions", None)
            if not oracle or agent not in self.infos or self.terminations[agent] or self.truncations[agent]:
                return
            observation = self.observe(agent)
            values = pettingzoo_action_values(name, observation, oracle_seconds)
            legal = int(sum(observation["action_mask"]))  # every legal action scored, or none is called optimal
            self.infos[agent].update(action_values=values, optimal_actions=optimal_actions(values, legal))

        def __str__(self) -> str:
            return f"perfectplay oracle on {self.env}"

    return OracleWrapper(inner)


# --- a single-agent Gymnasium environment -------------------------------------


ORACLE_KEYS = ("action_values", "optimal_actions")


def _filled_first(method: Callable[..., Any]) -> Callable[..., Any]:
    """``dict``'s own ``method`` on an ``OracleInfo`` whose oracle answers are computed first: every key is then in."""

    def filled(info: OracleInfo, *args: Any) -> Any:
        info._fill()
        return method(info, *args)

    filled.__name__ = method.__name__
    return filled


class OracleInfo(dict[str, Any]):
    """A Gymnasium ``info`` whose oracle answers (``ORACLE_KEYS``) are computed the first time anything reads them.

    So ``reset`` and ``step`` return at once, and an agent that never looks
    at the oracle never waits for it.
    """

    def __init__(self, known: dict[str, Any], ask: Callable[[], dict[str, Any]] | None) -> None:
        super().__init__(known)
        self._ask = ask

    def _fill(self) -> None:
        ask, self._ask = self._ask, None
        if ask is not None:
            self.update(ask())

    def __missing__(self, key: str) -> Any:
        if key in ORACLE_KEYS and self._ask is not None:
            self._fill()
            return self[key]
        raise KeyError(key)

    def __contains__(self, key: object) -> bool:
        return (key in ORACLE_KEYS and self._ask is not None) or super().__contains__(key)

    def get(self, key: str, default: Any = None) -> Any:
        if key not in self:
            return default
        return self[key]

    keys = _filled_first(dict.keys)
    items = _filled_first(dict.items)
    values = _filled_first(dict.values)
    __iter__ = _filled_first(dict.__iter__)
    __len__ = _filled_first(dict.__len__)
    __repr__ = _filled_first(dict.__repr__)

    def copy(self) -> dict[str, Any]:
        self._fill()
        return dict(super().items())

    def __reduce__(self) -> Any:
        return dict, (dict(self.items()),)


class PerfectplayEnv(gymnasium.Env[Observation, np.int64]):
    """One seat of a board game against a fixed opponent, with PettingZoo's observations and actions.

    You play ``play_as`` (``"first"`` / ``"second"``, ``"X"`` / ``"O"`` or
    the game's PettingZoo agent name) against ``opponent``: ``"perfect"``
    (``perfect_policy``, noisy with ``epsilon``), ``"random"`` or any policy.

    Rewards are PettingZoo's: +1 for a win, -1 for a loss or an illegal
    action (which ends the episode, ``info["illegal"]`` true), 0 otherwise.
    With ``oracle`` (the default) ``info`` carries ``action_values`` and
    ``optimal_actions`` of the position the agent now faces, computed when
    first read, each in at most ``oracle_seconds`` (see the module's notes).
    """

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 - Gymnasium's own class attribute

    def __init__(
        self,
        game: str = "tictactoe",
        opponent: str | Policy = "perfect",
        play_as: str = "first",
        *,
        oracle: bool = True,
        epsilon: float = 0.0,
        render_mode: str | None = None,
        oracle_seconds: float | None = ORACLE_SECONDS,
    ) -> None:
        self.coder = codec(game)
        self.oracle_seconds = oracle_seconds
        self.game_spec = self.coder.game.name
        self.seat = seat_of(play_as, self.coder)
        if render_mode not in (None, "ansi"):
            raise PerfectplayError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        if not callable(opponent) and opponent not in ("perfect", "random"):
            raise PerfectplayError(f"opponent must be 'perfect', 'random' or a policy, not {opponent!r}")
        self.opponent_spec = opponent
        self.epsilon = epsilon
        self.oracle = oracle
        rows, cols = self.coder.shape
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0, 1, (rows, cols, 2), np.int8),
                "action_mask": spaces.Box(0, 1, (self.coder.actions,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(self.coder.actions)
        self.state: Any = self.coder.game.initial_state()
        self.opponent: Policy = self._make_opponent(None)

    def _make_opponent(self, seed: int | None) -> Policy:
        if callable(self.opponent_spec):
            return self.opponent_spec
        if self.opponent_spec == "perfect":
            return perfect_policy(self.game_spec, seed=seed, epsilon=self.epsilon, seconds=self.oracle_seconds)
        return random_policy(seed)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        # The opponent's choices follow the environment's own seeded generator.
        self.opponent = self._make_opponent(int(self.np_random.integers(2**31)))
        self.state = self.coder.game.initial_state()
        if self.seat == "second":
            self._opponent_moves()
        return self.coder.observe(self.state), self._info()

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        game = self.coder.game
        if game.is_over(self.state):
            raise PerfectplayError("the episode is over: call reset()")
        me = game.to_move(self.state)
        index = int(action)
        if not 0 <= index < self.coder.actions or not self.coder.mask(self.state)[index]:
            return self.coder.observe(self.state), -1.0, True, False, {**self._info(), "illegal": True}
        self.state = game.play(self.state, self.coder.action_moves[index])
        if not game.is_over(self.state):
            self._opponent_moves()
        terminated = game.is_over(self.state)
        winner = game.winner(self.state)
        reward = 0.0 if winner is None else 1.0 if winner is me else -1.0
        return self.coder.observe(self.state), reward, terminated, False, self._info()

    def _opponent_moves(self) -> None:
        action = int(self.opponent(self.coder.observe(self.state)))
        if not 0 <= action < self.coder.actions or not self.coder.mask(self.state)[action]:
            raise PerfectplayError(f"the opponent chose action {action}, which is not legal here")
        self.state = self.coder.game.play(self.state, self.coder.action_moves[action])

    def _info(self) -> dict[str, Any]:
        known: dict[str, Any] = {"action_mask": self.coder.mask(self.state)}
        if not self.oracle:
            return known
        spec, state, seconds = self.game_spec, self.state, self.oracle_seconds

        def ask() -> dict[str, Any]:
            values = action_values(spec, state, seconds)
            legal = int(known["action_mask"].sum())  # every legal action scored, or none is called optimal
            return {"action_values": values, "optimal_actions": optimal_actions(values, legal)}

        return OracleInfo(known, ask)

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return self.coder.game.draw(self.state)


gymnasium_env = PerfectplayEnv
"""A single-agent Gymnasium environment: ``gymnasium_env(game, opponent, play_as, ...)`` is ``PerfectplayEnv``."""
