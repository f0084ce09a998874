"""An MCTS tree (``teaching/uct_tree.py``) drawn four ways: JSON for the page, SVG, a LaTeX ``forest``, a text outline.

All four say the same things about each shown node: the move into it and
who made it, its visits, the mean reward MCTS learned for that side (1 a
win, 0.5 a draw, 0 a loss), and beside it the exact outcome the solver
proves, where it does. The line MCTS would play is marked, and children
not shown are summed up as "+N more" with their visits.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from perfectplay.teaching.mcts_study import REWARDS
from perfectplay.teaching.uct_tree import MctsHiddenChild, MctsShownNode, MctsTree
from perfectplay.viz.layout import Rows
from perfectplay.viz.svg import BOARD, board_thumbnail
from perfectplay.viz.tikz import PREAMBLE, STYLES, latex_text
from perfectplay.viz.xml_text import escape

Viewer = Callable[[Any], dict[str, Any]]
"""Draws a state for a front end (the web's ``view`` of each node); None leaves views out."""

MEANS = "mean = the mean reward of the move for the side that made it (1 win, 0.5 draw, 0 loss)"


def title_text(tree: MctsTree) -> str:
    game = tree.game
    return (
        f"Monte Carlo tree search (UCT, seed {tree.seed}) after {tree.iterations:,} iterations on "
        f"{game.format(tree.state)} ({tree.maximizer.value} to move): plays {game.move_label(tree.best)}"
    )


def shown_text(tree: MctsTree) -> str:
    return (
        f"{tree.shown:,} of the {tree.nodes:,} nodes it grew shown, the most visited first; {MEANS}; "
        "exact: the solver's outcome for that side"
    )


def mean_text(mean: float) -> str:
    return f"{mean:.2f}"


def exact_text(exact: str | None) -> str:
    """``exact win (1)``, or ``exact ?`` where the solver did not prove it within its budget."""
    return "exact ?" if exact is None else f"exact {exact} ({REWARDS[exact]:g})"


def _hidden_text(hidden: tuple[MctsHiddenChild, ...]) -> str:
    visits = sum(child.visits for child in hidden)
    return f"+{len(hidden)} more ({visits:,} visits)"


def _mover(tree: MctsTree, node: MctsShownNode) -> str:
    return "" if node.mover is None else node.mover.value


# --- JSON ------------------------------------------------------------------------------------------


def _hidden_json(tree: MctsTree, parent: MctsShownNode, child: MctsHiddenChild, view: Viewer | None) -> dict[str, Any]:
    game = tree.game
    extra = {} if view is None else {"view": view(game.play(parent.state, child.move))}
    return {
        "id": child.id,
        "move": child.move,
        **game.move_fields(child.move),
        "label": game.move_label(child.move),
        "visits": child.visits,
        "mean": round(child.mean, 4),
        "exact": child.exact,
        "exact_reward": None if child.exact is None else REWARDS[child.exact],
        "text": mean_text(child.mean),
        "nodes": child.size,
        "pruned_subtrees": 0,
        "steps": 0,
        **extra,
    }


def _node_json(tree: MctsTree, node: MctsShownNode, view: Viewer | None) -> dict[str, Any]:
    game = tree.game
    extra = {} if view is None else {"view": view(node.state)}
    moved = {} if node.move is None else {**game.move_fields(node.move), "label": game.move_label(node.move)}
    return {
        "id": node.id,
        "move": node.move,
        **moved,
        "position": game.format(node.state),
        "to_move": node.to_move.value,
        "mover": None if node.mover is None else node.mover.value,
        "role": "MAX" if node.to_move == tree.maximizer else "MIN",
        "depth": node.depth,
        "visits": node.visits,
        "mean": round(node.mean, 4),
        "exact": node.exact,
        "exact_reward": node.exact_reward,
        "text": mean_text(node.mean),
        "terminal": node.terminal,
        "outcome": None,
        "guess": False,
        "horizon": False,
        "chosen": node.chosen,
        "entry": None,
        "exit": None,
        "cut": None,
        "pruned": [],
        "nodes": node.size,
        "untried": node.untried,
        "pruned_subtrees": 0,
        "steps": 0,
        **extra,
        "children": [_node_json(tree, child, view) for child in node.children],
        "hidden": [_hidden_json(tree, node, child, view) for child in node.hidden],
    }


def mcts_document(tree: MctsTree, *, view: Viewer | None = None) -> dict[str, Any]:
    """The tree as a JSON-ready dict, shaped like a trace document so the page's tree viewer draws it.

    Each node has ``visits``, ``mean`` (the mover's mean reward), ``exact``
    (``win``/``draw``/``loss`` for the mover, or None) and ``exact_reward``;
    ``events`` is empty (an MCTS tree is explored, not replayed).
    """
    game = tree.game
    return {
        "algorithm": "mcts",
        "game": game.name,
        "position": game.format(tree.state),
        "to_move": tree.maximizer.value,
        "iterations": tree.iterations,
        "seed": tree.seed,
        "exploration": tree.exploration,
        "nodes": tree.nodes,
        "pruned": 0,
        "shown": tree.shown,
        "best": [tree.best],
        "best_label": game.move_label(tree.best),
        "title": title_text(tree),
        "values": MEANS,
        "limits": {"depth": tree.depth_limit, "max_nodes": tree.node_limit},
        "chosen_line": [node.id for node in tree.root.walk() if node.chosen],
        "tree": _node_json(tree, tree.root, view),
        "events": [],
        "pseudocode": [],
        "search": {"depth": None, "evaluation": "none", "order": "natural", "root": "best", "value_text": ""},
        "note": None,
    }


def mcts_json(tree: MctsTree) -> str:
    return json.dumps(mcts_document(tree), ensure_ascii=False, separators=(",", ":"))


# --- text ------------------------------------------------------------------------------------------


def _line(tree: MctsTree, node: MctsShownNode) -> str:
    game = tree.game
    if node.move is None:
        return f"{game.format(node.state)}  {node.to_move.value} to move  {node.visits:,} visits"
    mark = "  <- plays" if node.chosen and node.depth == 1 else ("  *" if node.chosen else "")
    end = "  (game over)" if node.terminal else ""
    return (
        f"{_mover(tree, node)} {game.move_label(node.move)}  {node.visits:,} visits  mean {mean_text(node.mean)}  "
        f"{exact_text(node.exact)}{end}{mark}"
    )


def mcts_text(tree: MctsTree) -> str:
    """An outline for a terminal: one line a node, children indented under their parent."""
    lines = [title_text(tree), shown_text(tree) + "; * the line it plays", ""]

    def visit(node: MctsShownNode, prefix: str, last: bool, top: bool) -> None:
        branch = "" if top else ("└─ " if last else "├─ ")
        lines.append(prefix + branch + _line(tree, node))
        inner = prefix if top else prefix + ("   " if last else "│  ")
        for index, child in enumerate(node.children):
            visit(child, inner, index == len(node.children) - 1 and not node.hidden, False)
        if node.hidden:
            lines.append(inner + "└─ " + _hidden_text(node.hidden))

    visit(tree.root, "", True, True)
    return "\n".join(lines) + "\n"


# --- SVG -------------------------------------------------------------------------------------------

COLUMN = 270
ROW = 62
MARGIN = 24
HEADER = 96
ELBOW = 196

STYLE = """
text { font-family: 'DejaVu Sans', Helvetica, Arial, sans-serif; fill: #1f2937; }
.title { font-size: 17px; font-weight: bold; }
.info { font-size: 12px; fill: #4b5563; }
.value { font-size: 14px; font-weight: bold; }
.caption { font-size: 11px; fill: #4b5563; }
.exact { font-size: 11px; fill: #047857; }
.exact.off { fill: #b91c1c; }
.board rect.cell { fill: #ffffff; }
.board rect.last { fill: #fde68a; }
.board line.grid { stroke: #d1d5db; stroke-width: 1; }
.board .x { stroke: #111827; stroke-width: 2; stroke-linecap: round; }
.board .o { stroke: #111827; stroke-width: 2; fill: none; }
.frame { fill: none; stroke: #6b7280; stroke-width: 2; }
.chosen .frame { stroke: #d97706; stroke-width: 4; }
.edge { fill: none; stroke: #9ca3af; }
.edge.chosen { stroke: #d97706; stroke-width: 3.5; }
.stub rect { fill: #f3f4f6; stroke: #9ca3af; stroke-dasharray: 4 3; }
.stub text { font-size: 12px; fill: #374151; }
.bar { fill: #bfdbfe; }
"""


def points_away(mean: float, exact: str | None) -> bool:
    """True where the mean still points away from the exact outcome: a won move under 0.5, a lost one over it,
    a drawn one nearer a win or a loss than a draw."""
    if exact == "win":
        return mean < 0.5
    if exact == "loss":
        return mean > 0.5
    return exact == "draw" and abs(mean - 0.5) > 0.25


def _exact_class(node: MctsShownNode) -> str:
    return "exact off" if points_away(node.mean, node.exact) else "exact"


def mcts_svg(tree: MctsTree) -> str:
    """The shown tree left to right, as ``trace_svg`` draws a search: a board, its statistics, edges by visits."""
    rows: dict[int, float] = {}
    columns: dict[int, int] = {}
    stubs: list[tuple[MctsShownNode, float, int]] = []
    taken = Rows()

    def place(node: MctsShownNode, column: int) -> float:
        below = [place(child, column + 1) for child in node.children]
        if node.hidden:
            stubs.append((node, taken.take(), column + 1))
            below.append(stubs[-1][1])
        row = taken.for_parent(below)
        rows[node.id], columns[node.id] = row, column
        return row

    place(tree.root, 0)
    deepest = max([*columns.values(), *(column for _, _, column in stubs)])
    width = max(900, MARGIN * 2 + (deepest + 1) * COLUMN)
    height = HEADER + MARGIN + taken.used * ROW

    def x(column: int) -> float:
        return MARGIN + column * COLUMN

    def y(row: float) -> float:
        return HEADER + MARGIN + row * ROW + BOARD / 2

    def elbow(parent: MctsShownNode, column: int, row: float) -> str:
        start = x(columns[parent.id]) + ELBOW
        return f"M{start - 10:.1f},{y(rows[parent.id]):.1f}H{start:.1f}V{y(row):.1f}H{x(column) - 3:.1f}"

    edges: list[str] = []
    drawn: list[str] = []
    widest = max(1, max((child.visits for node in tree.root.walk() for child in node.children), default=1))
    for node in tree.root.walk():
        for child in node.children:
            kind = "edge chosen" if child.chosen and (node.chosen or node.move is None) else "edge"
            thickness = 1 + 5 * child.visits / widest
            style = "" if "chosen" in kind else f' style="stroke-width:{thickness:.1f}"'
            edges.append(f'<path class="{kind}" d="{elbow(node, columns[child.id], rows[child.id])}"{style}/>')
        drawn.append(_svg_node(tree, node, x(columns[node.id]), y(rows[node.id])))
    for parent, row, column in stubs:
        edges.append(f'<path class="edge" d="{elbow(parent, column, row)}"/>')
        text = _hidden_text(parent.hidden)
        drawn.append(
            f'<g class="stub"><rect x="{x(column)}" y="{y(row) - 13:.1f}" width="{16 + len(text) * 7}" height="26" '
            f'rx="4"/><text x="{x(column) + 8}" y="{y(row) + 4:.1f}">{escape(text)}</text></g>'
        )
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height:.0f}" '
        f'viewBox="0 0 {width} {height:.0f}" font-size="12">',
        f"<title>{escape(title_text(tree))}</title>",
        f"<style>{STYLE}</style>",
        f'<rect width="{width}" height="{height:.0f}" fill="#ffffff"/>',
        f'<text class="title" x="{MARGIN}" y="{MARGIN + 10}">{escape(title_text(tree))}</text>',
        f'<text class="info" x="{MARGIN}" y="{MARGIN + 32}">{escape(shown_text(tree))}</text>',
        f'<text class="info" x="{MARGIN}" y="{MARGIN + 50}">Edges are as thick as the child is visited; '
        "gold: the line MCTS plays; red exact: the mean still points the other way.</text>",
        '<g class="edges">',
        *edges,
        "</g>",
        '<g class="tree">',
        *drawn,
        "</g>",
        "</svg>",
    ]
    return "\n".join(parts) + "\n"


