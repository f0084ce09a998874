"""The production solver: negamax with a transposition table, null windows, iterative deepening,
win/draw/loss probes, opening books and the compiled core's dispatch, one job a file.

The engine's door (``perfectplay``) gives ``solve`` and ``score_moves``; this
door adds what only a solver's user tunes or builds: the transposition table
and its sizes, which core is in use, the progress a long search reports, the
hooks a game fills in to be solved fast (``SearchNode``), and the opening
books (``perfectplay book``).
"""

from __future__ import annotations

import typing as _typing

from perfectplay._lazy import lazy_door as _lazy_door

_HOMES: dict[str, str] = {
    "BOOK_SIDES": "perfectplay.search.solver.book",
    "Book": "perfectplay.search.solver.book",
    "COMPILED_CAPACITY": "perfectplay.search.solver.table",
    "DEFAULT_CAPACITY": "perfectplay.search.solver.table",
    "Progress": "perfectplay.search.base.budget",
    "ProgressCallback": "perfectplay.search.base.budget",
    "SearchNode": "perfectplay.hooks",
    "TranspositionTable": "perfectplay.search.solver.table",
    "book_header": "perfectplay.search.solver.book",
    "build_book": "perfectplay.search.solver.book",
    "compiled_in_use": "perfectplay.search.solver.compiled",
    "default_capacity": "perfectplay.search.solver.compiled",
    "prove_book_entry": "perfectplay.search.solver.book",
    "score_moves": "perfectplay.search.solver.exact",
    "solve": "perfectplay.search.solver.exact",
    "solver_core": "perfectplay.search.solver.compiled",
}
"""Where each public name lives: the module imported when the name is first used."""

__all__ = sorted(_HOMES)

__getattr__, __dir__ = _lazy_door(__name__, _HOMES, globals())

if _typing.TYPE_CHECKING:
    from perfectplay.hooks import SearchNode as SearchNode
    from perfectplay.search.base.budget import Progress as Progress
    from perfectplay.search.base.budget import ProgressCallback as ProgressCallback
    from perfectplay.search.solver.book import BOOK_SIDES as BOOK_SIDES
    from perfectplay.search.solver.book import Book as Book
    from perfectplay.search.solver.book import book_header as book_header
    from perfectplay.search.solver.book import build_book as build_book
    from perfectplay.search.solver.book import prove_book_entry as prove_book_entry
    from perfectplay.search.solver.compiled import compiled_in_use as compiled_in_use
    from perfectplay.search.solver.compiled import default_capacity as default_capacity
    from perfectplay.search.solver.compiled import solver_core as solver_core
    from perfectplay.search.solver.exact import score_moves as score_moves
    from perfectplay.search.solver.exact import solve as solve
    from perfectplay.search.solver.table import COMPILED_CAPACITY as COMPILED_CAPACITY
    from perfectplay.search.solver.table import DEFAULT_CAPACITY as DEFAULT_CAPACITY
    from perfectplay.search.solver.table import TranspositionTable as TranspositionTable
