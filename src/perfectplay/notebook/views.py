"""Positions, analyses, search trees and check reports that show themselves in Jupyter.

Jupyter, VS Code, Colab and other front ends call an object's
``_repr_svg_`` or ``_repr_html_`` to draw it; the small wrappers here have
them, with no dependency beyond the standard library::

    from perfectplay.notebook.views import position
    board = position("XOX/OO./.X.")   # draws the board
    board.analyze()                   # every move's outcome on the board, and a table
    board.tree("alphabeta")           # the tree alpha-beta searched (viz.trace_svg)
    board.mcts_tree(1000)             # the tree MCTS grew: visits, means, the exact value beside them
    board.play(5)                     # a new position, drawn

``show(x)`` wraps what the library returns (an ``Analysis``, a ``Trace``, a
``CheckReport``) the same way. The drawings are ``perfectplay.viz``'s; this
module only decides which one an object gets. The optional ``notebook``
extra adds ``perfectplay.notebook.widgets`` for playing by clicking.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any

from perfectplay import Analysis, Game, PerfectplayError, Player, analyze, make_game, parse_position
from perfectplay.check import CheckReport, render_text
from perfectplay.teaching import (
    DEFAULT_CHECKPOINTS,
    Convention,
    Convergence,
    MctsTree,
    NodeAnswer,
    PracticeGrade,
    TextbookTree,
    Trace,
    grade_practice,
    mcts_tree,
    parse_node_answer,
    study_convergence,
    trace_search,
)
from perfectplay.viz import convergence_svg, mcts_svg, mcts_text, position_svg, trace_svg
from perfectplay.words import best_reaches, move_outcome_text, outcome_class_text


@dataclass(frozen=True)
class Position:
    """A position of a game that draws itself; ``play`` returns the next one."""

    game: Game[Any]
    state: Any
    last_move: int | None = None

    def _repr_svg_(self) -> str:
        return position_svg(self.game, self.state, last_move=self.last_move, caption=self.caption)

    def __repr__(self) -> str:
        return f"position({self.game.format(self.state)!r}, game={self.game.name!r})"

    @property
    def caption(self) -> str:
        winner = self.game.winner(self.state)
        if winner is not None:
            return f"{winner.value} has won"
        if self.game.is_over(self.state):
            return "draw"
        return f"{self.game.to_move(self.state).value} to move"

    @property
    def text(self) -> str:
        """The position in the game's notation."""
        return self.game.format(self.state)

    @property
    def to_move(self) -> Player:
        return self.game.to_move(self.state)

    @property
    def moves(self) -> tuple[int, ...]:
        """The legal moves (the library's numbers: cells row-major from 0, columns from 0, ...)."""
        return self.game.legal_moves(self.state)

    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def play(self, move: int | str) -> Position:
        """The position after ``move``: a move number, or the text a person types (``"6"`` is cell 5)."""
        chosen = self.game.parse_move(move, self.state) if isinstance(move, str) else move
        return Position(self.game, self.game.play(self.state, chosen), chosen)

    def analyze(self, algorithm: str = "solver") -> AnalysisView:
        """Every legal move's exact outcome, shown on the board and in a table."""
        return AnalysisView(analyze(self.game, self.state, algorithm))

    def tree(self, algorithm: str = "alphabeta", *, depth: int | None = None, max_nodes: int = 60) -> TraceView:
        """The tree ``minimax`` or ``alphabeta`` searched from here, drawn (at most ``max_nodes`` nodes shown)."""
        return TraceView(trace_search(self.game, self.state, algorithm, depth=depth, max_nodes=max_nodes))

    def mcts_tree(self, iterations: int = 1000, *, seed: int = 0, depth: int = 2, max_nodes: int = 25) -> MctsTreeView:
        """The tree one seeded MCTS grew from here: each move's visits and mean reward, the exact outcome beside it."""
        return MctsTreeView(mcts_tree(self.game, self.state, iterations, seed=seed, depth=depth, max_nodes=max_nodes))

    def mcts(
        self, iterations: tuple[int, ...] = DEFAULT_CHECKPOINTS, *, runs: int = 20, seed: int = 0
    ) -> ConvergenceView:
        """Monte Carlo tree search held against the exact value: how often its move is best, as it grows."""
        return ConvergenceView(study_convergence(self.game, self.state, iterations, runs=runs, seed=seed))


