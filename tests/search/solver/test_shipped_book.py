"""The Connect Four book the package ships: complete to its ply, right where re-proven, and used by the search.

The book is read in full (every line well formed, every move legal, every
board filed under its lesser mirror image, X having moved first), walked
(every position the computer can meet to the book's ply while following it
is in it, whichever colour moved first) and sampled (entries re-proven from scratch with ``solve_value``, the exact
solver's value search: a different code path from the probes that built
it). ``benchmarks/perfect_connect4.py`` plays it against a perfect referee.
"""

from __future__ import annotations

import functools
import json
import random
from typing import Any

import pytest

from cli_helpers import InProcess
from perfectplay.game import Player
from perfectplay.games.connect4 import Connect4, Connect4State
from perfectplay.search.analysis import analyze
from perfectplay.search.base.limits import Limit
from perfectplay.search.solver.book import (
    Book,
    BookEntry,
    build_book,
    canonical,
    mirror_drawing,
    mirror_move,
)
from perfectplay.search.solver.exact import score_moves, solve_value
from perfectplay.search.solver.outcomes import DRAW, LOSS, WIN
from perfectplay.search.solver.table import TranspositionTable
from perfectplay.words import choice_text, hint_text, unproven_text
from repo_paths import ROOT

pytestmark = pytest.mark.usefixtures("exact_layer_to_ply_5")  # positions 5-7 moves in, past the ply-5 exact layer

SHIPPED = ROOT / "src" / "perfectplay" / "books" / "connect4-7x6.txt"
NAMES = {WIN: "win", DRAW: "draw", LOSS: "loss"}



def o_began(game: Connect4, columns: str) -> Connect4State:
    """The position after ``columns`` (digits from 1) with O moving first: a move sequence is X first, so the
    game is played out here from the board O starts on."""
    state = game.initial_state(Player.O)
    for column in columns:
        state = game.play(state, int(column) - 1)
    return state

def sign(value: int) -> int:
    return (value > 0) - (value < 0)


@functools.cache  # read once per process, not by each of ten tests (0.4 s of CPU each); no test changes it
def checked_shipped_book() -> Book:
    return Book.parse(Connect4(), SHIPPED.read_text(encoding="utf-8").splitlines(), SHIPPED.name)


def test_the_shipped_book_reads_with_every_board_and_move_checked_and_promises_a_ply() -> None:
    book = checked_shipped_book()
    assert book.plies >= 0 and len(book) > 0
    game = Connect4()
    for drawing in book.entries:
        assert canonical(game, game.parse(drawing)) == (drawing, False, False)
    loaded = Connect4().opening_book()
    assert isinstance(loaded, Book) and loaded.entries == book.entries and loaded.plies == book.plies


def refuse(state: Any) -> BookEntry:
    raise AssertionError(f"not in the book:\n{Connect4().format(state)}")


def test_the_shipped_book_holds_every_position_the_computer_can_meet_to_its_ply() -> None:
    book = checked_shipped_book()
    seen: list[int] = []
    walked = build_book(Connect4(), book.plies, book, refuse, lambda ply, line, seconds, new: seen.append(ply))
    assert walked.entries == book.entries
    assert max(seen) == book.plies and len(seen) <= len(book)
    assert seen.count(0) == 1 and seen.count(1) == 4  # the empty board; the first moves, mirror images shared


def test_sampled_entries_of_the_shipped_book_agree_with_fresh_exact_solves() -> None:
    game = Connect4()
    book = checked_shipped_book()
    cheap = sorted((drawing for drawing, entry in book.entries.items() if entry.nodes <= 60_000), key=str)
    for drawing in random.Random(18).sample(cheap, min(6, len(cheap))):
        entry = book.entries[drawing]
        state = game.parse(drawing)
        value = solve_value(game, state, table=TranspositionTable())
        assert sign(value.score or 0) == entry.outcome, drawing
        if entry.outcome == LOSS:
            continue  # every move loses: nothing to check about the one the book plays
        after = game.play(state, entry.move)
        if game.is_over(after):
            assert entry.outcome == WIN and game.winner(after) == game.to_move(state), drawing
        else:  # the opponent's value after the move kept is the opposite of ours
            assert sign(-(solve_value(game, after, table=TranspositionTable()).score or 0)) == entry.outcome, drawing


def swap_colours(game: Connect4, state: Connect4State) -> Connect4State:
    """The same stones with the colours swapped, the other side to move: the game the other colour began."""
    return Connect4State(state.o, state.x, state.to_move.other, None if state.winner is None else state.winner.other)


