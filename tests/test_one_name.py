"""One name, one idea: no two modules of ``src/perfectplay`` define a public class of the same name.

A newcomer who meets ``Board`` or ``Settings`` should be able to tell from
the name alone which room they are in: a second module defining a public
class of a name already taken fails here.
"""

from __future__ import annotations

import ast
import functools
from collections import defaultdict
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "perfectplay"

@functools.cache  # both tests read the same scan: every module parsed once per process (0.6 s of CPU)
def public_classes() -> dict[str, set[str]]:
    """Every public class defined at the top of a module, with the modules (relative paths) that define it."""
    found: dict[str, set[str]] = defaultdict(set)
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                found[node.name].add(path.relative_to(PACKAGE).as_posix())
    return found


def clashes() -> dict[str, set[str]]:
    return {name: modules for name, modules in public_classes().items() if len(modules) > 1}


def test_no_public_class_name_is_defined_in_two_modules() -> None:
    # The checker's rebuild renamed the last clashes (Budget, Worker, Settings, Position ... in check/).
    assert {name: sorted(modules) for name, modules in clashes().items()} == {}, "one name, one idea: rename one"


def test_the_scan_finds_the_classes_it_should() -> None:
    classes = public_classes()
    assert classes["Connect4"] == {"games/connect4.py"}
    assert "TicTacToe" in classes and not any(name.startswith("_") for name in classes)
