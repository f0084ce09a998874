"""The checker's own modules a sandboxed runner is handed (its ``inside/`` parts, a game plug's drivers), compiled.

bubblewrap copies each of them into the sandbox's memory from a descriptor (``sandbox.Jail.files``): no
compiled file lies beside them there, so every candidate process compiled its runner's twelve hundred lines
again before it asked its first question (a quarter of what starting one cost; a check starts several). The
checker compiles each module once, from its own source, under the name the sandbox shows it by, and hands the
compiled file in beside it, where the import system looks (``__pycache__``). It is an unchecked hash-based
file (PEP 552): read as it is, whatever times the copies in the sandbox bear. The runner loads its modules
before any candidate code runs, and an interpreter that cannot read the file (another version) compiles the
source as before.
"""

from __future__ import annotations

import functools
import importlib.util
import marshal
from pathlib import Path

UNCHECKED_HASH = 0b01
"""The flags of a hash-based compiled file whose source is not checked (PEP 552)."""


def stand_in(kind: str, name: str) -> str:
    """The stand-in for a module handed in as a descriptor (``Jail.files``): ``RUNNER`` for one of the runner's own,
    ``DRIVER`` for a game plug's driver; ``COMPILED_RUNNER``, ``COMPILED_DRIVER`` for their compiled files."""
    return f"@{kind}_{name}_FD@"


def inside_module(folder: str, name: str) -> str:
    """Where the sandbox shows module ``name`` of ``folder``: ``sandbox.INSIDE_PARTS`` (the runner loads its own
    modules from there) or ``sandbox.INSIDE_DRIVERS``."""
    return f"{folder}/{name}.py"


def compiled_path(shown: str) -> str:
    """Where the import system of the sandbox's runner (no ``-O``) looks for the compiled module ``shown``."""
    return importlib.util.cache_from_source(shown, optimization="")


@functools.cache
def compiled(source: Path, shown: str) -> bytes:
    """The compiled file of ``source`` as the sandbox shows it at ``shown`` (made once per checker process)."""
    data = source.read_bytes()
    code = compile(data, shown, "exec", dont_inherit=True, optimize=0)
    header = importlib.util.MAGIC_NUMBER + UNCHECKED_HASH.to_bytes(4, "little") + importlib.util.source_hash(data)
    return header + marshal.dumps(code)


def write_compiled(folder: Path, modules: dict[str, tuple[Path, str]]) -> dict[str, Path]:
    """Each module's compiled file written in ``folder`` (the checker's own: stand-in -> (source, shown))."""
    folder.mkdir(mode=0o700, exist_ok=True)
    written = {}
    for name, (source, shown) in modules.items():
        path = folder / f"{name.strip('@')}.pyc"
        if not path.exists():
            path.write_bytes(compiled(source, shown))
        written[name] = path
    return written


def compiled_modules(
    parts: dict[str, Path], parts_folder: str, drivers: dict[str, Path], drivers_folder: str
) -> dict[str, tuple[Path, str]]:
    """The runner's parts and a plug's drivers (name -> source) by their compiled files' stand-ins: each one's
    source and where the sandbox shows it (its folder there: ``parts_folder``, ``drivers_folder``)."""
    modules = {
        stand_in("COMPILED_RUNNER", name): (path, inside_module(parts_folder, name)) for name, path in parts.items()
    }
    for name, path in drivers.items():
        modules[stand_in("COMPILED_DRIVER", name)] = (path, inside_module(drivers_folder, name))
    return modules


def bwrap_compiled(kind: str, names: list[str], folder: str) -> list[str]:
    """bubblewrap's arguments that put the compiled files of modules ``names`` of ``folder`` (``RUNNER`` parts or
    ``DRIVER``s) where the sandbox's import system looks, their folder made first."""
    shown = {stand_in(f"COMPILED_{kind}", name): inside_module(folder, name) for name in names}
    argv: list[str] = []
    for cache in sorted({str(Path(compiled_path(path)).parent) for path in shown.values()}):
        argv += ["--perms", "0755", "--dir", cache]
    for name, path in shown.items():
        argv += ["--perms", "0444", "--file", name, compiled_path(path)]
    return argv
