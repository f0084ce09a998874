"""Issue 43's findings on the command line, one test each: bad input never wins.

Every refusal is exit status 2 and one line on stderr; nothing outside the
command's own files changes; nothing waits on a FIFO; every search is bounded.
"""

from __future__ import annotations

import json
import math
import os
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cli_helpers import PATIENCE, Finished, InProcess
from perfectplay import PerfectplayError
from perfectplay.check import CheckUsageError
from perfectplay.check.report.score import MAX_WEIGHT, TITLES, load_weights
from perfectplay.cli.options import read_tree_file
from perfectplay.teaching import TextbookTree

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
CORRECT = str(EXAMPLES / "correct.py")


def _refused(result: Finished, *words: str) -> str:
    """The one line of a refusal (status 2), checked to hold ``words``."""
    assert result.returncode == 2, result.stderr
    err = result.stderr
    assert err.count("\n") == 1 and "Traceback" not in err, err
    for word in words:
        assert word in err, err
    return err


# Writes ----------------------------------------------------------------------------------------------------------


def test_a_transcript_onto_a_device_or_through_a_link_is_refused_and_nothing_outside_changes(
    tmp_path: Path, in_process: InProcess
) -> None:
    _refused(in_process("check", CORRECT, "--sample", "3", "--sandbox", "off", "--transcript", "/dev/full"),
             "--transcript: cannot write /dev/full: it is a device")
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)
    real = tmp_path / "precious.txt"
    real.write_text("keep\n", encoding="utf-8")
    link = tmp_path / "t.json"
    link.symlink_to(real)
    _refused(in_process("check", CORRECT, "--sample", "3", "--sandbox", "off", "--transcript", str(link)),
             "it is a symbolic link")
    assert real.read_text(encoding="utf-8") == "keep\n" and link.is_symlink()


def test_exercise_refuses_a_device_as_its_prefix_and_says_which_sheets_it_replaced(
    tmp_path: Path, in_process: InProcess
) -> None:
    _refused(in_process("exercise", "--seed", "1", "--out", "/dev/full"), "is not a file name prefix")
    assert not os.path.lexists("/dev/full-sheet.tex")
    prefix = str(tmp_path / "ex")
    first = in_process("exercise", "--seed", "1", "--out", prefix, "--format", "svg")
    assert first.returncode == 0 and "replaced" not in first.stdout
    again = in_process("exercise", "--seed", "1", "--out", prefix, "--format", "svg")
    assert again.returncode == 0 and again.stdout.count("(replaced the file there)") == 2
    (tmp_path / "ex-key.svg").unlink()
    (tmp_path / "ex-key.svg").symlink_to(tmp_path / "elsewhere.svg")
    _refused(in_process("exercise", "--seed", "1", "--out", prefix, "--format", "svg"), "symbolic link")
    assert not (tmp_path / "elsewhere.svg").exists()


# Reads -----------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["fifo", "zero"])
def test_replay_and_tree_from_refuse_a_fifo_and_a_device_at_once(
    kind: str, tmp_path: Path, in_process: InProcess
) -> None:
    path = "/dev/zero"
    if kind == "fifo":
        path = str(tmp_path / "pipe")
        os.mkfifo(path)  # no writer ever comes: a blocking open would hang here
    _refused(in_process("check", "--replay", path), "--replay: cannot read", "not a regular file")
    _refused(in_process("tree", "--from", path), "--from: cannot read", "not a regular file")


TREE_TEXT = st.text(alphabet=st.sampled_from(list("()[]|,;- 0123456789\n\tab\0")), max_size=40)


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(text=TREE_TEXT)
def test_a_typed_tree_file_is_a_tree_or_one_line_never_a_crash(text: str, tmp_path: Path) -> None:
    path = tmp_path / "tree.txt"
    path.write_text(text, encoding="utf-8")
    try:
        tree = TextbookTree.parse_text(read_tree_file(str(path)))
    except PerfectplayError as error:
        assert "\n" not in str(error)
        return
    assert tree.root.children or tree.root.value is not None


# Values bounded where read ---------------------------------------------------------------------------------------


def test_weights_too_large_to_add_up_are_refused_by_check_and_by_grader(tmp_path: Path, in_process: InProcess) -> None:
    weights = tmp_path / "weights.json"
    weights.write_text(json.dumps({name: 1e308 for name in TITLES}))
    _refused(in_process("check", CORRECT, "--weights", str(weights)), f"(at most {MAX_WEIGHT:,})")
    out = tmp_path / "bundle"
    _refused(in_process("grader", "gradescope", "--out", str(out), "--weights", str(weights)), "at most")
    assert not out.exists()


