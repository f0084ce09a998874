"""Named evaluation functions for depth-limited search, and loading your own.

The course labs' next chapter: a search that cannot reach the end of the game
stops ``D`` plies below the root and *evaluates* the positions there. An
evaluation function takes the game and a position that is not over and
returns a whole number **for the side to move there**: positive when that
side looks better, negative when worse, 0 when even. The searches keep every
proven win and loss beyond any value it returns (``scale.py``: values are
squeezed into ``-1,048,575 .. 1,048,575``), so a heuristic only ever orders
guesses among themselves.

Named evaluations (``EVALUATIONS``):

``none``
    0 everywhere: the search sees only wins and losses within its horizon.
``open-lines``
    The textbook one: the lines still open for the side to move (no enemy
    stone on them) minus the lines still open for the other side.
``threats``
    Open lines weighted by how full they are: a line with ``n`` of a side's
    stones and none of the other's counts ``3 ** (n - 1)`` for that side
    (empty lines count nothing); the side to move's total minus the other's.
    On 3x3 that is Russell and Norvig's ``3·X2 + X1 - (3·O2 + O1)``.
``engine``
    The heuristic the production solver uses at its horizon (the game's
    ``search_node(state).evaluate()``); every game has one.

``open-lines`` and ``threats`` work on any game made of lines (``LineGame``:
m,n,k boards, Connect Four); ``none`` and ``engine`` on every game.

**Your own** is ``module:function``: a Python file (``./myeval.py:evaluate``,
``/path/to/file.py:evaluate``) or a module (``myeval:evaluate`` looks for
``myeval.py`` in the current directory first, then on the Python path). The
function is called as ``function(game, state)`` with a position that is not
over and must return an ``int`` for the side to move, ``game.to_move(state)``.
Every way that can fail (no such file, a syntax error, no such function, a
function that raises or returns a float) is an ``EvaluationError`` with one
line that says what to fix.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import inspect
import numbers
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from perfectplay.errors import PerfectplayError
from perfectplay.game import Game, Player
from perfectplay.search.base.evaluation import Evaluator, no_evaluation


class EvaluationError(PerfectplayError):
    """An evaluation that cannot be used: unknown name, wrong game, or user code that fails."""


@runtime_checkable
class LineGame(Protocol):
    """A game won by filling a line: ``lines`` are bitmasks of cells, ``stones`` the same bits for one side."""

    @property
    def lines(self) -> Sequence[int]: ...

    def stones(self, state: Any, player: Player) -> int: ...


def is_line_game(game: Game[Any]) -> bool:
    """True if ``game`` exposes ``lines`` and ``stones`` (m,n,k boards, Connect Four)."""
    return isinstance(game, LineGame)


def _sides(game: Any, state: Any) -> tuple[int, int]:
    me = game.to_move(state)
    return game.stones(state, me), game.stones(state, me.other)


def open_lines(game: Game[Any], state: Any) -> int:
    """Lines with no enemy stone for the side to move, minus lines with none of its stones for the other side."""
    mine, theirs = _sides(game, state)
    lines: Sequence[int] = game.lines  # type: ignore[attr-defined]
    return sum(1 for line in lines if not line & theirs) - sum(1 for line in lines if not line & mine)


def threats(game: Game[Any], state: Any) -> int:
    """Open lines weighted ``3 ** (n - 1)`` by the ``n`` stones on them, the side to move's minus the other's."""
    mine, theirs = _sides(game, state)
    total = 0
    lines: Sequence[int] = game.lines  # type: ignore[attr-defined]
    for line in lines:
        if not line & theirs:
            count = (line & mine).bit_count()
            if count:
                total += 3 ** (count - 1)
        elif not line & mine:
            total -= 3 ** ((line & theirs).bit_count() - 1)
    return total


def engine(game: Game[Any], state: Any) -> int:
    """The production solver's own heuristic for this game (``SearchNode.evaluate``)."""
    return game.search_node(state).evaluate()


@dataclass(frozen=True, slots=True)
class Evaluation:
    """An evaluation function with its name and what it needs.

    ``function(game, state)`` values a position that is not over for the
    side to move. ``lines_only`` is true for evaluations that count lines.
    """

    name: str
    summary: str
    function: Evaluator
    lines_only: bool = False

    def applies_to(self, game: Game[Any]) -> bool:
        return not self.lines_only or is_line_game(game)


EVALUATIONS: dict[str, Evaluation] = {
    evaluation.name: evaluation
    for evaluation in (
        Evaluation("none", "0 at the horizon: only wins and losses within reach count", no_evaluation),
        Evaluation(
            "open-lines", "lines still open for the side to move minus lines open for the other side", open_lines, True
        ),
        Evaluation("threats", "open lines weighted 3^(n-1) by their n stones, mine minus theirs", threats, True),
        Evaluation("engine", "the heuristic the production solver uses at its horizon", engine),
    )
}
"""The named evaluations, in the order front ends list them."""

DEFAULT_EVALUATION = "open-lines"
"""What a depth limit uses when no evaluation is named, on games made of lines (else ``none``)."""


def evaluation_names(game: Game[Any] | None = None) -> tuple[str, ...]:
    """The named evaluations that work on ``game`` (all of them without a game)."""
    return tuple(name for name, item in EVALUATIONS.items() if game is None or item.applies_to(game))


