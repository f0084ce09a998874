"""A trace as an SVG picture: board thumbnails as nodes, values beside them.

MAX nodes have blue frames, MIN nodes red ones; the chosen line is drawn in
gold; the moves alpha-beta cut are greyed with the condition that cut them;
each edge carries the window the child was searched with. A header gives
the node counts side by side, and a legend says how to read it all.
"""

from __future__ import annotations

from typing import Any

from perfectplay.game import Game
from perfectplay.teaching.orders import CutChanges
from perfectplay.teaching.trace import Trace, TraceNode, Window
from perfectplay.viz.labels import (
    counts_text,
    hidden_text,
    is_textbook,
    move_text,
    node_caption,
    node_value_text,
    shown_text,
    title_text,
)
from perfectplay.viz.layout import Layout, Placed, PrunedRow, Stub, lay_out
from perfectplay.viz.xml_text import escape
from perfectplay.words import ALPHA, BETA, MINUS, cut_text, window_label, window_text

BOARD = 42
"""Width and height of a board thumbnail, in pixels."""

COLUMN = 250
ROW = 62
MARGIN = 24
HEADER = 200
LABEL = BOARD + 8
"""Where a node's text starts, right of its thumbnail."""

ELBOW = 164
"""Where edges leave a parent: right of its text, before they fan out."""

STYLE = """
text { font-family: 'DejaVu Sans', Helvetica, Arial, sans-serif; fill: #1f2937; }
.title { font-size: 19px; font-weight: bold; }
.counts { font-size: 14px; font-weight: bold; fill: #374151; }
.info, .legend text { font-size: 12px; fill: #4b5563; }
.value { font-size: 15px; font-weight: bold; }
.caption { font-size: 11px; fill: #4b5563; }
.size { font-size: 10px; fill: #6b7280; }
.window { font-size: 10px; fill: #6b7280; }
.board rect.cell { fill: #ffffff; }
.board rect.last { fill: #fde68a; }
.board line.grid { stroke: #d1d5db; stroke-width: 1; }
.board .x { stroke: #111827; stroke-width: 2; stroke-linecap: round; }
.board .o { stroke: #111827; stroke-width: 2; fill: none; }
.frame { fill: none; stroke-width: 2.5; rx: 3; }
.max .frame { stroke: #2563eb; }
.min .frame { stroke: #dc2626; }
.chosen .frame { stroke: #d97706; stroke-width: 4; }
.edge { fill: none; stroke: #9ca3af; stroke-width: 1.4; }
.edge.chosen { stroke: #d97706; stroke-width: 3.5; }
.edge.cut { stroke: #9ca3af; stroke-dasharray: 5 4; }
.pruned { opacity: 0.4; }
.pruned .frame { stroke: #6b7280; stroke-dasharray: 4 3; }
.cut-label { font-size: 12px; font-weight: bold; fill: #b91c1c; }
.stub rect { fill: #f3f4f6; stroke: #9ca3af; stroke-dasharray: 4 3; }
.stub text { font-size: 12px; fill: #374151; }
.note { font-size: 13px; fill: #1d4ed8; }
.horizon .frame { stroke: #7c3aed; stroke-dasharray: 5 3; }
.value.guess { fill: #7c3aed; font-style: italic; }
.treenode rect.bg { fill: #f9fafb; }
.treenode text { font-size: 13px; font-weight: bold; }
.pruned.new .frame { stroke: #059669; stroke-dasharray: none; stroke-width: 3; }
.new-cut { font-size: 11px; font-weight: bold; fill: #059669; }
.vanished { font-size: 11px; font-weight: bold; fill: #b45309; }
"""


