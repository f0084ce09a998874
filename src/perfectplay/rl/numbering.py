"""The boundary between PettingZoo's observations and actions and perfectplay's positions and moves.

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

Needs the ``rl`` extra: ``pip install 'perfectplay[rl]'``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

try:
    import numpy as np
except ImportError as error:  # pragma: no cover - depends on what is installed
    raise ImportError(f"perfectplay.rl needs the rl extra: pip install 'perfectplay[rl]' ({error})") from None

from perfectplay import MNK, Connect4, Game, PerfectplayError, Player, PositionError, make_game

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


def seat_of(play_as: str, coder: Codec) -> Seat:
    """The seat ``play_as`` names: first or second, by seat, by side (X, O) or by PettingZoo's agent name."""
    first, second = coder.agents
    if play_as in ("first", "X", "x", first):
        return "first"
    if play_as in ("second", "O", "o", second):
        return "second"
    raise PerfectplayError(f"play_as must be first, second, X, O, {first} or {second}, not {play_as!r}")
