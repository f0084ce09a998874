"""The sentences people read, made once in perfectplay.words: hints and why the computer chose a move."""

from __future__ import annotations

from perfectplay import MNK, Analysis, MoveValue, Outcome
from perfectplay.game import OutcomeName
from perfectplay.words import advised_moves, choice_text, hint_text

BOARD = MNK(4, 4, 4)


def analysis(best: tuple[int, ...], *moves: tuple[int, OutcomeName, int | None]) -> Analysis:
    """An analysis of the empty 4x4 board with these move outcomes (labels are the move plus one)."""
    values = tuple(MoveValue(move, Outcome(name, plies)) for move, name, plies in moves)
    # Complete exactly when every move is proven, as the engine's analyses are.
    complete = all(value.outcome.proven for value in values)
    return Analysis(BOARD, BOARD.initial_state(), Outcome("unknown"), None, values, best, 1, 0.0, complete)


def test_the_hint_prefers_a_proven_draw_to_a_move_the_search_could_not_prove() -> None:
    leaning = analysis((12,), (12, "unknown", None), (7, "draw", None), (3, "loss", 4))
    assert [entry.move for entry in advised_moves(leaning)] == [7]
    assert hint_text(BOARD, leaning) == "Hint for X: play 8 (a draw with best play)."
    unproven = analysis((12,), (12, "unknown", None), (5, "unknown", None), (3, "loss", 4))
    assert [entry.move for entry in advised_moves(unproven)] == [12]


def test_the_words_for_a_choice_say_what_it_gave_away() -> None:
    won = analysis((4,), (4, "win", 3), (0, "win", 5), (8, "draw", None), (2, "loss", 4))
    assert choice_text(BOARD, won, 4, "perfect", "always plays a best move").startswith("It sees a forced win in 3")
    slower = choice_text(BOARD, won, 0, "hard", "plays a best move three times in four")
    assert slower.startswith("That is a slower win: it leads to win in 5, but 5 would have led to win in 3.")
    drawn = choice_text(BOARD, won, 8, "friendly", "never loses, but would rather draw than win")
    assert drawn.startswith("That is a mistake: it leads to draw, but 5 would have led to win in 3.")
    assert drawn.endswith("At level Friendly the computer never loses, but would rather draw than win.")


def test_a_hint_for_a_lost_position_names_the_move_that_holds_out_longest() -> None:
    lost = analysis((8,), (8, "loss", 4), (1, "loss", 2))
    assert hint_text(BOARD, lost) == (
        "Hint for X: play 9 (every move loses against best play; this one holds out longest: loss in 4)."
    )
