"""perfectplay in a Jupyter notebook: positions, analyses, traces and check reports as rich views.

``show(...)`` renders a position, an analysis, a trace or a check report;
``position("X../.O./...")`` makes a position to show. With the ``notebook``
extra (ipywidgets), ``play_widget()`` is a game played by clicking and
``search_stepper(...)`` steps through a search node by node.
"""

from __future__ import annotations

import typing as _typing

from perfectplay._lazy import lazy_door as _lazy_door

_HOMES: dict[str, str] = {
    "AnalysisView": "perfectplay.notebook.views",
    "ConvergenceView": "perfectplay.notebook.views",
    "MctsTreeView": "perfectplay.notebook.views",
    "PlayWidget": "perfectplay.notebook.widgets",
    "Position": "perfectplay.notebook.views",
    "ReportView": "perfectplay.notebook.views",
    "SearchStepper": "perfectplay.notebook.widgets",
    "TraceView": "perfectplay.notebook.views",
    "play_widget": "perfectplay.notebook.widgets",
    "position": "perfectplay.notebook.views",
    "practice": "perfectplay.notebook.views",
    "PracticeView": "perfectplay.notebook.views",
    "search_stepper": "perfectplay.notebook.widgets",
    "show": "perfectplay.notebook.views",
}
"""Where each public name lives: the module imported when the name is first used."""

__all__ = sorted(_HOMES)

__getattr__, __dir__ = _lazy_door(__name__, _HOMES, globals())

if _typing.TYPE_CHECKING:
    from perfectplay.notebook.views import AnalysisView as AnalysisView
    from perfectplay.notebook.views import ConvergenceView as ConvergenceView
    from perfectplay.notebook.views import MctsTreeView as MctsTreeView
    from perfectplay.notebook.views import Position as Position
    from perfectplay.notebook.views import PracticeView as PracticeView
    from perfectplay.notebook.views import ReportView as ReportView
    from perfectplay.notebook.views import TraceView as TraceView
    from perfectplay.notebook.views import position as position
    from perfectplay.notebook.views import practice as practice
    from perfectplay.notebook.views import show as show
    from perfectplay.notebook.widgets import PlayWidget as PlayWidget
    from perfectplay.notebook.widgets import SearchStepper as SearchStepper
    from perfectplay.notebook.widgets import play_widget as play_widget
    from perfectplay.notebook.widgets import search_stepper as search_stepper
