"""A submission's folder copied into its private folder: iteratively, within caps, every failure a clear reason.

A submission is hostile input. Its folder may be nested a thousand folders
deep (a recursive walk ends in ``RecursionError``), hold a million files, a
huge file, links to the checker's files, names the file system refuses, or
folders it cannot read. The copy walks with an explicit stack (never the
interpreter's), counts folders and files together, stops at the first cap
it would pass, skips links and special files, and turns every problem into
``NotGradable`` naming the submission's own fault, so that one student's
folder is that student's row and never the end of a class run.

A Python file's folder may be a Downloads folder of thousands of files that
are not the submission. When the whole folder passes the entries or bytes cap, the
copy is what the file needs instead: the file, the modules and packages of
that folder it imports (read with ``ast``, followed through what they
import) and the folder's files its code names in a string (an opening
book), all within the same caps. That reading happens on the checker's
side, so a module the parser would choke on (nested past its depth) or
that would cost it far more than its size (the tree of a module of tiny
statements takes about 600 times its bytes) is scanned line by line with
regular expressions instead: its imports and simple strings, in bounded
memory.
"""

from __future__ import annotations

import ast
import errno
import os
import re
import shutil
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from perfectplay.check.errors import NotGradable

SKIPPED = frozenset({"__pycache__", "node_modules", "venv"})
"""Tool folders left out besides hidden ones (``.git``, ``.venv``, ...): a candidate never needs them."""


@dataclass(frozen=True, slots=True)
class Caps:
    """The most a submission's folder may hold: folders deep, entries (files and folders), bytes of files."""

    depth: int = 32
    entries: int = 2000
    bytes: int = 50 * 1024 * 1024


CAPS = Caps()
MACHINE_ERRORS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EMFILE, errno.ENFILE, errno.ENOMEM})
"""What writing the private copy can fail with only through the machine (no room, a quota, a read-only temporary
folder, no descriptor or memory left): raised as it is, the machine's failure ("not graded", after retries), never the
submission's (a correct AI of a few kilobytes read "fix the problem above and submit again", 0 points)."""


class TooFull(NotGradable):
    """The folder holds more entries or bytes than the caps: a Python file's copy can still be what it imports."""


def copy_for_file(
    source: Path, target: Path, file: Path | None, exclude: frozenset[Path] = frozenset(), caps: Caps = CAPS
) -> int:
    """``copy_submission``, except that a folder too full to copy whole gives ``file`` with what it imports.

    ``file`` is the Python file checked (a file of ``source``), or None for a program's folder.
    A folder within the caps is copied whole, as always: its grades do not change.
    """
    try:
        return copy_submission(source, target, exclude, caps)
    except TooFull:
        if file is None or file.parent != source:
            raise
    for entry in list(target.iterdir()):  # the partial copy: the needed files are copied afresh
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry)
        else:
            entry.unlink()
    return _copy_needed(source, target, file, exclude, caps)


def _copy_needed(source: Path, target: Path, file: Path, exclude: frozenset[Path], caps: Caps) -> int:
    """The file, the modules and packages of ``source`` it imports (transitively), the files it names."""
    files = size = 0
    done: set[str] = set()
    waiting = [file.name]
    while waiting:
        name = waiting.pop()
        if name in done:
            continue
        done.add(name)
        path = source / name
        mode = _lstat(source, path)
        if stat.S_ISDIR(mode) and not (name in SKIPPED or name.startswith(".")):
            (target / name).mkdir()
            left = Caps(caps.depth, caps.entries - files, caps.bytes - size)
            files += copy_submission(path, target / name, exclude, left)
            size += sum(item.stat().st_size for item in (target / name).rglob("*") if item.is_file())
            waiting.extend(_wanted(source, path / "__init__.py"))
        elif stat.S_ISREG(mode) and path not in exclude:
            files += 1
            size += _lstat_size(source, path)
            if files > caps.entries or size > caps.bytes:
                raise NotGradable(
                    f"{_say(source)}: {file.name} and what it imports pass the caps "
                    f"({caps.entries:,} files, {caps.bytes // 2**20} MB): not gradable"
                )
            _copy(source, path, target / name, mode)
            if name.endswith(".py"):
                waiting.extend(_wanted(source, path))
    return files


