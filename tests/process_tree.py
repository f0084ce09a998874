"""The processes a test started, for the tests that prove a candidate leaves none behind."""

from __future__ import annotations

import os
from pathlib import Path


def descendants(pid: int, earlier: frozenset[int] = frozenset()) -> set[int]:
    """Every live process under ``pid``, except those in ``earlier`` and whatever they start.

    A test process may hold processes of its own from other tests (the
    browser tests' Chromium, their server and its search workers) that
    start children whenever they like: a renderer, a new worker. Those are
    not a candidate's, so the walk does not go below them.
    """
    found: set[int] = set()
    pending = [pid]
    while pending:
        current = pending.pop()
        try:
            tasks = os.listdir(f"/proc/{current}/task")
        except OSError:
            continue  # ended while we looked
        for task in tasks:
            try:
                children = Path(f"/proc/{current}/task/{task}/children").read_text().split()
            except OSError:
                continue
            for child in map(int, children):
                if child not in earlier:
                    found.add(child)
                    pending.append(child)
    return found


def started_since(earlier: frozenset[int]) -> set[int]:
    """The live processes under this one that were not there when ``earlier`` was taken, nor under those."""
    return descendants(os.getpid(), earlier)
