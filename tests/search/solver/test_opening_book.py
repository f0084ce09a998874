"""Opening books built by ``perfectplay book``: right line by line, resumable, and clear about bad input.

A book for 5x4 Connect Four, small enough to build here, is compared line
by line with every move's exact score (``score_moves``, a different code
path from the probes that built it). The shipped 7x6 book has its own
tests (``test_shipped_book.py``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cli_helpers import InProcess, run_cli
from perfectplay.games.connect4 import Connect4
from perfectplay.search.base.scale import SCALE
from perfectplay.search.solver.book import (
    Book,
    BookEntry,
    build_book,
    format_line,
    latest_loss,
    prove_book_entry,
)
from perfectplay.search.solver.exact import score_moves
from perfectplay.search.solver.table import TranspositionTable


def sign(value: int) -> int:
    return (value > 0) - (value < 0)


@pytest.fixture(scope="module")
def small_book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("book") / "connect4-5x4.txt"
    result = run_cli("book", "--game", "connect4:5,4", "--plies", "7", "--out", str(path), "--table", "1")
    assert result.returncode == 0, result.stderr
    assert "positions to ply 7" in result.stdout
    return path


def test_a_built_book_agrees_line_by_line_with_every_moves_exact_score(small_book: Path) -> None:
    game = Connect4(5, 4)
    book = Book.parse(game, small_book.read_text(encoding="utf-8").splitlines(), "5x4")
    assert book.plies == 7 and len(book) > 50
    for drawing, entry in book.entries.items():
        scores = {item.move: item.score for item in score_moves(game, game.parse(drawing)).moves}
        best = max(score for score in scores.values() if score is not None)
        assert entry.outcome == sign(best), drawing
        assert sign(scores[entry.move] or 0) == entry.outcome, drawing
        if entry.outcome == -1:  # a lost position names the slowest loss, and how slow it is
            assert scores[entry.move] == best and entry.plies == game.max_plies + 2 + best, drawing


def test_a_lost_position_is_booked_with_its_slowest_loss_and_how_slow_it_is() -> None:
    game = Connect4(5, 4)
    lost = game.parse_sequence("12")  # X opened in column 1, O answered in 2: X is lost
    scores = {item.move: item.score or 0 for item in score_moves(game, lost).moves}
    assert max(scores.values()) < 0 and len(set(scores.values())) > 1  # lost, and some moves lose sooner
    entry = prove_book_entry(game, lost, TranspositionTable())
    assert entry.outcome == -1 and scores[entry.move] == max(scores.values())
    assert entry.plies == game.max_plies + 2 + max(scores.values())
    line = format_line(game.format(lost), entry)
    assert line.endswith(f" {entry.plies}") and Book.parse(game, [line], "one line").entries[game.format(lost)] == entry


def test_a_loss_at_the_opponents_last_move_is_found_by_one_probe_a_move_and_an_earlier_one_move_by_move() -> None:
    game = Connect4(5, 4)
    latest = {"12": True, "545414": False}  # is the slowest loss at the opponent's last possible move?
    for moves, at_the_end in latest.items():
        lost = game.parse_sequence(moves)
        scores = {item.move: item.score or 0 for item in score_moves(game, lost).moves}
        slowest = max(scores.values())
        assert (slowest * SCALE == latest_loss(game, lost)) is at_the_end, moves
        entry = prove_book_entry(game, lost, TranspositionTable())
        assert scores[entry.move] == slowest and entry.plies == game.max_plies + 2 + slowest, moves
    # The probe alone costs less than every move's exact score.
    lost = game.parse_sequence("12")
    negamax_nodes = prove_book_entry(game, lost, TranspositionTable()).nodes
    assert negamax_nodes < score_moves(game, lost).nodes


def test_a_book_build_resumes_without_proving_again(small_book: Path) -> None:
    before = small_book.read_text(encoding="utf-8")
    again = run_cli("book", "--game", "connect4:5,4", "--plies", "7", "--out", str(small_book))
    assert again.returncode == 0 and again.stderr == ""  # nothing new: no progress lines
    assert small_book.read_text(encoding="utf-8") == before
    game = Connect4(5, 4)
    proven: list[str] = []

    def prove(state: Any) -> BookEntry:
        proven.append(game.format(state))
        return prove_book_entry(game, state, TranspositionTable())

    known = Book.parse(game, before.splitlines(), "5x4")
    deeper = build_book(game, 9, known, prove, lambda ply, line, seconds, new: None)
    assert proven and all(game.parse(board).x.bit_count() + game.parse(board).o.bit_count() >= 8 for board in proven)
    assert set(known.entries) < set(deeper.entries)


def test_book_errors_are_one_line_with_status_2(tmp_path: Path, in_process: InProcess) -> None:
    broken = tmp_path / "broken.txt"
    broken.write_text("....... W 9 12\n", encoding="utf-8")
    for args in (
        ("book", "--game", "tictactoe", "--plies", "2", "--out", str(tmp_path / "t.txt")),
        ("book", "--game", "connect4:5,4", "--plies", "2", "--out", str(broken)),
        ("book", "--plies", "-1", "--out", str(tmp_path / "n.txt")),
    ):
        result = in_process(*args)
        assert result.returncode == 2, args
        assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr, result.stderr


def test_a_book_for_another_board_is_refused_naming_both_games(tmp_path: Path, in_process: InProcess) -> None:
    # Its lines would read as malformed ("line 2: not '<board> ...'"): the header says which game it is for.
    other = tmp_path / "b.txt"
    assert in_process("book", "--game", "connect4:4,4", "--plies", "0", "--out", str(other)).returncode == 0
    result = in_process("book", "--plies", "0", "--out", str(other))
    assert result.returncode == 2
    assert result.stderr == f"perfectplay book: error: {other}: an opening book for connect4:4,4, not connect4\n"
