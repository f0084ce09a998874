"""The terminal game driven as a process with scripted input."""

from __future__ import annotations

import random
import re

from cli_helpers import run_cli
from perfectplay import Player, TicTacToe, analyze
from perfectplay.cli.play import TerminalGame


def test_a_full_game_as_x_ends_with_the_computer_unbeaten_and_offers_another() -> None:
    """The player tries the cells 1 to 9 in order; taken ones are refused and the next is tried."""
    cells = "".join(f"{number}\n" for number in range(1, 10))
    result = run_cli("play", stdin=cells + "n\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "You are X, the computer is O (perfect). X moves first." in out
    assert "The computer (O) plays" in out
    assert "It's a draw." in out or "The computer wins (O)." in out
    assert "You win" not in out
    assert "Play again? [y/n]" in out
    assert out.rstrip().endswith("Thanks for playing.")
    assert "Traceback" not in result.stderr


def test_the_computer_punishes_a_losing_player_and_marks_the_winning_line() -> None:
    """The scripted player always picks the move that loses fastest; the computer must win.

    At the end the winning cells are drawn *O*, e.g.

     X |*O*| X
    ---+---+---
     X |*O*| .
    ---+---+---
     . |*O*| .
    """
    output: list[str] = []
    session: TerminalGame

    def worst_move(prompt: str) -> str:
        if prompt.startswith("Play again"):
            return "n"
        analysis = analyze(session.game, session.state)
        return str(analysis.moves[-1].move + 1)

    session = TerminalGame(TicTacToe(), Player.X, Player.X, "perfect", random.Random(7), worst_move, output.append)
    session.run()
    text = "\n".join(output)
    assert "The computer wins (O)." in text
    assert text.count("*O*") == 3


def test_invalid_entries_get_a_message_and_the_prompt_again() -> None:
    result = run_cli("play", stdin="hello\n\n0\n10\n4 4\n5\n5\n1 1\n")
    out = result.stdout
    assert "'hello' is not a cell: type a number from 1 to 9 or 'row col'." in out
    assert "Type the number of a free cell (1-9) or 'row col'." in out
    assert "There is no cell 0: pick a number from 1 to 9." in out
    assert "There is no cell 10" in out
    assert "Row 4, column 4 is off the board" in out
    assert "Cell 5 is taken: pick a free cell." in out
    assert result.returncode == 0
    assert "Traceback" not in result.stderr


def test_end_of_input_ends_the_session_cleanly() -> None:
    result = run_cli("play", stdin="5\n")
    assert result.returncode == 0
    assert result.stdout.rstrip().endswith("Thanks for playing.")
    assert result.stderr == ""


def test_you_can_play_o_and_let_the_computer_start() -> None:
    result = run_cli("play", "--you", "O", "--first", "ai", stdin="")
    assert "You are O, the computer is X (perfect). X moves first." in result.stdout
    assert re.search(r"The computer \(X\) plays [1-9]\.", result.stdout)


def test_o_can_move_first_when_the_player_is_o_and_starts() -> None:
    result = run_cli("play", "--you", "O", stdin="5\n")
    assert "O moves first." in result.stdout
    assert "[O]" in result.stdout


def test_play_again_starts_a_fresh_board() -> None:
    cells = "".join(f"{number}\n" for number in range(1, 10))
    result = run_cli("play", stdin=cells + "y\n")
    assert result.stdout.count("You are X, the computer is O") == 2


def test_a_bad_option_is_one_line_and_exit_2() -> None:
    result = run_cli("play", "--you", "Z")
    assert result.returncode == 2
    assert "side to move must be X or O" in result.stderr
    assert result.stderr.count("\n") == 1
