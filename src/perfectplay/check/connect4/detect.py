"""Which Connect Four reading an agent was written for: its function's name and arguments, then probing.

Three styles (``connect4/driver.py`` builds their arguments):

* ``connectx``: ``agent(observation, configuration)`` (Kaggle's ConnectX);
* ``board``: ``best_move(board)`` / ``get_move(board, piece)`` and the
  like, on a 6x7 board: a list of lists or a NumPy array, row 0 at the top
  or at the bottom, three values for empty / first player / second player;
* ``pettingzoo``: ``policy(observation)`` on PettingZoo's
  ``connect_four_v3`` observation (``observation`` planes and
  ``action_mask``).

A board function's reading is found by **probing**: in each probe position
the side to move has exactly one winning move and the opponent has no
immediate threat, so an agent that reads the board as it was written takes
that win, and one that reads it upside down or with the wrong pieces
usually does not. Readings are tried in order, the first that wins every
probe is kept; else the one that won most (then answered most legal moves);
an agent that gives no legal move in any reading is not recognised.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from perfectplay.check.connect4.flags import PIECES
from perfectplay.check.connect4.suite import grid_cells
from perfectplay.check.errors import CheckUsageError
from perfectplay.check.plug import spelt
from perfectplay.check.settings import Limits

CONNECTX_NAMES = ("agent", "my_agent", "act", "connectx_agent")
BOARD_NAMES = (
    "best_move", "get_move", "choose_move", "find_best_move", "get_best_move", "pick_best_move", "next_move",
    "select_move", "move", "play",
)  # fmt: skip
PETTINGZOO_NAMES = ("policy", "agent", "act", "choose_action")


PROBES: tuple[tuple[str, int], ...] = (
    ("7435353751", 2),
    ("141365453", 1),
    ("221446731", 4),
    ("33424542", 3),
    ("71243726334565", 0),
)
"""(moves, the only winning column): the side to move wins there at once; its opponent threatens nothing."""


KAGGLE_ACT_TIMEOUT = 2.0
"""Kaggle ConnectX's ``actTimeout``: the seconds its agents are told a move may take."""
SHARE = 0.8
"""Of the whole check's time per move, what an agent is told it may take (the rest: starting and importing)."""
MOVES_A_GAME = 21
"""An agent's moves in one game at most (42 cells, half of them its own)."""


def act_timeout(limits: Limits, moves: int) -> float:
    """What a ConnectX agent is told a move may take: Kaggle's 2 s, or less where the check lends less.

    An agent that thinks until ``configuration.actTimeout`` (Kaggle's own template does) was told 2 s whatever
    the check's limits: under ``--time-per-move 1`` it timed out in every position, and under PrairieLearn's
    ``--budget 25`` (some 39 s of CPU for 80 positions and 8 games) the budget ran out after 55 of the 80
    positions, every game unplayed and lost (told its share, 0.125 s, it answered all 80 and played its 8). So
    it is told no more than the limit per move, nor than its share of the whole check (``moves``: the positions
    and the games' moves at most) within the CPU time and the wall clock its processes have. Nor is it told of
    a 60 s overage bank: the check lends none.
    """
    whole = limits.total_seconds
    if limits.wall_seconds is not None:
        whole = min(whole, limits.wall_seconds * limits.workers)
    share = SHARE * whole / max(moves, 1)
    return max(0.001, math.floor(1000 * min(KAGGLE_ACT_TIMEOUT, float(limits.move_seconds), share)) / 1000)


