"""The package map in docs/package-map.md, enforced: layers are folders, and imports only point inward.

    front ends (cli/ web/ check/ notebook/ rl/)  ->  play (play/)  ->  drawings (viz/)
        ->  teaching (teaching/ words, documents)  ->  engine (protocol, games/, search/)

A module may import its own layer and any layer to its right, never one to
its left. The engine in particular imports nothing of the teaching tools, so
a developer can read and ship the engine alone. Every ``__init__.py`` is read
too: a door that imported up a layer would be caught like any module.
"""

from __future__ import annotations

import ast
import functools
import importlib
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "perfectplay"

ENGINE = ("perfectplay._lazy", "perfectplay.errors", "perfectplay.files", "perfectplay.game", "perfectplay.hooks",
          "perfectplay.notation", "perfectplay.games", "perfectplay.search")
TEACHING = ("perfectplay.teaching", "perfectplay.words", "perfectplay.documents")
DRAWINGS = ("perfectplay.viz",)
"""A floor above the teaching tools: a drawing reads a trace or a tree, and no teaching tool imports a drawing."""
PLAY = ("perfectplay.play",)
FRONT_ENDS = ("perfectplay.cli", "perfectplay.web", "perfectplay.check", "perfectplay.__main__", "perfectplay.rl",
              "perfectplay.notebook")
LAYERS = (ENGINE, TEACHING, DRAWINGS, PLAY, FRONT_ENDS)
TOP_LEVEL_MODULES = {"perfectplay", "perfectplay._lazy", "perfectplay.errors", "perfectplay.files", "perfectplay.game",
                     "perfectplay.hooks", "perfectplay.notation", "perfectplay.documents", "perfectplay.__main__"}
"""The only modules that sit at the top of the package: every other one lives in the folder of its layer (the words
are a folder of their own, ``words/``, one subject a module)."""


def _layer_of(module: str) -> int | None:
    for index, prefixes in enumerate(LAYERS):
        if any(module == prefix or module.startswith(prefix + ".") for prefix in prefixes):
            return index
    return None


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@functools.cache
def _import_statements(path: Path) -> tuple[tuple[int, str, tuple[str, ...] | None], ...]:
    """Every absolute import of a module, anywhere in it: (line, module, the names ``from`` it or None for ``import``).

    Read once per module and process: three tests of this file walk every module's imports (1.2 s of CPU each time).
    """
    found: list[tuple[int, str, tuple[str, ...] | None]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name, None) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module, tuple(alias.name for alias in node.names)))
    return tuple(found)


def _imports(path: Path) -> list[tuple[int, str]]:
    return [(line, name) for line, name, _ in _import_statements(path) if name.startswith("perfectplay")]


SOURCES = sorted(PACKAGE.rglob("*.py"))
"""Every module, every door (``__init__.py``) included: the package's own door is held to the engine's layer."""


def _layer_of_source(module: str) -> int | None:
    return 0 if module == "perfectplay" else _layer_of(module)


def test_every_module_of_the_package_belongs_to_a_layer() -> None:
    unplaced = [_module_name(p) for p in SOURCES if _layer_of_source(_module_name(p)) is None]
    assert unplaced == []


def test_only_the_protocol_and_documents_sit_at_the_top_every_other_module_in_its_layers_folder() -> None:
    top = {_module_name(p) for p in SOURCES if p.parent == PACKAGE}
    assert top == TOP_LEVEL_MODULES


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: _module_name(p))
def test_imports_point_only_inward(path: Path) -> None:
    own = _layer_of_source(_module_name(path))
    assert own is not None
    outward = [f"line {line}: {name}" for line, name in _imports(path)
               if (layer := _layer_of(name)) is not None and layer > own]
    assert outward == [], f"{_module_name(path)} imports outward: {outward}"


def test_the_map_catches_an_engine_module_that_imports_a_teaching_tool(tmp_path: Path) -> None:
    offender = tmp_path / "bad.py"
    offender.write_text("from perfectplay.teaching.trace import Trace\n")
    assert [name for _, name in _imports(offender)] == ["perfectplay.teaching.trace"]
    assert _layer_of("perfectplay.teaching.trace") == 1
    assert _layer_of("perfectplay.viz.svg") == 2
    assert _layer_of("perfectplay.search.solver.exact") == 0


DOORS = ("perfectplay", "perfectplay._lazy", "perfectplay.files", "perfectplay.games", "perfectplay.search.solver",
         "perfectplay.teaching", "perfectplay.words", "perfectplay.documents", "perfectplay.viz")
"""What a front end may import the engine, the teaching tools and the drawings through: the public API, the
registry's and the solver's specialist doors, the teaching tools' facade, the words, the JSON documents and the
drawings' door; the play layer and the front ends' own packages are theirs."""

