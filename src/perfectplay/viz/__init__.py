"""Drawings of positions and searches: SVG, DOT, JSON, LaTeX (TikZ) and s-expressions; pure functions returning str.

This is the drawings' door, a floor above the teaching tools: a drawing
reads a trace, a textbook tree, an MCTS tree or a study (``perfectplay.teaching``)
and the words (``perfectplay.words``); nothing below imports a drawing. The
terminal, the page and the notebook import these names from here, never from
the modules below (``tests/test_package_map.py`` holds them to it). Each name
is imported on first use, so ``import perfectplay.viz`` costs next to nothing.
"""

from __future__ import annotations

import typing as _typing

from perfectplay._lazy import lazy_door as _lazy_door

_HOMES: dict[str, str] = {
    "ConvergenceJSON": "perfectplay.viz.shapes",
    "MctsTreeJSON": "perfectplay.viz.shapes",
    "TraceJSON": "perfectplay.viz.shapes",
    "convergence_document": "perfectplay.viz.convergence",
    "convergence_svg": "perfectplay.viz.convergence",
    "exercise_svg": "perfectplay.viz.exercise_svg",
    "exercise_tikz": "perfectplay.viz.exercise",
    "mcts_document": "perfectplay.viz.mcts_tree",
    "mcts_svg": "perfectplay.viz.mcts_tree",
    "mcts_text": "perfectplay.viz.mcts_tree",
    "mcts_tikz": "perfectplay.viz.mcts_tree",
    "position_svg": "perfectplay.viz.board",
    "search_events": "perfectplay.viz.replay",
    "subtree_document": "perfectplay.viz.tree_json",
    "trace_document": "perfectplay.viz.tree_json",
    "trace_dot": "perfectplay.viz.dot",
    "trace_json": "perfectplay.viz.tree_json",
    "trace_sexpr": "perfectplay.viz.sexpr",
    "trace_svg": "perfectplay.viz.svg",
    "trace_tikz": "perfectplay.viz.tikz",
}
"""Where each drawing lives: the module imported when the name is first used."""

__all__ = sorted(_HOMES)

__getattr__, __dir__ = _lazy_door(__name__, _HOMES, globals())

if _typing.TYPE_CHECKING:
    from perfectplay.viz.board import position_svg as position_svg
    from perfectplay.viz.convergence import convergence_document as convergence_document
    from perfectplay.viz.convergence import convergence_svg as convergence_svg
    from perfectplay.viz.dot import trace_dot as trace_dot
    from perfectplay.viz.exercise import exercise_tikz as exercise_tikz
    from perfectplay.viz.exercise_svg import exercise_svg as exercise_svg
    from perfectplay.viz.mcts_tree import mcts_document as mcts_document
    from perfectplay.viz.mcts_tree import mcts_svg as mcts_svg
    from perfectplay.viz.mcts_tree import mcts_text as mcts_text
    from perfectplay.viz.mcts_tree import mcts_tikz as mcts_tikz
    from perfectplay.viz.replay import search_events as search_events
    from perfectplay.viz.sexpr import trace_sexpr as trace_sexpr
    from perfectplay.viz.shapes import ConvergenceJSON as ConvergenceJSON
    from perfectplay.viz.shapes import MctsTreeJSON as MctsTreeJSON
    from perfectplay.viz.shapes import TraceJSON as TraceJSON
    from perfectplay.viz.svg import trace_svg as trace_svg
    from perfectplay.viz.tikz import trace_tikz as trace_tikz
    from perfectplay.viz.tree_json import subtree_document as subtree_document
    from perfectplay.viz.tree_json import trace_document as trace_document
    from perfectplay.viz.tree_json import trace_json as trace_json
