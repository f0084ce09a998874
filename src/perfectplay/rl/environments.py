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

**Numbering, converted here and nowhere else.** PettingZoo's tic-tac-toe
numbers cells *down the columns* and its observation is indexed
``[column][row]``; perfectplay numbers cells across the rows::

    PettingZoo action       perfectplay move
      0 | 3 | 6               0 | 1 | 2
      1 | 4 | 7               3 | 4 | 5
      2 | 5 | 8               6 | 7 | 8

Connect Four's actions are columns in both, and its observation is
``[row][column]`` with row 0 at the top, like perfectplay's cells. In both
games plane 0 of the observation holds the stones of the agent to move and
plane 1 the opponent's, so the side to move is read from the stone counts
(X, the first player, moves when they are equal). PettingZoo names the
players ``player_1``/``player_2`` in tic-tac-toe but ``player_0``/``player_1``
in Connect Four; here seats are ``"first"`` and ``"second"`` (or X and O).
Other m,n,k boards (``"mnk:3,4,3"``) use perfectplay's own layout: actions
row-major, observations ``[row][column]``.

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

Needs the ``rl`` extra: ``pip install 'perfectplay[rl]'``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, Literal

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
except ImportError as error:  # pragma: no cover - depends on what is installed
    raise ImportError(f"perfectplay.rl needs the rl extra: pip install 'perfectplay[rl]' ({error})") from None

from perfectplay import MNK, Connect4, Game, Limit, PerfectplayError, Player, PositionError, make_game, score_moves
from perfectplay.play.datasets import reachable
from perfectplay.search.solver import TranspositionTable

Observation = dict[str, Any]
"""A PettingZoo observation: ``{"observation": planes, "action_mask": mask}`` (numpy int8 arrays)."""

Policy = Callable[[Mapping[str, Any]], int]
"""Anything that answers an observation with an action."""

Seat = Literal["first", "second"]


# --- the boundary: observations and actions <-> positions and moves ---------


@dataclass(frozen=True)
class Codec:
    """How one game's observations and actions map onto perfectplay's positions and moves.

    ``action_moves[a]`` is the perfectplay move of action ``a``;
    ``plane_cells[i][j]`` the perfectplay cell that observation entry
    ``[i, j]`` shows.
    """

    game: Game[Any]
    shape: tuple[int, int]
    action_moves: tuple[int, ...]
    plane_cells: tuple[tuple[int, ...], ...]
    agents: tuple[str, str]

    @property
    def actions(self) -> int:
        return len(self.action_moves)

    @property
    def move_actions(self) -> dict[int, int]:
        return {move: action for action, move in enumerate(self.action_moves)}

    def state_of(self, observation: Mapping[str, Any]) -> Any:
        """The position an observation shows, with the side to move read from the stone counts."""
        planes = np.asarray(observation["observation"] if isinstance(observation, Mapping) else observation)
        rows, cols = self.shape
        if planes.shape != (rows, cols, 2):
            raise PositionError(f"a {self.game.name} observation has shape {(rows, cols, 2)}, not {planes.shape}")
        mine = int(planes[:, :, 0].sum())
        theirs = int(planes[:, :, 1].sum())
        if mine == theirs:
            mover = Player.X
        elif mine + 1 == theirs:
            mover = Player.O
        else:
            raise PositionError(
                f"the agent to move has {mine} stones and the other {theirs}: "
                "that cannot be a position of a game where X moves first"
            )
        letters = {(0, mover): mover.value, (1, mover): mover.other.value}
        grid = ["."] * (rows * cols)
        for i in range(rows):
            for j in range(cols):
                cell = self.plane_cells[i][j]
                for plane in (0, 1):
                    if planes[i, j, plane]:
                        if grid[cell] != ".":
                            raise PositionError(f"observation entry [{i}, {j}] is set in both planes")
                        grid[cell] = letters[(plane, mover)]
        game = self.game
        width = game.cols if isinstance(game, MNK) else game.width if isinstance(game, Connect4) else cols
        text = "/".join("".join(grid[start : start + width]) for start in range(0, len(grid), width))
        return game.parse(text, mover)

    def observe(self, state: Any) -> Observation:
        """The observation of ``state`` for the side to move, as PettingZoo would give it."""
        game = self.game
        rows, cols = self.shape
        mover = game.to_move(state)
        planes = np.zeros((rows, cols, 2), dtype=np.int8)
        for i in range(rows):
            for j in range(cols):
                stone = game.stone_at(state, self.plane_cells[i][j])  # type: ignore[attr-defined]
                if stone is not None:
                    planes[i, j, 0 if stone is mover else 1] = 1
        return {"observation": planes, "action_mask": self.mask(state)}

    def mask(self, state: Any) -> np.ndarray[Any, np.dtype[np.int8]]:
        mask = np.zeros(self.actions, dtype=np.int8)
        moves = self.move_actions
        for move in self.game.legal_moves(state):
            mask[moves[move]] = 1
        return mask


