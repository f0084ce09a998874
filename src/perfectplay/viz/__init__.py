"""Drawings of a search trace: SVG, Graphviz DOT and JSON (pure functions returning str)."""

from __future__ import annotations

from perfectplay.viz.dot import trace_dot
from perfectplay.viz.svg import trace_svg
from perfectplay.viz.tree_json import trace_document, trace_json

__all__ = ["trace_document", "trace_dot", "trace_json", "trace_svg"]
