"""What the terminal game prints for ``hint``, ``scores``, ``history`` and the session tally.

Pure functions returning strings, so the game loop in ``play.py`` only
decides *when* to say something. Cells are numbered from 1 here, as on the
board the player sees.
"""

from __future__ import annotations

import itertools

from perfectplay.game import Outcome, Player
from perfectplay.games.mnk import MNK, MNKState
from perfectplay.matches import MatchResult
from perfectplay.search.analysis import Analysis

COMMAND_HELP: dict[str, str] = {
    "undo": "take back your last move (and the computer's reply)",
    "hint": "show the best move and what it leads to",
    "scores": "show what every free cell leads to with best play",
    "history": "list the moves of this game",
    "new": "abandon this game and start a new one",
    "quit": "end the session",
    "help": "show this list",
}
"""The commands the prompt understands besides a move, with one line each for ``help``."""


def help_text(cells: int) -> str:
    lines = [f"Type a cell number (1-{cells}) or a row and a column ('2 3'), or one of:"]
    lines.extend(f"  {name:<8} {meaning}" for name, meaning in COMMAND_HELP.items())
    return "\n".join(lines)


def short_outcome(outcome: Outcome) -> str:
    """``W3`` for a win in 3, ``D`` for a draw, ``L4`` for a loss in 4."""
    if outcome.plies is None:
        return outcome.name[0].upper()
    return f"{outcome.name[0].upper()}{outcome.plies}"


def hint_text(game: MNK, analysis: Analysis) -> str:
    """The best move(s) for the side to move and what they lead to."""
    cells = ", ".join(str(move + 1) for move in analysis.best)
    side = analysis.to_move.value
    if len(analysis.best) == 1:
        return f"Hint for {side}: play {cells} ({analysis.outcome} with best play)."
    return f"Hint for {side}: any of {cells} ({analysis.outcome} with best play)."


def scores_text(game: MNK, analysis: Analysis) -> str:
    """A board with every free cell's outcome for the side to move (W3, D, L4)."""
    labels = {entry.move: short_outcome(entry.outcome) for entry in analysis.moves}
    width = max(3, *(len(label) + 2 for label in labels.values()))
    rows = []
    for row in range(game.rows):
        cells = []
        for col in range(game.cols):
            cell = game.cell(row, col)
            stone = game.stone_at(analysis.state, cell)
            cells.append((stone.value if stone else labels[cell]).center(width))
        rows.append(" " + "|".join(cells))
        if row < game.rows - 1:
            rows.append(" " + "+".join("-" * width for _ in range(game.cols)))
    side = analysis.to_move.value
    heading = f"What each free cell leads to for {side} (W3 = win in 3 plies, D = draw, L4 = loss in 4):"
    best = ", ".join(str(move + 1) for move in analysis.best)
    return "\n".join([heading, "", *rows, "", f"Best: {best} ({analysis.outcome})."])


def history_text(game: MNK, history: list[tuple[MNKState, int | None]]) -> str:
    """The moves so far, numbered, with the side that played each one."""
    moves: list[str] = []
    for (before, _), (_, move) in itertools.pairwise(history):
        if move is None:
            continue
        row, col = game.row_col(move)
        moves.append(f"{len(moves) + 1}. {before.to_move.value} {move + 1} (row {row + 1}, col {col + 1})")
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
