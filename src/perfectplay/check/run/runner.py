"""The child process that runs a candidate's Python module for ``perfectplay check``.

Started as ``python -s -S -P runner.py [--limit NAME=N]... --module FILE`` (see
``main``), one per worker, never in perfectplay's own process, and imports
nothing but the standard library: it is the untrusted side, and whatever it
sends is checked by ``protocol`` in the checker. It talks to the parent in
JSON lines over what were its stdin and stdout when it started; before the
candidate is imported it moves them to private file descriptors, points
descriptor 0 at ``/dev/null`` (so ``input()`` gets end of file at once) and
sends the candidate's ``print`` output to an in-memory capture, so nothing
the candidate prints or reads can corrupt the protocol.

The parent's messages and the runner's answers (one JSON object a line):

* on start the runner imports FILE and sends ``{"event": "loaded", ...}``:
  whether the import raised (and where), what it printed, whether it read
  standard input, its functions with their number of required arguments,
  its ``X``/``O``/``EMPTY`` constants and any module-level board;
* ``{"op": "use", "interface": {...}}`` chooses how moves are asked
  (``kind`` ``function`` or ``cs50``); the answer is ``{"ok": true}`` or
  ``{"ok": false, "error": "..."}``;
* ``{"op": "moves", "positions": [[cells, side], ...]}`` asks for a move in
  each position; one answer line per position, in order, as soon as it is
  known (so the parent can time every move and knows which one hangs);
* ``{"op": "cs50", "queries": [...]}`` calls ``player``, ``actions``,
  ``result``, ``winner``, ``terminal`` and ``utility`` on each board; one
  answer line per query;
* ``{"op": "drive", "items": [...]}`` hands each item to a game plug's
  driver (``check/plug.py``'s ``DriverFile``: a standard-library module
  given with ``--driver NAME=FILE`` and chosen by ``use`` with ``kind``
  ``driver``); one answer line per item;
* ``moves``, ``cs50`` and ``drive`` may carry ``"draws": [...]``, one number
  per question: the candidate's ``random`` is seeded with it just before
  that question (``inside/luck.py``, ``check/run/chance.py``).

This module is deliberately dumb: it builds boards, calls, and describes
what came back. Every judgement happens in the parent.
"""

from __future__ import annotations

import builtins
import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

# Every candidate process starts this module (after each time-out too): what only annotations need is not
# imported at run time (``typing``: 3 ms of a start), and ``inspect`` (7 ms) only for an unusual callable.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

PARTS = "perfectplay_runner_inside"
"""The name the runner's own modules (``inside/``) take in a candidate's process, started as a script."""

PRIVATE_BUILTINS = dict(vars(builtins))
"""The builtins the runner's and the drivers' modules use: a copy taken before any candidate code runs, so that a
candidate rewriting ``builtins.zip`` or ``builtins.isinstance`` changes only its own."""


def _load_file(name: str, path: Path) -> ModuleType:
    """The module in ``path``, by its path (never through ``sys.path``, where the submission's folder goes), with the
    private builtins."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # A copy each: the candidate can reach one module's globals (``streams``: its ``sys.stdout`` is a Capture), and
    # through them that module's builtins, never the others'.
    module.__builtins__ = dict(PRIVATE_BUILTINS)  # type: ignore[attr-defined]
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _load_parts(*names: str) -> list[ModuleType]:
    """The runner's own modules, from the ``inside`` folder beside this file, before any candidate code runs.

    A file of the submission named like one of them cannot stand in for it: they are read by their paths, under a
    package name of their own (``PARTS``), and import one another only relatively.
    """
    folder = Path(__file__).parent / "inside"
    spec = importlib.util.spec_from_file_location(
        PARTS, folder / "__init__.py", submodule_search_locations=[str(folder)]
    )
    assert spec is not None and spec.loader is not None
    sys.modules[PARTS] = importlib.util.module_from_spec(spec)
    return [_load_file(f"{PARTS}.{name}", folder / f"{name}.py") for name in names]


def _private_json() -> tuple[Callable[[Any], str], Callable[[str], Any]]:
    """``json``'s encoder and decoder from copies of their modules of the runner's own (loaded again from their
    files): a candidate rewriting the shared ``json`` modules cannot change what the channel sends or reads."""
    import json

    folder = Path(json.__file__).parent
    encoder = _load_file(f"{PARTS}_json_encoder", folder / "encoder.py")
    decoder = _load_file(f"{PARTS}_json_decoder", folder / "decoder.py")
    return encoder.JSONEncoder().encode, decoder.JSONDecoder().decode


def _hide() -> None:
    """Take the runner's modules out of ``sys.modules`` (and this script out of ``__main__``) before the candidate's
    import: nothing there leads its code to the runner's objects."""
    for name in [name for name in sys.modules if name.startswith(PARTS)]:
        del sys.modules[name]
    sys.modules["__main__"] = ModuleType("__main__")


if TYPE_CHECKING or __package__:  # imported by the checker (its tests, its detection)
    from perfectplay.check.run.inside import answering, channel, guard, landlock, luck, process, seccomp
else:  # a candidate's process: ``python -s -S -P runner.py``
    process, seccomp, landlock, streams, values, channel, guard, luck, answering = _load_parts(
        "process", "seccomp", "landlock", "streams", "values", "channel", "guard", "luck", "answering"
    )


