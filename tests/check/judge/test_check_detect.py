"""Recognising an interface from what a module defines and how it answers six probe positions."""

from __future__ import annotations

import functools
import inspect
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from any_user_folder import any_user_folder
from perfectplay.check.api import check_ai
from perfectplay.check.errors import CheckUsageError, NotGradable
from perfectplay.check.judge.detect import CS50_NAMES, choose_interface
from perfectplay.check.judge.interface import Hint, TicTacToeInterface
from perfectplay.check.judge.oracle import TicTacToeOracle
from perfectplay.check.judge.probes import pool
from perfectplay.check.position import TicTacToePosition
from perfectplay.check.run import runner
from perfectplay.check.run.inside import values


class FakeCandidate:
    """Answers probes like a function written for one board shape and empty marker.

    With the right shape it plays the best move when ``side`` (None: either)
    is to move, and its own win when the other side is; with any other shape
    it raises, as real code does on the wrong board.
    """

    def __init__(self, oracle: TicTacToeOracle, board: str, empty: str | None, returns: str, side: str | None) -> None:
        self.oracle, self.board, self.empty, self.returns, self.side = oracle, board, empty, returns, side
        self.tried: list[tuple[str, str | int | None]] = []

    def __call__(self, interface: TicTacToeInterface, positions: Sequence[TicTacToePosition]) -> list[dict[str, Any]]:
        self.tried.append((interface.board, interface.empty))
        if (interface.board, interface.empty) != (self.board, self.empty):
            return [{"error": {"type": "IndexError", "message": "list index out of range"}} for _ in positions]
        records = []
        for position in positions:
            if self.side in (None, position.to_move):
                move = self.oracle.judge(position).best[0]
            else:  # it looks for its own side's moves whoever is to move: here, its own win
                move = min(next(other for p, _, other in pool() if p == position))
            if self.returns == "index":
                records.append({"kind": "int", "value": move})
            else:
                records.append({"kind": "pair", "value": list(divmod(move, 3)), "type": "tuple"})
        return records


def loaded(functions: dict[str, int], **extra: Any) -> dict[str, Any]:
    return {"event": "loaded", "functions": functions, "constants": {}, "boards": [], **extra}


def wins_for(cells: str, side: str) -> set[int]:
    """The moves that win for ``side`` if it were to move here (whatever the stone counts say)."""
    lines = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
    other = "O" if side == "X" else "X"

    def value(board: str, mover: str) -> int:
        foe = "O" if mover == "X" else "X"
        best = -1
        for cell in (i for i, mark in enumerate(board) if mark == "."):
            after = board[:cell] + mover + board[cell + 1 :]
            if any(all(after[i] == mover for i in line) for line in lines):
                return 1
            best = max(best, 0 if "." not in after else -value(after, foe))
        return best

    winning = set()
    for cell in (i for i, mark in enumerate(cells) if mark == "."):
        after = cells[:cell] + side + cells[cell + 1 :]
        if any(all(after[i] == side for i in line) for line in lines) or ("." in after and value(after, other) == -1):
            winning.add(cell)
    return winning


def test_in_every_probe_each_side_would_win_with_its_own_moves_only(oracle: TicTacToeOracle) -> None:
    for position, mover_wins, other_wins in pool():
        judgement = oracle.judge(position)
        assert {entry.move for entry in judgement.moves if entry.score > 0} == mover_wins
        assert wins_for(position.cells, position.to_move) == mover_wins
        other = "O" if position.to_move == "X" else "X"
        assert wins_for(position.cells, other) == other_wins
        assert not mover_wins & other_wins


def test_the_cs50_functions_are_recognised_by_name_and_read_their_own_constants() -> None:
    module = loaded({name: 1 for name in CS50_NAMES}, constants={"X": "X", "O": "O", "EMPTY": None})
    interface = choose_interface("tictactoe.py", module, Hint(), lambda i, p: None)
    assert interface is not None
    assert (interface.kind, interface.empty, interface.plays, interface.returns) == ("cs50", None, "both", "rowcol")


def test_seed_000s_shape_flat_list_with_spaces_playing_x_only_is_found_by_probing(oracle: TicTacToeOracle) -> None:
    candidate = FakeCandidate(oracle, "flat", " ", "index", side="X")
    module = loaded({"find_best_move": 1, "minimax": 3}, boards=[{"shape": "flat", "values": [" ", "O", "X"]}])
    interface = choose_interface("seed000.py", module, Hint(), candidate)
    assert interface is not None
    assert (interface.board, interface.empty, interface.returns, interface.plays) == ("flat", " ", "index", "X")
    assert candidate.tried[0] == ("flat", " ")
    assert "plays X only" in interface.describe()