def position(text: str = "", game: str | Game[Any] = "tictactoe", *, to_move: str | Player | None = None) -> Position:
    """A drawable position: ``position("XOX/OO./.X.")``, ``position("4455", "connect4")``, ``position("3,4,5", "nim")``.

    An empty ``text`` is the game's start.
    """
    if isinstance(game, str):
        game = make_game(game, text or None)
    if not text:
        return Position(game, game.initial_state())
    found, state = parse_position(text, game, to_move=to_move)
    return Position(found, state)


@dataclass(frozen=True)
class AnalysisView:
    """An ``Analysis`` drawn: the board with each move's outcome in its place, and a table of the moves."""

    analysis: Analysis

    def summary(self) -> str:
        analysis = self.analysis
        game = analysis.game
        if analysis.is_over:
            return Position(game, analysis.state).caption
        best = ", ".join(game.move_label(move) for move in analysis.best)
        side = analysis.to_move.value
        if analysis.outcome.proven and (best_reaches(analysis) or analysis.outcome_class is None):
            return f"{side} to move: {analysis.outcome} with perfect play; best: {best}"
        if analysis.outcome_class is not None:  # a limit stopped the search after it proved win, draw or loss
            return f"{side} to move: {outcome_class_text(analysis)}; keeps it: {best}"
        return f"{side} to move: not proven before the limit; preferred: {best}"

    def _repr_svg_(self) -> str:
        analysis = self.analysis
        outcomes = {entry.move: entry.outcome for entry in analysis.moves}
        summary = self.summary()
        return position_svg(analysis.game, analysis.state, outcomes=outcomes, best=analysis.best, caption=summary)

    def _repr_html_(self) -> str:
        analysis = self.analysis
        game = analysis.game
        rows = "".join(
            f"<tr><td>{escape(game.move_label(entry.move))}</td><td>{entry.move}</td>"
            f"<td>{escape(move_outcome_text(entry))}</td><td>{'' if entry.score is None else entry.score}</td>"
            f"<td>{'best' if entry.move in analysis.best else ''}</td></tr>"
            for entry in analysis.moves
        )
        table = (
            '<table class="perfectplay-moves"><thead><tr><th>move</th><th>number</th><th>outcome</th>'
            f"<th>score</th><th></th></tr></thead><tbody>{rows}</tbody></table>"
        )
        effort = f"{analysis.nodes:,} nodes, {analysis.algorithm}"
        return (
            '<div class="perfectplay-analysis" style="display:flex;gap:1.5em;align-items:flex-start">'
            f"<div>{self._repr_svg_()}</div><div>{table}<p><small>{escape(effort)}</small></p></div></div>"
        )

    def __repr__(self) -> str:
        return self.summary()


@dataclass(frozen=True)
class TraceView:
    """A ``Trace`` drawn as ``viz.trace_svg`` draws it."""

    trace: Trace

    def _repr_svg_(self) -> str:
        return trace_svg(self.trace)

    def __repr__(self) -> str:
        trace = self.trace
        return f"<{trace.algorithm} tree: {trace.nodes:,} nodes searched, {trace.shown:,} shown>"


@dataclass(frozen=True)
class MctsTreeView:
    """An MCTS tree drawn as ``perfectplay tree --algorithm mcts`` draws it (SVG; its text outline as the repr)."""

    tree: MctsTree

    def _repr_svg_(self) -> str:
        return mcts_svg(self.tree)

    def __repr__(self) -> str:
        return mcts_text(self.tree)


@dataclass(frozen=True)
class ConvergenceView:
    """An MCTS convergence study drawn as ``perfectplay mcts --svg`` draws it."""

    study: Convergence

    def _repr_svg_(self) -> str:
        return convergence_svg(self.study)

    def __repr__(self) -> str:
        always = self.study.first_always_best()
        last = self.study.points[-1]
        where = f"every run plays an exact best move from {always:,} iterations" if always else "not converged yet"
        return f"<MCTS study: {self.study.runs} runs, best move {last.best_rate:.0%} at {last.iterations:,}; {where}>"