def trace_svg(
    trace: Trace,
    counts: dict[str, int] | None = None,
    *,
    note: str | None = None,
    changes: CutChanges | None = None,
) -> str:
    """Draw ``trace`` as a standalone SVG document.

    ``counts`` maps other searches' names to their node counts for this
    position (e.g. ``{"minimax": 549946}``); they are printed beside this
    search's own count in the header. ``note`` is a line printed under the
    header (how to draw more, say). ``changes`` marks the cuts that appear
    and vanish against another move order (``ordering.compare_cuts``).
    """
    layout = lay_out(trace.root)
    chosen = {node.id for node in trace.chosen_line()}
    legend, legend_lines = _legend(trace, changes)
    shift = max(0, 17 * (legend_lines - 4)) + (20 if note else 0)
    width = max(1100, MARGIN * 2 + layout.columns * COLUMN + _overhang(layout))
    height = HEADER + shift + MARGIN + layout.rows * ROW
    vanished = _paths(trace, changes.vanished) if changes else set()
    appeared = changes.appeared if changes else frozenset()
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-size="12">',
        f"<title>{escape(title_text(trace))}</title>",
        f"<style>{STYLE}</style>",
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
        _header(trace, counts, note),
        f'<g transform="translate(0,20)">{legend}</g>' if note else legend,
        f'<g transform="translate(0,{shift})">',
        '<g class="edges">',
        # The chosen line last, so grey edges sharing its elbow do not cover it.
        *(
            _edge(layout, placed, chosen)
            for placed in sorted(layout.nodes, key=lambda placed: placed.node.id in chosen)
            if placed.parent is not None
        ),
        *(_stub_edge(layout, stub) for stub in layout.stubs),
        *(_pruned_edge(layout, row) for row in layout.pruned),
        "</g>",
        '<g class="tree">',
        *(_node(trace, placed, chosen, vanished, changes) for placed in layout.nodes),
        *(_stub(trace, stub) for stub in layout.stubs),
        *(_pruned(trace, row, appeared) for row in layout.pruned),
        "</g>",
        "</g>",
        "</svg>",
    ]
    return "\n".join(parts) + "\n"


def _paths(trace: Trace, paths: frozenset[tuple[int, ...]]) -> set[int]:
    """The ids of the drawn nodes at these paths of moves."""
    ids: set[int] = set()

    def visit(node: TraceNode, path: tuple[int, ...]) -> None:
        if path in paths:
            ids.add(node.id)
        for child in node.children:
            assert child.move is not None
            visit(child, (*path, child.move))

    visit(trace.root, ())
    return ids


def _overhang(layout: Layout) -> int:
    """Extra width for rows of pruned boards, which run past their column."""
    widths = [len(row.parent.pruned) * (BOARD + 30) + 190 - COLUMN for row in layout.pruned]
    return max([0, *widths])


def _x(column: int) -> float:
    return MARGIN + column * COLUMN


def _y(row: float) -> float:
    return HEADER + MARGIN + row * ROW + BOARD / 2


def _header(trace: Trace, counts: dict[str, int] | None, note: str | None) -> str:
    extra = f'<text class="note" x="{MARGIN}" y="{MARGIN + 74}">{escape(note)}</text>' if note else ""
    return (
        '<g class="header">'
        f'<text class="title" x="{MARGIN}" y="{MARGIN + 10}">{escape(title_text(trace))}</text>'
        f'<text class="counts" x="{MARGIN}" y="{MARGIN + 34}">{escape(counts_text(trace, counts))}</text>'
        f'<text class="info" x="{MARGIN}" y="{MARGIN + 54}">{escape(shown_text(trace))}</text>'
        f"{extra}"
        "</g>"
    )