@lru_cache(maxsize=32)
def codec(game: str) -> Codec:
    """The codec of a game spec: ``"tictactoe"`` and ``"connect4"`` as PettingZoo numbers them, else m,n,k."""
    made = make_game(game)
    if isinstance(made, MNK) and made.dimensions == (3, 3, 3):
        # PettingZoo: action a is row a % 3, column a // 3; observation[i][j] is column i, row j.
        return Codec(
            made,
            (3, 3),
            tuple((a % 3) * 3 + a // 3 for a in range(9)),
            tuple(tuple(j * 3 + i for j in range(3)) for i in range(3)),
            ("player_1", "player_2"),
        )
    if isinstance(made, Connect4):
        width, height = made.dimensions
        return Codec(
            made,
            (height, width),
            tuple(range(width)),
            tuple(tuple(i * width + j for j in range(width)) for i in range(height)),
            ("player_0", "player_1"),
        )
    if isinstance(made, MNK):
        return Codec(
            made,
            (made.rows, made.cols),
            tuple(range(made.cells)),
            tuple(tuple(i * made.cols + j for j in range(made.cols)) for i in range(made.rows)),
            ("player_0", "player_1"),
        )
    raise PerfectplayError(f"perfectplay.rl plays board games (tictactoe, connect4, mnk:R,C,K), not {made.name}")


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


def optimal_actions(values: Sequence[int | None]) -> list[int]:
    """The actions with the top score."""
    legal = [value for value in values if value is not None]
    if not legal:
        return []
    top = max(legal)
    return [action for action, value in enumerate(values) if value == top]


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
            values = pettingzoo_action_values(name, self.observe(agent), oracle_seconds)
            self.infos[agent].update(action_values=values, optimal_actions=optimal_actions(values))

        def __str__(self) -> str:
            return f"perfectplay oracle on {self.env}"

    return OracleWrapper(inner)


# --- a single-agent Gymnasium environment -------------------------------------


def _seat(play_as: str, coder: Codec) -> Seat:
    first, second = coder.agents
    if play_as in ("first", "X", "x", first):
        return "first"
    if play_as in ("second", "O", "o", second):
        return "second"
    raise PerfectplayError(f"play_as must be first, second, X, O, {first} or {second}, not {play_as!r}")


ORACLE_KEYS = ("action_values", "optimal_actions")


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

    def keys(self) -> Any:
        self._fill()
        return super().keys()

    def items(self) -> Any:
        self._fill()
        return super().items()

    def values(self) -> Any:
        self._fill()
        return super().values()

    def __iter__(self) -> Iterator[str]:
        self._fill()
        return super().__iter__()

    def __len__(self) -> int:
        self._fill()
        return super().__len__()

    def __repr__(self) -> str:
        self._fill()
        return super().__repr__()

    def copy(self) -> dict[str, Any]:
        self._fill()
        return dict(super().items())

    def __reduce__(self) -> Any:
        return dict, (dict(self.items()),)


class PerfectplayEnv(gymnasium.Env[Observation, np.int64]):
    """One seat of a board game against a fixed opponent, with PettingZoo's observations and actions.

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
        self.seat = _seat(play_as, self.coder)
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
            return {"action_values": values, "optimal_actions": optimal_actions(values)}

        return OracleInfo(known, ask)

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return self.coder.game.draw(self.state)


def gymnasium_env(
    game: str = "tictactoe",
    opponent: str | Policy = "perfect",
    play_as: str = "first",
    *,
    oracle: bool = True,
    epsilon: float = 0.0,
    render_mode: str | None = None,
    oracle_seconds: float | None = ORACLE_SECONDS,
) -> PerfectplayEnv:
    """A single-agent Gymnasium environment: you play ``play_as`` against ``opponent``.

    ``opponent`` is ``"perfect"`` (``perfect_policy``, noisy with
    ``epsilon``), ``"random"`` or any policy; ``play_as`` is ``"first"`` /
    ``"second"``, ``"X"`` / ``"O"`` or the game's PettingZoo agent name.
    """
    return PerfectplayEnv(
        game, opponent, play_as, oracle=oracle, epsilon=epsilon, render_mode=render_mode, oracle_seconds=oracle_seconds
    )


# --- evaluation -----------------------------------------------------------------


@dataclass(frozen=True)
class Results:
    """Wins, draws and losses of one seat over a series of games (an illegal action counts as a loss)."""

    wins: int
    draws: int
    losses: int
    illegal: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def __str__(self) -> str:
        games = self.games or 1
        return f"{self.wins / games:6.1%} won, {self.draws / games:6.1%} drawn, {self.losses / games:6.1%} lost" + (
            f" ({self.illegal} illegal actions)" if self.illegal else ""
        )

    def to_json(self) -> dict[str, int]:
        return {"wins": self.wins, "draws": self.draws, "losses": self.losses, "illegal": self.illegal}


@dataclass(frozen=True)
class AgentEvaluation:
    """An agent measured against the oracle (``evaluate``)."""

    game: str
    positions: int
    optimal: int
    games: int
    seed: int
    results: dict[str, Results]
    """Keyed ``"random, first"``, ``"random, second"``, ``"perfect, first"``, ``"perfect, second"``."""

    @property
    def accuracy(self) -> float:
        """The share of positions where the agent's greedy action is an optimal one."""
        return self.optimal / self.positions if self.positions else 0.0

    def __str__(self) -> str:
        lines = [
            f"{self.game}: optimal action in {self.optimal:,} of {self.positions:,} positions ({self.accuracy:.1%})",
            f"{self.games:,} games per line, seed {self.seed}:",
        ]
        lines += [f"  vs {key:<16} {value}" for key, value in self.results.items()]
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "positions": self.positions,
            "optimal": self.optimal,
            "accuracy": self.accuracy,
            "games": self.games,
            "seed": self.seed,
            "results": {key: value.to_json() for key, value in self.results.items()},
        }


