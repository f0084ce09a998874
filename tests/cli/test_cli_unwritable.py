"""Every file option written through cli/output.py: an unwritable path is one line and status 2, an empty one a
usage error, and nothing that could not be written is claimed or left behind half made."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from perfectplay.cli import main
from perfectplay.cli.output import WriteError, write_file

QUICK_MCTS = ["mcts", "XOX/OO./.X.", "--iterations", "10,20", "--runs", "2"]


def one_line(err: str) -> str:
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err.rstrip("\n")


def commands_writing(target: str) -> list[list[str]]:
    """Each command that writes a file an option names, writing ``target`` (exercise: its prefix)."""
    return [
        ["exercise", "--out", target],
        [*QUICK_MCTS, "--svg", target],
        ["tree", "X../.O./...", "-o", target],
        ["dataset", "nim:misere", "--start", "1,2", "-o", target],
    ]


@pytest.mark.parametrize("index", range(4), ids=["exercise", "mcts", "tree", "dataset"])
def test_a_file_in_a_missing_folder_is_one_line_and_status_2_and_nothing_is_written(
    index: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "missing" / "x.pdf"
    assert main(commands_writing(str(target))[index]) == 2
    captured = capsys.readouterr()
    line = one_line(captured.err)
    assert f"error: cannot write {target}" in line and line.endswith("no such folder")
    assert "wrote" not in captured.out + captured.err
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize("index", range(1, 4), ids=["mcts", "tree", "dataset"])
def test_a_full_device_is_one_line_and_status_2(index: int, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(commands_writing("/dev/full")[index])  # exercise's files only start with the prefix: not here
    line = one_line(capsys.readouterr().err)
    assert status == 2 and "error: cannot write /dev/full" in line


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["exercise", "--out", ""], "--out needs a path, not an empty one"),
        ([*QUICK_MCTS, "--svg", ""], "--svg needs a path, not an empty one"),
        (["grader", "gradescope", "--out", " "], "--out needs a path, not an empty one"),
    ],
)
def test_an_empty_file_option_is_a_one_line_usage_error(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    line = one_line(capsys.readouterr().err)
    assert message in line and line.endswith("(see --help)")


def test_an_exercise_prefix_that_names_a_folder_is_refused_before_anything_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for prefix in (str(tmp_path), f"{tmp_path}{os.sep}"):
        assert main(["exercise", "--out", prefix]) == 2
        assert "is a folder: give a file name prefix in it" in one_line(capsys.readouterr().err)
    assert os.listdir(tmp_path) == []


def test_an_exercise_writes_both_files_whole_and_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    prefix = tmp_path / "exercise1"
    assert main(["exercise", "--out", str(prefix), "--seed", "3", "--format", "tex"]) == 0
    assert sorted(os.listdir(tmp_path)) == ["exercise1-key.tex", "exercise1-sheet.tex"]
    assert capsys.readouterr().out == f"wrote {prefix}-sheet.tex\nwrote {prefix}-key.tex\n"


def test_a_folder_that_exists_but_takes_no_new_file_is_not_called_missing(tmp_path: Path) -> None:
    if not os.path.isdir("/proc/self"):
        pytest.skip("needs /proc, a folder that takes no new file")
    with pytest.raises(WriteError, match=r"cannot write /proc/x\.svg: /proc takes no new file"):
        write_file("/proc/x.svg", "text")
