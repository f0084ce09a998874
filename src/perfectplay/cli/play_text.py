"""What the terminal game prints for ``scores``, ``history`` and the session tally (``hint`` is words.hint_text).

Pure functions returning strings, so the game loop in ``play.py`` only
decides *when* to say something. Moves are shown as the game labels them,
as on the board the player sees.
"""

from __future__ import annotations

import itertools
from typing import Any

from perfectplay import Analysis, Game, Outcome, Player
from perfectplay.play import MatchResult
from perfectplay.words import best_reaches, length_known_text

COMMAND_HELP: dict[str, str] = {
    "undo": "take back your last move (and the computer's reply)",
    "hint": "show the best move and what it leads to",
    "scores": "show what every move leads to with best play",
    "history": "list the moves of this game",
    "new": "abandon this game and start a new one",
    "quit": "end the session",
    "help": "show this list",
}
"""The commands the prompt understands besides a move, with one line each for ``help``."""


def help_text(game: Game[Any], state: Any) -> str:
    lines = [f"Type {game.move_help(state)}, or one of:"]
    lines.extend(f"  {name:<8} {meaning}" for name, meaning in COMMAND_HELP.items())
    return "\n".join(lines)


def short_outcome(outcome: Outcome) -> str:
    """``W3`` for a win in 3, ``D`` for a draw, ``L4`` for a loss in 4, ``W?`` or ``L?`` for a win or loss whose
    length is not proven, ``?`` when unknown."""
    if not outcome.proven:
        return "?"
    if outcome.name == "draw":
        return "D"
    return f"{outcome.name[0].upper()}{'?' if outcome.plies is None else outcome.plies}"


def scores_text(game: Game[Any], analysis: Analysis) -> str:
    """The position with every move's outcome for the side to move (W3, D, L4, W? and L? when not how fast)."""
    marks = {entry.move: short_outcome(entry.outcome) for entry in analysis.moves}
    side = analysis.to_move.value
    heading = (
        f"What each move leads to for {side} (W3 = win in 3 plies, D = draw, L4 = loss in 4, "
        "W? or L? = a win or loss, its length not proven, ? = unknown):"
    )
    best = ", ".join(game.move_label(move) for move in analysis.best)
    value, label = str(analysis.outcome), "Best"
    if not best_reaches(analysis) and analysis.outcome_class is not None:
        # The position's win or loss, its length where an exact layer knows it; the moves shown only keep it.
        known = length_known_text(analysis, "in the time limit")
        value = known or f"a proven {analysis.outcome_class}" + (
            "" if analysis.outcome_class == "draw" else ", its length not proven"
        )
        label = "Best" if known is None else "Keeps it"
    return "\n".join([heading, "", game.draw(analysis.state, marks=marks), "", f"{label}: {best} ({value})."])


def history_text(game: Game[Any], history: list[tuple[Any, int | None]]) -> str:
    """The moves so far, numbered, with the side that played each one."""
    moves: list[str] = []
    for (before, _), (_, move) in itertools.pairwise(history):
        if move is None:
            continue
        moves.append(f"{len(moves) + 1}. {game.to_move(before).value} {game.move_label(move)}")
    if not moves:
        return "No moves yet."
    return "Moves so far: " + "   ".join(moves)


def plural(count: int, word: str) -> str:
    if count == 1:
        return f"{count} {word}"
    return f"{count} {word}es" if word.endswith("s") else f"{count} {word}s"


def tally_text(tally: MatchResult, person: Player | None) -> str:
    """The session's results: from the person's side against the computer, else by side."""
    if person is None:
        return (
            f"Session: X {plural(tally.x_wins, 'win')}, O {plural(tally.o_wins, 'win')}, {plural(tally.draws, 'draw')}."
        )
    wins, losses = (tally.x_wins, tally.o_wins) if person is Player.X else (tally.o_wins, tally.x_wins)
    return f"Session: {plural(wins, 'win')}, {plural(tally.draws, 'draw')}, {plural(losses, 'loss')}."