def reachable_states(game: str) -> list[Any]:
    """Every unfinished position reachable from the start, in the data set's order (4,520 in tic-tac-toe)."""
    made = codec(game).game
    found = reachable(made, made.initial_state())
    unfinished = (state for state in found if not made.is_over(state))
    return sorted(unfinished, key=lambda state: (found[state], made.format(state), made.to_move(state).value))


def play_one(game: str, first: Policy, second: Policy) -> tuple[Player | None, Player | None]:
    """One game between two policies: ``(winner, side that made an illegal action)``."""
    coder = codec(game)
    made = coder.game
    state = made.initial_state()
    while not made.is_over(state):
        mover = made.to_move(state)
        policy = first if mover is Player.X else second
        action = int(policy(coder.observe(state)))
        if not 0 <= action < coder.actions or not coder.mask(state)[action]:
            return mover.other, mover
        state = made.play(state, coder.action_moves[action])
    return made.winner(state), None


def _series(game: str, agent: Policy, opponent: Policy, seat: Seat, games: int) -> Results:
    me = Player.X if seat == "first" else Player.O
    wins = draws = losses = illegal = 0
    for _ in range(games):
        winner, cheat = play_one(game, agent, opponent) if seat == "first" else play_one(game, opponent, agent)
        if cheat is me:
            illegal += 1
        if winner is None:
            draws += 1
        elif winner is me:
            wins += 1
        else:
            losses += 1
    return Results(wins, draws, losses, illegal)


