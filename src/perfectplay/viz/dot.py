"""A trace as Graphviz DOT text, for ``dot -Tsvg`` or ``dot -Tpng``.

Nodes show the board as text rows, the value and the role; the chosen line
is bold gold, cut moves are dashed grey with the condition on their edge,
and the edges carry the window each child was searched with.
"""

from __future__ import annotations

from perfectplay.teaching.orders import CutChanges
from perfectplay.teaching.trace import Trace, TraceNode, Window
from perfectplay.viz.labels import header_lines, hidden_text, is_textbook, node_caption, node_value_text
from perfectplay.words import cut_text, window_label

ROLE_COLOURS = {"MAX": "#2563eb", "MIN": "#dc2626"}
GOLD = "#d97706"
HORIZON = "#7c3aed"
NEW_CUT = "#059669"


def _quote(text: str) -> str:
    """A DOT string literal; ``\\n`` stays a line break, quotes and backslashes are escaped."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _board_lines(trace: Trace, state: object) -> str:
    if is_textbook(trace):
        return trace.game.format(state)
    return "\n".join(" ".join(row) for row in trace.game.format(state).split("/"))


def _window(window: Window | None) -> str:
    if window is None:
        return ""
    return window_label(window)


def trace_dot(
    trace: Trace,
    counts: dict[str, int] | None = None,
    *,
    note: str | None = None,
    changes: CutChanges | None = None,
) -> str:
    """Draw ``trace`` as a DOT digraph; ``counts``, ``note`` and ``changes`` as for ``trace_svg``.

    Horizon nodes have dashed purple frames and heuristic values read ``≈v``;
    with ``changes``, cuts that appear against the other order are green and
    nodes it cut say so.
    """
    chosen = {node.id for node in trace.chosen_line()}
    header = "\n".join(header_lines(trace, counts, note))
    lines = [
        "digraph search {",
        f"  graph [rankdir=LR, labelloc=t, labeljust=l, fontname=Helvetica, label={_quote(header)}];",
        '  node [shape=box, style="rounded,filled", fillcolor=white, fontname=Courier, fontsize=11];',
        "  edge [fontname=Helvetica, fontsize=9, color=gray50];",
    ]

    appeared = changes.appeared if changes else frozenset()
    vanished = changes.vanished if changes else frozenset()

    def visit(node: TraceNode, path: tuple[int, ...]) -> None:
        name = f"n{node.id}"
        label = f"{_board_lines(trace, node.state)}\n{node_value_text(trace, node)}  {node_caption(trace, node)}"
        if node.nodes > 1:
            label += f"\n{node.nodes:,} nodes"
        if changes is not None and path in vanished:
            label += f"\n✂ under {changes.other}"
        width = 3 if node.id in chosen else 1.5
        colour = GOLD if node.id in chosen else HORIZON if node.horizon else ROLE_COLOURS[node.role]
        style = ', style="rounded,filled,dashed"' if node.horizon else ""
        lines.append(f"  {name} [label={_quote(label)}, color={_quote(colour)}, penwidth={width}{style}];")
        for child in node.children:
            assert child.move is not None
            visit(child, (*path, child.move))
            bold = child.id in chosen and node.id in chosen
            style = f', color="{GOLD}", penwidth=3' if bold else ""
            lines.append(f"  {name} -> n{child.id} [label={_quote(_window(child.entry))}{style}];")
        if node.hidden:
            stub = f"more{node.id}"
            stub_label = _quote(hidden_text(node.hidden))
            lines.append(f'  {stub} [label={stub_label}, style="dashed,rounded", fontname=Helvetica];')
            lines.append(f"  {name} -> {stub} [label={_quote(_window(node.hidden[0].entry))}];")
        for move in node.pruned:
            cut = f"cut{node.id}_{move}"
            board = _board_lines(trace, trace.game.play(node.state, move))
            new = (*path, move) in appeared
            words = "pruned (new cut)" if new else "pruned"
            colour = f'color="{NEW_CUT}", fontcolor="{NEW_CUT}"' if new else "color=gray60, fontcolor=gray60"
            lines.append(f'  {cut} [label={_quote(board + chr(10) + words)}, style="dashed,rounded", {colour}];')
            condition = _quote(f"✂ {cut_text(node.cut)}" if node.cut is not None else "✂")
            lines.append(f'  {name} -> {cut} [label={condition}, style=dashed, fontcolor="#b91c1c"];')

    visit(trace.root, ())
    lines.append("}")
    return "\n".join(lines) + "\n"
