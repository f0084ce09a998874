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


def lay_out(root: TraceNode) -> Layout:
    """Rows and columns for every drawn node, stub and pruned row, in search order."""
    nodes: list[Placed] = []
    stubs: list[Stub] = []
    pruned: list[PrunedRow] = []
    next_row = 0

    def place(node: TraceNode, parent: TraceNode | None, column: int) -> float:
        nonlocal next_row
        rows = [place(child, node, column + 1) for child in node.children]
        if node.hidden:
            stubs.append(Stub(node, node.hidden, column + 1, next_row))
            rows.append(next_row)
            next_row += 1
        if node.pruned:
            pruned.append(PrunedRow(node, column + 1, next_row))
            rows.append(next_row)
            next_row += 1
        if rows:
            row = (rows[0] + rows[-1]) / 2
        else:
            row = next_row
            next_row += 1
        nodes.append(Placed(node, column, row, parent))
        return row

    place(root, None, 0)
    deepest = max(
        [placed.column for placed in nodes] + [stub.column for stub in stubs] + [row.column for row in pruned]
    )
    row_of = {placed.node.id: placed.row for placed in nodes}
    # Parents are placed after their children; hand them out in search order.
    in_order = tuple(sorted(nodes, key=lambda placed: placed.node.id))
    return Layout(in_order, tuple(stubs), tuple(pruned), next_row, deepest + 1, row_of)
