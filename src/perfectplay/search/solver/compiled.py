"""The compiled core: ``negamax.py``'s recursion in C, for Connect Four and m,n,k boards of up to 64 cells.

The drivers (null-window probes, iterative deepening, the root, the limits)
are the same Python code for both cores; only the recursion below a probe
changes hands. ``CompiledNegamax`` is a ``Negamax`` whose ``search`` passes
the node's fields to ``perfectplay._core`` and takes back the value and the
counters (nodes, the next budget checkpoint, the horizon). The C recursion
mirrors ``Negamax.search`` and the games' nodes line for line, and calls
``Budget.checkpoint`` at the same node counts, so the two cores explore
exactly the same nodes, return the same values, stop at the same node when a
limit runs out and leave the same table (``tests/_core/test_compiled_core.py``).

The compiled core is used when it was built (``setup.py``: it needs a C
compiler) and the game offers an entry to it (``Game.compiled_entry``, a
``CompiledEntry``: how to set the core up for its board and how to enter
it with one of its nodes): today ``Connect4`` of any size and ``MNK``
(tic-tac-toe included) of up to 64 cells with ``k`` up to 24, whose node
modules write theirs. This module never asks which game it searches.
Setting ``PERFECTPLAY_PURE=1`` in the environment forces the Python core,
which stays the reference; so do games without an entry (Nim, a game file).
"""

from __future__ import annotations

import os
from typing import Any

from perfectplay.game import Game
from perfectplay.hooks import CompiledEntry, SearchNode
from perfectplay.search.base.budget import Budget
from perfectplay.search.solver.negamax import Negamax
from perfectplay.search.solver.table import COMPILED_CAPACITY, DEFAULT_CAPACITY, TranspositionTable

try:
    import perfectplay._core as _core
except ImportError:  # built without a C compiler: the Python core serves every game
    _core = None  # type: ignore[assignment]
if _core is not None and not hasattr(_core, "Table"):
    # The C sources' folder (``_core/``) imports as an empty namespace package where no extension was built.
    _core = None  # type: ignore[assignment]

PURE_VARIABLE = "PERFECTPLAY_PURE"
"""Set to 1 (or any non-empty value but 0) to force the pure-Python core."""


def compiled_available() -> bool:
    """True if the compiled core was built and can be imported."""
    return _core is not None


def pure_forced() -> bool:
    """True if ``PERFECTPLAY_PURE`` asks for the Python core."""
    return os.environ.get(PURE_VARIABLE, "") not in ("", "0")


def compiled_in_use() -> bool:
    """True if the built-in games are solved by the compiled core (built, and not ``PERFECTPLAY_PURE``)."""
    return _core is not None and not pure_forced()


def solver_core() -> str:
    """Which core the solver uses for the built-in games, in words: the compiled C one or pure Python."""
    return core_description()


def core_description() -> str:
    """Which core the solver uses for the built-in games, in words (``perfectplay --version``)."""
    if _core is None:
        return "pure Python (no compiled core in this install: it is built where a C compiler is found at install time)"
    if pure_forced():
        return f"pure Python ({PURE_VARIABLE} is set; the compiled core is installed)"
    return "compiled C for Connect Four and m,n,k boards up to 64 cells; pure Python for other games"


def default_capacity(game: Game[Any], exact: bool = True) -> int:
    """The table cap a search of ``game`` gets when none is given: bigger for an exact search the compiled core serves.

    A search under a limit keeps the smaller table: growing a big one
    moves every entry at once, a pause of a few tenths of a second that
    no clock check can interrupt, and a limited search has no use for it.
    """
    if not exact or _core is None or pure_forced() or game.compiled_entry() is None:
        return DEFAULT_CAPACITY
    return COMPILED_CAPACITY


def negamax_for(game: Game[Any], table: TranspositionTable, budget: Budget) -> Negamax:
    """The recursion for one solver call: the compiled one when it serves ``game``, else the Python one."""
    if _core is None or pure_forced():
        return Negamax(table, budget)
    entry = game.compiled_entry()
    if entry is None:
        return Negamax(table, budget)
    return CompiledNegamax(table, budget, entry)


class CompiledNegamax(Negamax):
    """``Negamax`` with its recursion in C; the counters live here between calls, as in Python."""

    def __init__(self, table: TranspositionTable, budget: Budget, entry: CompiledEntry) -> None:
        super().__init__(table, budget)
        assert _core is not None
        if table.native is None:
            table.native = _core.Table(table.capacity)
        self.core = _core.Search(table.native, budget)
        entry.configure(self.core)
        self.enter = entry.enter

    def search(self, node: SearchNode, ply: int, depth: int, alpha: int, beta: int) -> int:
        core = self.core
        core.nodes, core.next_check, core.horizon = self.nodes, self.next_check, self.horizon
        try:
            return self.enter(core, node, ply, depth, alpha, beta)
        finally:
            # Also when a limit raised Stop in the middle: the callers read the counters.
            self.nodes, self.next_check, self.horizon = core.nodes, core.next_check, core.horizon
