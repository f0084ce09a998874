"""The terminal and the page come in through the doors: no import of a module behind another package's door.

``tests/test_package_map.py`` holds every front end to the engine's, the
teaching tools' and the drawings' doors; this holds ``cli/`` and ``web/`` to
every door there is, the play layer's and the checker's included: a package
whose ``__init__.py`` lists its names (``_HOMES``) is entered through it.
The checker's own command line (``cli/check*.py``, ``cli/grader*.py``) is
listed while the checker is rebuilt behind one door; the list only shrinks.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "perfectplay"

DOORS = sorted(
    ".".join(("perfectplay", *path.parent.relative_to(PACKAGE).parts))
    for path in PACKAGE.rglob("__init__.py")
    if path.parent != PACKAGE and "_HOMES" in path.read_text(encoding="utf-8")
)
"""Every package with a door of its own (the engine's door, ``perfectplay`` itself, is the package's top)."""

WAITING = ("cli/check", "cli/grader")
"""Files (by the start of their path) still importing the checker's inner modules: the checker's rebuild removes
them from this list."""

FRONT_ENDS = sorted(
    path
    for folder in ("cli", "web")
    for path in (PACKAGE / folder).rglob("*.py")
    if not path.relative_to(PACKAGE).as_posix().startswith(WAITING)
)


def imported(path: Path) -> list[tuple[int, str]]:
    """Every absolute import of ``path``, at the top, in a function or under TYPE_CHECKING: (line, module)."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
    return found


def behind_a_door(module: str, home: str) -> bool:
    """Whether ``module`` lies behind the door of a package other than ``home`` (the importer's own)."""
    return any(module.startswith(door + ".") and not home.startswith(door) for door in DOORS)


def test_the_doors_are_found() -> None:
    assert {"perfectplay.play", "perfectplay.teaching", "perfectplay.viz", "perfectplay.check"} <= set(DOORS)
    assert "perfectplay.search.solver" in DOORS and "perfectplay.web" not in DOORS


def test_the_check_catches_an_inner_module_and_lets_a_door_and_the_own_package_through() -> None:
    assert behind_a_door("perfectplay.play.players", "perfectplay.cli")
    assert behind_a_door("perfectplay.check.report.model", "perfectplay.web")
    assert not behind_a_door("perfectplay.play", "perfectplay.cli")
    assert not behind_a_door("perfectplay.web.jobs", "perfectplay.web")


@pytest.mark.parametrize("path", FRONT_ENDS, ids=lambda path: path.relative_to(PACKAGE).as_posix())
def test_the_terminal_and_the_page_import_no_module_behind_a_door(path: Path) -> None:
    home = ".".join(("perfectplay", *path.relative_to(PACKAGE).parts[:1]))
    behind = [f"line {line}: {module}" for line, module in imported(path) if behind_a_door(module, home)]
    assert behind == []