def _legend(trace: Trace, changes: CutChanges | None) -> tuple[str, int]:
    """The legend and the number of text lines under its swatches."""
    textbook = is_textbook(trace)
    top = MARGIN + 74
    base = trace.game.max_plies + 2
    side = trace.maximizer.value
    max_text = "MAX takes the largest child value" if textbook else f"MAX ({side}) takes the largest child value"
    entries = [
        (
            '<rect x="0" y="-11" width="14" height="14" fill="none" stroke="#2563eb" stroke-width="2.5"/>',
            max_text,
        ),
        (
            '<rect x="0" y="-11" width="14" height="14" fill="none" stroke="#dc2626" stroke-width="2.5"/>',
            "MIN takes the smallest",
        ),
        ('<line x1="0" y1="-4" x2="22" y2="-4" stroke="#d97706" stroke-width="3.5"/>', "the chosen line"),
        (
            '<rect x="0" y="-11" width="20" height="14" fill="#f3f4f6" stroke="#9ca3af" stroke-dasharray="4 3"/>',
            "+N more: searched, not drawn",
        ),
    ]
    if trace.algorithm == "alphabeta":
        entries.append(
            (
                '<line x1="0" y1="-4" x2="22" y2="-4" stroke="#9ca3af" stroke-width="1.4" stroke-dasharray="5 4"/>',
                "greyed: pruned, never searched",
            )
        )
    horizon = trace.search_depth is not None and not textbook
    if horizon:
        entries.append(
            (
                '<rect x="0" y="-11" width="14" height="14" fill="none" stroke="#7c3aed" stroke-width="2.5" '
                'stroke-dasharray="5 3"/>',
                f"horizon: valued by {trace.evaluation}",
            )
        )
    if changes is not None:
        entries.append(
            (
                '<rect x="0" y="-11" width="14" height="14" fill="none" stroke="#059669" stroke-width="3"/>',
                f"new cut: {changes.other} order searched it",
            )
        )
    items = []
    x = 0
    for swatch, text in entries:
        items.append(f'<g transform="translate({x},0)">{swatch}<text x="28" y="0">{escape(text)}</text></g>')
        x += 34 + int(len(text) * 6.6)
    if textbook:
        notes = [
            "Leaf values are given in MAX's view; each node above takes the largest (MAX) or smallest (MIN) "
            "value of its children. A node's name is its path: 2.1 is the first child of the second.",
        ]
    else:
        notes = [
            f"Values are from {side}'s side (MAX), plies counted from the top: a win at ply p = {base} {MINUS} p, "
            f"a loss = p {MINUS} {base}, a draw 0.",
            "Under each value: the node's role and side to move, or how the game ended; then the nodes searched "
            "below. Moves are numbered as on the board.",
        ]
    if horizon:
        notes.append(
            f"≈v: a heuristic estimate, {trace.evaluation} at the depth-{trace.search_depth} horizon (from {side}'s "
            "side), or backed up from one; proven wins and losses always outrank it."
        )
    if trace.algorithm == "alphabeta":
        notes.append(
            f"On each edge: the window ({ALPHA}, {BETA}) the child was searched with. ≤ v / ≥ v: only a bound."
        )
        if trace.find == "best":
            notes.append(
                f"The top node searches each move with {ALPHA} = best {MINUS} 1, so ties with the best get exact "
                "values."
            )
        else:
            notes.append(f"The top node searches each move with {ALPHA} = the best so far, as the textbooks do.")
    if changes is not None:
        notes.append(
            f"Against the {changes.other} order: green frames are cuts that appear here; "
            f"'✂ under {changes.other}' marks nodes searched here that it cut."
        )
    lines = "".join(f'<text x="0" y="{22 + 17 * index}">{escape(note)}</text>' for index, note in enumerate(notes))
    svg = f'<g class="legend" transform="translate({MARGIN},{top})">{"".join(items)}{lines}</g>'
    return svg, len(notes)


def _board(trace: Trace, node_state: object, move: int | None, x: float, y: float) -> str:
    """A thumbnail of the position drawn from the game's grid view, the last move shaded; text for other views."""
    game = trace.game
    if is_textbook(trace):
        name = escape(game.format(node_state))
        box = _box_width(trace, node_state)
        return (
            f'<g class="board treenode" transform="translate({x:.1f},{y:.1f})">'
            f'<rect class="bg" width="{box}" height="{BOARD}" rx="6"/>'
            f'<text x="{box / 2:.1f}" y="{BOARD / 2 + 5:.1f}" text-anchor="middle">{name}</text>'
            f'<rect class="frame" width="{box}" height="{BOARD}" rx="6"/></g>'
        )
    return board_thumbnail(game, node_state, move, x, y)


