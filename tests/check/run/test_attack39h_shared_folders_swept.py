"""Unsandboxed as root, the candidate's user may write the machine's shared folders (``/tmp``, ``/var/tmp``,
``/dev/shm``): what it leaves there goes with its check, never kept for the next student.

Attack 39h: a candidate that left 8 MB files in ``/dev/shm`` (memory no limit counts once its cgroup is gone), and
more in ``/tmp`` and ``/var/tmp``, kept them after its check: a class run as root with ``--sandbox off`` (a CI job,
a container without namespaces) could be filled by one student for every classmate after it, and a later
candidate that drew the same user id would read what an earlier one left.
"""

from __future__ import annotations

import os
import secrets
import shutil
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from perfectplay.check.api import check_ai
from perfectplay.check.run import own_user

needs_root = pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() != 0, reason="the candidate drops to a user of its own only as root"
)

SHARED = ("/tmp", "/var/tmp", "/dev/shm")

LEAVES = """
import os

TOKEN = __TOKEN__
SHARED = __SHARED__
for where in SHARED:
    try:
        folder = os.path.join(where, TOKEN + "-dir")
        os.mkdir(folder)
        with open(os.path.join(folder, "kept"), "wb") as file:
            file.write(b"x" * (1 << 20))
        with open(os.path.join(where, TOKEN + "-file"), "w") as file:
            file.write("answers for the next one")
        os.mkfifo(os.path.join(where, TOKEN + "-fifo"))
        os.symlink(__TARGET__, os.path.join(where, TOKEN + "-link"))
        with open(os.path.join(where, __OPEN__, TOKEN + "-deep"), "w") as file:
            file.write("hidden in a folder every user may write")
    except OSError:
        pass


def find_best_move(board):
    return next(index for index, cell in enumerate(board) if cell == " ")
"""


@pytest.fixture
def token() -> Iterator[str]:
    """A name no other file has, and a root-owned folder every user may write (as ``/tmp/.X11-unix`` is) holding a
    file of root's own: whatever carries the name is removed afterwards, whatever the test's outcome."""
    name = f"perfectplay-39h-{secrets.token_hex(6)}"
    open_folder = Path("/tmp") / f"{name}-open"
    open_folder.mkdir()
    open_folder.chmod(0o1777)
    (open_folder / "roots-own").write_text("the machine's")
    try:
        yield name
    finally:
        for where in SHARED:
            for path in Path(where).glob(f"{name}*"):
                if path.is_dir() and not path.is_symlink():
                    shutil.rmtree(path, ignore_errors=True)
                else:
                    path.unlink(missing_ok=True)


def _left(name: str) -> list[str]:
    """Every path carrying ``name`` in the shared folders and the open folder, but the test's own."""
    found = [str(path) for where in SHARED for path in Path(where).glob(f"{name}*")]
    found += [str(path) for path in (Path("/tmp") / f"{name}-open").iterdir()]
    return sorted(path for path in found if not path.endswith(("-open", "-target", "roots-own")))


@needs_root
def test_what_the_candidate_left_in_the_shared_folders_goes_with_its_check_and_nothing_of_the_machine_does(
    tmp_path: Path, token: str
) -> None:
    target = Path("/tmp") / f"{token}-target"  # the machine's file a left link points at
    target.write_text("the machine's")
    text = LEAVES.replace("__TOKEN__", repr(token)).replace("__SHARED__", repr(SHARED))
    text = text.replace("__TARGET__", repr(str(target))).replace("__OPEN__", repr(f"/tmp/{token}-open"))
    path = tmp_path / "tictactoe.py"
    path.write_text(text)
    report = check_ai(path, sandbox="off", sample=10, board="flat", empty=" ")
    assert report.interface is not None and report.exit_status == 1  # graded: a first-free-cell AI is beaten
    assert _left(token) == []
    # The machine's own files stay: the link's target, the open folder and root's file in it.
    assert target.read_text() == (Path("/tmp") / f"{token}-open" / "roots-own").read_text() == "the machine's"
    assert stat.S_IMODE((Path("/tmp") / f"{token}-open").stat().st_mode) == 0o1777


@needs_root
def test_the_sweep_removes_only_what_the_candidates_user_owns(tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o1777)
    uid = 0x5EED0000 + 77
    (shared / "mine").mkdir()
    (shared / "mine" / "deep").write_text("x")
    (shared / "theirs").write_text("kept")
    (shared / "open").mkdir()
    (shared / "open").chmod(0o777)
    (shared / "open" / "mine-too").write_text("x")
    (shared / "closed").mkdir(mode=0o755)
    (shared / "closed" / "owned-but-unreachable").write_text("x")  # in no folder the user could write: not looked for
    for made in ("mine", "mine/deep", "open/mine-too", "closed/owned-but-unreachable"):
        os.lchown(shared / made, uid, uid)
    own_user.sweep(uid, (str(shared), str(tmp_path / "missing")))
    assert sorted(str(path.relative_to(shared)) for path in shared.rglob("*")) == [
        "closed",
        "closed/owned-but-unreachable",
        "open",
        "theirs",
    ]