def _svg_node(tree: MctsTree, node: MctsShownNode, x: float, y: float) -> str:
    game = tree.game
    label_x = x + BOARD + 8
    classes = "node chosen" if node.chosen else "node"
    if node.move is None:
        value, caption, exact = f"{node.visits:,} visits", f"{node.to_move.value} to move", ""
    else:
        value = f"{_mover(tree, node)} {game.move_label(node.move)}: mean {mean_text(node.mean)}"
        caption = f"{node.visits:,} visits" + (" · game over" if node.terminal else "")
        exact = (
            f'<text class="{_exact_class(node)}" x="{label_x}" y="{y + 21:.1f}">{escape(exact_text(node.exact))}</text>'
        )
    move = "" if node.move is None else f' data-move="{node.move}"'
    tip = f"{game.format(node.state)} · {value} · {caption}"
    return (
        f'<g class="{classes}" data-id="{node.id}"{move}><title>{escape(tip)}</title>'
        f"{board_thumbnail(game, node.state, node.move, x, y - BOARD / 2)}"
        f'<text class="value" x="{label_x}" y="{y - 6:.1f}">{escape(value)}</text>'
        f'<text class="caption" x="{label_x}" y="{y + 8:.1f}">{escape(caption)}</text>{exact}</g>'
    )


