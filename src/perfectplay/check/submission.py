"""Where a submission is, and its jail: a Python file or a ``--command`` program, copied and confined.

Game-free: every game's check starts here (``conductor.py``).
"""

from __future__ import annotations

import contextlib
import os
import shlex
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path

from perfectplay.check.errors import CheckUsageError, NotGradable
from perfectplay.check.run.sandbox import SANDBOXES, SYSTEM, Isolation, Jail, ProcessLimits
from perfectplay.check.run.sandbox import choose as choose_isolation
from perfectplay.check.run.worker import MACHINE_RETRIES
from perfectplay.files import kind_of

__all__ = [
    "SANDBOXES",
    "Isolation",
    "choose_isolation",
    "command_argv",
    "command_folder",
    "make_jail",
    "python_file",
]


def make_jail(
    isolation: Isolation,
    folder: Path | None,
    exclude: frozenset[Path],
    limits: ProcessLimits,
    file: Path | None = None,
) -> Jail | str:
    """The candidate's jail, or what the machine failed at (a full disk...) after ``MACHINE_RETRIES`` tries.

    ``file``: the Python file checked, whose imports are its copy when its folder is too full to copy whole.
    """
    reason = ""
    for _ in range(MACHINE_RETRIES + 1):
        try:
            return Jail(isolation, folder, exclude, limits, file)
        except OSError as error:
            reason = f"the private copy of the submission could not be made ({error.strerror or error})"
    return reason


def command_folder(argv: list[str]) -> Path | None:
    """The folder a program's private copy is made of: that of its first argument naming a file.

    Failing that, the program's own folder when it is given as a path to a file of its own (``./ai``);
    never an installed program's folder (``/usr/bin/python3 -c ...``, a conda or pyenv ``bin``): that
    is the machine's, not the submission's, and it is bound read-only in the sandbox instead. Else
    none (a program such as ``python3 -c ...`` gets an empty folder).

    ``NotGradable`` when that file, or the program given as a path in the submission's folder (not in an
    installed program's), is a link: followed, a student's ``ai`` linked to the teacher's program made the
    teacher's folder the copy and ran that program as the student's.
    """
    folder = None
    for argument in argv[1:]:
        if os.path.isfile(argument):  # False, never OSError, for an argument no file could be named (a program)
            _no_link_on_the_way(Path(argument).parent)
            _not_a_link(Path(argument))
            folder = Path(argument).resolve().parent
            break
    if "/" not in argv[0]:  # a program found on PATH: the machine's
        return folder
    program = Path(argv[0])
    _no_link_on_the_way(program.parent)
    if program.is_symlink():
        where = program.parent.resolve()  # where the link itself is, not its target
        if (folder is not None and _inside(where, folder)) or not _installed_folder(where):
            _not_a_link(program)
    if folder is None and os.path.isfile(argv[0]) and not _installed(program):
        folder = program.resolve().parent
    return folder


def _no_link_on_the_way(folder: Path) -> None:
    """Each folder of a relative path (the students' folders, as the command names them) is a folder of its own:
    a student's ``carol/src`` linked to a classmate's folder made that folder the copy, graded as carol's. An
    absolute path is the teacher's own (an interpreter, a tool) and is not read so."""
    if folder.is_absolute():
        return
    step = Path()
    for part in folder.parts:
        step = step / part
        if part not in (".", ".."):
            _not_a_link(step, "folder")


def _not_a_link(path: Path, what: str = "file") -> None:
    if path.is_symlink():
        raise NotGradable(f"{path} is a symbolic link: only a student's own {what} is checked, never a link's target")


def _installed(program: Path) -> bool:
    """Whether ``program`` is an installed program: in a system folder, a folder on PATH, or any ``bin``."""
    return any(_installed_folder(folder) for folder in {program.parent.resolve(), program.resolve().parent})


def _installed_folder(folder: Path) -> bool:
    """Whether ``folder`` (a real path) holds installed programs: a system folder, one on PATH, or any ``bin``."""
    on_path = {Path(entry).resolve() for entry in os.environ.get("PATH", "").split(os.pathsep) if entry}
    system = [Path(root).resolve() for root in (*SYSTEM, sys.prefix, sys.base_prefix)]
    return folder.name in ("bin", "sbin") or folder in on_path or any(_inside(folder, root) for root in system)


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def python_file(path: Path) -> Path:
    # A link is not followed: in a grader's checkout or upload it is the student's, and its target (a file of
    # the runner's, a classmate's or the teacher's AI) would be copied, run and quoted as the student's own.
    if path.is_symlink():
        raise NotGradable(f"{path} is a symbolic link: only a student's own file is checked, never a link's target")
    if not path.exists():
        raise NotGradable(f"{path}: no such file")
    if path.is_dir():
        raise NotGradable(f"{path} is a folder: give the Python file in it (e.g. {path / 'tictactoe.py'})")
    if path.suffix != ".py":
        raise NotGradable(f"{path} is not a Python file (.py): for a program in another language use --command")
    if not path.is_file():  # a FIFO, a socket or a device named like the AI: no program, and never opened
        kind = "not a regular file"
        with contextlib.suppress(OSError):
            kind = kind_of(path.stat().st_mode)
        raise NotGradable(f"{path} is {kind}, not a file of Python: not gradable")
    return path.resolve()


def command_argv(command: str | Sequence[str]) -> list[str]:
    try:
        argv = shlex.split(command) if isinstance(command, str) else list(command)
    except ValueError as error:
        raise CheckUsageError(f"--command: {error}") from None
    if not argv:
        raise CheckUsageError("--command is empty: give the program to run, e.g. --command 'python3 my_ai.py'")
    if shutil.which(argv[0]) is None:
        raise CheckUsageError(f"--command: no program {argv[0]!r} found (not on PATH and not an executable file)")
    return argv
