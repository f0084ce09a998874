"""The machine's folders of installed Python packages, each hidden under an empty folder in the sandbox.

A candidate runs with the standard library alone (``sandbox.py``): what the machine installed is not the
student's to import, and a package found on the grader but not on the student's machine would make the grade
depend on the machine. Distributions put them in different places: Debian and Ubuntu under ``lib/python3*``
(``dist-packages``, and ``site-packages`` for pip), Fedora, RHEL and openSUSE also under ``lib64/python3*``
(compiled packages), and each of these again under ``/usr/local`` for what an administrator installed.
"""

from __future__ import annotations

import glob
import itertools
import os

PREFIXES = ("/usr", "/usr/local")
LIBRARIES = ("lib", "lib64")
KINDS = ("site-packages", "dist-packages")
PATTERNS = tuple(
    f"{prefix}/{library}/python3*/{kind}" for prefix, library, kind in itertools.product(PREFIXES, LIBRARIES, KINDS)
)
"""Where installed packages live under /usr: every layout of prefix, library folder and kind."""


def package_folders(root: str = "") -> list[str]:
    """The folders of ``PATTERNS`` that exist on this machine (under ``root``, for tests), sorted, without ``root``."""
    found = {match[len(root) :] for pattern in PATTERNS for match in glob.glob(root + pattern) if os.path.isdir(match)}
    return sorted(found)


def hide_packages(argv: list[str], folders: list[str]) -> None:
    """An empty read-only folder over each folder of installed packages: the candidate sees none of them."""
    for folder in folders:
        argv += ["--perms", "0555", "--tmpfs", folder, "--remount-ro", folder]
