"""A printable alpha-beta exercise as SVG: the sheet (leaves given, the rest blank) and its answer key.

The same exercise as ``exercise.py``'s LaTeX, drawn top down on an A4-wide
page so it prints or goes on a slide without LaTeX: MAX nodes blue, MIN
nodes red, each node named by its path. On the sheet every inner node is an
empty box with blanks for alpha and beta; in the key it holds its value and
the alpha and beta it returns with (``practice.answer_key``), and the nodes
never visited are dashed, greyed and marked "cut".
"""

from __future__ import annotations

from perfectplay.teaching.practice import Convention, NodeKey, Path, answer_key, bound_word
from perfectplay.teaching.tree_node import TreeNode, node_name
from perfectplay.viz.xml_text import escape

WIDTH = 1000
"""The page's width in pixels: about A4 landscape at 100 pixels to the inch, less margins."""

MARGIN = 40
TOP = 150
LEVEL = 118
BOX_W, BOX_H = 62, 40

STYLE = """
text { font-family: 'DejaVu Sans', Helvetica, Arial, sans-serif; fill: #111827; }
.title { font-size: 20px; font-weight: bold; }
.task, .convention { font-size: 14px; fill: #374151; }
.name { font-size: 11px; fill: #6b7280; }
.value { font-size: 18px; font-weight: bold; }
.window { font-size: 12px; fill: #374151; }
.box { fill: #ffffff; stroke-width: 2; }
.max .box { stroke: #1d4ed8; }
.min .box { stroke: #b91c1c; }
.leaf .box { stroke: #4b5563; fill: #f9fafb; }
.cut .box { stroke: #9ca3af; stroke-dasharray: 5 4; fill: #f3f4f6; }
.cut text { fill: #6b7280; }
.edge { stroke: #9ca3af; stroke-width: 1.5; }
.edge.cut { stroke-dasharray: 5 4; }
.blank { stroke: #374151; stroke-width: 1; }
"""


def _task(windows: bool) -> str:
    return (
        "Search the tree left to right. Write each node's value"
        + (" and alpha and beta as it returns" if windows else "")
        + (", and cross out the nodes never visited." if windows else ".")
    )


def exercise_svg(root: TreeNode, convention: Convention, *, answers: bool, title: str) -> str:
    """The sheet (``answers`` False) or the key (True) of an exercise on ``root``, as a standalone SVG."""
    key = answer_key(root, convention)
    windows = convention.algorithm == "alphabeta"
    places: dict[Path, tuple[float, float]] = {}
    leaves = len(_leaves(root))
    width = max(WIDTH, 2 * MARGIN + leaves * (BOX_W + 12))  # a wide tree widens the page, never squeezes a box
    step = (width - 2 * MARGIN) / leaves
    counter = 0
    deepest = 0

    def place(node: TreeNode, path: Path) -> float:
        nonlocal counter, deepest
        deepest = max(deepest, len(path))
        if node.is_leaf:
            x = MARGIN + step * (counter + 0.5)
            counter += 1
        else:
            xs = [place(child, (*path, index)) for index, child in enumerate(node.children)]
            x = (xs[0] + xs[-1]) / 2
        places[path] = (x, TOP + len(path) * LEVEL)
        return x

    place(root, ())
    height = TOP + deepest * LEVEL + BOX_H + 60
    heading = title + (" (answer key)" if answers else "")
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height}" '
        f'viewBox="0 0 {width:.0f} {height}">',
        f"<title>{escape(heading)}</title>",
        f"<style>{STYLE}</style>",
        f'<rect width="{width:.0f}" height="{height}" fill="#ffffff"/>',
        f'<text class="title" x="{MARGIN}" y="44">{escape(heading)}</text>',
        f'<text class="task" x="{MARGIN}" y="74">{escape(_task(windows))}</text>',
        f'<text class="convention" x="{MARGIN}" y="98">{escape(convention.describe())}</text>',
        "<g>",
    ]
    below = 26 if windows else 0  # edges leave a parent under its alpha and beta
    for path, (x, y) in places.items():
        if path:
            px, py = places[path[:-1]]
            cut = answers and not key[path].visited
            parts.append(
                f'<line class="edge{" cut" if cut else ""}" x1="{px:.1f}" y1="{py + BOX_H / 2 + below:.1f}" '
                f'x2="{x:.1f}" y2="{y - BOX_H / 2 - 12:.1f}"/>'
            )
    nodes: dict[Path, TreeNode] = {(): root}
    for path in sorted(places, key=len):  # parents before their children
        if path:
            nodes[path] = nodes[path[:-1]].children[path[-1]]
    for path, (x, y) in places.items():
        parts.append(_node(nodes[path], key[path], x, y, answers=answers, windows=windows))
    parts += ["</g>", "</svg>"]
    return "\n".join(parts) + "\n"


def _leaves(node: TreeNode) -> list[TreeNode]:
    if node.is_leaf:
        return [node]
    return [leaf for child in node.children for leaf in _leaves(child)]


def _node(node: TreeNode, entry: NodeKey, x: float, y: float, *, answers: bool, windows: bool) -> str:
    kind = "leaf" if node.is_leaf else ("max" if entry.maximizing else "min")
    cut = answers and not entry.visited
    classes = f"node {kind}" + (" cut" if cut else "")
    left, top = x - BOX_W / 2, y - BOX_H / 2
    parts = [
        f'<g class="{classes}" data-name="{escape(node_name(entry.path))}">',
        f'<text class="name" x="{x:.1f}" y="{top - 4:.1f}" text-anchor="middle">{escape(node_name(entry.path))}</text>',
        f'<rect class="box" x="{left:.1f}" y="{top:.1f}" width="{BOX_W}" height="{BOX_H}" rx="6"/>',
    ]
    if node.is_leaf:
        parts.append(_centred("value", str(node.value), x, y + 6))
    elif cut:
        parts.append(_centred("value", "cut", x, y + 6))
    elif answers:
        parts.append(_centred("value", str(entry.value), x, y + 6))
        if windows:
            alpha, beta = bound_word(entry.alpha, upper=False), bound_word(entry.beta, upper=True)
            parts.append(_centred("window", f"\u03b1 {alpha}  \u03b2 {beta}", x, y + BOX_H / 2 + 16))
    elif windows:
        below = y + BOX_H / 2 + 18
        parts.append(f'<text class="window" x="{x - 44:.1f}" y="{below:.1f}">\u03b1</text>')
        parts.append(
            f'<line class="blank" x1="{x - 34:.1f}" y1="{below + 2:.1f}" x2="{x - 6:.1f}" y2="{below + 2:.1f}"/>'
        )
        parts.append(f'<text class="window" x="{x + 2:.1f}" y="{below:.1f}">\u03b2</text>')
        parts.append(
            f'<line class="blank" x1="{x + 12:.1f}" y1="{below + 2:.1f}" x2="{x + 40:.1f}" y2="{below + 2:.1f}"/>'
        )
    parts.append("</g>")
    return "".join(parts)


def _centred(kind: str, text: str, x: float, y: float) -> str:
    return f'<text class="{kind}" x="{x:.1f}" y="{y:.1f}" text-anchor="middle">{escape(text)}</text>'