def board_thumbnail(game: Game[Any], node_state: object, move: int | None, x: float, y: float) -> str:
    """A position ``BOARD`` pixels wide at (x, y): the game's grid view with ``move`` shaded, else its text."""
    view = game.view(node_state)
    if view["kind"] != "grid":
        text = escape(game.format(node_state))
        return f'<g class="board"><text x="{x}" y="{y + BOARD / 2}" class="caption">{text}</text></g>'
    rows, cols = view["rows"], view["cols"]
    cell = BOARD / max(rows, cols)
    width, height = cell * cols, cell * rows
    parts = [f'<g class="board" transform="translate({x:.1f},{y:.1f})">']
    parts.append(f'<rect class="cell" width="{width:.1f}" height="{height:.1f}"/>')
    size = f'width="{cell:.1f}" height="{cell:.1f}"'
    for shaded in game.move_cells(node_state, move) if move is not None else ():
        row, col = divmod(shaded, cols)
        parts.append(f'<rect class="last" x="{col * cell:.1f}" y="{row * cell:.1f}" {size}/>')
    for line in range(1, cols):
        parts.append(f'<line class="grid" x1="{line * cell:.1f}" y1="0" x2="{line * cell:.1f}" y2="{height:.1f}"/>')
    for line in range(1, rows):
        parts.append(f'<line class="grid" x1="0" y1="{line * cell:.1f}" x2="{width:.1f}" y2="{line * cell:.1f}"/>')
    pad = cell * 0.22
    for index, stone in enumerate(view["cells"]):
        if not stone:
            continue
        row, col = divmod(index, cols)
        left, top = col * cell, row * cell
        if stone == "X":
            parts.append(
                f'<path class="x" d="M{left + pad:.1f},{top + pad:.1f}L{left + cell - pad:.1f},{top + cell - pad:.1f}'
                f'M{left + cell - pad:.1f},{top + pad:.1f}L{left + pad:.1f},{top + cell - pad:.1f}"/>'
            )
        else:
            parts.append(
                f'<circle class="o" cx="{left + cell / 2:.1f}" cy="{top + cell / 2:.1f}" r="{cell / 2 - pad:.1f}"/>'
            )
    parts.append(f'<rect class="frame" width="{width:.1f}" height="{height:.1f}"/>')
    parts.append("</g>")
    return "".join(parts)


def _box_width(trace: Trace, state: object) -> int:
    """Width of a node's picture: a board thumbnail, or a textbook node's name in a box."""
    if not is_textbook(trace):
        return BOARD
    return max(BOARD, 12 + 8 * len(trace.game.format(state)))


def _node(trace: Trace, placed: Placed, chosen: set[int], vanished: set[int], changes: CutChanges | None) -> str:
    node = placed.node
    x, y = _x(placed.column), _y(placed.row)
    label_x = x + _box_width(trace, node.state) + 8
    classes = ["node", node.role.lower()]
    if node.id in chosen:
        classes.append("chosen")
    if node.terminal:
        classes.append("leaf")
    if node.horizon and not is_textbook(trace):
        classes.append("horizon")
    move = "" if node.move is None else f' data-move="{node.move}"'
    # Kept short so it ends before the edges fan out; the full condition is
    # drawn beside the pruned boards, and every number is in the tooltip.
    size = f"{node.nodes:,} nodes" if node.nodes > 1 else ""
    if node.cut is not None and node.pruned:
        size += " · ✂ cut"
    value = node_value_text(trace, node)
    guess = " guess" if value.lstrip("≤≥ ").startswith("≈") else ""
    badge = ""
    if node.id in vanished and changes is not None:
        badge = f'<text class="vanished" x="{label_x}" y="{y + 34}">✂ under {escape(changes.other)}</text>'
    label = "" if node.move is None else f"move {trace.game.move_label(node.move)} · "
    tip = f"{label}{trace.game.format(node.state)} · {node.role} · value {value}"
    if node.entry is not None:
        tip += f" · on entry {window_text(node.entry)}"
    if node.exit is not None:
        tip += f" · on exit {window_text(node.exit)}"
    if node.cut is not None:
        tip += f" · cut: {cut_text(node.cut)}"
    tip += f" · {node.nodes:,} nodes searched here, {node.pruned_subtrees:,} subtrees pruned"
    return (
        f'<g class="{" ".join(classes)}" data-id="{node.id}"{move}>'
        f"<title>{escape(tip)}</title>"
        f"{_board(trace, node.state, node.move, x, y - BOARD / 2)}"
        f'<text class="value{guess}" x="{label_x}" y="{y - 6}">{escape(value)}</text>'
        f'<text class="caption" x="{label_x}" y="{y + 8}">{escape(node_caption(trace, node))}</text>'
        f"{_size_line(node, size, label_x, y + 21)}{badge}"
        "</g>"
    )


def _size_line(node: TraceNode, text: str, x: float, y: float) -> str:
    if not text:
        return ""
    kind = "cut-label" if node.cut is not None and node.pruned else "size"
    return f'<text class="{kind}" x="{x}" y="{y}">{escape(text)}</text>'


def _path(parent_column: int, parent_row: float, column: int, row: float) -> str:
    """An elbow from the right of the parent's text to the left of the child."""
    x1, y1 = _x(parent_column) + ELBOW - 10, _y(parent_row)
    bend = _x(parent_column) + ELBOW
    x2, y2 = _x(column) - 3, _y(row)
    return f"M{x1:.1f},{y1:.1f}H{bend:.1f}V{y2:.1f}H{x2:.1f}"


