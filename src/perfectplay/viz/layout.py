"""Where each part of a drawn trace goes: one row per leaf, one column per depth.

The tree grows left to right, which keeps a wide tree (nine moves from the
empty board) readable by scrolling down rather than sideways. Leaves, "+N
more" stubs and rows of pruned moves each take one row; a parent sits
halfway between its first and last row, as in a tidy tree drawing.
"""

from __future__ import annotations

from dataclasses import dataclass

from perfectplay.teaching.trace import HiddenChild, TraceNode


@dataclass(frozen=True, slots=True)
class Placed:
    """A node drawn at ``column`` (depth below the root) and ``row`` (may be fractional)."""

    node: TraceNode
    column: int
    row: float
    parent: TraceNode | None


@dataclass(frozen=True, slots=True)
class Stub:
    """Searched children of ``parent`` that are not drawn, in one row."""

    parent: TraceNode
    hidden: tuple[HiddenChild, ...]
    column: int
    row: float


@dataclass(frozen=True, slots=True)
class PrunedRow:
    """The moves alpha-beta cut at ``parent``, drawn greyed in one row."""

    parent: TraceNode
    column: int
    row: float


@dataclass(frozen=True, slots=True)
class Layout:
    nodes: tuple[Placed, ...]
    stubs: tuple[Stub, ...]
    pruned: tuple[PrunedRow, ...]
    rows: int
    columns: int
    row_of: dict[int, float]
    """The row of every drawn node, by node id (edges start at their parent's row)."""


class Rows:
    """Rows handed out from the top: a leaf or a stub takes the next one, a parent sits between its children."""

    def __init__(self) -> None:
        self.used = 0

    def take(self) -> int:
        row = self.used
        self.used += 1
        return row

    def for_parent(self, below: list[float]) -> float:
        """Halfway between the first and last of ``below`` (its children's and stubs' rows), or a row of its own."""
        return (below[0] + below[-1]) / 2 if below else self.take()


def lay_out(root: TraceNode) -> Layout:
    """Rows and columns for every drawn node, stub and pruned row, in search order."""
    nodes: list[Placed] = []
    stubs: list[Stub] = []
    pruned: list[PrunedRow] = []
    taken = Rows()

    def place(node: TraceNode, parent: TraceNode | None, column: int) -> float:
        rows = [place(child, node, column + 1) for child in node.children]
        if node.hidden:
            stubs.append(Stub(node, node.hidden, column + 1, taken.take()))
            rows.append(stubs[-1].row)
        if node.pruned:
            pruned.append(PrunedRow(node, column + 1, taken.take()))
            rows.append(pruned[-1].row)
        row = taken.for_parent(rows)
        nodes.append(Placed(node, column, row, parent))
        return row

    place(root, None, 0)
    deepest = max(
        [placed.column for placed in nodes] + [stub.column for stub in stubs] + [row.column for row in pruned]
    )
    row_of = {placed.node.id: placed.row for placed in nodes}
    # Parents are placed after their children; hand them out in search order.
    in_order = tuple(sorted(nodes, key=lambda placed: placed.node.id))
    return Layout(in_order, tuple(stubs), tuple(pruned), taken.used, deepest + 1, row_of)
