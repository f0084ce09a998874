"""The site's generated pages (docs/_hooks/reference.py) cover every command and every public name of every door."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def hook() -> ModuleType:
    spec = importlib.util.spec_from_file_location("reference_hook", ROOT / "docs" / "_hooks" / "reference.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_door_of_the_package_has_a_page_in_the_api_reference() -> None:
    package = ROOT / "src" / "perfectplay"
    doors = {
        ".".join(path.parent.relative_to(package.parent).parts)
        for path in package.rglob("__init__.py")
        if "lazy_door(" in path.read_text(encoding="utf-8")
    }
    assert doors == set(hook().DOORS)


def test_each_door_page_lists_every_public_name_and_documents_each_object_once() -> None:
    reference = hook()
    documented: list[str] = []
    for door in reference.DOORS:
        page = reference.api_page(door)
        module = importlib.import_module(door)
        listed = re.findall(r"^\| \[`(\w+)`\]", page, re.MULTILINE)
        assert sorted(listed) == list(module.__all__), door  # __all__ is sorted; the page keeps the door's order
        documented += re.findall(r"^::: (\S+)$", page, re.MULTILINE)[1:]  # the first is the door's own docstring
    assert len(documented) == len(set(documented))
    assert "perfectplay.search.analysis.analyze" in documented


def test_the_command_reference_is_what_each_commands_help_prints() -> None:
    from perfectplay.cli import COMMANDS

    page = hook().cli_reference()
    for name in COMMANDS:
        assert f"\n## perfectplay {name}\n" in page
        assert f"usage: perfectplay {name} " in page
    assert "--time-limit" in page.split("## perfectplay analyze\n", 1)[1].split("\n## ", 1)[0]
