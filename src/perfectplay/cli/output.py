"""Every command's output goes through here: standard output, standard input, and the files options name.

The contract (README, "The command line"):

- a reader that stops early (``| head``) ends the command quietly, status 0:
  it has all it wanted;
- standard output that cannot take the answer (``> /dev/full``, closed with
  ``>&-``, an I/O error) is one line on stderr and status 1, even where the
  failing write was swallowed on the way (``argparse`` ignores errors while
  it prints ``--help``): the guard remembers the first failure;
- standard input closed (``<&-``) is one line and status 1 for a command
  that reads it, and nothing at all for one that does not;
- a file an option names (``-o``, ``--output``, ``--csv`` ...) is written
  whole or not at all by ``perfectplay.files``: into a new file beside it,
  then renamed over it, so a full disk or an interrupted run never leaves
  half a file; a device, a FIFO, a socket, a folder or a symbolic link is
  refused and left as it is. A file that cannot be written is a
  ``WriteError``: one line, status 2.

No traceback reaches the user: ``cli.main`` turns ``OutputGone`` and
``StreamError`` into the line and the status.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from collections.abc import Iterator
from typing import Any, BinaryIO, TextIO, cast

from perfectplay import files
from perfectplay.files import WriteError

__all__ = ["WriteError"]  # where the commands have always found it; it lives with the writer now

OUTPUT_FAILED = 1
"""Exit status when standard output (or input) failed: the command's work may be done, its answer is lost."""


class OutputGone(Exception):
    """The reader of standard output went away (a broken pipe): it has all it wanted, so stop quietly.

    Not an ``OSError``, so that no command's ``except OSError`` around a file
    mistakes it for a problem with that file.
    """


class StreamError(Exception):
    """Standard output could not take the answer, or standard input could not be read."""

    def __init__(self, stream: str, error: OSError) -> None:
        reason = error.strerror or str(error)
        action = "read the input" if stream == "standard input" else "write the output"
        super().__init__(f"cannot {action}: {reason}")
        self.error = error


class _Closed:
    """Stands for a standard stream that was closed when the command started (``>&-``, ``<&-``).

    Python leaves ``sys.stdout`` (``stdin``, ``stderr``) as ``None`` then, so
    ``print`` drops its text without a word and ``sys.stdout.write`` is an
    ``AttributeError``. This object fails the way a closed descriptor does.
    """

    def __init__(self, name: str) -> None:
        self.name = name
        self.error = OSError(errno.EBADF, f"{name} is closed")

    def write(self, text: str) -> int:
        raise self.error

    def read(self, size: int = -1) -> str:
        raise self.error

    def readline(self, size: int = -1) -> str:
        raise self.error

    def flush(self) -> None:
        """Nothing was written, so nothing fails here: the first write does."""

    def fileno(self) -> int:
        raise self.error

    def isatty(self) -> bool:
        return False


class _Guard:
    """Wraps a standard stream: a failed write or read becomes ``OutputGone`` or ``StreamError``, remembered.

    Everything else (``isatty``, ``fileno``, ``encoding``, ``buffer``) is the
    wrapped stream's, so ``rich``, ``input`` and ``print`` work as before.
    """

    def __init__(self, stream: Any, name: str) -> None:
        self.stream = stream
        self.name = name
        self.failure: Exception | None = None

    def write(self, text: str) -> int:
        if self.failure is not None:
            raise self.failure
        try:
            return int(self.stream.write(text))
        except OSError as error:
            raise self._failed(error) from None

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        if self.failure is not None:
            raise self.failure
        try:
            self.stream.flush()
        except OSError as error:
            raise self._failed(error) from None
        except ValueError:  # the stream was closed under us (a library closed sys.stdout): nothing to flush
            pass

    def read(self, size: int = -1) -> str:
        try:
            return str(self.stream.read(size))
        except OSError as error:
            raise self._failed(error) from None

    def readline(self, size: int = -1) -> str:
        try:
            return str(self.stream.readline(size))
        except OSError as error:
            raise self._failed(error) from None

    def __iter__(self) -> Iterator[str]:
        return iter(self.readline, "")

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)

    def _failed(self, error: OSError) -> Exception:
        failure: Exception
        if isinstance(error, BrokenPipeError) or error.errno == errno.EPIPE:
            failure = OutputGone()
        else:
            failure = StreamError(self.name, error)
        if self.failure is None:
            self.failure = failure
        return self.failure


