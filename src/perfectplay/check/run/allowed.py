"""Packages a teacher lets a candidate import (NumPy by default for Connect Four), shown read-only, nothing else.

Each allowed package's own folder (and its ``NAME.libs`` folder of bundled
shared libraries, where its wheel has one) is bound read-only at
``/opt/allowed/NAME`` in the sandbox: a folder that holds nothing but the
allowed packages, never perfectplay, its solver or another installed
package. Unsandboxed, a private folder of links to the same folders stands
in for it. Where a package is not installed in the checker's environment it
is left out and the report says so.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

from perfectplay.check.errors import CheckUsageError
from perfectplay.check.run.sandbox import Jail

INSIDE = "/opt/allowed"
REFUSED = ("perfectplay",)


def package_folders(name: str) -> list[Path] | None:
    """The folders of installed package ``name`` (itself, and its ``.libs``), or None when it is not installed."""
    if not name.isidentifier() or "." in name:
        raise CheckUsageError(f"--allow-package {name!r}: give a top-level package's name (e.g. numpy)")
    if name.lower() in REFUSED:
        raise CheckUsageError(f"--allow-package {name}: the checker's own package is never shown to a candidate")
    try:
        spec = importlib.util.find_spec(name)  # a top-level name: found, not imported
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = Path(next(iter(spec.submodule_search_locations))).resolve()
    folders = [folder]
    libs = folder.with_name(f"{name}.libs")
    if libs.is_dir():
        folders.append(libs.resolve())
    return folders


def grant(jail: Jail, names: list[str], scratch: Path) -> tuple[list[str], list[str]]:
    """Show ``names`` to the jail's candidates; (folders for the candidate's ``sys.path``, names not installed)."""
    found: list[Path] = []
    missing: list[str] = []
    for name in names:
        folders = package_folders(name)
        if folders is None:
            missing.append(name)
        else:
            found += folders
    if not found:
        return [], missing
    if jail.isolation.sandboxed:
        jail.allowed = tuple((f"{INSIDE}/{folder.name}", str(folder)) for folder in found)
        jail.paths = (INSIDE,)
        return [INSIDE], missing
    scratch.mkdir(mode=0o700, exist_ok=True)
    for folder in found:
        link = scratch / folder.name
        if not link.exists():
            os.symlink(folder, link)
    jail.paths = (str(scratch),)
    return [str(scratch)], missing