PARSE_BYTES = 64 * 1024
"""The largest module read with ``ast`` (a student's AI is a few KB; its tree takes at most about 40 MB here):
a larger one is scanned with ``_scanned``."""
_IMPORT = re.compile(
    # No two parts can match the same characters, so a long line that is no import fails in one pass (no
    # backtracking that grows with its length).
    r"(?:^|;)[ \t]*(?:from[ \t]+(\.*)[ \t]*(?:([A-Za-z_]\w*)(?:\.\w+)*)?[ \t]+import[ \t]+\(?([\w \t,]*)"
    r"|import[ \t]+([\w \t,.]*))",
    re.MULTILINE,
)
_STRING = re.compile(r"""(['"])([^'"\\\r\n]{1,199})\1""")


def _wanted(source: Path, module: Path) -> list[str]:
    """Names in ``source`` a module needs: the top of each import (``x.py`` or a package ``x``), the files its
    strings name (``open("book.json")``). An unreadable or broken module needs nothing: its check says why."""
    try:
        with module.open("rb") as handle:  # read(n) sets n bytes aside first: n is the size, not the cap
            text = handle.read(min(os.fstat(handle.fileno()).st_size, CAPS.bytes))
    except OSError:
        return []
    found = None if len(text) > PARSE_BYTES else _parsed(text)
    modules, strings = found if found is not None else _scanned(text.decode("utf-8", errors="replace"))
    # An imported name is a module or a package; a string names a file only (a folder named in a string,
    # such as a data folder, is not what a check needs, and could be the size the cap is there for).
    named = [(f"{module}.py", stat.S_ISREG) for module in modules] + [(module, stat.S_ISDIR) for module in modules]
    named += [(string, stat.S_ISREG) for string in strings]
    wanted = []
    for name, kind in named:
        if "/" in name or "\\" in name or "\0" in name or name in (".", ".."):
            continue
        try:
            if kind((source / name).lstat().st_mode):
                wanted.append(name)
        except (OSError, ValueError):
            continue
    return wanted


