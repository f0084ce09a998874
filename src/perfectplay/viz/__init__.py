"""Drawings of a search trace: SVG, DOT, JSON, LaTeX (a TikZ forest) and s-expressions; pure functions returning str."""

from __future__ import annotations

from perfectplay.viz.dot import trace_dot
from perfectplay.viz.sexpr import trace_sexpr
from perfectplay.viz.svg import trace_svg
from perfectplay.viz.tikz import trace_tikz
from perfectplay.viz.tree_json import trace_document, trace_json

__all__ = ["trace_document", "trace_dot", "trace_json", "trace_sexpr", "trace_svg", "trace_tikz"]
