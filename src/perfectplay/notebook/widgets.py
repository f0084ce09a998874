"""Interactive notebook widgets (the optional ``notebook`` extra: ``pip install 'perfectplay[notebook]'``).

* ``play_widget(position)``: the board with a button for every legal move;
  the computer answers at a level of your choice, "Show outcomes" marks
  every move with its exact outcome, "Undo" and "New game" do what they say;
* ``search_stepper(trace)``: step through a recorded minimax or alpha-beta
  search event by event (enter, leaf, update, cut, exit), with the position
  of the current node drawn and the whole tree below, as the page's replay
  does.

Built on ipywidgets; the drawings are ``perfectplay.viz``'s, the moves the
computer plays ``choose_move``'s, the steps ``viz.replay.search_events``.
"""

from __future__ import annotations

import random
from html import escape
from typing import Any

try:
    import ipywidgets as widgets  # type: ignore[import-untyped]
except ImportError as error:  # pragma: no cover - depends on what is installed
    needed = "perfectplay.notebook.widgets needs the notebook extra: pip install 'perfectplay[notebook]'"
    raise ImportError(f"{needed} ({error})") from None

from perfectplay import PerfectplayError, analyze
from perfectplay.notebook.views import Position, position
from perfectplay.play import LEVELS, choose_move
from perfectplay.teaching import Trace, pseudocode_lines
from perfectplay.viz import position_svg, search_events, trace_svg


class PlayWidget:
    """A game against the computer in a notebook cell; ``widget`` is what to display."""

    def __init__(self, start: Position, *, you: str = "X", level: str = "perfect", seed: int | None = None) -> None:
        if you not in ("X", "O"):
            raise PerfectplayError(f"you must be X or O, not {you!r}")
        if level not in LEVELS:
            raise PerfectplayError(f"unknown level {level!r}: use one of {', '.join(LEVELS)}")
        self.start = start
        self.you = you
        self.level = level
        self.rng = random.Random(seed)
        self.history: list[Position] = [start]
        self.board = widgets.HTML()
        self.status = widgets.Label()
        self.moves = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.outcomes = widgets.ToggleButton(description="Show outcomes", value=False)
        self.undo_button = widgets.Button(description="Undo")
        self.new_button = widgets.Button(description="New game")
        self.outcomes.observe(lambda change: self.refresh(), names="value")
        self.undo_button.on_click(lambda button: self.undo())
        self.new_button.on_click(lambda button: self.new_game())
        controls = widgets.HBox([self.outcomes, self.undo_button, self.new_button])
        self.widget = widgets.VBox([self.board, self.status, self.moves, controls])
        self._computer_if_its_turn()
        self.refresh()

    @property
    def current(self) -> Position:
        return self.history[-1]

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)  # type: ignore[no-untyped-call]

    def play(self, move: int) -> None:
        """Your move (the library's number), then the computer's answer."""
        self.history.append(self.current.play(move))
        self._computer_if_its_turn()
        self.refresh()

    def undo(self) -> None:
        """Take back your last move and the computer's answer."""
        while len(self.history) > 1:
            self.history.pop()
            if self.current.to_move.value == self.you:
                break
        # Back at a start where the computer moves first: it moves again.
        self._computer_if_its_turn()
        self.refresh()

    def new_game(self) -> None:
        self.history = [self.start]
        self._computer_if_its_turn()
        self.refresh()

    def _computer_if_its_turn(self) -> None:
        now = self.current
        if not now.is_over() and now.to_move.value != self.you:
            self.history.append(now.play(choose_move(now.game, now.state, self.level, self.rng)))

    def refresh(self) -> None:
        now = self.current
        game, state = now.game, now.state
        outcomes: dict[int, Any] = {}
        best: tuple[int, ...] = ()
        if self.outcomes.value and not now.is_over():
            analysis = analyze(game, state)
            outcomes = {entry.move: entry.outcome for entry in analysis.moves}
            best = analysis.best
        self.board.value = position_svg(game, state, outcomes=outcomes, best=best, last_move=now.last_move)
        if now.is_over():
            self.status.value = f"{now.caption}. New game?"
        else:
            self.status.value = f"Your move ({self.you}): click a move."
        buttons = []
        if not now.is_over():
            for move in now.moves:
                button = widgets.Button(description=game.move_label(move), layout=widgets.Layout(width="auto"))
                button.on_click(lambda _, chosen=move: self.play(chosen))
                buttons.append(button)
        self.moves.children = tuple(buttons)


