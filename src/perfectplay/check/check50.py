"""A check50 extension: perfectplay's checks as check50 checks, each failing with the board that shows why.

In a check folder's ``__init__.py`` (the ``.cs50.yaml`` beside it lists
``tictactoe.py`` under ``files``)::

    import check50
    import perfectplay.check.check50 as pp

    @check50.check()
    def never_beaten():
        \"\"\"minimax is never beaten\"\"\"
        pp.never_beaten("tictactoe.py")

Each function needs the whole check (``check_ai``: the candidate in its own
processes, every position, within ``total_seconds``) and raises
``check50.Failure`` whose rationale draws the board, the move it made and
the moves that were right. The check runs once per submission: check50
runs its checks in parallel processes, so the first to ask runs it while
the others wait on a lock, and all read the same report, kept in a folder
of the user's own (``PERFECTPLAY_CHECK50_CACHE``, or one in the temporary
folder) under the content of the submission's folder (every file in it, not the one checked alone), the
options and perfectplay's version. check50 is needed only where these run (``pip
install check50``); nothing else in perfectplay imports this module.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import pickle
import stat
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import check50

from perfectplay import files
from perfectplay.check.api import check_ai
from perfectplay.check.errors import NotGradable
from perfectplay.check.judge.oracle import TicTacToeOracle
from perfectplay.check.position import TicTacToePosition, other
from perfectplay.check.report import escape
from perfectplay.check.report.model import KINDS, CheckReport, Finding, RoleResult
from perfectplay.check.report.render_text import draw, finding_section, losing_game, side_by_side
from perfectplay.check.run.copying import CAPS

DEFAULT_FILE = "tictactoe.py"


def checked(path: str | os.PathLike[str] = DEFAULT_FILE, **options: Any) -> CheckReport:
    """The report of ``path``; a file that cannot be checked at all fails the check that asked."""
    try:
        report = _once(path, options)
    except NotGradable as error:  # a folder, a FIFO or a file that is no Python module named like the AI
        raise check50.Failure(f"{escape.line(str(error))}: not gradable") from None
    if report.problem is not None:
        raise check50.Failure(f"{escape.line(str(path))} could not be checked: {escape.line(report.problem)}")
    return report


CACHE_SECONDS = 24 * 3600.0
"""Reports older than a day are removed: a cache serves one check50 run, not a term."""


def _once(path: str | os.PathLike[str], options: dict[str, Any]) -> CheckReport:
    """The report of ``path`` under ``options``, computed by the first check that asks, read by the others."""
    try:  # a regular file only, without blocking: a FIFO named like the AI never holds check50
        files.read_bytes(path, limit=CAPS.bytes)
    except (OSError, files.FileRefused):
        return check_ai(path, **options)  # no file: check_ai says so, in the report
    folder = _cache_folder()
    content = _submission_digest(Path(path).parent)
    if folder is None or content is None:
        return check_ai(path, **options)
    settings = json.dumps(
        {"path": os.fspath(path), "options": options, "version": _version()}, sort_keys=True, default=repr
    )
    key = hashlib.sha256(content + settings.encode()).hexdigest()
    stored = folder / f"{key}.report"
    with _locked(folder / f"{key}.lock"):
        if stored.is_file():
            with contextlib.suppress(OSError, pickle.UnpicklingError, EOFError, AttributeError, TypeError):
                with stored.open("rb") as file:
                    report = pickle.load(file)
                if isinstance(report, CheckReport):
                    return report
        report = check_ai(path, **options)
        with contextlib.suppress(OSError):
            temporary = folder / f".{key}.{os.getpid()}.tmp"
            temporary.write_bytes(pickle.dumps(report))
            os.replace(temporary, stored)
    _forget_old(folder)
    return report


def _submission_digest(folder: Path) -> bytes | None:
    """A digest of every entry of the submission's folder, names and contents (links by their targets' names),
    or None where it holds more than the copy's caps or cannot be read (then nothing is kept).

    The whole folder, not the file checked alone: a thin ``tictactoe.py`` (``from ai import *``) is the same file
    in every student's folder, and keyed on it alone, a second student checked by the same user within a day
    read the first one's report.
    """
    digest = hashlib.sha256()
    entries = size = 0
    pending = [Path(os.path.abspath(folder))]
    try:
        while pending:
            here = pending.pop()
            with os.scandir(here) as scan:
                found = sorted(scan, key=lambda entry: entry.name)
            for entry in found:
                entries += 1
                if entries > CAPS.entries:
                    return None
                name = os.path.relpath(entry.path, folder).encode("utf-8", "surrogateescape")
                digest.update(len(name).to_bytes(4, "big") + name)
                if entry.is_symlink():
                    digest.update(b"L" + os.fsencode(os.readlink(entry.path)) + b"\0")
                elif entry.is_dir(follow_symlinks=False):
                    digest.update(b"D")
                    pending.append(Path(entry.path))
                elif entry.is_file(follow_symlinks=False):
                    content = files.read_bytes(entry.path, limit=CAPS.bytes - size)
                    size += len(content)
                    digest.update(b"F" + hashlib.sha256(content).digest())
                else:
                    digest.update(b"O")  # a FIFO, a socket, a device: named, never opened
    except (OSError, files.FileRefused):
        return None
    return digest.digest()


def _version() -> str:
    """perfectplay's version: a report made by another version is not this one's."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("perfectplay")
    except PackageNotFoundError:
        import perfectplay

        return perfectplay.__version__