@dataclass(frozen=True, slots=True)
class BoardReading:
    """How the agent is called: ``style``, the function, and for a board its shape, rows and pieces."""

    style: str
    name: str
    shape: str = "list"
    rows: str = "top"
    pieces: str = "012"
    piece_argument: bool = False
    allowed: tuple[str, ...] = field(default=())
    act_timeout: float = KAGGLE_ACT_TIMEOUT
    """The seconds Kaggle's ``configuration.actTimeout`` promises a move: never more than the check's own limit."""
    first_column: int = 0
    """A board function's leftmost column: 0, or 1 where it answers the columns 1-7 its player types."""
    last_callable: bool = False
    """Found by Kaggle's rule (the file's last callable), not by its name: probed, and refused if it answers no
    column as ConnectX's agent (a file of helpers alone), as a name not found is."""
    connectx_too: bool = False
    """A PettingZoo reading of a name Kaggle's agents take, with one required argument: its second may have a
    default (``agent(observation, configuration=None)``, which Kaggle calls with both), so ConnectX's reading is
    probed too."""

    def interface(self) -> dict[str, Any]:
        """The runner's ``use`` message for this reading."""
        return {
            "kind": "driver",
            "driver": "connect4",
            "name": self.name,
            "style": self.style,
            "shape": self.shape,
            "rows": self.rows,
            "pieces": list(PIECES[self.pieces]),
            "piece_argument": self.piece_argument,
            "allowed": list(self.allowed),
            "act_timeout": self.act_timeout,
            "first_column": self.first_column,
        }

    def words(self) -> str:
        """In words, for the report's ``Checked:`` line."""
        if self.style == "connectx":
            found = ", the file's last callable as Kaggle takes it" if self.last_callable else ""
            return f"{self.name}(observation, configuration), Kaggle ConnectX{found} (a flat board of 42 cells 0/1/2)"
        if self.style == "pettingzoo":
            kind = "NumPy arrays" if self.shape == "numpy" else "nested lists"
            return f"{self.name}(observation), PettingZoo connect_four_v3 (planes and action_mask, {kind})"
        shape = "a 6x7 NumPy array" if self.shape == "numpy" else "a list of 6 lists of 7"
        rows = "row 0 at the top" if self.rows == "top" else "row 0 at the bottom"
        empty, first, second = (repr(value) for value in PIECES[self.pieces])
        arguments = "board, piece" if self.piece_argument else "board"
        columns = f"a column {self.first_column}-{self.first_column + 6}"
        return f"{self.name}({arguments}) on {shape}, {rows}, {empty} empty, {first} and {second}; returns {columns}"


def probe_positions() -> list[tuple[str, str]]:
    """The probes as the runner's (cells, mark) pairs."""
    return [(grid_cells(moves), str(1 + len(moves) % 2)) for moves, _ in PROBES]


def style_of(functions: dict[str, int], hint: BoardReading | None) -> BoardReading:
    """The style and function, from the module's functions (name -> required arguments) and the flags."""
    if hint is not None and hint.name:
        if hint.name not in functions:
            raise CheckUsageError(f"--function {hint.name}: the module has no such function ({_listing(functions)})")
        if hint.style:
            return hint
        return replace(hint, style=_style_for(hint.name, functions[hint.name]))
    wanted = hint.style if hint is not None else ""
    for style, names, arguments in (
        ("connectx", CONNECTX_NAMES, (2,)),
        ("board", BOARD_NAMES, (1, 2)),
        ("pettingzoo", PETTINGZOO_NAMES, (1,)),
    ):
        if wanted and style != wanted:
            continue
        for wanted_name in names:
            name = spelt(functions, wanted_name) or wanted_name  # bestMove, getMove: as students name them
            # my_agent(observation): Kaggle calls an agent with as many arguments as it takes, so does the driver.
            alone = style == "connectx" and functions.get(name) == 1 and wanted_name not in PETTINGZOO_NAMES
            if functions.get(name) in arguments or alone:
                base = hint if hint is not None else BoardReading(style, name)
                both = style == "pettingzoo" and wanted_name in CONNECTX_NAMES and not wanted
                piece = functions[name] == 2 and style == "board"
                return replace(base, style=style, name=name, piece_argument=piece, connectx_too=both)
    last = kaggle_agent(functions) if wanted in ("", "connectx") else None
    if last is not None:
        base = hint if hint is not None else BoardReading("connectx", last)
        # The teacher's --interface connectx asks it as ConnectX's agent alone, as a name found would be.
        return replace(base, style="connectx", name=last, piece_argument=True, last_callable=not wanted)
    raise CheckUsageError(
        "no Connect Four agent recognised: expected agent(observation, configuration), best_move(board), "
        f"get_move(board, piece) or policy(observation) ({_listing(functions)}); name yours with --function"
    )