def play_widget(
    start: Position | str = "",
    game: str = "tictactoe",
    *,
    you: str = "X",
    level: str = "perfect",
    seed: int | None = None,
) -> PlayWidget:
    """A game in the notebook: ``play_widget()`` is tic-tac-toe from the start against perfect play."""
    begin = start if isinstance(start, Position) else position(start, game)
    return PlayWidget(begin, you=you, level=level, seed=seed)


def describe(trace: Trace, event: dict[str, Any]) -> str:
    """One replay event in words."""
    game = trace.game
    kind = event["type"]
    bounds = f"[{_bound(event.get('alpha'), '-inf')}, {_bound(event.get('beta'), '+inf')}]"
    window = f" with window {bounds}" if "alpha" in event else ""
    if kind == "enter":
        return f"enter node {event['node']} at depth {event['depth']}{window}"
    if kind == "leaf":
        return f"node {event['node']} is a finished game: value {event['value']}"
    if kind == "hidden":
        return f"move {game.move_label(event['move'])} searched ({event['nodes']:,} nodes, not drawn): {event['value']}"
    if kind == "update":
        return (
            f"node {event['node']}: move {game.move_label(event['move'])} is worth {event['child_value']}, "
            f"best so far {event['value']}" + (f"; window now {bounds}" if window else "")
        )
    if kind == "cut":
        pruned = ", ".join(game.move_label(move) for move in event["pruned"])
        return f"node {event['node']}: cut ({event['condition']}); not searched: {pruned}"
    return f"leave node {event['node']}: value {event['text']}"


def pseudocode_html(algorithm: str, current: int) -> str:
    """The algorithm's pseudocode with line ``current`` (from 1) highlighted, as the page shows it."""
    rows = []
    for number, text in enumerate(pseudocode_lines(algorithm), start=1):
        style = "background:#fde68a;font-weight:600" if number == current else ""
        rows.append(f'<span style="display:block;{style}">{escape(text)}</span>')
    return f'<pre style="font-size:11px;line-height:1.35;margin:0 0 0 1em">{"".join(rows)}</pre>'


def _bound(value: int | None, infinite: str) -> str:
    """A window's end as text: None is the infinite end."""
    return infinite if value is None else str(value)


class SearchStepper:
    """Step through a recorded search; ``widget`` is what to display."""

    def __init__(self, trace: Trace) -> None:
        self.trace = trace
        self.events = search_events(trace)
        self.nodes = {node.id: node for node in trace.root.walk()}
        self.slider = widgets.IntSlider(min=0, max=len(self.events) - 1, value=0, description="step")
        self.previous = widgets.Button(description="◀")
        self.next = widgets.Button(description="▶")
        self.text = widgets.Label()
        self.board = widgets.HTML()
        self.code = widgets.HTML()
        self.tree = widgets.HTML(value=trace_svg(trace))
        self.slider.observe(lambda change: self.refresh(), names="value")
        self.previous.on_click(lambda button: self.step(-1))
        self.next.on_click(lambda button: self.step(1))
        self.widget = widgets.VBox(
            [widgets.HBox([self.previous, self.slider, self.next]), self.text, widgets.HBox([self.board, self.code]),
             self.tree]
        )
        self.refresh()

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)  # type: ignore[no-untyped-call]

    def step(self, by: int) -> None:
        self.slider.value = max(0, min(self.slider.max, self.slider.value + by))

    def refresh(self) -> None:
        event = self.events[self.slider.value]
        self.text.value = f"{self.slider.value + 1}/{len(self.events)}: {describe(self.trace, event)}"
        self.code.value = pseudocode_html(self.trace.algorithm, event["line"])
        node = self.nodes.get(event.get("parent", event["node"]))
        if node is not None:
            self.board.value = position_svg(
                self.trace.game, node.state, last_move=node.move, caption=f"node {node.id}, {node.role}"
            )


def search_stepper(source: Position | Trace, algorithm: str = "alphabeta", *, max_nodes: int = 200) -> SearchStepper:
    """Step through the search of a position (or an existing ``Trace``) one event at a time."""
    if isinstance(source, Position):
        source = source.tree(algorithm, max_nodes=max_nodes).trace
    return SearchStepper(source)
