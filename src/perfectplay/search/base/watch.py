"""A watcher listens to a reference search node by node: the hook the visualiser records with.

``minimax`` and ``alphabeta`` call a watcher, when given one, as they enter
and leave every node and when alpha-beta cuts off the rest of a node's
moves. The tree the visualiser draws is recorded this way from the very
search that ran (``trace.py``), not from a look-alike; without a watcher the
searches pay one ``is not None`` test per node.

Values and windows are reported in the search's own view and internal units
(``scale.py``): for ``minimax`` from the root's side (MAX), with no window;
for ``alphabeta`` in negamax form, from the side to move at the node.
"""

from __future__ import annotations

from typing import Any, Protocol


class Watcher(Protocol):
    def enter(self, state: Any, move: int | None, ply: int, alpha: int | None, beta: int | None) -> None:
        """The search arrives at ``state`` by ``move`` (None at the root), ``ply`` plies below the root.

        ``alpha`` and ``beta`` are alpha-beta's window on entry (None for minimax).
        """
        ...

    def leave(self, value: int, *, terminal: bool, horizon: bool) -> None:
        """The search leaves the node it entered last with ``value``.

        ``terminal``: the game is over there; ``horizon``: the depth limit
        was reached there and ``value`` is the evaluation function's.
        """
        ...

    def prune(self, moves: tuple[int, ...], alpha: int, beta: int) -> None:
        """Alpha-beta cuts off: ``moves`` of the current node will not be searched.

        ``alpha`` (the best value found, which reached ``beta``) and
        ``beta`` are the bounds that met, in negamax form.
        """
        ...
