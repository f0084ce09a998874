"""What the candidate's code may not reach in its own process: the runner's and the driver's objects.

The runner and a game plug's driver run in the candidate's process, and
some of what they send describes the candidate's state (the Nim driver's
best actions of the trained table, the runner's "the board was changed").
The candidate's code could reach their objects and forge those descriptions: through the call stack (``sys._getframe``,
``inspect``, a traceback's or a generator's frame, a trace function), the
garbage collector, ``ctypes``, or a code object or function made to pass
for theirs (compiled under their file names, or read from a compiled file
other than the standard library's: ``runner.main`` writes none). An audit
hook (``arm``, set just before the candidate's module is imported)
refuses each of these ways to code that is not the runner's, the
driver's or one of the few standard-library modules that read a frame
and hand none out (``collections``, ``enum``, ``typing``: they only read
the caller's module name). The runner's own modules are loaded with a
private copy of the builtins and a private ``json``, and are not in
``sys.modules`` while the candidate runs (``runner.hide``).

What is refused raises ``Refused`` in the candidate's code (a
``ValueError`` too, so that ``logging``, which asks for its caller's frame,
carries on without it). This narrows what one process lends; it cannot make
two parties safe from each other in one interpreter: the candidate can still
rewrite the standard library's modules they share, and
``object.__subclasses__()`` (no audit event) still lists the runner's and
the drivers' classes, whose methods lead to their modules. That is why the
parent judges every answer itself and no driver concludes anything: a
forged description of the candidate's own state (its table's best actions)
gains no more than the candidate writing that state honestly would.
"""

from __future__ import annotations

import _thread
import os
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

FRAME_READERS = ("collections/__init__.py", "enum.py", "typing.py")
"""Standard-library files whose code may take a frame: each reads its caller's module name from it, no more."""

ALWAYS = frozenset(
    {
        "sys._current_frames",
        "sys._current_exceptions",
        "sys.settrace",
        "sys.setprofile",
        "sys.addaudithook",
        "gc.get_objects",
        "gc.get_referrers",
        "gc.get_referents",
    }
)
"""Refused whoever asks (nothing of the runner or the driver needs them once the candidate runs)."""

FRAME_ATTRIBUTES = frozenset({"tb_frame", "gi_frame", "cr_frame", "ag_frame"})

WATCHED = ALWAYS | {"sys._getframe", "object.__getattr__", "compile", "exec", "code.__new__", "function.__new__"}
WATCHED |= {"marshal.loads", "marshal.load"}


class Refused(RuntimeError, ValueError):
    """What the candidate's code may not do in the checked process."""


def arm(own: tuple[str, ...], packages: tuple[str, ...] = ()) -> None:
    """Install the hook: ``own`` are the paths of the runner's and the drivers' files (theirs are trusted),
    ``packages`` the folders of packages the teacher allowed (their compiled files are read like the standard
    library's)."""
    from importlib.machinery import SourceFileLoader, SourcelessFileLoader

    loaders = (SourceFileLoader, SourcelessFileLoader)
    library = os.path.dirname(os.__file__) + os.sep
    readers = tuple(library + name for name in FRAME_READERS)
    protected = (library, "<frozen ", *own)
    trusted = (*readers, *own)
    busy = _thread._local()
    getframe = sys._getframe

    def requester() -> Any:
        """The frame that caused the event (under the hook's own), the hook's reading of it not audited again."""
        busy.on = True
        try:
            return getframe(2)
        finally:
            busy.on = False

    def genuine_source(source: object, filename: str) -> bool:
        """Whether ``source`` is the very content of ``filename`` (how the import system compiles a module)."""
        if type(source) is not bytes or filename.startswith("<"):
            return False
        busy.on = True
        try:
            with open(filename, "rb") as file:
                return bool(file.read() == source)
        except OSError:
            return False
        finally:
            busy.on = False

    def refuse(event: str) -> None:
        raise Refused(f"{event} is not available to the code checked: it would reach the checker's own objects")

    def hook(event: str, args: tuple[Any, ...]) -> None:
        # The events watched first: every other one (``builtins.id``, twenty for a deep copy of a board) returns
        # after one set lookup, not after a read of the thread-local flag too; the hook runs for each of them.
        # The commonest by far, ``builtins.id``, after one comparison.
        if event == "builtins.id" or (event not in WATCHED and not event.startswith("ctypes.")):
            return
        if getattr(busy, "on", False):
            return
        if event in ALWAYS or event.startswith("ctypes."):
            refuse(event)
        if event == "object.__getattr__" and str(args[1]) not in FRAME_ATTRIBUTES:
            return
        frame = requester()
        asker = str.__str__(frame.f_code.co_filename) if frame is not None else ""
        if event in ("sys._getframe", "object.__getattr__"):
            if not asker.startswith(trusted):
                refuse(event if event == "sys._getframe" else f"reading {args[1]}")
        elif event == "compile":
            filename = os.fsdecode(args[1]) if isinstance(args[1], str | bytes) else ""
            if filename.startswith(protected) and not genuine_source(args[0], filename):
                refuse("compiling code under a name of the checker's or the standard library's")
        elif event in ("code.__new__", "function.__new__", "exec"):
            made = args[1] if event == "code.__new__" else getattr(args[0], "co_filename", "")
            importing = event == "exec" and asker.startswith("<frozen importlib")
            if str.startswith(str(made), protected) and not asker.startswith(trusted) and not importing:
                refuse("making or running code that passes for the checker's or the standard library's")
        elif not _loading_library(frame, (library, *packages), loaders):
            refuse(event)  # marshal: only the import system, reading the standard library's compiled files

    sys.addaudithook(hook)


def _loading_library(frame: Any, libraries: tuple[str, ...], loaders: tuple[type, ...]) -> bool:
    """Whether ``frame`` is the import system loading a compiled module of the standard library or of an allowed
    package (under ``libraries``), with nothing but the import system between."""
    while frame is not None and str(frame.f_code.co_filename).startswith("<frozen importlib"):
        if frame.f_code.co_name == "get_code":
            loader = frame.f_locals.get("self")
            path = getattr(loader, "path", "")
            return type(loader) in loaders and str.startswith(str(path), libraries)
        frame = frame.f_back
    return False