def test_seed_001s_shape_nested_list_with_dashes_playing_both_sides_is_found_by_probing(
    oracle: TicTacToeOracle,
) -> None:
    candidate = FakeCandidate(oracle, "nested", "-", "rowcol", side=None)
    module = loaded({"find_best_move": 1}, constants={"EMPTY": "-"})
    interface = choose_interface("seed001.py", module, Hint(), candidate)
    assert interface is not None
    assert (interface.board, interface.empty, interface.returns, interface.plays) == ("nested", "-", "rowcol", "both")
    assert interface.notes == ()


def test_flags_are_taken_as_given_without_trying_other_shapes(oracle: TicTacToeOracle) -> None:
    candidate = FakeCandidate(oracle, "flat", "_", "index", side="O")
    hint = Hint(function="best", board="flat", empty="_", returns="index", plays="O")
    interface = choose_interface("ai.py", loaded({"best": 1}), hint, candidate)
    assert interface is not None
    assert candidate.tried == [("flat", "_")]
    assert (interface.name, interface.plays) == ("best", "O")
    assert [(role.side, role.first) for role in interface.roles] == [("O", "O"), ("O", "X")]


def test_a_function_no_board_reading_gets_a_legal_move_from_is_no_interface_recognised_naming_what_was_tried(
    oracle: TicTacToeOracle,
) -> None:
    """Written for a Board object, say: every reading raises, so it is not graded as a broken AI."""
    candidate = FakeCandidate(oracle, "flat", "?", "index", side=None)
    with pytest.raises(NotGradable) as error:
        choose_interface("ai.py", loaded({"find_best_move": 1}), Hint(), candidate)
    message = str(error.value)
    assert message.startswith("ai.py: no interface recognised: find_best_move gave no legal move")
    assert "(a list of 3 lists and a flat list of 9, with ' ', '-', '_', '.', None, '' for empty)" in message
    assert "with a list of 3 lists and ' ' for empty it answered raised IndexError: list index out of range" in message
    assert "--board and --empty" in message and "\n" not in message
    assert len(candidate.tried) == 12


def test_when_some_reading_gets_some_legal_moves_it_checks_the_likeliest_and_says_how_to_correct_it() -> None:
    def half_right(interface: TicTacToeInterface, positions: Sequence[TicTacToePosition]) -> list[dict[str, Any]]:
        legal = (interface.board, interface.empty) == ("nested", " ")
        return [
            {"kind": "int", "value": position.cells.index(".")}
            if legal and index == 0
            else {"kind": "other", "type": "str", "repr": "'?'"}
            for index, position in enumerate(positions)
        ]

    interface = choose_interface("ai.py", loaded({"find_best_move": 1}), Hint(), half_right)
    assert interface is not None and (interface.board, interface.empty) == ("nested", " ")
    assert "--board and --empty" in interface.notes[0]


def test_a_reading_the_teacher_gave_is_checked_even_when_it_gets_no_legal_move(oracle: TicTacToeOracle) -> None:
    candidate = FakeCandidate(oracle, "flat", "?", "index", side=None)
    interface = choose_interface("ai.py", loaded({"find_best_move": 1}), Hint(board="flat", empty="."), candidate)
    assert interface is not None and (interface.board, interface.empty) == ("flat", ".")


def test_a_function_too_slow_to_answer_the_probes_is_still_checked_not_unrecognised() -> None:
    interface = choose_interface("ai.py", loaded({"find_best_move": 1}), Hint(), lambda interface, positions: None)
    assert interface is not None and "did not answer in time" in interface.notes[0]


@pytest.mark.parametrize(
    ("functions", "hint", "expected"),
    [
        (
            {"print_board": 1, "best_move": 1},
            Hint(),
            "no tic-tac-toe AI recognised: looked for find_best_move(board) and the CS50 functions",
        ),
        ({"print_board": 1, "best_move": 1}, Hint(), "it defines best_move, print_board"),
        ({"print_board": 1}, Hint(), "point the checker at yours with --function NAME"),
        ({"minimax": 1, "player": 1}, Hint(), "(it has player, minimax but not initial_state, actions, result"),
        ({"best_move": 1}, Hint(function="find_move"), "no function named 'find_move' (it defines best_move)"),
        ({"find_best_move": 3}, Hint(), "find_best_move takes 3 required arguments"),
    ],
)
def test_a_module_with_nothing_to_check_is_a_usage_error_that_says_what_to_do(
    functions: dict[str, int], hint: Hint, expected: str
) -> None:
    with pytest.raises(CheckUsageError) as error:
        choose_interface("ai.py", loaded(functions), hint, lambda i, p: None)
    assert expected in str(error.value)
    assert "\n" not in str(error.value)


