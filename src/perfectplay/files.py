"""One way to read a file and one way to write one, for every command and every front end.

Reading (``read_bytes``, ``read_text``): the path must name a regular file
(or be ``-`` for standard input, where the caller offers it). Its type is
looked at before it is opened, and again on the open descriptor, which is
opened without blocking, so a FIFO swapped in between never holds the
command. At most ``limit`` bytes are accepted: ``limit + 1`` are read, and
one more than the cap is a refusal, whatever size the file system reports
(a device or ``/proc`` file says 0).

Writing (``write``, ``writing``): a regular file in a folder that exists,
written whole or not at all (a new file beside it, flushed to the disk,
then renamed over it). Never onto a device, a FIFO, a socket or a folder,
and never through a symbolic link: the link and whatever it points to stay
as they were. A path the user named may be replaced (``replace=True``); a
file whose name the command derived from a prefix or a folder is
``replace=False``: one that is there already is refused, never overwritten
without a word.

Every refusal is a ``FileRefused`` (a ``PerfectplayError``: one line, exit
status 2 at the command line) that names the path, and the option when the
caller gives one. The engine-free floor of the package, so that the
checker, the command line and the builds share it.
"""

from __future__ import annotations

import contextlib
import errno
import itertools
import os
import stat
import sys
from collections.abc import Iterator
from typing import IO, Any, BinaryIO, TextIO, cast

from perfectplay.errors import PerfectplayError

STDIN = "-"
"""The name that stands for standard input where a reader offers it."""

_CHUNK = 1 << 16


class FileRefused(PerfectplayError):
    """A file that cannot be read or written as asked; the message is one line naming the path (and option)."""

    def __init__(self, path: str, reason: str, *, option: str | None = None, action: str = "write") -> None:
        said = f"cannot {action} {path}: {reason}"
        super().__init__(said if option is None else f"{option}: {said}")
        self.path = path
        self.reason = reason
        self.option = option
        self.action = action

    def for_option(self, option: str) -> FileRefused:
        """The same refusal, naming ``option`` (for a caller that knows which option named the file)."""
        return type(self)(self.path, self.reason, option=option, action=self.action)


class WriteError(FileRefused):
    """A file that could not be written (nothing was left behind in its place)."""

    def __init__(self, path: str, reason: str, *, option: str | None = None, action: str = "write") -> None:
        super().__init__(path, reason, option=option, action=action)


class ReadError(FileRefused):
    """A file that could not be read: not a regular file, missing, unreadable or over its cap."""

    def __init__(self, path: str, reason: str, *, option: str | None = None, action: str = "read") -> None:
        super().__init__(path, reason, option=option, action=action)


def kind_of(mode: int) -> str:
    """What a file of this mode is, in words: "a folder", "a FIFO", "a device" ... ("a regular file")."""
    if stat.S_ISREG(mode):
        return "a regular file"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def _reason(error: OSError) -> str:
    return error.strerror or str(error)


# Reading -------------------------------------------------------------------------------------------------------