def kaggle_agent(functions: dict[str, int]) -> str | None:
    """The agent as Kaggle's ConnectX finds it, whatever its name: the module's last callable (in the order its names
    were first bound, imports included), when it takes two arguments (observation, configuration); else None.

    A submission's helpers come before the agent that calls them, as Kaggle's rule asks; a file whose last callable
    takes one argument or three is refused as before (a file of helpers alone, a game loop's ``main()``).
    """
    if not functions:
        return None
    last = next(reversed(functions))
    return last if functions[last] == 2 else None


def lone_last_callable(functions: dict[str, int], hint: BoardReading | None) -> BoardReading | None:
    """Kaggle's rule for a last callable of one required argument, to be probed as the agent, or None.

    ``def my_agent_v2(obs, config=None)`` requires one argument, as a helper ``score(board)`` does, and Kaggle calls
    it with both; only its answers tell them apart. So when no agent is recognised otherwise (``style_of`` refused)
    it is asked the probes as ConnectX's agent (the driver hands it as many of the two as it takes), and the file
    is refused as before when it gives no column in any (a helper last). ``--function`` or another ``--interface``
    asks for no such guess.
    """
    if not functions or (hint is not None and (hint.name or hint.style not in ("", "connectx"))):
        return None
    last = next(reversed(functions))
    if functions[last] != 1:
        return None
    return BoardReading("connectx", last, piece_argument=True, last_callable=True)


def _style_for(name: str, arguments: int) -> str:
    if name in PETTINGZOO_NAMES and arguments == 1 and name not in BOARD_NAMES:
        return "pettingzoo" if name != "agent" else "board"
    return "connectx" if arguments == 2 and name in CONNECTX_NAMES else "board"


def _listing(functions: dict[str, int]) -> str:
    names = sorted(functions)[:12]
    return "its functions: " + ", ".join(names) if names else "it defines no function"


def candidates(base: BoardReading, numpy: bool, fixed: set[str], letters: Sequence[str] = ()) -> list[BoardReading]:
    """The readings to probe for ``base``, most usual first; ``fixed`` names what the flags already set.

    Pieces the module names as one-letter constants (``RED, YELLOW = "R", "Y"``: ``letters``) come first: the
    probes ask wins alone, which an agent of red and yellow takes as well read with X and O, and then it would be
    checked blind to the opponent's pieces."""
    if base.style == "connectx":
        return [base]
    if base.style == "pettingzoo":
        policy = replace(base, shape="numpy" if numpy and "shape" not in fixed else base.shape)
        return [policy, replace(base, style="connectx")] if base.connectx_too else [policy]
    shapes = [base.shape] if "shape" in fixed else (["list", "numpy"] if numpy else ["list"])
    rows = [base.rows] if "rows" in fixed else ["top", "bottom"]
    named = [name for name, (_, first, second) in PIECES.items() if first in letters and second in letters]
    pieces = [base.pieces] if "pieces" in fixed else list(dict.fromkeys([*named, *PIECES]))
    return [replace(base, shape=s, rows=r, pieces=p) for p in pieces for s in shapes for r in rows]


def score_probe(answers: list[int | None]) -> tuple[int, int]:
    """(probes won, legal answers) for one reading's answers to ``PROBES``."""
    won = sum(1 for answer, (_, column) in zip(answers, PROBES, strict=False) if answer == column)
    legal = sum(1 for answer in answers if answer is not None)
    return won, legal


def choose_reading(marks: list[tuple[tuple[int, int], BoardReading]]) -> tuple[tuple[int, int], BoardReading]:
    """The reading kept from (probes won, legal answers) per reading tried, in the order tried.

    One that won all or all but one of the probes, the most wins first; else (an agent that does not take wins: a random
    one) the first, in the usual order, that answered the most legal moves: chance wins decide nothing.
    """
    majority = len(PROBES) - 1  # a random agent wins 4 of 5 by chance about once in 500 readings
    winners = [mark for mark in marks if mark[0][0] >= majority]
    if winners:
        return max(winners, key=lambda mark: mark[0][0])
    most = max(mark[0][1] for mark in marks)
    return next(mark for mark in marks if mark[0][1] == most)