def test_a_module_that_broke_before_defining_anything_is_not_a_usage_error() -> None:
    broken = loaded({}, error={"type": "SyntaxError", "message": "invalid syntax", "line": 3})
    assert choose_interface("ai.py", broken, Hint(), lambda i, p: None) is None


def test_when_two_empty_markers_fit_the_one_the_code_does_not_rewrite_is_taken_and_named(tmp_path: Path) -> None:
    """It finds free cells by `not in 'XO'` (any marker fits) but writes its own '-' back into every free cell."""
    path = tmp_path / "tidy.py"
    path.write_text(
        "def find_best_move(board):\n"
        "    for index, cell in enumerate(board):\n"
        "        if cell not in ('X', 'O'):\n"
        "            board[index] = '-'\n"
        "    return next(i for i, cell in enumerate(board) if cell == '-')\n"
    )
    report = check_ai(path, sandbox="off", sample=20)  # recognising it is the point, not every position
    assert report.interface is not None and "'-' for empty" in report.interface
    assert "mutates" not in {finding.kind for finding in report.findings}
    assert any("it also answered legal moves, but changed the board it was given" in note for note in report.notes)


def test_a_reading_under_which_the_function_kills_its_process_costs_one_process_not_one_per_probe(
    tmp_path: Path,
) -> None:
    """It dies on a list of 3 lists (six readings: six empty markers) and answers on a flat list with ' '."""
    with any_user_folder() as shared:
        starts = shared / "starts.log"
        path = tmp_path / "flat_only.py"
        path.write_text(
            "import os\n"
            f"with open({str(starts)!r}, 'a') as log:\n"
            "    log.write('started\\n')\n"
            "def find_best_move(board):\n"
            "    if isinstance(board[0], list):\n"
            "        os._exit(3)\n"
            "    return board.index(' ')\n"
        )
        seen: dict[str, int] = {}

        def progress(phase: str, done: int, total: int) -> None:
            seen.setdefault(phase, len(starts.read_text().splitlines()) if starts.exists() else 0)

        report = check_ai(path, sandbox="off", sample=10, progress=progress)
    assert report.interface is not None and "flat list" in report.interface
    # The first process, one for each of the six readings it died in (a probe stops at its first failure, as a
    # reading that failed once is ruled out), and one for the reading that answered: not four a dead reading.
    phases = list(seen)
    after = phases[phases.index("recognising the interface") + 1]
    assert seen[after] == 1 + 6 + 1


def _plain(board: Any, player: Any = None, /, *rest: Any, depth: int = 3, **options: Any) -> Any:
    return board


def _two(board: Any, player: Any, /) -> Any:
    return board


def _decorated(function: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        return function(*args, **kwargs)

    return wrapper


@pytest.mark.parametrize(
    "function",
    [
        _plain,
        _two,
        _decorated(_two),
        functools.partial(_two, []),
        lambda board: board,
        lambda: 0,
        len,
        TicTacToePosition,
    ],
)
def test_the_runner_counts_a_functions_required_arguments_as_its_signature_does(function: Any) -> None:
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        expected = -1
    else:
        kinds = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
        expected = sum(1 for p in parameters if p.kind in kinds and p.default is inspect.Parameter.empty)
    assert values.required_arguments(function) == expected


def test_the_runner_starts_without_inspect_or_typing_when_the_functions_are_plain(tmp_path: Path) -> None:
    # Every candidate process (again after each time-out) imports the runner: what it does not need is not loaded.
    script = (
        "import importlib.util, sys\n"
        f"spec = importlib.util.spec_from_file_location('runner', {str(Path(runner.__file__))!r})\n"
        "module = importlib.util.module_from_spec(spec)\n"
        "spec.loader.exec_module(module)\n"
        "def find_best_move(board, player=None):\n"
        "    return 0\n"
        "print(module.values.required_arguments(find_best_move), 'inspect' in sys.modules, 'typing' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-I", "-S", "-c", script], capture_output=True, text=True, timeout=60)
    assert done.stdout.split() == ["1", "False", "False"], done.stderr
