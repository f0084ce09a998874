"""``check_connect4``: a student's Connect Four agent, judged position by position against exact play.

The Python entry of Connect Four's plug (``plug.py``): its keyword
settings become the settings every game shares (``settings.GameSettings``)
and the conductor runs the check (``conductor.conduct``). Whatever the agent
does is in the report, never a traceback.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from perfectplay.check.conductor import conduct
from perfectplay.check.connect4.flags import CONNECT4_ALLOWED, DEFAULT_POSITIONS, MAX_POSITIONS, PIECES
from perfectplay.check.connect4.model import Connect4Report
from perfectplay.check.connect4.plug import DEFAULT_SEED, Connect4Plug
from perfectplay.check.errors import CheckUsageError
from perfectplay.check.run.sandbox import Isolation
from perfectplay.check.run.sweep import Progress
from perfectplay.check.settings import MAX_MEMORY_MB, Candidate, GameSettings, Grading, Limits, Output, fresh_seed

DEFAULT_MOVE_SECONDS = 5.0
DEFAULT_TOTAL_SECONDS = 600.0
DEFAULT_MEMORY_MB = 1024
DEFAULT_ALLOWED = CONNECT4_ALLOWED

__all__ = ["DEFAULT_ALLOWED", "DEFAULT_POSITIONS", "DEFAULT_SEED", "check_connect4"]


def check_connect4(
    path: str | os.PathLike[str] | None = None,
    *,
    command: str | Sequence[str] | None = None,
    function: str | None = None,
    style: str | None = None,
    shape: str | None = None,
    rows: str | None = None,
    pieces: str | None = None,
    positions: int | None = DEFAULT_POSITIONS,
    seed: int | None = DEFAULT_SEED,
    games: bool = True,
    move_seconds: float = DEFAULT_MOVE_SECONDS,
    total_seconds: float = DEFAULT_TOTAL_SECONDS,
    memory_mb: int | None = DEFAULT_MEMORY_MB,
    workers: int = 2,
    wall_seconds: float | None = None,
    allow_packages: Sequence[str] = DEFAULT_ALLOWED,
    sandbox: str | Isolation = "auto",
    name: str | None = None,
    others: Sequence[str | os.PathLike[str]] = (),
    progress: Progress | None = None,
) -> Connect4Report:
    """Check the Connect Four agent in the Python file ``path``, or the program ``command``.

    The reading (``style`` ``connectx``/``board``/``pettingzoo``, and for a
    board ``shape`` ``list``/``numpy``, ``rows`` ``top``/``bottom``,
    ``pieces`` a name of ``PIECES``) is recognised unless given.
    ``positions`` decisive positions are asked (None: the default),
    generated and solved from ``seed`` (None: a fresh one, shown in the
    report), every phase in its share; ``games`` plays it against
    each level of ``LADDER`` in both seats. Limits as ``check_ai``'s;
    ``allow_packages`` are the installed packages it may import (read-only).
    Raises ``CheckUsageError`` when the check cannot start, and ``NotGradable``
    when the submission itself cannot be checked (no such file, one that
    cannot be read, no agent recognised in a module that loaded): a usage
    error on the command line, 0 points marked not gradable for a grader.
    An agent that raises on import or never answers is checked: broken.
    """
    _validate(positions, move_seconds, total_seconds, style, shape, rows, pieces)
    if memory_mb is not None and (
        isinstance(memory_mb, bool) or not isinstance(memory_mb, int) or not 64 <= memory_mb <= MAX_MEMORY_MB
    ):
        raise CheckUsageError(f"--memory must be a whole number of MB from 64 to {MAX_MEMORY_MB}, not {memory_mb!r}")
    hint = {
        key: value
        for key, value in (
            ("function", function),
            ("style", style),
            ("shape", shape),
            ("rows", rows),
            ("pieces", pieces),
        )
        if value
    }
    settings = GameSettings(
        Candidate(path, command, name, tuple(others), sandbox),
        Limits(move_seconds, total_seconds, memory_mb, wall_seconds=wall_seconds, workers=workers),
        Grading(seed=fresh_seed() if seed is None else seed),
        Output(progress),
        hint,
        tuple(allow_packages),
    )
    return conduct(Connect4Plug(positions, games), settings)


def _validate(
    positions: int | None, move: float, total: float, style: str | None, shape: str | None, rows: str | None,
    pieces: str | None,
) -> None:  # fmt: skip
    if positions is not None and (
        isinstance(positions, bool) or not isinstance(positions, int) or not 1 <= positions <= MAX_POSITIONS
    ):
        raise CheckUsageError(
            f"--positions must be a whole number of positions from 1 to {MAX_POSITIONS}, not {positions!r}"
        )
    for label, value in (("--time-per-move", move), ("--time-limit", total)):
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value < 1e6:
            raise CheckUsageError(f"{label} must be a number of seconds above 0, not {value!r}")
    choices: tuple[tuple[str, str | None, tuple[str, ...]], ...] = (
        ("--interface", style, ("connectx", "board", "pettingzoo")),
        ("--board", shape, ("list", "numpy")),
        ("--rows", rows, ("top", "bottom")),
        ("--pieces", pieces, tuple(PIECES)),
    )
    for flag, choice, allowed in choices:
        if choice is not None and choice not in allowed:
            raise CheckUsageError(f"{flag} {choice!r}: one of {', '.join(allowed)}")