def test_a_limited_search_in_a_book_position_plays_the_book_move_at_once_under_all_four_symmetries() -> None:
    game = Connect4()
    book = checked_shipped_book()
    answered = 0
    for drawing in random.Random(7).sample(sorted(book.entries), min(12, len(book))):
        entry = book.entries[drawing]
        if entry.outcome == LOSS and entry.plies is None:
            continue  # the line does not name the slowest loss: the search looks for it (tested below)
        mirrored = mirror_drawing(drawing)
        for shown, move in ((drawing, entry.move), (mirrored, mirror_move(game, entry.move))):
            for state in (game.parse(shown), swap_colours(game, game.parse(shown))):
                analysis = analyze(game, state, limit=Limit(seconds=3600, nodes=10**9), at_once=True)
                assert analysis.best == (move,), shown
                assert analysis.outcome_class == NAMES[entry.outcome] and analysis.algorithm == "book"
                assert analysis.nodes == 1  # the root only: no search, so no wait
                answered += 1
    assert answered >= 24


def test_a_game_that_o_began_is_answered_by_the_book_as_the_colour_swap_of_the_game_x_began() -> None:
    game = Connect4()
    # Six moves in, past the exact layer (every position after 5 moves, which answers above it whoever began).
    began_by_o = o_began(game, "444444")  # O played first: O, X, O, X, O, X all in column 4
    assert game.to_move(began_by_o) is Player.O and canonical(game, began_by_o).swapped
    analysis = analyze(game, began_by_o, limit=Limit(seconds=3600, nodes=10**9), at_once=True)
    assert analysis.best == (2,) and analysis.outcome_class == "win" and analysis.algorithm == "book"
    # The game X began has the same answer (columns 3 and 5 win in 35, as the exact search proves).
    assert analysis.best == analyze(game, game.parse_sequence("444444"), limit=Limit(nodes=1), at_once=True).best


def book_walk(book: Book, first: Player, computer_first: bool, plies: int | None = None) -> int:
    """Follow the book from the empty board with ``first`` moving first, to its ply or ``plies``; every computer
    position must be in it."""
    game = book.game
    deepest = book.plies if plies is None else plies
    frontier = [game.initial_state(first)]
    if not computer_first:
        frontier = [game.play(frontier[0], move) for move in game.legal_moves(frontier[0])]
    met = 0
    seen: set[str] = set()
    while frontier:
        state = frontier.pop()
        frame = canonical(game, state)
        if frame.drawing.count("X") + frame.drawing.count("O") > deepest or frame.drawing in seen:
            continue
        seen.add(frame.drawing)
        answer = book.answer(state)
        assert answer is not None, f"not in the book ({first.value} first):\n{game.draw(state)}"
        met += 1
        entry = book.entries[frame.drawing]
        move = mirror_move(game, entry.move) if frame.mirrored else entry.move
        assert answer.move in (move, None)
        after = game.play(state, move)
        if game.is_over(after):
            continue
        replies = (game.play(after, reply) for reply in game.legal_moves(after))
        frontier.extend(reply for reply in replies if not game.is_over(reply))
    return met


def assert_the_book_answers_the_computer_whichever_colour_moved_first(book: Book, plies: int) -> list[int]:
    """The positions the computer meets to ``plies``, in games each colour began: the same count either way."""
    met = []
    for computer_first in (True, False):
        with_x = book_walk(book, Player.X, computer_first, plies)
        with_o = book_walk(book, Player.O, computer_first, plies)
        assert with_x == with_o
        met.append(with_x)
    return met


def test_the_book_answers_every_position_the_computer_meets_to_ply_10_whichever_colour_moved_first() -> None:
    # Known answers: the positions the computer meets to ply 10. To the book's ply 12 (6,827 and 10,095, 2 s of
    # CPU) is benchmarks/oracle_sweeps.py's ``book``; that the book holds each of them, its build proves above.
    book = checked_shipped_book()
    assert book.plies == 12
    assert assert_the_book_answers_the_computer_whichever_colour_moved_first(book, 10) == [2004, 2690]


def test_in_a_lost_book_position_the_computer_plays_the_slowest_loss_at_once() -> None:
    game = Connect4()
    for first in (Player.X, Player.O):
        # 6 holds out longest (loss in 34), 5 not
        lost = game.parse_sequence("4444445") if first is Player.X else o_began(game, "4444445")
        analysis = analyze(game, lost, limit=Limit(seconds=3600, nodes=10**9), at_once=True)
        assert analysis.best == (5,) and analysis.algorithm == "book" and analysis.nodes == 1
        chosen = next(entry for entry in analysis.moves if entry.move == 5)
        assert str(chosen.outcome) == "loss in 34"


