"""A textbook tree's node, its names and its limits: what both tree notations read into."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from perfectplay.errors import PositionError

MAX_TEXT = 5_000
"""Longest tree text read."""

MAX_LEAVES = 500
"""Most leaves in a textbook tree: a drawing of more helps nobody."""

MAX_DEPTH = 8
"""Deepest textbook tree."""

MAX_VALUE = 999_999
"""Largest leaf value, either sign (the searches keep guesses below 2 ** 20)."""


class TreeError(PositionError):
    """Text that is not a textbook tree, with what is wrong and where."""


@dataclass(frozen=True, slots=True)
class TreeNode:
    """A node of a textbook tree: a leaf with a value, or an inner node with children."""

    value: int | None
    children: tuple[TreeNode, ...] = ()

    @property
    def is_leaf(self) -> bool:
        return not self.children


def node_name(path: Sequence[int]) -> str:
    """``2.1`` for the first child of the second child (from 1); ``root`` for the root."""
    return ".".join(str(index + 1) for index in path) if path else "root"


def scan(pattern: re.Pattern[str], text: str) -> Iterator[re.Match[str]]:
    """The matches of ``pattern`` one after another from the start of ``text``, until one makes no progress.

    Both tree notations read their tokens this way; what stops the scan (a
    character no token starts with) is left for the reader to report.
    """
    position = 0
    while position < len(text):
        match = pattern.match(text, position)
        if match is None or match.end() == position:
            return
        yield match
        position = match.end()
