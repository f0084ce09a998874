"""The registry that finds a game by name: every front end reads game specs through it.

A game is chosen by a *game spec*: its name, optionally followed by ``:`` and
parameters in the game's own words, e.g. ``tictactoe``, ``mnk:4,4,4``,
``connect4``, ``connect4:5,4``, ``nim``, ``nim:misere``. Every front end reads
specs through ``make_game`` and lists ``presets``, so none of them names a
game: adding one is a file in this package and a line in ``KINDS`` below.

A game of your own, outside this package, joins the registry with
``register_game``; ``load_game_file`` runs a file that does so (the CLI's
``--game FILE.py``), and from then on the solver, ``analyze`` and every
front end play it like the games here.
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

from perfectplay.errors import PerfectplayError, VariantError
from perfectplay.game import Game

if TYPE_CHECKING:
    import os
    from pathlib import Path

SPEC_MAX_CHARS = 40
"""Longest game spec read; every real one is far shorter."""

Maker = Callable[[str | None, str | None], Game[Any]]
"""Builds a game from the spec's parameters (None if the spec has none) and, for
games that size themselves by it, the position text (None if there is none)."""


def _built_in(module: str, function: str) -> Maker:
    """A built-in game's maker that imports the game's module on first use: a command loads only its game."""

    def make(params: str | None, position: str | None) -> Game[Any]:
        maker: Maker = getattr(importlib.import_module(f"perfectplay.games.{module}"), function)
        return maker(params, position)

    return make


class GameKind(NamedTuple):
    """One registered game: how to build it from a spec, and the variants front ends offer."""

    name: str
    make: Maker
    summary: str
    presets: tuple[str, ...]


KINDS: dict[str, GameKind] = {
    kind.name: kind
    for kind in (
        GameKind(
            "mnk",
            _built_in("mnk", "mnk_from_spec"),
            "k in a row on a rows x cols board (mnk:ROWS,COLS,K; size from the position if not given)",
            ("tictactoe", "mnk:4,4,3", "mnk:4,4,4", "mnk:5,5,4"),
        ),
        GameKind(
            "connect4",
            _built_in("connect4", "connect4_from_spec"),
            "four in a row, stones fall to the bottom (connect4 is 7x6; connect4:WIDTH,HEIGHT)",
            ("connect4", "connect4:5,4"),
        ),
        GameKind(
            "nim",
            _built_in("nim", "nim_from_spec"),
            "take any number of objects from one heap; the last object wins (nim:misere: it loses)",
            ("nim", "nim:misere"),
        ),
    )
}
"""Every game perfectplay knows, by the name that starts its spec."""

ALIASES: dict[str, str] = {"tictactoe": "mnk:3,3,3", "tic-tac-toe": "mnk:3,3,3"}
"""Names that stand for a full spec."""

DEFAULT_SPEC = "mnk"
"""The game when none is named: m,n,k, its size read from the position (3x3 without one)."""


def split_spec(spec: str) -> tuple[GameKind, str | None]:
    """The registered game a spec names, and its parameters (None when the spec has none)."""
    if not isinstance(spec, str):
        raise VariantError(f"a game spec must be text such as 'connect4', not {type(spec).__name__}")
    text = spec.strip().lower()
    if len(text) > SPEC_MAX_CHARS:
        raise VariantError(f"a game spec is at most {SPEC_MAX_CHARS} characters, such as 'mnk:4,4,4'")
    text = ALIASES.get(text, text)
    name, _, params = text.partition(":")
    kind = KINDS.get(name)
    if kind is None:
        known = ", ".join([*ALIASES, *KINDS])
        raise VariantError(f"unknown game {spec.strip()[:SPEC_MAX_CHARS]!r}: use one of {known}")
    return kind, (params.strip() or None) if ":" in text else None


def make_game(spec: str = DEFAULT_SPEC, position: str | None = None) -> Game[Any]:
    """The game a spec names, e.g. ``make_game("connect4")``; ``VariantError`` if there is none.

    ``position`` is only read by games that take their size from it (``mnk``
    without parameters).
    """
    kind, params = split_spec(spec)
    return kind.make(params, position)


def presets() -> tuple[Game[Any], ...]:
    """The variants front ends offer, game by game in registry order."""
    return tuple(make_game(spec) for kind in KINDS.values() for spec in kind.presets)


BUILT_IN = frozenset(KINDS)
"""The games of this package, which cannot be unregistered or replaced."""

_NAME = re.compile(r"[a-z][a-z0-9_-]*")
_loaded: dict[Path, tuple[GameKind, ...]] = {}
"""Game files already run, and the games each registered."""


def register_game(
    name: str, make: Maker, *, summary: str, presets: Iterable[str] = (), replace: bool = False
) -> GameKind:
    """Add a game to the registry: ``make_game``, the solver and every front end then know it.

    ``make(params, position)`` builds the game from the text after ``name:``
    in a spec (None when there is none) and, if the game sizes itself by it,
    the position text (None when there is none); it raises ``VariantError``
    for parameters it does not take. ``presets`` are the specs front ends
    offer (and the conformance test plays). A name already taken is refused
    unless ``replace`` is true; the built-in games are never replaced.
    """
    if not isinstance(name, str) or not _NAME.fullmatch(name) or len(name) > SPEC_MAX_CHARS // 2:
        raise VariantError(
            f"a game name is a lower-case letter, then letters, digits, '-' or '_' (at most 20); not {name!r}"
        )
    if name in ALIASES or name in BUILT_IN or (name in KINDS and not replace):
        raise VariantError(f"a game named {name!r} is already registered")
    if not callable(make):
        raise VariantError(f"make must be a function (params, position) -> game, not {type(make).__name__}")
    kind = GameKind(name, make, summary, tuple(presets))
    previous = KINDS.get(name)
    KINDS[name] = kind
    try:
        for spec in kind.presets:
            if split_spec(spec)[0] is not kind:
                raise VariantError(f"the preset {spec!r} is not a spec of {name!r}")
            make_game(spec)
    except Exception:
        if previous is None:
            del KINDS[name]
        else:
            KINDS[name] = previous
        raise
    return kind


def unregister_game(name: str) -> None:
    """Remove a game that ``register_game`` added (``VariantError`` for a built-in or unknown one)."""
    if name in BUILT_IN:
        raise VariantError(f"{name!r} is built in and stays registered")
    if name not in KINDS:
        raise VariantError(f"no game named {name!r} is registered")
    del KINDS[name]


def load_game_file(path: str | os.PathLike[str]) -> tuple[GameKind, ...]:
    """Run a Python file that registers games with ``register_game``; the games it added.

    A file is run once per process: loading it again returns the same games
    (unless they were unregistered since). Errors in the file come back as
    one ``VariantError`` naming the file.
    """
    # Imported here: only a command given a game file pays for them.
    import hashlib
    import importlib.util
    from pathlib import Path

    file = Path(path)
    resolved = file.resolve()
    done = _loaded.get(resolved)
    if done is not None and all(KINDS.get(kind.name) is kind for kind in done):
        return done
    if resolved.suffix != ".py" or not resolved.is_file():
        raise VariantError(f"{str(file)[:80]} is not a Python file: a game file is FILE.py that calls register_game")
    # A module name of its own per file (two files may share a stem), so that
    # its classes pickle and its dataclasses resolve.
    digest = hashlib.sha256(str(resolved).encode()).hexdigest()[:12]
    module_name = f"perfectplay_game_file_{re.sub(r'[^0-9A-Za-z_]', '_', resolved.stem)}_{digest}"
    spec = importlib.util.spec_from_file_location(module_name, resolved)
    if spec is None or spec.loader is None:
        raise VariantError(f"cannot load {file} as Python")
    module = importlib.util.module_from_spec(spec)
    before = dict(KINDS)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as error:
        sys.modules.pop(module_name, None)
        for name in [name for name in KINDS if before.get(name) is not KINDS[name]]:
            del KINDS[name]
        if isinstance(error, PerfectplayError):
            raise VariantError(f"{file}: {error}") from error
        raise VariantError(f"{file} failed to load: {type(error).__name__}: {error}") from error
    added = tuple(kind for name, kind in KINDS.items() if before.get(name) is not kind)
    if not added:
        raise VariantError(f"{file} registers no game: call perfectplay.games.register_game(...) in it")
    _loaded[resolved] = added
    return added
