"""The long oracle runs the test suite runs a part of, each whole, with the test's own assertions.

Run from the repository root::

    .venv/bin/python benchmarks/oracle_sweeps.py                # every sweep
    .venv/bin/python benchmarks/oracle_sweeps.py --only trace   # one of them

Each is a function of a test module (the one named below) that the test
calls on a part (every tenth position or so, a shallower walk, one seed,
the compiled core) and this calls on the whole (every position, the full
walk, more seeds, the Python core). Run whole on every run of the suite,
each cost it seconds of CPU to prove what its part and the fast tests
around it prove, unless the engine broke on exactly what the part leaves
out: run this after changing the search, the tracer, the checker's Nim
lab or the games and data they sweep. It prints each one's count and time
(a check's candidates run in processes of their own), and exits 1 on the
first assertion that fails (its traceback names the position).

* ``trace``: traced minimax counts exactly the textbook minimax's nodes, and
  finds its value and best moves, on every 3x3 position with six or fewer
  empty cells (5,396; ``tests/teaching/test_trace.py``).
* ``nim``: the solver's outcome is Bouton's rule's (normal play) and the
  misère rule's on every Nim position of up to 4 heaps of up to 7 (4,676
  each; ``tests/games/test_nim.py``).
* ``reference``: the textbook minimax's stored answers
  (``tests/data/tictactoe_minimax.txt``) are what it finds afresh on every
  reachable 3x3 position (5,478; ``tests/search/test_textbook_reference.py``).
* ``pure_core``: the analyses of ``tests/search/solver/test_outcomes_before_lengths.py``
  (every move's outcome proven before any length, under a node limit) on
  the Python core, which the suite runs on the compiled one.
* ``book``: the shipped Connect Four opening book answers every position
  the computer meets to the book's ply, in games either colour began
  (``tests/search/solver/test_shipped_book.py``, which walks to ply 10).
* ``exact_layer``: every row of the shipped 7x6 exact layers has the
  shipped outcome layer's outcome (94,388;
  ``tests/search/solver/test_shipped_exact_layer.py``, every tenth row).
* ``nim_lab``: the Nim lab's learning example, fully trained, passes
  under training seeds 1 and 2, and the running maximum fails under both
  (``tests/check/nim/test_nim_lab_check.py``, seed 1).
* ``cs50_batches``: a CS50 module whose helpers are wrong, crash and spin
  on one board each, checked with its helpers' boards asked one a message,
  finds what the batched check finds
  (``tests/check/run/test_cs50_helpers_batched.py``, which holds the
  batched check to its known answers).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"


def test_module(relative: str) -> ModuleType:
    """A test module of tests/, imported as pytest imports it (its folder and tests/ on the path)."""
    path = TESTS / relative
    for folder in (TESTS, path.parent):
        if str(folder) not in sys.path:
            sys.path.insert(0, str(folder))
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def trace() -> int:
    tests = test_module("teaching/test_trace.py")  # first: it puts tests/ on the path for the helpers below
    from perfectplay import TicTacToe
    from textbook_reference import reachable_positions, reference_answers

    game = TicTacToe()
    positions = reachable_positions(game)
    count: int = tests.assert_traced_minimax_counts_the_reference(
        tests.few_empty_cells(positions, 6), reference_answers(game, positions)
    )
    return count


def nim() -> int:
    tests = test_module("games/test_nim.py")
    every = tests.positions(4, 7)
    return sum(int(tests.assert_the_solver_agrees_with_the_rule(game, rule, every)) for game, rule in tests.RULES)


def reference() -> int:
    tests = test_module("search/test_textbook_reference.py")
    from perfectplay import TicTacToe, minimax
    from textbook_reference import reachable_positions

    game = TicTacToe()
    empty = minimax(game, game.initial_state())
    count: int = tests.assert_the_stored_answers_are_searched_afresh(game, reachable_positions(game), empty)
    return count


def pure_core() -> int:
    tests = test_module("search/solver/test_outcomes_before_lengths.py")
    from perfectplay.search.solver.compiled import PURE_VARIABLE

    before = os.environ.get(PURE_VARIABLE)
    os.environ[PURE_VARIABLE] = "1"
    try:
        tests.assert_outcomes_not_lengths()
        tests.assert_every_move_exact()
    finally:
        if before is None:
            del os.environ[PURE_VARIABLE]
        else:
            os.environ[PURE_VARIABLE] = before
    return 2


def book() -> int:
    tests = test_module("search/solver/test_shipped_book.py")
    shipped = tests.checked_shipped_book()
    met: list[int] = tests.assert_the_book_answers_the_computer_whichever_colour_moved_first(shipped, shipped.plies)
    return 2 * sum(met)


def exact_layer() -> int:
    tests = test_module("search/solver/test_shipped_exact_layer.py")
    count: int = tests.assert_the_rows_outcomes_are_the_outcome_layers(1)
    return count


def nim_lab() -> int:
    tests = test_module("check/nim/test_nim_lab_check.py")
    tests.assert_the_correct_example_passes_and_the_running_maximum_fails("1,2")
    return 2


def cs50_batches() -> int:
    tests = test_module("check/run/test_cs50_helpers_batched.py")
    import tempfile

    import pytest

    from perfectplay.check.judge.oracle import TicTacToeOracle
    from perfectplay.check.run import speakers

    with tempfile.TemporaryDirectory() as folder, pytest.MonkeyPatch.context() as monkeypatch:
        path, _ = tests.quirky_module(Path(folder), TicTacToeOracle())
        batched, _, _ = tests.checked(path, monkeypatch, speakers.RunnerSpeaker.BATCHES["cs50"])
        tests.assert_one_board_a_message_finds_the_same(path, monkeypatch, batched)
    return 2


SWEEPS: dict[str, Callable[[], int]] = {
    "trace": trace,
    "nim": nim,
    "reference": reference,
    "pure_core": pure_core,
    "book": book,
    "exact_layer": exact_layer,
    "nim_lab": nim_lab,
    "cs50_batches": cs50_batches,
}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=sorted(SWEEPS), help="one sweep (default: every one)")
    arguments = parser.parse_args(argv)
    for name in [arguments.only] if arguments.only else list(SWEEPS):
        start, wall = time.process_time(), time.perf_counter()
        count = SWEEPS[name]()
        spent = f"{time.process_time() - start:.1f} s of this process's CPU, {time.perf_counter() - wall:.1f} s in all"
        print(f"{name}: {count:,} checked, {spent}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