def test_every_lost_book_line_that_names_its_loss_names_the_slowest() -> None:
    game = Connect4()
    book = checked_shipped_book()
    named = {drawing: entry for drawing, entry in book.entries.items() if entry.plies is not None}
    assert named, "the book names no slowest loss"
    # The two latest (cheapest to score move by move): a line's node count is what its proof cost with the
    # table of the positions proven before it, so it says little (the third early lost line's was 8).
    for drawing, entry in sorted(named.items(), key=lambda item: -sum(cell in "XO" for cell in item[0]))[:2]:
        exact = score_moves(game, game.parse(drawing), table=TranspositionTable())
        scores = {item.move: item.score for item in exact.moves}
        assert entry.outcome == LOSS and scores[entry.move] == max(score or 0 for score in scores.values()), drawing
        assert str(exact.outcome) == f"loss in {entry.plies}", drawing


LOST_WITHOUT_LENGTH = "...O.../...X.../...O.../...X.../...OO../X..XX.."
"""A lost line (ply 11, O to move) of the build before slowest losses: it names a move, not how slow."""


def test_the_early_lost_lines_name_the_slowest_loss_the_opponents_last_move() -> None:
    # The computer as O after X's centre opening, and after each of X's book answers in the centre: lost, and
    # the centre holds out to X's 21st stone (ply 41), proven by `perfectplay book --slowest-losses-from 1`.
    game = Connect4()
    book = checked_shipped_book()
    for moves, plies in {"4": 40, "444": 38, "44444": 36}.items():
        answer = book.answer(game.parse_sequence(moves))
        assert answer is not None and answer.outcomes.outcome == LOSS, moves
        assert (answer.move, answer.plies) == (3, plies), moves
        assert len(moves) + plies == 41, moves
    # On the exact layer (every position after 5 moves) the position's own score is known, not its moves':
    # with no nodes to probe them, the computer plays the book's move.
    booked = analyze(game, game.parse_sequence("44444"), limit=Limit(nodes=1), at_once=True)
    assert booked.algorithm == "book" and booked.best == (3,)
    assert unproven_text(booked) == "from the opening book: a proven loss, this move the slowest (loss in 36)"


def test_a_lost_book_position_without_its_slowest_loss_is_left_to_the_search_with_every_move_allowed() -> None:
    game = Connect4()
    book = checked_shipped_book()
    state = game.parse(LOST_WITHOUT_LENGTH)
    answer = book.answer(state)
    assert answer is not None and answer.move is None
    assert answer.outcomes.keeping == frozenset(game.legal_moves(state)) and len(answer.outcomes.keeping) == 6
    analysis = analyze(game, state, limit=Limit(nodes=20_000))
    assert analysis.algorithm == "solver" and analysis.outcome_class == "loss"


def test_the_books_first_two_plies_agree_with_the_published_solution_of_connect_four() -> None:
    # Allis (1988) and Allen (1990), confirmed by Tromp: the first player wins by starting in the
    # centre column; a first stone in the columns beside it gives a draw, further out a loss.
    game = Connect4()
    book = checked_shipped_book()
    empty = book.entries[game.format(game.initial_state())]
    assert (empty.outcome, empty.move) == (WIN, 3)
    expected_for_second = {1: WIN, 2: WIN, 3: DRAW, 4: LOSS, 5: DRAW, 6: WIN, 7: WIN}
    for column, outcome in expected_for_second.items():
        drawing = canonical(game, game.parse(str(column))).drawing
        assert book.entries[drawing].outcome == outcome, column