@dataclass(frozen=True)
class PracticeView:
    """A hand search of a textbook tree, graded node by node: the score and every mistake with its reason."""

    grade: PracticeGrade

    def _repr_html_(self) -> str:
        grade = self.grade
        colour = "#15803d" if grade.perfect else "#b91c1c"
        rows = "".join(
            f"<li><b>{escape(m.name)} {escape(m.field)}</b>: you gave {escape(m.given)}, it is "
            f"{escape(m.expected)}. {escape(m.reason)}</li>"
            for m in grade.mistakes
        )
        return (
            f'<div style="border-left:4px solid {colour};padding-left:0.8em"><p><b>{grade.right} of {grade.asked} '
            f"answers right.</b></p><ul>{rows}</ul><p><small>Graded as {escape(grade.convention.describe())}."
            "</small></p></div>"
        )

    def __repr__(self) -> str:
        lines = [f"{self.grade.right} of {self.grade.asked} answers right."]
        for m in self.grade.mistakes:
            lines.append(f"  {m.name} {m.field}: you gave {m.given}, it is {m.expected}. {m.reason}")
        return "\n".join(lines)


def practice(
    tree: str,
    answers: dict[str, str],
    *,
    strict: bool = False,
    root_window: str = "first",
    algorithm: str = "alphabeta",
) -> PracticeView:
    """Grade a hand search of the textbook ``tree``: ``answers`` by node name, each ``"3"``, ``"3 -inf 3"`` or ``"x"``.

    ``practice("3 12 8 | 2 4 6 | 14 5 2", {"1": "3 -inf 3", "2.2": "x", ...})``; ``strict`` cuts only when a
    bound is passed, ``root_window="best"`` is the engine's root window (see ``perfectplay quiz --practice``).
    """
    if root_window not in ("first", "best") or algorithm not in ("alphabeta", "minimax"):
        raise PerfectplayError("root_window is 'first' or 'best', algorithm 'alphabeta' or 'minimax'")
    textbook = TextbookTree.parse_text(tree)
    convention = Convention(
        cut_on_equal=not strict,
        root_window="best" if root_window == "best" else "first",
        algorithm="minimax" if algorithm == "minimax" else "alphabeta",
    )
    read: dict[tuple[int, ...], NodeAnswer] = {}
    for name, text in answers.items():
        path = () if name.strip().lower() == "root" else textbook.parse(name)
        read[path] = parse_node_answer(text, convention.algorithm == "alphabeta")
    return PracticeView(grade_practice(textbook.root, read, convention))


@dataclass(frozen=True)
class ReportView:
    """A ``CheckReport`` as the text the ``perfectplay check`` command prints, in a preformatted block."""

    report: CheckReport

    def text(self) -> str:
        return render_text(self.report)

    def _repr_html_(self) -> str:
        from perfectplay.check.report import escape as escapes

        colour = "#15803d" if self.report.unbeatable else "#b91c1c"
        return f'<pre style="border-left:4px solid {colour};padding-left:0.8em">{escapes.html(self.text())}</pre>'

    def __repr__(self) -> str:
        return self.text()


def show(thing: Any, state: Any = None) -> Position | AnalysisView | TraceView | ReportView:
    """The drawable view of an ``Analysis``, a ``Trace``, a ``CheckReport``, or a game and a state."""
    if isinstance(thing, Analysis):
        return AnalysisView(thing)
    if isinstance(thing, Trace):
        return TraceView(thing)
    if isinstance(thing, CheckReport):
        return ReportView(thing)
    if state is not None:
        return Position(thing, state)
    raise PerfectplayError(f"show() draws an Analysis, a Trace, a CheckReport or a game and a state, not {thing!r}")


__all__ = [
    "AnalysisView",
    "ConvergenceView",
    "MctsTreeView",
    "Position",
    "PracticeView",
    "ReportView",
    "TraceView",
    "position",
    "practice",
    "show",
]
