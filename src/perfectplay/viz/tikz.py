"""A trace as a LaTeX ``forest`` picture, for slides and exam sheets.

The same tree as the SVG drawing (``svg.py``): the shown nodes with their
values in the MAX/MIN view (bounds as ``≥``/``≤``, estimates as ``≈``),
MAX nodes boxed blue and MIN nodes red, the chosen line bold, the alpha-beta
window each child was entered with on its edge, pruned moves as dashed grey
nodes marked "cut" with the condition, searched children that are not shown
as one dashed "+N more" stub. The output is a whole document (LaTeX's
``article`` class and the ``forest`` package, nothing else) that compiles as
it is; the ``forest`` environment between the two
``% ---`` lines is what to paste into a Beamer frame or an exam
(``\\usepackage{forest}`` in its preamble).
"""

from __future__ import annotations

from perfectplay.teaching.orders import CutChanges
from perfectplay.teaching.trace import Trace, TraceNode, Window
from perfectplay.viz.labels import header_lines, hidden_text, is_textbook, node_value_text
from perfectplay.words import cut_text, window_label

_LATEX_SPECIALS = {
    "\\": r"\textbackslash{}",
    "{": r"\{",
    "}": r"\}",
    "$": r"\$",
    "&": r"\&",
    "#": r"\#",
    "%": r"\%",
    "_": r"\_",
    "^": r"\^{}",
    "~": r"\~{}",
    "[": "{[}",
    "]": "{]}",
    ",": "{,}",
    "=": "{=}",
    "<": "$<$",
    ">": "$>$",
    "|": "$|$",
}
"""Characters LaTeX or forest's bracket syntax would read as markup: ``[``, ``]``, ``,`` and ``=`` end a
forest node's content or option, so they are braced; ``<``, ``>`` and ``|`` are other glyphs in text fonts."""

_LATEX_SYMBOLS = {
    "≥": r"$\geq$",
    "≤": r"$\leq$",
    "≈": r"$\approx$",
    "\u2212": "$-$",
    "∞": r"$\infty$",
    "\u03b1": r"$\alpha$",
    "\u03b2": r"$\beta$",
    "·": r"$\cdot$",
    "✂": "cut:",
    "\u00d7": r"$\times$",
}
"""The drawings' Unicode signs in LaTeX's own terms (pdfLaTeX reads no Unicode symbols)."""

PREAMBLE = r"""\documentclass{article}
\usepackage[landscape,margin=1cm]{geometry}
\usepackage{forest}
\pagestyle{empty}
\begin{document}
\centering"""

STYLES = r"""  for tree={draw, rounded corners, align=center, font=\small, inner sep=2pt, l sep=2.8em, s sep=1.6em,
    edge={draw=gray}},
  max/.style={draw=blue!70!black},
  min/.style={draw=red!70!black},
  chosen/.style={line width=1.2pt, draw=orange!80!black, edge={line width=1.2pt, draw=orange!80!black}},
  horizon/.style={dashed, draw=violet},
  pruned/.style={dashed, draw=gray, text=gray, font=\scriptsize, edge={dashed}},
  more/.style={dashed, draw=gray, font=\scriptsize},
  window/.style={edge label={node[midway, fill=white, inner sep=1pt, font=\tiny]{#1}}},"""


def latex_text(text: str) -> str:
    """Plain text made safe inside a forest node or an edge label: specials escaped, signs in LaTeX."""
    out: list[str] = []
    for char in text:
        if char in _LATEX_SPECIALS:
            out.append(_LATEX_SPECIALS[char])
        elif char in _LATEX_SYMBOLS:
            out.append(_LATEX_SYMBOLS[char])
        elif ord(char) < 32 or ord(char) > 126:
            out.append("?")  # nothing else a board or a label holds needs more than ASCII
        else:
            out.append(char)
    return "".join(out)


def _board(trace: Trace, state: object) -> str:
    """A small board drawn as monospace rows; a textbook node has none."""
    rows = trace.game.format(state).split("/")
    return r"\\".join(r"\texttt{" + latex_text(row) + "}" for row in rows)


def _window(window: Window | None) -> str:
    return "" if window is None else f", window={{{latex_text(window_label(window))}}}"


def trace_tikz(
    trace: Trace,
    counts: dict[str, int] | None = None,
    *,
    note: str | None = None,
    changes: CutChanges | None = None,
) -> str:
    """Draw ``trace`` as a standalone LaTeX document holding one ``forest`` tree.

    ``counts``, ``note`` and ``changes`` as for ``trace_svg``: the header
    lines become LaTeX comments (the picture itself holds the tree alone),
    and with ``changes`` a cut that vanishes under the other order is marked.
    """
    chosen = {node.id for node in trace.chosen_line()}
    textbook = is_textbook(trace)
    vanished = changes.vanished if changes else frozenset()
    header = header_lines(trace, counts, note)
    lines = [f"% {line}" for line in header if line]
    lines += [PREAMBLE, "% ---", r"\begin{forest}", STYLES]

    def content(node: TraceNode) -> str:
        value = latex_text(node_value_text(trace, node))
        if textbook:
            return value
        return f"{_board(trace, node.state)}\\\\{value}"

    def visit(node: TraceNode, path: tuple[int, ...], indent: str) -> None:
        options = ["max" if node.maximizing else "min"]
        if node.horizon:
            options.append("horizon")
        if node.id in chosen:
            options.append("chosen")
        extra = _window(node.entry) if node.move is not None else ""
        mark = f"\\\\cut under {latex_text(changes.other)}" if changes is not None and path in vanished else ""
        opened = f"{indent}[{{{content(node)}{mark}}}, {', '.join(options)}{extra}"
        if not node.children and not node.hidden and not node.pruned:
            lines.append(opened + "]")
            return
        lines.append(opened)
        for child in node.children:
            assert child.move is not None
            visit(child, (*path, child.move), indent + "  ")
        if node.hidden:
            lines.append(f"{indent}  [{{{latex_text(hidden_text(node.hidden))}}}, more{_window(node.hidden[0].entry)}]")
        for move in node.pruned:
            reason = r"\\" + latex_text(cut_text(node.cut)) if node.cut is not None else ""
            label = "pruned" if textbook else _board(trace, trace.game.play(node.state, move)) + r"\\pruned"
            lines.append(f"{indent}  [{{{label}{reason}}}, pruned]")
        lines.append(indent + "]")

    visit(trace.root, (), "")
    lines += [r"\end{forest}", "% ---", r"\end{document}"]
    return "\n".join(lines) + "\n"