@settings(max_examples=100, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(table=st.dictionaries(
    st.sampled_from([*TITLES, "total", "other"]),
    st.none() | st.booleans() | st.integers(min_value=-(10**400), max_value=10**400)
    | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=5),
    max_size=8,
))
def test_any_weights_table_is_finite_weights_or_one_line(table: dict[str, object], tmp_path: Path) -> None:
    path = tmp_path / "weights.json"
    path.write_text(json.dumps(table))
    try:
        weights = load_weights(path)
    except CheckUsageError as error:
        assert "\n" not in str(error)
        return
    assert math.isfinite(sum(weights.of(name) for name in TITLES)) and weights.total > 0


@pytest.mark.usefixtures("exact_layer_to_ply_5")  # 5-7 moves in: past the ply-5 exact layer
def test_mcts_on_an_early_connect_four_board_is_bounded_by_default_and_says_so_in_its_help(
    in_process: InProcess, monkeypatch: pytest.MonkeyPatch
) -> None:
    helped = " ".join(in_process("mcts", "--help").stdout.split())
    assert "--exact-nodes N positions the solver may visit to prove the exact values (default 20,000,000)" in helped
    # Six moves in, past the exact layer (every position after 5 moves): the opening book proves the position won,
    # not its moves' exact scores. The default bound lowered to 20,000 nodes ends the same way a thousand times
    # sooner.
    monkeypatch.setattr("perfectplay.cli.mcts.EXACT_NODES", 20_000)
    _refused(in_process("mcts", "444443", "--game", "connect4", "--runs", "1", "--iterations", "10"),
             "does not prove this position's moves within the limit")


def test_a_scores_data_set_of_every_connect_four_position_is_refused_before_it_starts(
    tmp_path: Path, in_process: InProcess
) -> None:
    out = tmp_path / "c4.scores"
    _refused(in_process("dataset", "connect4", "--format", "scores", "-o", str(out)), "give --plies N")
    assert os.listdir(tmp_path) == []


# Positions read one way ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("moves", "wrong"), [("4", "X"), ("44", "O")])
def test_a_side_to_move_the_moves_played_do_not_make_is_refused_not_answered(
    moves: str, wrong: str, in_process: InProcess
) -> None:
    _refused(in_process("analyze", "--game", "connect4", moves, "--to-move", wrong), f"is to move, not {wrong}")


# Strict options --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["mcts", "", "--iterations", "10,,30"], "empty count"),
        (["check", CORRECT, "--rows", "top"], "--rows is for Connect Four checks"),
        (["check", CORRECT, "--pieces", "dot"], "--pieces is for Connect Four checks"),
        (["check", "--game", "connect4", CORRECT, "--allow-package", "no_such_package_43"],
         "no such package is installed here"),
    ],
    ids=["iterations", "rows", "pieces", "allow-package"],
)
def test_an_option_that_does_not_apply_or_names_nothing_is_refused(
    argv: list[str], words: str, in_process: InProcess
) -> None:
    _refused(in_process(*argv), words)


def test_sigterm_while_a_tree_is_read_from_standard_input_ends_it_without_a_traceback() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "perfectplay", "tree", "--from", "-"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    try:
        # Wait (no clock) until it is blocked reading descriptor 0: /proc shows the system call and its first argument.
        syscall = Path(f"/proc/{process.pid}/syscall")
        while process.poll() is None and not syscall.read_text().startswith("0 0x0 "):
            os.sched_yield()
        process.send_signal(signal.SIGTERM)
        _, err = process.communicate(timeout=PATIENCE)
    finally:
        process.kill()
    assert b"Traceback" not in err and process.returncode in (-signal.SIGTERM, 128 + signal.SIGTERM, 1, 2)


@pytest.mark.parametrize(
    "argv",
    [
        [""],  # checked the current folder as a class
        [CORRECT, "--feedback-dir", ""],  # wrote its file into the current folder
        [CORRECT, "--secret", ""],
        ["--manifest", ""],
        [CORRECT, "--summary-svg", ""],
    ],
    ids=["file", "feedback-dir", "secret", "manifest", "summary-svg"],
)
def test_an_empty_path_given_to_check_is_refused_naming_what_needs_one(
    argv: list[str], in_process: InProcess, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    line = _refused(in_process("check", *argv, "--sandbox", "off"), "needs a path, not an empty one")
    assert line.startswith("perfectplay check: error: argument ")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("game", ["tictactoe", "connect4", "nim"])
def test_a_file_name_too_long_for_the_file_system_is_a_usage_error(game: str, in_process: InProcess) -> None:
    name = "a" * 10_000 + ".py"
    line = _refused(in_process("check", "--game", game, name), "(10,003 characters): File name too long")
    assert len(line) < 200


def test_a_board_flag_on_cs50s_file_says_to_leave_it_out_not_a_list_of_nothing_missing(in_process: InProcess) -> None:
    cs50 = str(EXAMPLES / "cs50" / "tictactoe.py")
    line = _refused(in_process("check", cs50, "--empty", "0", "--sandbox", "off"), "it is CS50's tictactoe.py")
    assert "but not )" not in line and "leave out --board, --empty and --returns" in line
