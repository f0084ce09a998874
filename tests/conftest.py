"""Shared fixtures: every reachable 3x3 position, the textbook minimax's answer for each (read once), and the
empty board searched once per run by the textbook minimax, plain and traced (half a million nodes each), both
shared by the run's xdist workers."""

from __future__ import annotations

import compileall
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import perfectplay
from built_wheels import Built, built_checkout, wheel_installed_alone
from cli_helpers import InProcess
from perfectplay import MNK, Analysis, MNKState, TicTacToe, make_game, minimax
from perfectplay.search.base.recursion import make_room
from perfectplay.teaching.trace import Trace, trace_minimax
from shared_results import SharedResults, shared_folder
from skip_summary import pytest_unconfigure as pytest_unconfigure  # the closing line: skipped, to install
from suite_order import longest_first
from textbook_reference import Answer, reachable_positions, reference_answers

pytest_plugins = ("module_groups",)  # a module's own shared fixtures made once: its tests on one worker

DONT_WRITE_BYTECODE = sys.dont_write_bytecode
"""As the environment says (``PYTHONDONTWRITEBYTECODE``): what the tests themselves run with."""
# Collection keeps what it compiles: pytest rewrites the assertions of every test module it imports (about 400, 4 s
# of CPU) and keeps the result in __pycache__ (ignored by git) only where Python may write bytecode; in an
# environment that sets PYTHONDONTWRITEBYTECODE every worker of every run would rewrite them all again.
sys.dont_write_bytecode = False


def pytest_collection_finish(session: pytest.Session) -> None:
    """The tests run as the environment asked: a file a test imports from its own folder leaves no bytecode there."""
    sys.dont_write_bytecode = DONT_WRITE_BYTECODE


def pytest_configure(config: pytest.Config) -> None:
    """Room on the stack for the deepest built-in game before any test runs (``search/base/recursion.py``).

    A search raises Python's recursion limit the first time it meets a game as deep as Nim's ten heaps of 99,
    and Hypothesis takes a limit changed during one of its tests for that test's doing (a warning, an error
    here): which test first searched such a game would depend on the order the tests ran in.
    """
    make_room(max(make_game(spec).max_plies for spec in ("nim", "connect4", "mnk:15,15,5")))


def pytest_sessionstart(session: pytest.Session) -> None:
    """The package's bytecode is up to date before the run's first test starts a process that imports it.

    The tests start many ``perfectplay`` processes (commands, servers,
    checks and their workers). Where the environment sets
    PYTHONDONTWRITEBYTECODE, a module that collection does not import after
    the line above (the board games' own, imported by this file first; each
    command's) was compiled again in every one of them: 6 ms a short command,
    a tenth of its CPU; a pip install would have compiled them once.
    Done by the run's first process alone (the xdist controller), in 30 ms
    when nothing changed.
    """
    if os.environ.get("PYTEST_XDIST_WORKER") is None:
        compileall.compile_dir(Path(perfectplay.__file__).resolve().parent, quiet=1)


@pytest.hookimpl(trylast=True)  # after tests/web/conftest.py has marked the browser tests integration
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The longest tests start first (tests/suite_order.py)."""
    longest_first(config.rootpath / "tests", items)


@pytest.fixture(scope="session")
def shared_results(tmp_path_factory: pytest.TempPathFactory) -> SharedResults:
    """Costly results made once per run, whichever worker asks first (tests/shared_results.py)."""
    return SharedResults(shared_folder(tmp_path_factory))


@pytest.fixture(scope="session", autouse=True)
def graders_secret_of_the_tests(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """A game check with no ``--seed`` draws each student's from the grader's secret (``check/grader_secret.py``),
    made on first use in the configuration folder: the tests' own, never the machine's (every folder's tests: the
    docs' examples and the wheel's run checks too)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("config")))
        yield


@pytest.fixture(scope="session")
def built(shared_results: SharedResults, tmp_path_factory: pytest.TempPathFactory) -> Built:
    """The checkout's sdist and wheel, built once per run (tests/built_wheels.py)."""
    return built_checkout(shared_results, tmp_path_factory)


@pytest.fixture(scope="session")
def wheel_alone(shared_results: SharedResults, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bin folder of a clean virtual environment holding that wheel alone, made once per run."""
    return wheel_installed_alone(shared_results, tmp_path_factory)


@pytest.fixture(scope="session")
def tictactoe() -> MNK:
    return TicTacToe()


@pytest.fixture(scope="session")
def all_positions(tictactoe: MNK) -> list[MNKState]:
    return reachable_positions(tictactoe)


@pytest.fixture(scope="session")
def reference(tictactoe: MNK, all_positions: list[MNKState]) -> dict[MNKState, Answer]:
    """The textbook minimax's answer for every reachable 3x3 position (from tests/data/, checked by a slow test)."""
    return reference_answers(tictactoe, all_positions)


@pytest.fixture(scope="session")
def empty_board_minimax(tictactoe: MNK, shared_results: SharedResults) -> Analysis:
    """The textbook minimax from the empty 3x3 board: every one of its 549,946 nodes (a frozen result, shared)."""
    return shared_results.get("minimax 3x3 empty", lambda: minimax(tictactoe, tictactoe.initial_state()))


@pytest.fixture(scope="session")
def empty_board_trace(tictactoe: MNK, shared_results: SharedResults) -> Trace:
    """The same search traced, its tree shown one level deep (the tests only read it)."""
    return shared_results.get(
        "trace_minimax 3x3 empty depth 1", lambda: trace_minimax(tictactoe, tictactoe.initial_state(), depth=1)
    )


@pytest.fixture
def in_process(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> InProcess:
    """The ``perfectplay`` command run in this process: for the many refusals of bad arguments."""
    return InProcess(capsys, monkeypatch)


@pytest.fixture
def exact_layer_to_ply_5(monkeypatch: pytest.MonkeyPatch) -> None:
    """Connect Four's shipped exact layers down to ply 5 only, the ply-8 one left out: for the tests of what
    answers past an exact layer (the opening book, the outcome layer, the search and its limits) on positions
    5-7 moves in, which the ply-8 layer would answer at once."""
    from perfectplay import Connect4
    from perfectplay.games.connect4_layer import shipped_exact_layer

    deep = shipped_exact_layer("connect4")
    assert deep is not None and deep.shallower is not None and deep.shallower.plies == 5
    shallow = deep.shallower
    monkeypatch.setattr(Connect4, "score_table", lambda game: shallow if game.name == shallow.game.name else None)