class _Quiet:
    """Standard error where it cannot be written: a diagnostic that cannot be shown is dropped, not a crash."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        with contextlib.suppress(OSError, ValueError, AttributeError):
            self.stream.write(text)
        return len(text)

    def flush(self) -> None:
        with contextlib.suppress(OSError, ValueError, AttributeError):
            self.stream.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


@contextlib.contextmanager
def guarded_streams() -> Iterator[None]:
    """Guard ``sys.stdin``, ``sys.stdout`` and ``sys.stderr`` while a command runs; put them back after.

    A standard descriptor that was closed is first opened on the null device,
    so that no file the command opens lands on it (a file opened as
    descriptor 1 would receive whatever a child process prints) and child
    processes inherit something harmless; the Python stream stays closed.
    """
    for descriptor, mode in ((0, os.O_RDONLY), (1, os.O_WRONLY), (2, os.O_WRONLY)):
        _occupy(descriptor, mode)
    saved = sys.stdin, sys.stdout, sys.stderr
    stdin = sys.stdin if sys.stdin is not None else _Closed("standard input")
    stdout = sys.stdout if sys.stdout is not None else _Closed("standard output")
    sys.stdin = cast(TextIO, _Guard(stdin, "standard input"))
    sys.stdout = cast(TextIO, _Guard(stdout, "standard output"))
    sys.stderr = cast(TextIO, _Quiet(sys.stderr if sys.stderr is not None else _Closed("standard error")))
    try:
        yield
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved


def _occupy(descriptor: int, mode: int) -> None:
    try:
        os.fstat(descriptor)
    except OSError:
        with contextlib.suppress(OSError):
            null = os.open(os.devnull, mode)
            if null != descriptor:
                os.dup2(null, descriptor)
                os.close(null)


def finish_output() -> None:
    """Flush standard output; raises ``OutputGone`` or ``StreamError`` if it (or any earlier write) failed."""
    stdout = sys.stdout
    if isinstance(stdout, _Guard):
        stdout.flush()
    elif stdout is not None:
        try:
            stdout.flush()
        except BrokenPipeError:
            raise OutputGone() from None
        except OSError as error:
            raise StreamError("standard output", error) from None


def abandon_output() -> None:
    """After a failure: what is still buffered for standard output goes to the null device.

    Otherwise the interpreter's last flush, after ``main`` returns, fails
    again and prints "Exception ignored" with a traceback. Only the
    process's own standard output is redirected, never a stream a caller
    put in its place (a test's capture, a notebook's).
    """
    stream = sys.__stdout__
    current = sys.stdout.stream if isinstance(sys.stdout, _Guard) else sys.stdout
    if stream is None or current is not stream:
        return
    try:
        if stream.fileno() != 1:
            return
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.close(null)
    except (OSError, ValueError):
        pass


@contextlib.contextmanager
def atomic_file(path: str | os.PathLike[str], *, replace: bool = True, option: str | None = None) -> Iterator[TextIO]:
    """A text file (UTF-8, ``\\n`` line ends) to write ``path``'s new content into; see ``perfectplay.files``."""
    with files.writing_text(path, replace=replace, option=option) as out:
        yield out


@contextlib.contextmanager
def atomic_binary(
    path: str | os.PathLike[str], *, replace: bool = True, option: str | None = None
) -> Iterator[BinaryIO]:
    """A binary file to write ``path``'s new content into; see ``perfectplay.files``."""
    with files.writing_binary(path, replace=replace, option=option) as out:
        yield out


def write_file(
    path: str | os.PathLike[str], content: str | bytes, *, replace: bool = True, option: str | None = None
) -> bool:
    """Write ``content`` (text as UTF-8) to ``path`` whole or not at all; ``WriteError`` if it cannot be.

    Returns whether a file was there and was replaced."""
    return files.write(path, content, replace=replace, option=option)


def print_or_write(option: str, output: str | None, name: str, text: str) -> str | None:
    """Print ``text``, or write it to the file ``option`` names (to ``output/name`` when ``output`` is a folder).

    Returns the folder when ``output`` was one, so that a second file can go
    beside the first (a grader's result and its release body). A file that
    cannot be written is a ``WriteError`` that names the option.
    """
    if output is None:
        sys.stdout.write(text)
        sys.stdout.flush()
        return None
    folder = output if os.path.isdir(output) and not os.path.islink(output) else None
    target = output if folder is None else os.path.join(folder, name)
    # A file the user named may be replaced; one this command names inside a folder is not, without a word.
    write_file(target, text, replace=folder is None, option=option)
    return folder


class AtomicText:
    """A text file that grows as results arrive and is always whole on disk: each flush replaces it.

    For a command that writes its results one by one into a file (``check
    --output``): whoever reads the file meanwhile, or after an interruption,
    finds every result finished so far, never half of one.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = path
        self.parts: list[str] = []
        self.flush()  # fail now (one line) if the file cannot be written, and start it empty

    def write(self, text: str) -> int:
        self.parts.append(text)
        return len(text)

    def flush(self) -> None:
        write_file(self.path, "".join(self.parts))

    def close(self) -> None:
        self.flush()