DOOR_KEEPERS = FRONT_ENDS
"""Every front end is held to the doors."""


def _behind_the_door(name: str) -> bool:
    layer = _layer_of(name)
    return layer is not None and layer <= LAYERS.index(DRAWINGS) and name not in DOORS


FRONT_END_SOURCES = [p for p in SOURCES if _module_name(p).startswith(DOOR_KEEPERS)]


@pytest.mark.parametrize("path", FRONT_END_SOURCES, ids=lambda p: _module_name(p))
def test_a_front_end_reaches_the_engine_and_the_teaching_tools_only_through_their_doors(path: Path) -> None:
    behind = [f"line {line}: {name}" for line, name in _imports(path) if _behind_the_door(name)]
    assert behind == [], f"{_module_name(path)} imports past the door: {behind}"


def test_the_door_check_catches_a_front_end_that_reaches_into_the_search(tmp_path: Path) -> None:
    offender = tmp_path / "bad.py"
    offender.write_text("from perfectplay.search.solver.exact import solve\nfrom perfectplay import solve as fine\n")
    assert [name for _, name in _imports(offender) if _behind_the_door(name)] == ["perfectplay.search.solver.exact"]
    assert not _behind_the_door("perfectplay.teaching") and not _behind_the_door("perfectplay.play.players")
    assert _behind_the_door("perfectplay.teaching.trace") and _behind_the_door("perfectplay.viz.tree_json")


PUBLIC_DOORS = ("perfectplay", "perfectplay.games", "perfectplay.search.solver", "perfectplay.teaching",
                "perfectplay.viz", "perfectplay.words", "perfectplay.play", "perfectplay.check", "perfectplay.notebook")
"""Every package a user imports names from, each with a sorted ``__all__`` (the rl door needs its extra)."""


@pytest.mark.parametrize("name", PUBLIC_DOORS)
def test_every_name_a_door_lists_is_there_sorted_and_nothing_more(name: str) -> None:
    door = importlib.import_module(name)
    assert list(door.__all__) == sorted(set(door.__all__))
    missing = [item for item in door.__all__ if getattr(door, item, None) is None]
    assert missing == []
    public = {item for item in dir(door) if not item.startswith("_") and item != "annotations"}
    modules = {item for item in public if type(getattr(door, item)).__name__ == "module"}
    assert public - modules == set(door.__all__)


@pytest.mark.parametrize("name", PUBLIC_DOORS)
def test_a_door_hands_out_names_of_its_own_layer_or_below_never_above(name: str) -> None:
    """A lazy door's homes are strings, not imports: the arrow check above cannot see them, so this one reads them."""
    door = importlib.import_module(name)
    own = _layer_of_source(name)
    assert own is not None
    above = sorted(home for home in getattr(door, "_HOMES", {}).values() if (_layer_of(home) or 0) > own)
    assert above == [], f"{name} hands out names from a layer above: {above}"


def test_the_teaching_door_hands_out_no_drawing_the_drawings_door_does() -> None:
    import perfectplay.teaching
    import perfectplay.viz

    assert not set(perfectplay.teaching.__all__) & set(perfectplay.viz.__all__)
    assert "trace_svg" in perfectplay.viz.__all__
    assert LAYERS.index(DRAWINGS) == LAYERS.index(TEACHING) + 1


def test_the_engine_door_names_the_engine_alone() -> None:
    import perfectplay

    homes = set(perfectplay._HOMES.values())
    assert [home for home in homes if _layer_of(home) != 0] == []
    assert len(perfectplay.__all__) <= 36  # issue 27: about 35 names, the engine alone


def test_no_two_modules_import_each_other_even_through_others_or_only_for_type_checking() -> None:
    """An import circle (``game`` <-> ``hooks``, a game <-> its node) means neither module can be read alone."""
    known = {_module_name(p) for p in [*SOURCES, *PACKAGE.rglob("*.pyi")]}
    arrows: dict[str, set[str]] = {}
    for path in SOURCES:
        found = set[str]()
        for _, module, names in _import_statements(path):  # every import: top level, in a function, TYPE_CHECKING
            if names is None:
                found.add(module)
            else:
                found.update(f"{module}.{name}" if f"{module}.{name}" in known else module for name in names)
        arrows[_module_name(path)] = found & known - {_module_name(path)}
    circles = []
    for start in arrows:  # a circle through ``start``: ``start`` reached again from one of its imports
        seen, todo = set(), list(arrows[start])
        while todo:
            module = todo.pop()
            if module not in seen:
                seen.add(module)
                todo.extend(arrows.get(module, ()))
        if start in seen:
            circles.append(start)
    assert circles == []