def _window_label(window: Window | None, column: int, row: float) -> str:
    if window is None:
        return ""
    x, y = _x(column) - 6, _y(row) - 4
    return f'<text class="window" x="{x:.1f}" y="{y:.1f}" text-anchor="end">{escape(window_label(window))}</text>'


def _edge(layout: Layout, placed: Placed, chosen: set[int]) -> str:
    assert placed.parent is not None, "the root has no edge"
    parent_row = layout.row_of[placed.parent.id]
    on_line = placed.node.id in chosen and placed.parent.id in chosen
    kind = "edge chosen" if on_line else "edge"
    path = _path(placed.column - 1, parent_row, placed.column, placed.row)
    return f'<path class="{kind}" d="{path}"/>' + _window_label(placed.node.entry, placed.column, placed.row)


def _stub_edge(layout: Layout, stub: Stub) -> str:
    path = _path(stub.column - 1, layout.row_of[stub.parent.id], stub.column, stub.row)
    return f'<path class="edge" d="{path}"/>' + _window_label(stub.hidden[0].entry, stub.column, stub.row)


def _pruned_edge(layout: Layout, row: PrunedRow) -> str:
    path = _path(row.column - 1, layout.row_of[row.parent.id], row.column, row.row)
    return f'<path class="edge cut" d="{path}"/>'


def _stub(trace: Trace, stub: Stub) -> str:
    x, y = _x(stub.column), _y(stub.row)
    text = hidden_text(stub.hidden)
    width = 16 + len(text) * 7
    moves = move_text(trace, [child.move for child in stub.hidden])
    return (
        f'<g class="stub" data-parent="{stub.parent.id}" data-count="{len(stub.hidden)}">'
        f"<title>{escape('searched, not drawn: moves ' + moves)}</title>"
        f'<rect x="{x}" y="{y - 13}" width="{width}" height="26" rx="4"/>'
        f'<text x="{x + 8}" y="{y + 4}">{escape(text)}</text>'
        "</g>"
    )


def _pruned(trace: Trace, row: PrunedRow, appeared: frozenset[tuple[int, ...]]) -> str:
    node = row.parent
    x, y = _x(row.column), _y(row.row)
    path = _path_of(trace, node)
    boards = []
    new = 0
    step = _pruned_step(trace, node)
    for index, move in enumerate(node.pruned):
        child = trace.game.play(node.state, move)
        classes = "pruned " + ("min" if node.maximizing else "max")
        if (*path, move) in appeared:
            classes += " new"
            new += 1
        boards.append(
            f'<g class="{classes}" data-move="{move}">{_board(trace, child, move, x + index * step, y - BOARD / 2)}</g>'
        )
    label_x = x + len(node.pruned) * step + 4
    condition = f"✂ {cut_text(node.cut)}" if node.cut is not None else "✂"
    caption = "pruned: never searched"
    if new:
        caption += f" · {new} new cut{'s' if new > 1 else ''}"
    caption_class = "new-cut" if new else "caption"
    return (
        f'<g class="cut" data-parent="{node.id}" data-count="{len(node.pruned)}">'
        f"<title>{escape('pruned, never searched: moves ' + move_text(trace, node.pruned))}</title>"
        f"{''.join(boards)}"
        f'<text class="cut-label" x="{label_x}" y="{y - 2}">{escape(condition)}</text>'
        f'<text class="{caption_class}" x="{label_x}" y="{y + 13}">{escape(caption)}</text>'
        "</g>"
    )


def _pruned_step(trace: Trace, node: TraceNode) -> float:
    """Horizontal distance between two pruned thumbnails (textbook names are wider than boards)."""
    if not is_textbook(trace):
        return BOARD + 6
    return max(_box_width(trace, trace.game.play(node.state, move)) for move in node.pruned) + 6


def _path_of(trace: Trace, target: TraceNode) -> tuple[int, ...]:
    """The moves from the root to a drawn node."""

    def find(node: TraceNode, path: tuple[int, ...]) -> tuple[int, ...] | None:
        if node.id == target.id:
            return path
        for child in node.children:
            assert child.move is not None
            found = find(child, (*path, child.move))
            if found is not None:
                return found
        return None

    found = find(trace.root, ())
    assert found is not None, "the node is drawn"
    return found
