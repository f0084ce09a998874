"""A module-level object that answers ``isinstance`` or ``__module__`` with an error does not end the description.

``isinstance`` reads an object's ``__class__`` when its type is not the one
asked about, and a property there may raise anything; so may a callable's
``__module__``. The runner described the module's names with nothing around
those reads: one such object (an unbound proxy, say) ended the candidate's
process before it said what it loaded, and a correct AI beside it was
"broken", 0 points. Such a name is left out; the others are described.
A returned move or a raised exception that raises while it is read is
described as far as it lets itself be, never the end of the runner.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any

from perfectplay.check.run.inside import values
from perfectplay.check.run.inside.answering import Runner

SOURCE = """
X, O, EMPTY = "X", "O", None
board = [[EMPTY] * 3 for _ in range(3)]

def find_best_move(board):
    return 4

class NimAI:
    def choose_action(self, state, epsilon=True):
        return (0, 1)

class _NoClass:
    @property
    def __class__(self):
        raise ZeroDivisionError("an unbound proxy")

class _NoModule:
    def __call__(self):
        return None
    def __getattribute__(self, name):
        if name == "__module__":
            raise LookupError("no module for you")
        return object.__getattribute__(self, name)

proxy = _NoClass()
callable_proxy = _NoModule()
"""

RAISING = """
class Sly(Exception):
    def __str__(self):
        raise SystemExit(3)
    @property
    def __class__(self):
        raise ZeroDivisionError("no class")
    @property
    def __traceback__(self):
        raise KeyboardInterrupt
"""


class _AnyText:
    """Equal to any text: what a proxy's ``repr`` says is its own."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, str)

    __hash__ = None  # type: ignore[assignment]


ANY_REPR = _AnyText()


def described(source: str) -> dict[str, object]:
    module = ModuleType("candidate_liars")
    exec(compile(source, "candidate_liars.py", "exec"), module.__dict__)
    runner = Runner(Path("candidate_liars.py"), channel=None)  # type: ignore[arg-type]  # nothing is sent here
    runner.module = module
    return runner.describe()


def test_a_proxy_whose_class_raises_leaves_the_modules_other_names_described() -> None:
    found = described(SOURCE)
    functions = found["functions"]
    classes = found["classes"]
    assert isinstance(functions, dict) and isinstance(classes, dict)
    assert functions["find_best_move"] == 1
    assert classes["NimAI"] == {"choose_action": 1}
    assert found["constants"] == {"X": "X", "O": "O", "EMPTY": None}
    assert found["boards"] == [{"shape": "nested", "values": [None]}]
    assert "proxy" not in functions


def test_the_description_of_a_plain_module_is_what_it_was() -> None:
    plain = SOURCE[: SOURCE.index("class _NoClass")]
    assert described(plain)["functions"] == described(SOURCE)["functions"]


def test_a_returned_move_that_raises_while_it_is_read_is_something_else_not_the_end_of_the_runner() -> None:
    namespace: dict[str, Any] = {}
    exec(compile(SOURCE, "candidate_liars.py", "exec"), namespace)
    assert values.describe_answer(namespace["proxy"]) == {"kind": "other", "type": "_NoClass", "repr": ANY_REPR}
    assert values.describe_answer((1, 2)) == {"kind": "pair", "value": [1, 2], "type": "tuple"}


def test_an_exception_that_raises_while_it_is_read_is_still_named() -> None:
    namespace: dict[str, Any] = {}
    exec(compile(RAISING, "candidate_raising.py", "exec"), namespace)
    info = values.error_info(namespace["Sly"](), Path("candidate_raising.py"))
    assert info == {"type": "Sly", "message": "<Sly>"}
