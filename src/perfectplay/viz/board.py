"""One position as an SVG picture, optionally with every move's outcome on it (a pure function -> str).

The trace drawings in ``svg.py`` show small thumbnails inside a tree; this
is the position on its own, large enough to read the outcome of each move
in its cell. It is drawn from the game's own description of the position,
``Game.view`` (the one the browser page draws), never from the game's
type, so a new game that returns a view gets its board drawn: a grid of
crosses and circles with each free cell's label and outcome (m,n,k boards),
a frame of discs with each column's outcome above it when stones drop
(Connect Four), rows of sticks with the outcomes in lines under them
(heaps, as Nim), any other view as the game's text notation.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from perfectplay.game import Game, Outcome
from perfectplay.viz.xml_text import escape

CELL = 56
PAD = 10

STYLE = """
text { font-family: 'DejaVu Sans', Helvetica, Arial, sans-serif; }
.grid { stroke: #9ca3af; stroke-width: 1.5; }
.x { stroke: #1d4ed8; stroke-width: 4; stroke-linecap: round; }
.o { stroke: #dc2626; stroke-width: 4; fill: none; }
.last { fill: #fef3c7; }
.line { fill: #bbf7d0; }
.label { font-size: 11px; fill: #9ca3af; }
.mark { font-size: 15px; font-weight: bold; text-anchor: middle; }
.win { fill: #15803d; }
.draw { fill: #4b5563; }
.loss { fill: #b91c1c; }
.unknown { fill: #7c3aed; }
.best { text-decoration: underline; }
.c4 { fill: #1e40af; }
.hole { fill: #ffffff; }
.stone-x { fill: #dc2626; }
.stone-o { fill: #facc15; }
.stick { stroke: #92400e; stroke-width: 5; stroke-linecap: round; }
.heap { font-size: 13px; fill: #374151; }
.caption { font-size: 13px; fill: #374151; }
"""


def short(outcome: Outcome) -> str:
    """``W3``, ``D``, ``L4`` or ``?``: an outcome in the few letters a cell has room for."""
    if outcome.name == "draw":
        return "D"
    if outcome.name == "unknown" or outcome.plies is None:
        return "?"
    return f"{outcome.name[0].upper()}{outcome.plies}"


def position_svg(
    game: Game[Any],
    state: Any,
    *,
    outcomes: Mapping[int, Outcome] | None = None,
    best: tuple[int, ...] = (),
    last_move: int | None = None,
    caption: str | None = None,
) -> str:
    """Draw ``state`` as a standalone SVG document.

    ``outcomes`` maps legal moves to what they lead to (``W3`` in green,
    ``D`` grey, ``L4`` red, best moves underlined); ``last_move``, the move
    that led to ``state``, is shaded (the cells ``Game.move_cells`` names);
    ``caption`` is a line of text under the picture.
    """
    marks = dict(outcomes or {})
    view = game.view(state)
    shaded = frozenset(game.move_cells(state, last_move)) if last_move is not None else frozenset()
    if view["kind"] == "grid" and view.get("drop"):
        body, width, height = _discs(view, marks, best, shaded)
    elif view["kind"] == "grid":
        body, width, height = _grid(view, marks, best, shaded)
    elif view["kind"] == "heaps":
        body, width, height = _heaps(game, view, marks, best)
    else:
        text = escape(game.format(state))
        width, height = max(160, 9 * len(text) + 2 * PAD), 40
        body = f'<text class="caption" x="{PAD}" y="25">{text}</text>'
    if caption:
        body += f'<text class="caption" x="{PAD}" y="{height + 18}">{escape(caption)}</text>'
        height += 26
        width = max(width, 8 * len(caption) + 2 * PAD)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">'
        f"<title>{escape(game.title)}: {escape(game.format(state))}</title>"
        f"<style>{STYLE}</style>"
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>{body}</svg>\n'
    )


def _mark(outcome: Outcome, is_best: bool, x: float, y: float) -> str:
    classes = f"mark {outcome.name}" + (" best" if is_best else "")
    return f'<text class="{classes}" x="{x:.1f}" y="{y:.1f}">{escape(short(outcome))}</text>'


def _clicks(view: dict[str, Any]) -> list[int | None]:
    """The move a click on each cell plays (None where none does): the view's, or none at all."""
    cells = len(view["cells"])
    click = view.get("click")
    return list(click) if click is not None and len(click) == cells else [None] * cells


def _labels(view: dict[str, Any]) -> list[str | None]:
    cells = len(view["cells"])
    labels = view.get("labels")
    return list(labels) if labels is not None and len(labels) == cells else [None] * cells


def _grid(
    view: dict[str, Any], marks: dict[int, Outcome], best: tuple[int, ...], shaded: frozenset[int]
) -> tuple[str, int, int]:
    """Crosses and circles on a grid; a free cell shows its label, and the outcome of the move a click on it plays."""
    rows, cols = view["rows"], view["cols"]
    width, height = cols * CELL + 2 * PAD, rows * CELL + 2 * PAD
    parts = []
    line = set(view.get("line", ()))
    clicks, labels = _clicks(view), _labels(view)
    for cell, stone in enumerate(view["cells"]):
        row, col = divmod(cell, cols)
        x, y = PAD + col * CELL, PAD + row * CELL
        if cell in line:
            parts.append(f'<rect class="line" x="{x}" y="{y}" width="{CELL}" height="{CELL}"/>')
        elif cell in shaded:
            parts.append(f'<rect class="last" x="{x}" y="{y}" width="{CELL}" height="{CELL}"/>')
        inset = CELL * 0.24
        if stone == "X":
            parts.append(
                f'<path class="x" d="M{x + inset:.1f},{y + inset:.1f}L{x + CELL - inset:.1f},{y + CELL - inset:.1f}'
                f'M{x + CELL - inset:.1f},{y + inset:.1f}L{x + inset:.1f},{y + CELL - inset:.1f}"/>'
            )
        elif stone:
            parts.append(f'<circle class="o" cx="{x + CELL / 2}" cy="{y + CELL / 2}" r="{CELL / 2 - inset:.1f}"/>')
        else:
            if labels[cell] is not None:
                parts.append(f'<text class="label" x="{x + 4}" y="{y + 13}">{escape(str(labels[cell]))}</text>')
            move = clicks[cell]
            if move is not None and move in marks:
                parts.append(_mark(marks[move], move in best, x + CELL / 2, y + CELL / 2 + 6))
    for col in range(1, cols):
        x = PAD + col * CELL
        parts.append(f'<line class="grid" x1="{x}" y1="{PAD}" x2="{x}" y2="{height - PAD}"/>')
    for row in range(1, rows):
        y = PAD + row * CELL
        parts.append(f'<line class="grid" x1="{PAD}" y1="{y}" x2="{width - PAD}" y2="{y}"/>')
    return "".join(parts), width, height


def _discs(
    view: dict[str, Any], marks: dict[int, Outcome], best: tuple[int, ...], shaded: frozenset[int]
) -> tuple[str, int, int]:
    """Discs in a frame, for stones that drop: labels where a stone would land, each column's outcome above it."""
    rows, cols = view["rows"], view["cols"]
    size = CELL * 0.8
    top = 26 if marks else 0
    width = int(cols * size + 2 * PAD)
    height = int(rows * size + 2 * PAD + top)
    board = f'width="{cols * size:.1f}" height="{rows * size:.1f}"'
    parts = [f'<rect class="c4" x="{PAD}" y="{PAD + top}" {board} rx="8"/>']
    line = set(view.get("line", ()))
    clicks, labels = _clicks(view), _labels(view)
    column_move: dict[int, int] = {}
    for cell, stone in enumerate(view["cells"]):
        row, col = divmod(cell, cols)
        cx, cy = PAD + (col + 0.5) * size, PAD + top + (row + 0.5) * size
        kind = "hole" if not stone else f"stone-{stone.lower()}"
        ring = ""
        if cell in line:
            ring = ' stroke="#15803d" stroke-width="4"'
        elif cell in shaded:
            ring = ' stroke="#f59e0b" stroke-width="3"'
        parts.append(f'<circle class="{kind}" cx="{cx:.1f}" cy="{cy:.1f}" r="{size * 0.4:.1f}"{ring}/>')
        if not stone and labels[cell] is not None:
            parts.append(f'<text class="label" x="{cx - 3:.1f}" y="{cy + 4:.1f}">{escape(str(labels[cell]))}</text>')
        move = clicks[cell]
        if move is not None:
            column_move.setdefault(col, move)
    for col, move in sorted(column_move.items()):
        if move in marks:
            parts.append(_mark(marks[move], move in best, PAD + (col + 0.5) * size, PAD + 16))
    return "".join(parts), width, height


def _heaps(
    game: Game[Any], view: dict[str, Any], marks: dict[int, Outcome], best: tuple[int, ...]
) -> tuple[str, int, int]:
    """A row of sticks per heap; the outcomes, too many for the picture, in lines of text under it."""
    heaps = view["heaps"]
    row_height = 30
    longest = max(heaps, default=0)
    width = max(220, 70 + 14 * longest + 2 * PAD)
    parts = []
    for index, size in enumerate(heaps):
        y = PAD + index * row_height
        parts.append(f'<text class="heap" x="{PAD}" y="{y + 19}">heap {index + 1}</text>')
        for stick in range(size):
            x = PAD + 66 + stick * 14
            parts.append(f'<line class="stick" x1="{x}" y1="{y + 4}" x2="{x}" y2="{y + 24}"/>')
    height = PAD * 2 + row_height * len(heaps)
    if marks:
        ordered = sorted(marks, key=lambda move: (move not in best, move))
        words = [f"{game.move_label(move)}: {short(marks[move])}" for move in ordered]
        for start in range(0, len(words), 4):
            height += 18
            text = escape(", ".join(words[start : start + 4]))
            parts.append(f'<text class="caption" x="{PAD}" y="{height - 4}">{text}</text>')
        width = max(width, 2 * PAD + 8 * max(len(", ".join(words[s : s + 4])) for s in range(0, len(words), 4)))
    return "".join(parts), int(width), height
