"""Packages a teacher lets a candidate import (NumPy by default for Connect Four), shown read-only, nothing else.

Each allowed package's own folder (and its ``NAME.libs`` folder of bundled
shared libraries, where its wheel has one) is bound read-only at
``/opt/allowed/NAME`` in the sandbox: a folder that holds nothing but the
allowed packages, never perfectplay, its solver or another installed
package. Unsandboxed, a private folder of links to the same folders stands
in for it. Where a package is not installed in the checker's environment it
is left out and the report says so. An allowed package is shown with the
installed packages it requires (its distribution's requirements, followed
through theirs, its extras left out): without them importing it fails on
a dependency the checker hid, which would be the student's zero.
"""

from __future__ import annotations

import importlib.util
import os
import re
from collections.abc import Iterable, Mapping
from pathlib import Path

from perfectplay.check.errors import CheckUsageError
from perfectplay.check.run.sandbox import Jail

INSIDE = "/opt/allowed"
REFUSED = ("perfectplay",)


def package_folders(name: str) -> list[Path] | None:
    """The folders of installed package ``name`` (itself, and its ``.libs``), or None when it is not installed;
    a module that is one file (``typing_extensions.py``), that file."""
    if not name.isidentifier() or "." in name:
        raise CheckUsageError(f"--allow-package {name!r}: give a top-level package's name (e.g. numpy)")
    if name.lower() in REFUSED:
        raise CheckUsageError(f"--allow-package {name}: the checker's own package is never shown to a candidate")
    try:
        spec = importlib.util.find_spec(name)  # a top-level name: found, not imported
    except (ImportError, ValueError):
        return None
    if spec is not None and not spec.submodule_search_locations and spec.has_location and spec.origin:
        return [Path(spec.origin).resolve()]
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = Path(next(iter(spec.submodule_search_locations))).resolve()
    folders = [folder]
    libs = folder.with_name(f"{name}.libs")
    if libs.is_dir():
        folders.append(libs.resolve())
    return folders


_NAME = re.compile(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)")
"""A requirement's distribution name (``typing-extensions>=4.3; python_version < '3.11'``)."""


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def dependencies(names: Iterable[str]) -> list[str]:
    """The installed top-level modules that the distributions of ``names`` require, followed through their own
    requirements; a requirement of an extra (``; extra == "jax"``) is not needed, and perfectplay is never one."""
    given = list(names)
    if not given:
        return []
    # Imported here, not with the module: every check imports this one, and only a check that shows packages reads
    # their metadata (the import is 0.03 s of CPU in each checker process).
    import importlib.metadata

    # Each name is first taken for its distribution's (numpy's is numpy): the map of every installed module to its
    # distributions costs a scan of them all (a fifth of a second), made only when a requirement is met.
    waiting = [_normal(name) for name in given]
    done: set[str] = set()
    found: list[str] = []
    modules: dict[str, list[str]] | None = None
    while waiting:
        distribution = waiting.pop()
        if distribution in done:
            continue
        done.add(distribution)
        try:
            requirements = importlib.metadata.requires(distribution) or []
        except importlib.metadata.PackageNotFoundError:  # a module named apart from its distribution (yaml)
            requirements, unknown = [], distribution in map(_normal, given)
        else:
            unknown = False
        needed = [_NAME.match(line) for line in requirements if "extra" not in line.partition(";")[2]]
        if not needed and not unknown:
            continue
        if modules is None:
            modules, owners = _modules_by_distribution()
            waiting += [_normal(owner) for name in given for owner in owners.get(name, [])]
        for named in needed:
            if named is None:
                continue
            waiting.append(_normal(named.group(1)))
            for module in modules.get(_normal(named.group(1)), []):
                if module.isidentifier() and module.lower() not in REFUSED and module not in [*given, *found]:
                    found.append(module)
    return found


def _modules_by_distribution() -> tuple[dict[str, list[str]], Mapping[str, list[str]]]:
    """(each installed distribution's top-level modules, each top-level module's distributions)."""
    import importlib.metadata

    owners = importlib.metadata.packages_distributions()
    modules: dict[str, list[str]] = {}
    for module, names in owners.items():
        for name in names:
            modules.setdefault(_normal(name), []).append(module)
    return modules, owners


def grant(jail: Jail, names: list[str], scratch: Path) -> tuple[list[str], list[str]]:
    """Show ``names`` and their dependencies to the jail's candidates; (folders for the candidate's ``sys.path``,
    names not installed)."""
    found: list[Path] = []
    missing: list[str] = []
    for name in names:
        folders = package_folders(name)
        if folders is None:
            missing.append(name)
        else:
            found += folders
    for name in dependencies(package for package in names if package not in missing):
        found += package_folders(name) or []
    if not found:
        return [], missing
    jail.granted = tuple(name for name in names if name not in missing)
    if jail.isolation.sandboxed:
        jail.allowed = tuple((f"{INSIDE}/{folder.name}", str(folder)) for folder in found)
        jail.paths = (INSIDE,)
        return [INSIDE], missing
    # Readable by the candidate's own user (``own_user.py``), in a folder only that user may enter.
    scratch.mkdir(mode=0o755 if jail.reach is not None else 0o700, exist_ok=True)
    for folder in found:
        link = scratch / folder.name
        if not link.exists():
            os.symlink(jail.reach.path(folder) if jail.reach is not None else folder, link)
    jail.paths = (str(scratch),)
    return [str(scratch)], missing


def allow_words(error: Mapping[str, object] | None, granted: Iterable[str]) -> str:
    """For an import that failed on a package installed where perfectplay runs but not shown to the candidate
    (a tic-tac-toe AI on a NumPy board): the flag that shows it, as words to add to the failure; else nothing."""
    if error is None or error.get("type") not in ("ModuleNotFoundError", "ImportError"):
        return ""
    named = re.match(r"No module named '([A-Za-z_][A-Za-z0-9_]*)", str(error.get("message", "")))
    if named is None or named.group(1) in granted:
        return ""
    name = named.group(1)
    try:
        installed = package_folders(name) is not None
    except CheckUsageError:  # perfectplay itself: never shown
        return ""
    if not installed:
        return ""
    return f" ({name} is installed where perfectplay runs, not shown to the candidate: --allow-package {name} shows it)"