def main(argv: list[str]) -> None:
    """``runner.py [--limit NAME=N]... [--user UID:GID] [--no-fork] [--landlock] [--path DIR]...
    [--driver NAME=FILE]...
    [--unpack TAR DIR] [--cap-files FOLDER=COUNT] [--chance N] [--ready FD] (--module FILE | --exec PROGRAM ARG...)``.

    Started by the checker as ``python -s -S -P runner.py`` (inside the
    sandbox when there is one, in an environment of the checker's): it
    unpacks the submission's private copy, sets the limits, drops to the
    candidate's own user, keeps it out of every other process (``--landlock``,
    unsandboxed: ``inside/landlock.py``), forbids new processes where they
    could not be counted, says ``ready`` on descriptor FD (everything before that is the
    machine's doing, nothing of the candidate has run), then either seeds
    ``random`` with N (``inside/luck.py``), loads the module and serves the
    JSON-lines protocol, or becomes the ``--command`` program (which
    inherits the limits and speaks the line protocol itself).
    """
    here = os.path.realpath(os.path.dirname(__file__))
    if not getattr(sys.flags, "safe_path", False) and sys.path and os.path.realpath(sys.path[0]) == here:
        # Before 3.11 there is no ``-P``: the runner's own folder (the checker's code) is not the candidate's path.
        del sys.path[0]
    # No compiled files of the candidate's modules (whatever the environment says), and the guard lets the
    # import system read compiled files of the standard library only (one of the submission's could be forged).
    sys.dont_write_bytecode = True
    limits: dict[str, int] = {}
    user = None
    no_fork = False
    domain = False
    ready: int | None = None
    unpack: tuple[str, str] | None = None
    drivers: dict[str, str] = {}
    packages: list[str] = []
    files: tuple[str, int] | None = None
    chance: int | None = None
    options: tuple[str, ...] = ("--limit", "--user", "--no-fork", "--landlock", "--ready", "--unpack", "--path")
    options += ("--driver", "--cap-files", "--chance")
    while argv and argv[0] in options:
        option = argv[0]
        if option == "--no-fork":
            no_fork = True
            argv = argv[1:]
            continue
        if option == "--landlock":
            domain = True
            argv = argv[1:]
            continue
        if option == "--path":  # a folder of packages the teacher allowed, before the candidate's import
            sys.path.append(argv[1])
            packages.append(str(Path(argv[1])) + os.sep)
            argv = argv[2:]
            continue
        if option == "--driver":  # a game plug's driver: loaded only when ``use`` names it
            name, _, file = argv[1].partition("=")
            drivers[name] = file
            argv = argv[2:]
            continue
        if option == "--cap-files":  # FOLDER=COUNT: files and folders a tmpfs may hold, set before the drop
            folder, _, count = argv[1].partition("=")
            files = (folder, int(count))
            argv = argv[2:]
            continue
        if option == "--chance":  # what ``random`` is seeded with before the import (``check/run/chance.py``)
            chance = int(argv[1])
            argv = argv[2:]
            continue
        if option == "--limit":
            name, value = argv[1].split("=")
            limits[name] = int(value)
        elif option == "--user":
            user = argv[1]
        elif option == "--ready":
            ready = int(argv[1])
        else:
            unpack = (argv[1], argv[2])
            argv = argv[1:]
        argv = argv[2:]
    try:
        if unpack is not None:
            process.unpack_copy(*unpack)
        if files is not None:
            process.cap_files(*files)
        # The drivers are the checker's code, read before the drop: unsandboxed, their files may be where the
        # candidate's user cannot go (``check/run/own_user.py``).
        loaded = {name: _load_file(f"{PARTS}_driver_{name}", Path(file)) for name, file in drivers.items()}
        process.set_limits(limits)
        if user is not None:
            process.drop_user(user)
        if user is not None and argv[0] == "--exec":
            process.ready_to_run(argv[1])
        if domain:
            # Its own folders, set by the checker before any of its code: the copy it runs in, its temporary folder.
            folders = {os.getcwd(), *(os.environ[name] for name in ("TMPDIR", "HOME") if os.environ.get(name))}
            landlock.enter_domain([*sorted(folders), "/dev/null"])
        seccomp.lend_nothing()
        if no_fork:
            seccomp.forbid_new_processes()
    except (OSError, ValueError) as error:
        # Nothing of the candidate has run: this is the machine's failure, and it is said so.
        sys.stderr.write(f"perfectplay: could not prepare the candidate's process: {error}\n")
        os._exit(process.MACHINE_FAILED)
    if ready is not None:
        os.write(ready, b"ready")
        os.close(ready)
    if argv[0] == "--exec":
        try:
            os.execv(argv[1], argv[1:])
        except OSError as error:  # the program's own fault (not runnable, not a program): said in its words
            sys.stderr.write(f"perfectplay: could not run {argv[1]}: {error.strerror or error}\n")
            os._exit(126)
    assert argv[0] == "--module"
    process.watch_parent()
    runner = answering.Runner(Path(argv[1]).resolve(), channel.Channel(*_private_json()))
    runner.drivers = drivers
    runner.loaded = loaded
    own = (str(Path(__file__).parent) + os.sep, *(str(Path(file)) for file in drivers.values()))

    def before_import() -> None:
        if chance is not None:
            luck.seed(chance)
        guard.arm(own, tuple(packages))
        _hide()

    runner.before_import = before_import
    runner.channel.send(runner.load())
    try:
        runner.serve()
    finally:
        # Skip interpreter shutdown: a candidate's threads or atexit hooks must not keep us alive.
        os._exit(0)


if __name__ == "__main__":
    main(sys.argv[1:])