def _parsed(text: bytes) -> tuple[set[str], set[str]] | None:
    """(the modules, the short strings) of a module's syntax tree; None where the parser gives up on it (nested
    past its depth: ``RecursionError`` or ``MemoryError``); a module with a syntax error needs nothing."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return set(), set()
    except (RecursionError, MemoryError):
        return None
    modules: set[str] = set()
    strings: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.module:
                modules.add(node.module.split(".")[0])
            if node.level and not node.module:  # from . import helper
                modules.update(alias.name for alias in node.names)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and 0 < len(node.value) < 200:
            strings.add(node.value)
    return modules, strings


def _scanned(text: str) -> tuple[set[str], set[str]]:
    """(the modules, the short strings) of a module too big or too deep to parse, from its lines: every import
    statement that starts a line or follows a ``;``, and every quoted string without escapes (a match inside a
    string or comment only copies one more of the folder's files)."""
    modules: set[str] = set()
    for match in _IMPORT.finditer(text):
        level, module, names, imported = match.groups()
        if imported is not None:
            modules.update(_first_words(imported, dotted=True))
        elif module:
            modules.add(module)
        elif level:  # from . import helper
            modules.update(_first_words(names or "", dotted=False))
    return modules, {match.group(2) for match in _STRING.finditer(text)}


def _first_words(names: str, dotted: bool) -> list[str]:
    """The imported names of ``a.b as c, d``: ``a`` and ``d`` (the top of each dotted name)."""
    words = [part.split()[0] for part in names.split(",") if part.split()]
    return [word.split(".")[0] for word in words] if dotted else words


def _lstat(source: Path, path: Path) -> int:
    try:
        return path.lstat().st_mode
    except OSError as error:
        raise NotGradable(f"{_say(source)} could not be read ({_why(error, source, path)})") from None


def _lstat_size(source: Path, path: Path) -> int:
    try:
        return path.lstat().st_size
    except OSError as error:
        raise NotGradable(f"{_say(source)} could not be read ({_why(error, source, path)})") from None


def copy_submission(source: Path, target: Path, exclude: frozenset[Path] = frozenset(), caps: Caps = CAPS) -> int:
    """Copy the regular files of ``source`` (no links, no hidden or tool folders) into ``target``; return the count.

    ``exclude`` holds resolved paths of files to leave out (other submissions
    of the same run). ``target`` must exist. Raises ``NotGradable`` when a
    cap is passed or the folder cannot be read or copied.
    """
    entries = size = files = 0
    # (folder to read, where its copy goes, how deep it is below source): a stack, never recursion.
    stack: list[tuple[Path, Path, int]] = [(source, target, 0)]
    while stack:
        folder, into, depth = stack.pop()
        with _open(source, folder) as scan:
            for entry in _entries(source, folder, scan):
                # Everything seen counts, links and skipped folders too: a million links is no cheaper to list.
                entries += 1
                _check_entries(source, entries, caps)
                name = entry.name
                mode = _mode(source, entry)
                if stat.S_ISDIR(mode):
                    if name in SKIPPED or name.startswith("."):
                        continue
                    if depth + 1 > caps.depth:
                        raise NotGradable(f"{_say(source)} is nested deeper than {caps.depth} folders: not gradable")
                    copy = into / name
                    _make(source, copy)
                    stack.append((folder / name, copy, depth + 1))
                elif stat.S_ISREG(mode):
                    path = folder / name
                    if path in exclude:
                        continue
                    size += _size(source, entry)
                    if size > caps.bytes:
                        raise TooFull(
                            f"{_say(source)} holds more than {caps.bytes // 2**20} MB of files: not gradable "
                            "(put each submission in a folder of its own, without data files)"
                        )
                    _copy(source, path, into / name, mode)
                    files += 1
                # Links, sockets, pipes and devices are left out: a link could show the checker's own files.
    return files


def _say(source: Path) -> str:
    return f"the submission folder {source.name or source}"


def _open(source: Path, folder: Path) -> os._ScandirIterator[str]:
    try:
        return os.scandir(folder)
    except OSError as error:
        raise NotGradable(f"{_say(source)} could not be read ({_why(error, source, folder)}): not gradable") from None


def _entries(source: Path, folder: Path, scan: Iterator[os.DirEntry[str]]) -> Iterator[os.DirEntry[str]]:
    """The folder's entries as they are read (not listed first: the caps stop a huge folder early)."""
    try:
        yield from scan
    except OSError as error:
        raise NotGradable(f"{_say(source)} could not be read ({_why(error, source, folder)}): not gradable") from None


def _mode(source: Path, entry: os.DirEntry[str]) -> int:
    try:
        return entry.stat(follow_symlinks=False).st_mode
    except OSError as error:
        raise NotGradable(f"{_say(source)} could not be read ({_why(error, source, Path(entry.path))})") from None


def _size(source: Path, entry: os.DirEntry[str]) -> int:
    try:
        return entry.stat(follow_symlinks=False).st_size
    except OSError as error:
        raise NotGradable(f"{_say(source)} could not be read ({_why(error, source, Path(entry.path))})") from None


def _check_entries(source: Path, entries: int, caps: Caps) -> None:
    if entries > caps.entries:
        raise TooFull(
            f"{_say(source)} holds more than {caps.entries:,} files and folders: not gradable "
            "(put each submission in a folder of its own)"
        )


def _make(source: Path, folder: Path) -> None:
    try:
        folder.mkdir()
    except OSError as error:
        if error.errno in MACHINE_ERRORS:
            raise
        raise NotGradable(f"{_say(source)} could not be copied ({_why(error, source, folder)})") from None


def _copy(source: Path, path: Path, destination: Path, mode: int) -> None:
    """A regular file's contents, and whether it may be run (a ``--command`` program, ``./bob/ai``): no other bit."""
    try:
        shutil.copyfile(path, destination, follow_symlinks=False)
        if mode & stat.S_IXUSR:
            os.chmod(destination, 0o755)
    except OSError as error:
        if error.errno in MACHINE_ERRORS:
            raise
        raise NotGradable(f"{_say(source)} could not be copied ({_why(error, source, path)})") from None


def _why(error: OSError, source: Path, path: Path) -> str:
    """The system's reason and the path inside the submission, shortened: a name may be thousands of characters."""
    try:
        relative = str(path.relative_to(source)) if path != source else "."
    except ValueError:
        relative = path.name
    if len(relative) > 120:
        relative = relative[:57] + "..." + relative[-60:]
    return f"{error.strerror or error}: {relative}"