# --- TikZ ------------------------------------------------------------------------------------------


def mcts_tikz(tree: MctsTree) -> str:
    """The shown tree as a whole LaTeX document with one ``forest`` picture (the styles of ``trace_tikz``)."""
    game = tree.game
    lines = [f"% {title_text(tree)}", f"% {shown_text(tree)}", PREAMBLE, "% ---", r"\begin{forest}", STYLES]

    def board(state: Any) -> str:
        return r"\\".join(r"\texttt{" + latex_text(row) + "}" for row in game.format(state).split("/"))

    def content(node: MctsShownNode) -> str:
        if node.move is None:
            return f"{board(node.state)}\\\\{latex_text(f'{node.visits:,} visits')}"
        stats = latex_text(f"{node.visits:,} visits, mean {mean_text(node.mean)}")
        return f"{board(node.state)}\\\\{stats}\\\\{{\\scriptsize {latex_text(exact_text(node.exact))}}}"

    def visit(node: MctsShownNode, indent: str) -> None:
        options = ["max" if node.to_move == tree.maximizer else "min"]
        if node.chosen:
            options.append("chosen")
        if node.move is not None:
            label = f"{_mover(tree, node)} {game.move_label(node.move)}"
            options.append(f"window={{{latex_text(label)}}}")
        opened = f"{indent}[{{{content(node)}}}, {', '.join(options)}"
        if not node.children and not node.hidden:
            lines.append(opened + "]")
            return
        lines.append(opened)
        for child in node.children:
            visit(child, indent + "  ")
        if node.hidden:
            lines.append(f"{indent}  [{{{latex_text(_hidden_text(node.hidden))}}}, more]")
        lines.append(indent + "]")

    visit(tree.root, "")
    lines += [r"\end{forest}", "% ---", r"\end{document}"]
    return "\n".join(lines) + "\n"
