"""The doors' one mechanism: a package whose public names are imported on first use (PEP 562).

A door lists where each of its names lives; ``import perfectplay`` (or any
other door) then costs next to nothing, and a one-shot command loads only the
modules its answer needs. Each door also imports its names under
``TYPE_CHECKING``, so mypy and editors see them as plain attributes.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_door(
    package: str, homes: Mapping[str, str], namespace: dict[str, Any]
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of a door whose names live in the modules ``homes`` names."""

    def __getattr__(name: str) -> object:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(home), name)
        namespace[name] = value  # the next lookup is a plain attribute
        return value

    def __dir__() -> list[str]:
        return sorted({*namespace, *homes})

    return __getattr__, __dir__
