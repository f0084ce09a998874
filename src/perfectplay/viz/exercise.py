"""A printable alpha-beta exercise: the sheet (leaves given, every other node blank) and its answer key.

Both are LaTeX documents with one ``forest`` tree, drawn like ``tikz.py``
draws a search: MAX nodes blue, MIN nodes red. On the sheet each inner node
is an empty box with blanks for alpha and beta; in the key it holds its
value and the alpha and beta it returns with (``practice.answer_key``), and
the nodes never visited are dashed and marked "cut".
"""

from __future__ import annotations

from perfectplay.teaching.practice import Convention, NodeKey, Path, answer_key, bound_word
from perfectplay.teaching.tree_node import TreeNode, node_name
from perfectplay.viz.tikz import PREAMBLE, STYLES, latex_text

BLANK = r"\rule{0pt}{1.1em}\hspace{2.2em}"


def _window(node: NodeKey) -> str:
    alpha, beta = bound_word(node.alpha, upper=False), bound_word(node.beta, upper=True)
    return r"\\{\scriptsize $\alpha$ " + latex_text(alpha) + r", $\beta$ " + latex_text(beta) + "}"


def exercise_tikz(root: TreeNode, convention: Convention, *, answers: bool, title: str) -> str:
    """The sheet (``answers`` False) or the key (True) of an exercise on ``root``."""
    key = answer_key(root, convention)
    windows = convention.algorithm == "alphabeta"
    task = (
        "Search the tree left to right. Write each node's value"
        + (" and alpha and beta as it returns" if windows else "")
        + (", and cross out the nodes never visited." if windows else ".")
    )
    lines = [f"% {title}", f"% {convention.describe()}", PREAMBLE]
    lines.append(r"\noindent\textbf{" + latex_text(title) + (" (answer key)" if answers else "") + r"}\par")
    lines.append(r"\noindent " + latex_text(task) + r"\par\noindent\small " + latex_text(convention.describe()))
    lines += [r"\par\bigskip", "% ---", r"\begin{forest}", STYLES]

    def content(node: TreeNode, entry: NodeKey) -> str:
        label = r"{\tiny " + latex_text(node_name(entry.path)) + r"}\\"
        if node.is_leaf:
            return label + str(node.value)
        if not answers:
            blanks = r"\\{\scriptsize $\alpha$\,\underline{\hspace{1.4em}} $\beta$\,\underline{\hspace{1.4em}}}"
            return label + BLANK + (blanks if windows else "")
        if not entry.visited:
            return label + "cut"
        return label + str(entry.value) + (_window(entry) if windows else "")

    def visit(node: TreeNode, path: Path, indent: str) -> None:
        entry = key[path]
        options = ["max" if entry.maximizing else "min"]
        if answers and not entry.visited:
            options.append("pruned")
        opened = f"{indent}[{{{content(node, entry)}}}, {', '.join(options)}"
        if node.is_leaf:
            lines.append(opened + "]")
            return
        lines.append(opened)
        for index, child in enumerate(node.children):
            visit(child, (*path, index), indent + "  ")
        lines.append(indent + "]")

    visit(root, (), "")
    lines += [r"\end{forest}", "% ---", r"\end{document}"]
    return "\n".join(lines) + "\n"
