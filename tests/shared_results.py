"""Costly results made once per pytest run and read by every test process (each pytest-xdist worker).

A whole check of an example, the empty board searched by the textbook
minimax: several tests read the same frozen result, and they run on two
workers. Each result is pickled into a folder the run's workers share (the
parent of each worker's base temporary folder), under a lock of its own: the
first worker to ask makes it while the other, if it asks for the same one,
waits and then reads it; two different results are made side by side.

Without xdist, or where ``fcntl`` is missing (Windows), each test process
keeps its own results in memory: slower, never wrong.
"""

from __future__ import annotations

import hashlib
import os
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:  # pytest itself is not imported: a check's process shares draws through this module too
    import pytest

try:
    import fcntl
except ImportError:  # Windows: no shared results, each process makes its own
    fcntl = None  # type: ignore[assignment]

T = TypeVar("T")


class SharedResults:
    """``get(key, make)``: ``make()`` run once per run for each key, its result shared by the run's processes."""

    def __init__(self, folder: Path | None) -> None:
        self._folder = folder
        self._kept: dict[str, Any] = {}

    def get(self, key: str, make: Callable[[], T]) -> T:
        if key not in self._kept:
            self._kept[key] = self._shared(key, make) if self._folder is not None and fcntl is not None else make()
        value: T = self._kept[key]
        return value

    def _shared(self, key: str, make: Callable[[], T]) -> T:
        assert self._folder is not None
        name = hashlib.sha256(key.encode()).hexdigest()[:32]
        stored = self._folder / f"{name}.pickle"
        with open(self._folder / f"{name}.lock", "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes, also if make() raises
            if stored.exists():
                value: T = pickle.loads(stored.read_bytes())
                return value
            made = make()
            partial = stored.with_suffix(f".{os.getpid()}.partial")
            partial.write_bytes(pickle.dumps(made))
            os.replace(partial, stored)  # a reader sees the whole pickle or none
            return made


def shared_folder(factory: pytest.TempPathFactory) -> Path | None:
    """The folder this run's xdist workers share (None outside xdist: nothing to share it with)."""
    if os.environ.get("PYTEST_XDIST_WORKER") is None:
        return None
    # Each worker's base temporary folder is <the run's folder>/popen-gwN: their parent is this run's alone.
    folder = factory.getbasetemp().parent / "shared-results"
    folder.mkdir(exist_ok=True)
    return folder
