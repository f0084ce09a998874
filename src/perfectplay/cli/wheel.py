"""A pure-Python wheel of the perfectplay that is running, for a grader to install with no index.

A grader's image is not the teacher's machine: another Python version
(Gradescope's default image has 3.10), often no compiler, often no network.
A wheel built with setuptools carries the compiled core and the tag of the
Python that built it, and other versions refuse it. This one holds the
package's Python files and data as they are installed here and nothing
compiled, so it is tagged ``py3-none-any`` and installs on every supported
version with ``pip install --no-index``; the pure-Python solver answers
everything the checker asks (it solves tic-tac-toe, 5,478 positions). It also
carries the core's C sources (``perfectplay/_core/*.c``, ``*.h``, installed as
package data): a grader whose check is Connect Four
compiles them where it runs (``build_core.py``), as the pure solver costs
seconds a position there.

It is made from the installed files themselves, so it works the same from
a checkout (an editable install), a wheel or an sdist, needs no setuptools
and no network, and gives the same bytes for the same files (fixed dates).
"""

from __future__ import annotations

import base64
import hashlib
import zipfile
from pathlib import Path

import perfectplay

NAME = "perfectplay"
REQUIRES_PYTHON = ">=3.10"
ENTRY_POINTS = "[console_scripts]\nperfectplay = perfectplay.cli:run\n"
LEFT_OUT_SUFFIXES = (".so", ".pyd", ".dll", ".dylib", ".o", ".pyc", ".pyo")
"""The compiled core (its tag would tie the wheel to one Python) and byte code."""
CORE_SOURCES = (".c", ".h")
"""What of the core's folder (``_core/``) the wheel carries: its C, for ``build_core.py`` on a grader's machine."""
FIXED_DATE = (1980, 1, 1, 0, 0, 0)
LAB_REQUIREMENTS = {"connect4-lab": ("numpy>=1.26",)}
"""The extras a grader's bundle installs with this wheel (``pip install "WHEEL[connect4-lab]"``: what a lab lets
the student import), as pyproject.toml declares them (tests/cli/test_grader_lab_extras.py holds the two alike)."""


def version() -> str:
    """The installed distribution's version, or the package's own when it runs from a bare source tree."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed(NAME)
    except PackageNotFoundError:
        return perfectplay.__version__


def wheel_name() -> str:
    return f"{NAME}-{version()}-py3-none-any.whl"


def package_files() -> list[tuple[str, Path]]:
    """(path inside the wheel, file) for every file of the installed package a pure wheel carries."""
    root = Path(perfectplay.__file__).resolve().parent
    files = []
    for path in sorted(root.rglob("*")):
        relative = path.relative_to(root)
        if not path.is_file() or "__pycache__" in relative.parts or any(p.startswith(".") for p in relative.parts):
            continue
        if path.suffix in LEFT_OUT_SUFFIXES or path.name.endswith(".so"):
            continue  # the compiled core has no place in a pure wheel
        if relative.parts[0] == "_core" and path.suffix not in CORE_SOURCES:
            continue
        files.append((f"{NAME}/{relative.as_posix()}", path))
    return files


def _metadata(number: str) -> str:
    return (
        "Metadata-Version: 2.1\n"
        f"Name: {NAME}\n"
        f"Version: {number}\n"
        "Summary: Unbeatable tic-tac-toe and the minimax engine behind it\n"
        "License: MIT\n"
        f"Requires-Python: {REQUIRES_PYTHON}\n"
        + "".join(
            f"Provides-Extra: {extra}\n"
            + "".join(f'Requires-Dist: {requirement}; extra == "{extra}"\n' for requirement in requirements)
            for extra, requirements in LAB_REQUIREMENTS.items()
        )
    )


def _wheel_file() -> str:
    return "Wheel-Version: 1.0\nGenerator: perfectplay grader\nRoot-Is-Purelib: true\nTag: py3-none-any\n"


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
    return f"{name},sha256={digest},{len(data)}\n"


def build_wheel(folder: Path) -> Path:
    """Write the pure wheel into ``folder`` (created if needed); returns its path."""
    number = version()
    info = f"{NAME}-{number}.dist-info"
    entries: list[tuple[str, bytes]] = [(name, path.read_bytes()) for name, path in package_files()]
    entries += [
        (f"{info}/METADATA", _metadata(number).encode()),
        (f"{info}/WHEEL", _wheel_file().encode()),
        (f"{info}/entry_points.txt", ENTRY_POINTS.encode()),
        (f"{info}/top_level.txt", f"{NAME}\n".encode()),
    ]
    record = "".join(_record_line(name, data) for name, data in entries) + f"{info}/RECORD,,\n"
    entries.append((f"{info}/RECORD", record.encode()))
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / wheel_name()
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries:
            member = zipfile.ZipInfo(name, FIXED_DATE)
            member.external_attr = 0o644 << 16
            member.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(member, data)
    return target
