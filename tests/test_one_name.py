"""One name, one idea: no two modules of ``src/perfectplay`` define a public class of the same name.

A newcomer who meets ``Board`` or ``Settings`` should be able to tell from
the name alone which room they are in. The clashes that remain are each
between the checker (``check/``) and another floor or inside the checker,
which is being rebuilt as one pipeline; they are listed here and the list
only shrinks: a clash not on it, or a new module joining one on it, fails.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "perfectplay"

CHECKER_CLASHES: dict[str, frozenset[str]] = {
    "Budget": frozenset({"check/run/worker.py", "search/base/budget.py"}),
    "Choice": frozenset({"check/report/model.py", "teaching/compare.py"}),
    "EndOfInput": frozenset({"check/run/runner.py", "cli/play.py"}),
    "Judgement": frozenset({"check/judge/connect4_judge.py", "check/judge/oracle.py"}),
    "Limits": frozenset({"check/run/sandbox.py", "check/settings.py"}),
    "MoveValue": frozenset({"check/judge/oracle.py", "search/base/result.py"}),
    "Position": frozenset({"check/position.py", "notebook/views.py"}),
    "Reading": frozenset({"check/judge/connect4_detect.py", "check/run/connect4_runner.py"}),
    "Settings": frozenset({"check/settings.py", "web/settings.py"}),
    "Worker": frozenset({"check/run/worker.py", "web/workers.py"}),
}
"""The clashes left to the checker's rebuild, each with the modules that define the name today: remove an entry
when its clash is gone. Where the other module is outside ``check/``, the checker's class is the vaguer name."""


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


def test_no_public_class_name_is_defined_in_two_modules_outside_the_checkers_list() -> None:
    new = {name: sorted(modules) for name, modules in clashes().items() if name not in CHECKER_CLASHES}
    assert new == {}, "one name, one idea: rename one of each"


def test_a_listed_clash_gains_no_module() -> None:
    grown = {
        name: sorted(modules - CHECKER_CLASHES[name])
        for name, modules in clashes().items()
        if name in CHECKER_CLASHES and not modules <= CHECKER_CLASHES[name]
    }
    assert grown == {}


def test_every_listed_clash_involves_the_checker() -> None:
    for name, modules in CHECKER_CLASHES.items():
        assert any(module.startswith("check/") for module in modules), name


def test_the_scan_finds_the_classes_it_should() -> None:
    classes = public_classes()
    assert classes["Connect4"] == {"games/connect4.py"}
    assert "TicTacToe" in classes and not any(name.startswith("_") for name in classes)