def read_bytes(
    path: str | os.PathLike[str], *, limit: int, option: str | None = None, stdin: bool = False
) -> bytes:
    """At most ``limit`` bytes of the regular file ``path`` (or of standard input for ``-`` when ``stdin``).

    ``ReadError`` (one line) for anything else: a folder, a FIFO, a device,
    a socket, a missing or unreadable file, or more than ``limit`` bytes.
    """
    shown = os.fspath(path)
    if shown == STDIN and stdin:
        return _capped(_stdin_reader(option), limit, shown, option)
    if not shown:
        raise ReadError("''", "an empty path names no file", option=option)
    if "\0" in shown:
        raise ReadError(repr(shown), "a path cannot hold a NUL character", option=option)
    try:
        before = os.stat(shown)
    except OSError as error:
        raise ReadError(shown, _reason(error), option=option) from None
    if not stat.S_ISREG(before.st_mode):
        raise ReadError(shown, f"it is {kind_of(before.st_mode)}, not a regular file", option=option)
    try:
        # O_NONBLOCK: if a FIFO took the file's place since the look above, the open returns at once.
        descriptor = os.open(shown, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as error:
        raise ReadError(shown, _reason(error), option=option) from None
    try:
        mode = os.fstat(descriptor).st_mode
        if not stat.S_ISREG(mode):
            raise ReadError(shown, f"it is {kind_of(mode)}, not a regular file", option=option)
        return _capped(lambda size: os.read(descriptor, size), limit, shown, option)
    except OSError as error:
        raise ReadError(shown, _reason(error), option=option) from None
    finally:
        os.close(descriptor)


def read_text(
    path: str | os.PathLike[str], *, limit: int, option: str | None = None, stdin: bool = False,
    encoding: str = "utf-8",
) -> str:
    """``read_bytes`` decoded (UTF-8 by default; ``utf-8-sig`` drops a byte-order mark); ``ReadError`` if not text."""
    data = read_bytes(path, limit=limit, option=option, stdin=stdin)
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as error:
        raise ReadError(os.fspath(path), f"not {encoding.upper().removesuffix('-SIG')} text "
                        f"(byte {error.start})", option=option) from None


def _stdin_reader(option: str | None) -> Any:
    stream = sys.stdin
    buffer = getattr(stream, "buffer", None)
    if buffer is None:
        raise ReadError(STDIN, "standard input is closed", option=option)

    def read(size: int) -> bytes:
        return bytes(buffer.read(size))

    return read


def _capped(read: Any, limit: int, shown: str, option: str | None) -> bytes:
    """Read until the end or ``limit + 1`` bytes, whichever comes first; more than ``limit`` is refused."""
    parts: list[bytes] = []
    total = 0
    while total <= limit:
        try:
            chunk = read(min(_CHUNK, limit + 1 - total))
        except BlockingIOError:
            raise ReadError(shown, "it would block (not a regular file)", option=option) from None
        except OSError as error:
            raise ReadError(shown, _reason(error), option=option) from None
        if not chunk:
            break
        parts.append(chunk)
        total += len(chunk)
    if total > limit:
        raise ReadError(shown, f"larger than {limit:,} bytes", option=option)
    return b"".join(parts)


# Writing -------------------------------------------------------------------------------------------------------

_counter = itertools.count()


def check_target(path: str | os.PathLike[str], *, replace: bool = True, option: str | None = None) -> None:
    """Refuse now (``WriteError``) a path that ``writing`` would refuse: for a command that writes at its end."""
    shown = os.fspath(path)
    _target(shown, replace, option)
    folder = os.path.dirname(shown) or "."
    try:
        if not stat.S_ISDIR(os.stat(folder).st_mode):
            raise WriteError(shown, f"{folder} is not a folder", option=option)
    except FileNotFoundError:
        raise WriteError(shown, "no such folder", option=option) from None
    except OSError as error:
        raise WriteError(shown, _reason(error), option=option) from None


def _target(shown: str, replace: bool, option: str | None) -> os.stat_result | None:
    """What is at ``shown`` now (None: nothing), refused unless it is a regular file we may replace."""
    if not shown:
        raise WriteError("''", "an empty path names no file", option=option)
    if "\0" in shown:
        raise WriteError(repr(shown), "a path cannot hold a NUL character", option=option)
    if shown.endswith(os.sep):
        raise WriteError(shown, "it names a folder, not a file", option=option)
    try:
        found = os.lstat(shown)
    except FileNotFoundError:
        return None
    except OSError as error:
        if error.errno == errno.ENOTDIR:
            raise WriteError(shown, "no such folder", option=option) from None
        raise WriteError(shown, _reason(error), option=option) from None
    if not stat.S_ISREG(found.st_mode):
        raise WriteError(shown, f"it is {kind_of(found.st_mode)}, not a regular file (left as it is)", option=option)
    if not replace:
        raise WriteError(shown, "it exists already (not replaced: remove it or choose another name)", option=option)
    return found


@contextlib.contextmanager
def writing_binary(
    path: str | os.PathLike[str], *, replace: bool = True, option: str | None = None
) -> Iterator[BinaryIO]:
    """A binary file to write ``path``'s new content into; it becomes ``path`` when the block ends cleanly."""
    with _writing(os.fspath(path), True, replace, option) as out:
        yield cast(BinaryIO, out)


@contextlib.contextmanager
def writing_text(
    path: str | os.PathLike[str], *, replace: bool = True, option: str | None = None, encoding: str = "utf-8"
) -> Iterator[TextIO]:
    """A text file (``\\n`` line ends as written) for ``path``'s new content; see ``writing_binary``."""
    with _writing(os.fspath(path), False, replace, option, encoding) as out:
        yield cast(TextIO, out)


def write(
    path: str | os.PathLike[str], content: str | bytes, *, replace: bool = True, option: str | None = None,
    mode: int | None = None,
) -> bool:
    """Write ``content`` (text as UTF-8) to ``path`` whole or not at all; ``WriteError`` (one line) if it cannot be.

    Returns whether a file was there and was replaced (so that a caller can say so). ``mode`` sets the new
    file's permissions (else a replaced file's are kept, and a new one gets 0666 less the umask).
    """
    shown = os.fspath(path)
    there = _exists(shown)
    with _writing(shown, isinstance(content, bytes), replace, option, mode=mode) as out:
        out.write(content)
    return there


def _exists(shown: str) -> bool:
    try:
        os.lstat(shown)
    except (OSError, ValueError):
        return False
    return True


@contextlib.contextmanager
def _writing(
    shown: str, binary: bool, replace: bool, option: str | None, encoding: str = "utf-8", mode: int | None = None
) -> Iterator[IO[Any]]:
    existing = _target(shown, replace, option)
    folder, name = os.path.split(shown)
    temporary, descriptor = _new_file(shown, folder or ".", name, option)
    try:
        if mode is not None:
            os.fchmod(descriptor, mode)
        elif existing is not None:
            os.fchmod(descriptor, stat.S_IMODE(existing.st_mode))
        out: IO[Any] = open(descriptor, "wb") if binary else open(  # noqa: SIM115 - closed below
            descriptor, "w", encoding=encoding, newline="")
    except OSError as error:
        os.close(descriptor)
        _remove(temporary)
        raise WriteError(shown, _reason(error), option=option) from None
    try:
        with out:
            yield out
            out.flush()
            os.fsync(out.fileno())
        _put(temporary, shown, replace, option)
    except OSError as error:
        _remove(temporary)
        raise WriteError(shown, _reason(error), option=option) from None
    except BaseException:
        _remove(temporary)
        raise


def _put(temporary: str, shown: str, replace: bool, option: str | None) -> None:
    """Give the finished file its name: over a regular file (``replace``), else only where nothing is."""
    if not replace:
        try:
            os.link(temporary, shown)  # fails if anything took the name meanwhile: nothing is overwritten
        except FileExistsError:
            raise WriteError(shown, "it exists already (not replaced: remove it or choose another name)",
                             option=option) from None
        except OSError as error:
            if error.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK):
                raise
            _target(shown, replace, option)  # a file system without hard links: look once more, then rename
            os.replace(temporary, shown)
            return
        _remove(temporary)
        return
    _target(shown, replace, option)  # a link, a device or a FIFO put there while we wrote is not replaced
    os.replace(temporary, shown)


def _new_file(shown: str, folder: str, name: str, option: str | None) -> tuple[str, int]:
    """A new, empty file beside the target, named after it and this process; its path and descriptor."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    while True:
        temporary = os.path.join(folder, f".{name}.{os.getpid()}.{next(_counter)}.tmp")
        try:
            return temporary, os.open(temporary, flags, 0o666)
        except FileExistsError:
            continue
        except OSError as error:
            reason = _reason(error)
            if error.errno in (errno.ENOENT, errno.ENOTDIR):
                # A folder that is there yet takes no new file (/proc, /sys) is not a missing folder.
                reason = f"{folder} takes no new file" if os.path.isdir(folder) else "no such folder"
            raise WriteError(shown, reason, option=option) from None


def _remove(path: str) -> None:
    with contextlib.suppress(OSError):
        os.remove(path)