def default_evaluation(game: Game[Any]) -> str:
    """``open-lines`` on games made of lines, ``none`` on the others."""
    return DEFAULT_EVALUATION if EVALUATIONS[DEFAULT_EVALUATION].applies_to(game) else "none"


_LOADED: dict[str, Evaluation] = {}
"""Your own evaluations loaded so far in this process, by their ``module:function`` spec."""


def get_evaluation(name: str, game: Game[Any] | None = None, *, load: bool = False) -> Evaluation:
    """The evaluation called ``name`` (a named one, or ``module:function``), checked against ``game``.

    Your own code is only imported when ``load`` is true (the command line
    does so for ``--eval``); afterwards its spec finds it without ``load``.
    A server that passes names from its clients therefore never imports a
    file a client names. Raises ``EvaluationError`` with one line that says
    what went wrong.
    """
    if not isinstance(name, str) or not name.strip():
        raise EvaluationError(f"an evaluation is a name such as {', '.join(EVALUATIONS)} or module:function")
    text = name.strip()
    if ":" in text:
        if text in _LOADED:
            return _LOADED[text]
        if not load:
            raise EvaluationError(
                f"{text[:60]!r} is your own evaluation, which is only loaded where it is allowed (the command line)"
            )
        _LOADED[text] = load_evaluation(text)
        return _LOADED[text]
    item = EVALUATIONS.get(text.lower())
    if item is None:
        known = ", ".join(EVALUATIONS)
        raise EvaluationError(f"unknown evaluation {text[:40]!r}: use one of {known}, or your own as module:function")
    if game is not None and not item.applies_to(game):
        usable = ", ".join(evaluation_names(game))
        raise EvaluationError(
            f"{item.name} counts lines, and {game.title} is not a game of lines: use one of {usable}, "
            "or your own as module:function"
        )
    return item


def load_evaluation(spec: str) -> Evaluation:
    """Your own evaluation, ``module:function`` or ``path/to/file.py:function`` (see the module notes)."""
    source, colon, attribute = spec.strip().rpartition(":")
    if not colon or not source or not attribute:
        raise EvaluationError(f"{spec[:60]!r} is not module:function, e.g. ./myeval.py:evaluate")
    if not attribute.isidentifier():
        raise EvaluationError(f"{attribute[:40]!r} after the colon is not a Python function name")
    module = _load_module(source)
    function = getattr(module, attribute, None)
    if function is None:
        raise EvaluationError(f"{source} has no function named {attribute!r}")
    if not callable(function):
        raise EvaluationError(f"{source}:{attribute} is a {type(function).__name__}, not a function")
    try:
        inspect.signature(function).bind(None, None)
    except TypeError:
        raise EvaluationError(f"{source}:{attribute} must take two arguments, (game, state)") from None
    except ValueError:
        pass  # some built-ins have no signature to check; the first call will tell
    return Evaluation(spec.strip(), f"your function {attribute} in {source}", _checked(spec.strip(), function))


def _load_module(source: str) -> Any:
    path = Path(source)
    local = Path(*source.split(".")).with_suffix(".py") if source.replace(".", "").isidentifier() else None
    if source.endswith(".py") or os.sep in source or "/" in source:
        return _load_file(path)
    if local is not None and local.is_file():
        return _load_file(local)
    try:
        return importlib.import_module(source)
    except ModuleNotFoundError as error:
        if error.name is not None and source.startswith(error.name):
            raise EvaluationError(
                f"no module named {source!r}: give a file such as ./{source}.py:FUNCTION, "
                "or a module on the Python path"
            ) from None
        raise EvaluationError(f"importing {source} failed: {error}") from None
    except Exception as error:  # the user's module raised while loading: say so in one line
        raise EvaluationError(f"importing {source} failed: {type(error).__name__}: {error}") from None


@cache
def _load_file(path: Path) -> Any:
    if not path.is_file():
        raise EvaluationError(f"no such file: {path}")
    digest = hashlib.sha1(str(path.resolve()).encode()).hexdigest()[:12]
    name = f"perfectplay_user_evaluation_{digest}"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise EvaluationError(f"{path} is not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except SyntaxError as error:
        del sys.modules[name]
        raise EvaluationError(f"syntax error in {path}, line {error.lineno}: {error.msg}") from None
    except Exception as error:  # the user's file raised while loading: say so in one line
        del sys.modules[name]
        raise EvaluationError(f"loading {path} failed: {type(error).__name__}: {error}") from None
    return module


def _checked(spec: str, function: Callable[..., Any]) -> Evaluator:
    """``function`` with its answers checked: an ``int`` (or integral number), else one clear error."""

    def evaluate(game: Game[Any], state: Any) -> int:
        try:
            value = function(game, state)
        except Exception as error:  # user code: whatever it raises becomes one line naming it
            raise EvaluationError(
                f"{spec} raised {type(error).__name__}: {error} (position {game.format(state)})"
            ) from None
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            raise EvaluationError(
                f"{spec} must return a whole number (int) for the side to move, not {value!r} "
                f"(position {game.format(state)})"
            )
        return int(value)

    return evaluate