def evaluate(
    agent: Policy,
    game: str = "tictactoe",
    *,
    games: int = 1000,
    seed: int = 0,
    positions: Iterable[Any] | None = None,
) -> AgentEvaluation:
    """Measure ``agent`` against the oracle.

    Accuracy: in how many of ``positions`` (every unfinished reachable
    position by default; tic-tac-toe has 4,520) the agent's action is one of
    the optimal ones. Results: ``games`` games against a random and against a
    perfect opponent (seeded from ``seed``), from both seats. Connect Four
    needs explicit ``positions`` near the end and ``games=0``: its full game
    is beyond the pure-Python solver.
    """
    coder = codec(game)
    full_connect4 = isinstance(coder.game, Connect4) and coder.game.cells > 20
    if full_connect4 and (positions is None or games):
        raise PerfectplayError("Connect Four is too large to evaluate whole: pass positions= near the end, and games=0")
    if positions is None:
        positions = reachable_states(game)
    total = optimal = 0
    for state in positions:
        total += 1
        action = int(agent(coder.observe(state)))
        if action in optimal_actions(action_values(game, state)):
            optimal += 1
    results: dict[str, Results] = {}
    if games:
        for index, (name, seat) in enumerate(
            (("random", "first"), ("random", "second"), ("perfect", "first"), ("perfect", "second"))
        ):
            opponent = random_policy(seed + index) if name == "random" else perfect_policy(game, seed=seed + index)
            results[f"{name}, {seat}"] = _series(game, agent, opponent, seat, games)  # type: ignore[arg-type]
    return AgentEvaluation(coder.game.name, total, optimal, games, seed, results)


def exact_against_random(game: str = "tictactoe", seat: str = "first") -> tuple[Fraction, Fraction, Fraction]:
    """The perfect policy's exact chances ``(win, draw, loss)`` against a uniformly random opponent.

    The perfect policy picks uniformly among its optimal actions, as
    ``perfect_policy`` does, so these are the values its measured figures
    tend to (tic-tac-toe: 96.8% wins moving first, 77.7% moving second).
    Every reachable position is visited once: small boards only.
    """
    coder = codec(game)
    made = coder.game
    me = Player.X if _seat(seat, coder) == "first" else Player.O
    memo: dict[Any, tuple[Fraction, Fraction]] = {}

    def chances(state: Any) -> tuple[Fraction, Fraction]:
        if state in memo:
            return memo[state]
        if made.is_over(state):
            winner = made.winner(state)
            found = (Fraction(int(winner is me)), Fraction(int(winner is None)))
        else:
            if made.to_move(state) is me:
                moves = [coder.action_moves[a] for a in optimal_actions(action_values(game, state))]
            else:
                moves = list(made.legal_moves(state))
            children = [chances(made.play(state, move)) for move in moves]
            found = (
                sum((child[0] for child in children), Fraction(0)) / len(children),
                sum((child[1] for child in children), Fraction(0)) / len(children),
            )
        memo[state] = found
        return found

    win, draw = chances(made.initial_state())
    return win, draw, 1 - win - draw


def reference(game: str = "tictactoe", *, games: int = 1000, seed: int = 0) -> AgentEvaluation:
    """The perfect policy's own figures: what an optimal agent scores in ``evaluate``."""
    return evaluate(perfect_policy(game, seed=seed + 100), game, games=games, seed=seed)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m perfectplay.rl``: print the perfect policy's reference figures."""
    parser = argparse.ArgumentParser(prog="python -m perfectplay.rl", description=reference.__doc__)
    parser.add_argument("--game", default="tictactoe", help="tictactoe (default) or a small mnk:R,C,K")
    parser.add_argument("--games", type=int, default=1000, help="games per opponent and seat (default 1000)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    try:
        figures = reference(args.game, games=args.games, seed=args.seed)
    except PerfectplayError as error:
        sys.stderr.write(f"python -m perfectplay.rl: error: {error}\n")
        return 2
    exact = {seat: exact_against_random(args.game, seat) for seat in ("first", "second")}
    if args.json:
        chances = {seat: [float(part) for part in parts] for seat, parts in exact.items()}
        print(json.dumps({**figures.to_json(), "exact_vs_random": chances}))
        return 0
    print(figures)
    for seat, (win, draw, loss) in exact.items():
        print(f"  exact vs random, {seat}: {float(win):6.2%} won, {float(draw):6.2%} drawn, {float(loss):6.2%} lost")
    return 0


if __name__ == "__main__":
    sys.exit(main())