def test_the_words_for_a_book_move_say_what_is_proven_of_it_and_nothing_of_the_others() -> None:
    game = Connect4()
    six_in = game.parse_sequence("444444")  # past the exact layer (5 moves in), on the book's lines: X wins
    booked = analyze(game, six_in, limit=Limit(nodes=1), at_once=True)
    assert booked.outcome_class == "win" and booked.best == (2,) and booked.algorithm == "book"
    assert unproven_text(booked) == "from the opening book: a proven win; how fast not proven"
    why = choice_text(game, booked, 2, "perfect", None, proven_from_start=False)
    assert why == (
        "From the opening book: a proven win; how fast not proven, answered without a search. "
        "The opening book proved this move keeps the win; how fast it wins is not proven."
    )
    assert hint_text(game, booked) == "Hint for X: play 3 (a proven win; how fast was not proven in the time limit)."
    casual = choice_text(game, booked, 0, "hard", "plays a casual move now and then", proven_from_start=False)
    assert "proved this move" not in casual
    slowest = analyze(game, game.parse_sequence("4444445"), limit=Limit(nodes=1), at_once=True)
    assert unproven_text(slowest) == "from the opening book: a proven loss, this move the slowest (loss in 34)"
    assert "the opening book proved this one holds out longest (loss in 34)" in choice_text(
        game, slowest, 5, "perfect", None, proven_from_start=False
    )
    assert hint_text(game, slowest).startswith("Hint for O: play 6 (every move loses against best play;")
    lost = analyze(
        game, game.parse(LOST_WITHOUT_LENGTH), limit=Limit(nodes=1), at_once=True
    )  # the book names no slowest loss
    assert lost.outcome_class == "loss" and lost.algorithm == "solver"
    assert "Every move loses with best play" in choice_text(game, lost, lost.best[0], "perfect", None)


def test_analyze_and_solve_under_a_limit_say_what_the_book_proved(in_process: InProcess) -> None:
    # 444443 is past the exact layer (5 moves in) on the book's lines; its exact analysis takes seconds of CPU, so a
    # tenth of a second leaves "how fast" unproven on any machine (the book's proof needs no search).
    text = in_process("analyze", "--game", "connect4", "444443", "--time-limit", "0.1")
    assert text.returncode == 0, text.stderr
    # An analysis runs on from the book's answer: the move the book proved comes first among those that keep the win.
    assert "X to move: a proven win; how fast was not proven before the limit. Keeps it: 3" in text.stdout
    lost = in_process("analyze", "--game", "connect4", "4444433", "--time-limit", "0.1", "--json")
    document = json.loads(lost.stdout)
    assert document["outcome_class"] == "loss" and document["complete"] is False
    solved = in_process("solve", "--game", "connect4", "444443", "--time-limit", "0.1")
    assert "Connect Four (7x6): a proven win; how fast was not proven by the opening book, for X" in solved.stdout


def test_a_win_in_one_or_the_only_move_that_does_not_lose_at_once_is_answered_without_a_long_search() -> None:
    from perfectplay.search.solver.exact import FORCED_NODES

    game = Connect4()
    long = Limit(seconds=3600, nodes=10**9)
    # 121314: X has three in column 1 and wins there; 12131: O must block column 1 (every other move loses at once),
    # and the outcome layer (every position after 8 moves) proves the block keeps the draw.
    for moves, outcome in (("121314", "win in 1"), ("12131", "draw")):
        analysis = analyze(game, game.parse_sequence(moves), limit=long, at_once=True)
        assert analysis.nodes <= FORCED_NODES + 100, moves  # the move's checks, not the whole limit
        assert analysis.best == (0,), moves
        assert str(next(entry.outcome for entry in analysis.moves if entry.move == 0)) == outcome, moves


def test_the_pages_move_function_answers_a_game_o_began_from_the_book_without_a_search() -> None:
    from perfectplay.web.jobs import Job, run_job

    game = Connect4()
    state = o_began(game, "444444")  # the page's "Computer first" as O, six moves in (past the exact layer)
    job: Job = {
        "game": "connect4",
        "position": game.format(state),
        "to_move": "O",
        "level": "perfect",
        "level_note": None,
        "seed": 1,
        "seconds": 3600.0,
        "proven_from_start": False,
    }
    result = run_job(job)
    assert result["move"] == 2 and result["analysis"]["algorithm"] == "book" and result["analysis"]["nodes"] == 1
    assert result["advice"]["unproven"] == "from the opening book: a proven win; how fast not proven"


def test_after_a_lost_book_move_every_other_move_is_a_proven_loss_not_an_unknown() -> None:
    # .  .  .  .  .  .  .
    # .  .  .  O  .  .  .     X to move after 4444445: lost whatever X plays; the book names 6 (loss in 34),
    # .  .  .  X  .  .  .     and the page's "Why that move?" lists the other columns: each a loss too,
    # .  .  .  O  .  .  .     its length not proven, never "not proven".
    # .  .  .  X  .  .  .
    # .  .  .  O  X  .  .
    game = Connect4()
    analysis = analyze(game, game.parse_sequence("4444445"), limit=Limit(seconds=3600, nodes=10**9), at_once=True)
    assert analysis.algorithm == "book" and analysis.best == (5,)
    others = [entry for entry in analysis.moves if entry.move != 5]
    assert others and all(entry.outcome.name == "loss" and entry.outcome.proven for entry in others)