def _cache_folder() -> Path | None:
    """The user's own cache folder (made private); None where it cannot be trusted, and then nothing is kept."""
    uid = os.getuid() if hasattr(os, "getuid") else 0
    folder = Path(
        os.environ.get("PERFECTPLAY_CHECK50_CACHE") or Path(tempfile.gettempdir()) / f"perfectplay-check50-{uid}"
    )
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        status = folder.lstat()
    except OSError:
        return None
    # A folder someone else owns, or may write in, could hold a report made to pass: not used.
    private = stat.S_ISDIR(status.st_mode) and not status.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
    return folder if private and (not hasattr(os, "getuid") or status.st_uid == uid) else None


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[IO[str]]:
    """An exclusive lock on ``path`` while the block runs (no lock where the system has no ``fcntl``)."""
    with path.open("a") as handle:
        try:
            import fcntl
        except ImportError:
            yield handle
            return
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield handle
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _forget_old(folder: Path) -> None:
    now = time.time()
    for entry in folder.iterdir():
        with contextlib.suppress(OSError):
            if now - entry.stat().st_mtime > CACHE_SECONDS:
                entry.unlink()


def never_beaten(path: str | os.PathLike[str] = DEFAULT_FILE, **options: Any) -> CheckReport:
    """Fails when some sequence of opponent moves beats it, or it breaks in its own games."""
    report = checked(path, **options)
    for role in report.roles:
        if role.loses:
            raise check50.Failure(_losing_rationale(role), help="the first move shown is where the game was lost")
    for role in report.roles:
        if role.broken:
            legal = [finding for finding in report.counted if KINDS[finding.kind][1] == "contract"]
            detail = "\n" + escape.terminal("\n".join(finding_section(legal[0]))) if legal else ""
            raise check50.Failure(
                f"{role.label} it gives no legal move in time in {role.broken} positions of its own games{detail}"
            )
    if not report.complete and report.asked < report.positions:
        raise check50.Failure(f"not checked everywhere: {report.asked} of {report.positions} positions were asked")
    if not report.complete:
        raise check50.Failure(
            f"not checked to the end: all {report.positions} positions were asked, but the check stopped before "
            "its last questions were asked"
        )
    return report


def keeps_value(path: str | os.PathLike[str] = DEFAULT_FILE, **options: Any) -> CheckReport:
    """Fails when, in some position, its move turns a win into less or a draw into a loss."""
    report = checked(path, **options)
    _fail_on(report, [finding for finding in report.counted if KINDS[finding.kind][1] in ("value", "contract")])
    if report.kept < report.positions:
        raise check50.Failure(f"it keeps the value in {report.kept} of {report.positions} positions")
    return report


def best_move(path: str | os.PathLike[str] = DEFAULT_FILE, **options: Any) -> CheckReport:
    """Fails unless it plays the fastest win (or the slowest loss) everywhere: ``--standard best``."""
    report = checked(path, **{"standard": "best", **options})
    _fail_on(report, list(report.counted))
    return report


def helpers_right(path: str | os.PathLike[str] = DEFAULT_FILE, **options: Any) -> CheckReport:
    """Fails when CS50's player, actions, result, winner, terminal or utility is wrong on some board.

    ``result`` must also leave the board it is given unchanged (compared in
    depth, row by row) and raise on a taken cell.
    """
    report = checked(path, **options)
    if not report.helpers_of:
        raise check50.Failure(
            f"{escape.line(str(path))} does not have CS50's functions (initial_state, player, actions, result, "
            "winner, terminal, utility and minimax), so its helpers cannot be checked"
        )
    _fail_on(report, [finding for finding in report.counted if finding.kind.startswith("cs50_")])
    return report


def _fail_on(report: CheckReport, findings: list[Finding]) -> None:
    if findings:
        first = findings[0]
        others = len(findings) - 1
        more = f"\n(and {others} more kind{'s' if others > 1 else ''} of mistake: perfectplay check shows all)"
        more = more if others else ""
        raise check50.Failure(escape.terminal("\n".join(finding_section(first)) + more))


def _losing_rationale(role: RoleResult) -> str:
    """The shortest loss, starting with the position where its move threw the game away."""
    oracle = TicTacToeOracle()
    position = TicTacToePosition.empty(role.first)
    lines = []
    for step in role.losing_game:
        judgement = oracle.judge(position)
        if step.by_candidate and judgement.value_of(step.move).score < 0 <= judgement.score:
            after = position.cells[: step.move] + position.to_move + position.cells[step.move + 1 :]
            right = ", ".join(str(move + 1) for move in judgement.best)
            lines += [
                f"{role.label}, {position.to_move} to move, it played {step.move + 1}; right: {right}",
                "",
                *side_by_side(
                    [
                        (draw(position.cells), f"{position.to_move} to move"),
                        (draw(after, marked=step.move), f"it played {step.move + 1}"),
                    ]
                ),
                f"{other(position.to_move)} wins from here with best play.",
                "",
            ]
            break
        position = oracle.child(position, step.move)
    return "\n".join(lines + losing_game(role))
