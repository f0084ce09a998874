"""The grader's secret: one seed per student and assignment, the same on every resubmission, that no student can work
out (``--secret``, ``--student``; docs/check.md, "For teachers").

A game that draws its positions for each check (Connect Four, Nim) drew a fresh seed on every run, so a student
could resubmit until the positions were kinder. Instead the default seed is an HMAC of the student's name and the
game under a secret the teacher keeps: a file made on first use in the teacher's own configuration folder (mode
0600), never in a student's folder. Resubmissions of one student see the same positions; another student, another
game, or another teacher's (or another term's) secret see others; and without the secret nobody can compute them.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import secrets
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

from perfectplay.check.errors import CheckUsageError

SECRET_BYTES = 32
"""Random bytes in a new secret (written as hex)."""
LEAST_BYTES = 16
"""A secret shorter than this (a file written by hand) is refused: a short one could be guessed."""
MOST_BYTES = 4096
SALT = b"perfectplay check: a student's seed\0"
SEED_BITS = 63
"""The seed is below 2**63, as any ``--seed``."""


def secret_path() -> Path:
    """``$XDG_CONFIG_HOME/perfectplay/check-secret``, else ``~/.config/perfectplay/check-secret``."""
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / "perfectplay" / "check-secret"


def load_secret(path: Path | None = None, create: bool = True) -> bytes:
    """The secret in ``path`` (default: ``secret_path``), made there first when it is missing and ``create``.

    The file must be a regular file of this user's that no other user can read: a secret others can read is no
    secret (a usage error saying how to fix it, never a silent fallback).
    """
    where = path if path is not None else secret_path()
    if create and not os.path.lexists(where):
        _create(where)
    try:
        descriptor = os.open(where, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError as error:
        raise CheckUsageError(f"--secret {where}: cannot be read ({error.strerror or error})") from None
    status = os.fstat(descriptor)
    if not stat.S_ISREG(status.st_mode):
        os.close(descriptor)
        raise CheckUsageError(f"--secret {where}: not a regular file")
    with os.fdopen(descriptor, "rb") as file:
        if hasattr(os, "getuid") and (status.st_uid != os.getuid() or status.st_mode & 0o077):
            raise CheckUsageError(
                f"--secret {where}: other users could read or change it; make it yours alone (chmod 600 {where})"
            )
        text = file.read(MOST_BYTES + 1).strip()
    if not LEAST_BYTES <= len(text) <= MOST_BYTES:
        raise CheckUsageError(f"--secret {where}: holds {len(text)} bytes, not {LEAST_BYTES} to {MOST_BYTES}")
    return text


def _create(where: Path) -> None:
    """A new secret written whole beside ``where``, then linked into place: a check starting at the same instant
    finds no file (and makes its own: one link wins, the other reads it) or a whole one, never one half-written."""
    try:
        where.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        descriptor, written = tempfile.mkstemp(dir=where.parent, prefix=".check-secret-")  # mode 0600
    except OSError as error:
        raise _not_made(where, error) from None
    try:
        with os.fdopen(descriptor, "w") as file:
            file.write(fresh_secret())
        os.link(written, where)  # never replaces: a file (or link) that appeared meanwhile is read as it is
    except FileExistsError:
        pass
    except OSError as error:
        raise _not_made(where, error) from None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(written)


def _not_made(where: Path, error: OSError) -> CheckUsageError:
    return CheckUsageError(
        f"the grader's secret {where} cannot be made ({error.strerror or error}): "
        "name one with --secret FILE, or give --seed N"
    )


def fresh_secret() -> str:
    """A new grader's secret as the file holds it (and ``--secret`` reads it): ``SECRET_BYTES`` random bytes in hex."""
    return secrets.token_hex(SECRET_BYTES) + "\n"


def folder_holding(where: Path, folders: Iterable[Path]) -> Path | None:
    """The first of ``folders`` that ``where`` lies inside (a submission's folder, whose student could read it)."""
    try:
        resolved = where.resolve()
    except OSError:
        return None
    for folder in folders:
        try:
            if resolved.is_relative_to(folder.resolve()):
                return folder
        except OSError:
            continue
    return None


def secret_outside(where: Path, folders: Iterable[Path]) -> None:
    """Refuse a secret inside a folder a submission is copied from: its student could read it."""
    folder = folder_holding(where, folders)
    if folder is not None:
        raise CheckUsageError(
            f"--secret {where}: inside a submission's folder ({folder}), where its student could read it; "
            "keep it outside every student's files"
        )


def student_seed(secret: bytes, game: str, student: str) -> int:
    """The seed of ``student``'s checks of ``game``: the same for every resubmission, unknowable without ``secret``."""
    message = SALT + game.encode() + b"\0" + student.encode("utf-8", "surrogatepass")
    digest = hmac.new(secret, message, hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS)
