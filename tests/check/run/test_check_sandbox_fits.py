"""A submission too big for its memory limit is the submission's failure, in words, never the machine's: the
sandbox holds its copy in the candidate's memory (twice while unpacking it), so it must fit there."""

from __future__ import annotations

from pathlib import Path

import pytest

from perfectplay.check.api import check_ai
from perfectplay.check.errors import NotGradable
from perfectplay.check.run import accounting, sandbox
from perfectplay.check.run.sandbox import INTERPRETER_BYTES, _check_fits

MB = 2**20


def test_a_copy_that_fits_twice_beside_the_interpreter_passes_and_one_that_does_not_is_said_in_words() -> None:
    _check_fits(1 * MB, 64)
    _check_fits((64 * MB - INTERPRETER_BYTES) // 2, 64)
    _check_fits(45 * MB, None)  # no memory of every kind counted: the copy is nobody's limit
    with pytest.raises(NotGradable, match=r"^the submission holds 45 MB of files, more than fits in --memory 64 MB"):
        _check_fits(45 * MB, 64)


@pytest.mark.integration
@pytest.mark.skipif(sandbox.probe() is not None, reason=f"no bubblewrap sandbox here: {sandbox.probe()}")
@pytest.mark.skipif(
    not isinstance(accounting.probe(), accounting.Hierarchy), reason="no cgroup counts the candidate's memory here"
)
def test_a_45_mb_file_under_a_64_mb_limit_is_the_submissions_failure_not_the_machines(tmp_path: Path) -> None:
    (tmp_path / "tictactoe.py").write_text("def find_best_move(board):\n    return board.index(' ')\n")
    with (tmp_path / "data.bin").open("wb") as file:
        file.truncate(45 * MB)
    with pytest.raises(NotGradable, match="the submission holds 45 MB of files, more than fits in --memory 64 MB"):
        check_ai(tmp_path / "tictactoe.py", board="flat", empty=" ", sandbox="require", memory_mb=64, sample=5)
