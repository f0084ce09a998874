"""tests/ mirrors src/perfectplay/ folder for folder, so that a change and its tests sit side by side (DESIGN.md 15)."""

from __future__ import annotations

from pathlib import Path

from repo_paths import ROOT, TESTS

PACKAGE = ROOT / "src" / "perfectplay"

NOT_TESTS = {"data", "hostile", "__pycache__"}
"""Folders of tests/ that hold what the tests read (positions, hostile submissions), not tests of a source folder."""
BESIDE_THE_PACKAGE = {Path("docs")}
"""Test folders named for a folder of the checkout beside the package: docs/ (the site and its examples)."""


def _code_folders() -> set[Path]:
    """Every folder of the package that holds code (Python, or the compiled core's C), relative to the package."""
    sources = [*PACKAGE.rglob("*.py"), *PACKAGE.rglob("*.c")]
    return {path.parent.relative_to(PACKAGE) for path in sources} - {Path(".")}


def _test_folders() -> set[Path]:
    """Every folder of tests/ that holds a test module, relative to tests/."""
    folders = {path.parent.relative_to(TESTS) for path in TESTS.rglob("test_*.py")}
    return {folder for folder in folders if not NOT_TESTS & set(folder.parts)} - {Path(".")}


def test_every_test_folder_is_named_like_a_source_folder() -> None:
    strays = sorted(str(folder) for folder in _test_folders() - _code_folders() - BESIDE_THE_PACKAGE)
    assert strays == [], f"test folders with no source folder of the same name: {strays}"


def test_every_source_folder_with_code_has_its_test_folder() -> None:
    untested = sorted(str(folder) for folder in _code_folders() - _test_folders())
    assert untested == [], f"source folders with no test folder of the same name: {untested}"


def test_test_file_names_are_unique_across_the_tree() -> None:
    # pytest imports test modules by their base name (no __init__.py): two of one name would collide.
    names = [path.name for path in TESTS.rglob("test_*.py") if not NOT_TESTS & set(path.relative_to(TESTS).parts)]
    assert len(names) == len(set(names)), sorted({name for name in names if names.count(name) > 1})
