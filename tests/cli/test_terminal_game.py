"""The terminal game driven with scripted input: as a whole process where the process is the point (a full game,
end of input, signals), through the command's ``main(argv)`` in process (``InProcess``) everywhere else."""

from __future__ import annotations

import random
import re
import signal
import subprocess
import sys

import pytest

from cli_helpers import PATIENCE, InProcess, run_cli
from perfectplay import Player, TicTacToe, analyze
from perfectplay.cli.play import TerminalGame


def test_a_full_game_as_x_ends_in_a_draw_and_offers_another() -> None:
    """X takes the centre, then tries the cells in order: a taken cell just asks again."""
    every_cell = "".join(f"{cell}\n" for cell in range(1, 10))
    result = run_cli("play", "--seed", "1", stdin="5\n" + every_cell * 2 + "n\n")
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

    seats: dict[Player, str | None] = {Player.X: None, Player.O: "perfect"}
    session = TerminalGame(TicTacToe(), seats, Player.X, random.Random(7), worst_move, output.append)
    session.run()
    text = "\n".join(output)
    assert "The computer wins (O)." in text
    assert text.count("*O*") == 3


def test_invalid_entries_get_a_message_and_the_prompt_again(in_process: InProcess) -> None:
    result = in_process("play", stdin="hello\n\n0\n10\n4 4\n5\n5\n1 1\n")
    out = result.stdout
    assert "'hello' is not a cell: type a number from 1 to 9 or 'row col'." in out
    assert "Type the number of a free cell (1-9) or 'row col'." in out
    assert "There is no cell 0: pick a number from 1 to 9." in out
    assert "There is no cell 10" in out
    assert "Row 4, column 4 is off the board" in out
    assert "Cell 5 is taken: pick a free cell." in out
    assert result.returncode == 0
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (["XOX/OXO/XOX"], "the game is over: X has won; there is no move to play"),
        (["--game", "nim", "0,0"], "the game is over: O has won; there is no move to play"),
    ],
)
def test_a_finished_position_is_refused_not_counted_as_a_game_played(
    in_process: InProcess, argv: list[str], line: str
) -> None:
    result = in_process("play", *argv, stdin="")
    assert (result.returncode, result.stdout, result.stderr) == (2, "", f"perfectplay play: error: {line}\n")


def test_end_of_input_ends_the_session_cleanly() -> None:
    result = run_cli("play", stdin="5\n")
    assert result.returncode == 0
    assert result.stdout.rstrip().endswith("Thanks for playing.")
    assert result.stderr == ""


def test_you_can_play_o_and_let_the_computer_start(in_process: InProcess) -> None:
    result = in_process("play", "--you", "O", "--first", "ai", stdin="")
    assert "You are O, the computer is X (perfect). X moves first." in result.stdout
    assert re.search(r"The computer \(X\) plays [1-9]\.", result.stdout)


def test_playing_o_does_not_make_o_move_first(in_process: InProcess) -> None:
    """``--you O`` alone: X (the computer) opens, as X does unless the player says otherwise."""
    result = in_process("play", "--you", "O", stdin="")
    assert "You are O, the computer is X (perfect). X moves first." in result.stdout
    assert re.search(r"The computer \(X\) plays [1-9]\.", result.stdout)


def test_o_can_move_first_when_the_player_is_o_and_says_so(in_process: InProcess) -> None:
    result = in_process("play", "--you", "O", "--first", "you", stdin="5\n")
    assert "O moves first." in result.stdout
    assert "[O]" in result.stdout


def test_the_first_move_alternates_between_the_games_of_a_session(in_process: InProcess) -> None:
    """Three quick losses along the top row: X opens game 1, O game 2, X game 3."""
    two_players = "1\n4\n2\n5\n3\n"
    result = in_process("play", "--two-players", stdin=two_players + "y\n" + two_players + "y\n" + two_players + "n\n")
    intros = re.findall(r"Two players: X and O take turns at this keyboard\. ([XO]) moves first", result.stdout)
    assert intros == ["X", "O", "X"]
    assert "O moves first this time (the first move alternates)." in result.stdout
    assert "Session: X 2 wins, O 1 win, 0 draws." in result.stdout


def test_play_again_starts_a_fresh_board(in_process: InProcess) -> None:
    cells = "".join(f"{number}\n" for number in range(1, 10))
    result = in_process("play", stdin=cells + "y\n")
    assert result.stdout.count("You are X, the computer is O") == 2


def test_a_bad_option_is_one_line_and_exit_2(in_process: InProcess) -> None:
    result = in_process("play", "--you", "Z")
    assert result.returncode == 2
    assert "side to move must be X or O" in result.stderr
    assert result.stderr.count("\n") == 1


def boards_in(output: str) -> list[str]:
    """Every board drawn in the output, as its three text rows joined by '/'."""
    lines = [line.strip() for line in output.splitlines()]
    separator = "---+---+---"
    return [
        "/".join(lines[index : index + 5 : 2])
        for index in range(len(lines) - 4)
        if lines[index + 1] == separator == lines[index + 3] and (index == 0 or lines[index - 1] != separator)
    ]


EMPTY_BOARD = "1 | 2 | 3/4 | 5 | 6/7 | 8 | 9"


def test_undo_twice_in_a_row_takes_back_two_rounds_and_then_there_is_nothing_to_undo(in_process: InProcess) -> None:
    """You take the centre and then 2; after each move the computer replies in a corner.

    Undo goes back to the centre and the computer's corner; undo again gives the
    empty board; a third undo has nothing left to take back.
    """
    result = in_process("play", "--seed", "3", stdin="5\n2\nundo\nundo\nundo\n")
    out = result.stdout
    assert result.returncode == 0, result.stderr
    assert re.search(r"Took back moves 3 and 4 \(X played 2, O played [1-9]\)\.", out)
    assert re.search(r"Took back moves 1 and 2 \(X played 5, O played [1379]\)\.", out)
    assert "Nothing to undo: no move of yours on the board yet." in out
    assert out.index("Took back moves 3") < out.index("Took back moves 1") < out.index("Nothing to undo")
    after_second_undo = out[out.index("Took back moves 1") :]
    assert boards_in(after_second_undo)[0] == EMPTY_BOARD


def test_undo_in_connect_four_names_the_moves_by_number_not_by_their_column(in_process: InProcess) -> None:
    """Both players drop into column 4: the message must not read 'moves 4 and 4'."""
    result = in_process("play", "--game", "connect4", "--two-players", stdin="4\n4\n4\nundo\n")
    assert result.returncode == 0, result.stderr
    assert "Took back move 3 (X played 4)." in result.stdout
    result = in_process("play", "--game", "connect4", "--seed", "1", "--level", "random", stdin="4\nundo\n")
    assert re.search(r"Took back moves 1 and 2 \(X played 4, O played [1-7]\)\.", result.stdout), result.stdout


def test_undo_at_the_start_has_nothing_to_take_back_even_after_the_computer_opened(in_process: InProcess) -> None:
    for args in ([], ["--first", "ai"]):
        result = in_process("play", *args, stdin="undo\n")
        assert "Nothing to undo: no move of yours on the board yet." in result.stdout
        assert "Traceback" not in result.stderr


def test_in_a_two_player_game_undo_takes_back_only_the_last_move(in_process: InProcess) -> None:
    result = in_process("play", "--two-players", stdin="1\n5\nundo\n")
    assert "Took back move 2 (O played 5)." in result.stdout
    assert boards_in(result.stdout)[-1] == "[X]| 2 | 3/4 | 5 | 6/7 | 8 | 9"


def test_hint_names_the_only_move_that_delays_the_loss_and_what_it_leads_to(in_process: InProcess) -> None:
    """Two players: X 1, O 2, X 5. O to move must block at 9 and still loses in 4.

     X | O | .
    ---+---+---
     . | X | .
    ---+---+---
     . | . | .
    """
    result = in_process("play", "--two-players", stdin="1\n2\n5\nhint\n")
    hint = "Hint for O: play 9 (every move loses against best play; this one holds out longest: loss in 4)."
    assert hint in result.stdout


def test_scores_show_every_free_cells_outcome_on_the_board(in_process: InProcess) -> None:
    """Same position: 9 loses in 4 for O, every other free cell in 2."""
    result = in_process("play", "--two-players", stdin="1\n2\n5\nscores\n")
    out = result.stdout
    assert "What each move leads to for O" in out
    grid = out[out.index("What each move") :].splitlines()[2:7:2]
    assert [[cell.strip() for cell in row.split("|")] for row in grid] == [
        ["X", "O", "L2"],
        ["L2", "X", "L2"],
        ["L2", "L2", "L4"],
    ]
    assert "Best: 9 (loss in 4)." in out


def test_history_lists_the_moves_as_numbered_on_the_board_even_when_typed_as_row_and_column(
    in_process: InProcess,
) -> None:
    result = in_process("play", "--two-players", stdin="history\n1\n2 2\nhistory\n")
    assert "No moves yet." in result.stdout
    assert "Moves so far: 1. X 1   2. O 5" in result.stdout


def test_help_lists_every_command(in_process: InProcess) -> None:
    result = in_process("play", stdin="help\n")
    for command in ("undo", "hint", "scores", "history", "new", "quit", "help"):
        assert re.search(rf"^  {command} +\S", result.stdout, re.MULTILINE), command


def test_new_abandons_the_game_without_counting_it_and_quit_ends_the_session(in_process: InProcess) -> None:
    result = in_process("play", stdin="5\nnew\nquit\n")
    out = result.stdout
    assert "New game." in out
    assert out.count("You are X, the computer is O") == 2
    assert "Session:" not in out
    assert out.rstrip().endswith("Thanks for playing.")
    assert result.returncode == 0


def test_the_session_tally_counts_each_finished_game() -> None:
    """The player always picks the move that loses fastest, in two games: the computer wins both,
    opening the second one itself (the first move alternates)."""
    output: list[str] = []
    session: TerminalGame
    answers = iter(["y", "n"])

    def worst_move(prompt: str) -> str:
        if prompt.startswith("Play again"):
            return next(answers)
        return str(analyze(session.game, session.state).moves[-1].move + 1)

    seats: dict[Player, str | None] = {Player.X: None, Player.O: "perfect"}
    session = TerminalGame(TicTacToe(), seats, Player.X, random.Random(3), worst_move, output.append)
    session.run()
    text = "\n".join(output)
    assert "Session: 0 wins, 0 draws, 1 loss." in text
    assert "Session: 0 wins, 0 draws, 2 losses." in text
    assert "O moves first this time (the first move alternates)." in text


def test_two_players_take_turns_and_the_winner_is_named(in_process: InProcess) -> None:
    result = in_process("play", "--two-players", stdin="1\n2\n5\n3\n9\nn\n")
    out = result.stdout
    assert "Two players: X and O take turns at this keyboard. X moves first." in out
    assert "O to move, a cell number (1-9) or 'row col': " in out
    assert "The computer" not in out
    assert "X wins!" in out
    assert "Session: X 1 win, O 0 wins, 0 draws." in out


def test_watching_the_computer_play_itself_runs_without_a_pause_when_piped(in_process: InProcess) -> None:
    # Piped input and no pause: run_cli's own timeout catches a session that waits.
    result = in_process("play", "--watch", "--level", "perfect", "--seed", "5", stdin="y\nn\n")
    out = result.stdout
    assert out.count("Watching X (perfect) against O (perfect). X moves first.") == 1
    assert out.count("Watching X (perfect) against O (perfect). O moves first this time") == 1
    assert len(re.findall(r"^[XO] \(perfect\) plays [1-9]\.$", out, re.MULTILINE)) == 18
    assert out.count("It's a draw.") == 2
    assert "Session: X 0 wins, O 0 wins, 2 draws." in out
    assert "Your move" not in out


def test_two_players_and_watch_cannot_be_combined(in_process: InProcess) -> None:
    result = in_process("play", "--two-players", "--watch")
    assert result.returncode == 2
    assert "not allowed with argument" in result.stderr


def test_ctrl_c_at_the_prompt_ends_the_session_cleanly() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "perfectplay", "play"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    seen = ""
    while not seen.endswith("'row col': "):
        char = process.stdout.read(1)
        assert char, seen
        seen += char
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=PATIENCE)
    assert process.returncode == 0
    assert out.rstrip().endswith("Thanks for playing.")
    assert "Traceback" not in err


def test_on_a_board_too_big_to_solve_the_computer_thinks_within_its_budget_and_says_so(in_process: InProcess) -> None:
    """5x5, four in a row: after X takes the centre the computer cannot prove the value
    in half a second, so it plays the best move it found and shows how long it thought.

     1 | 2 | 3 | 4 | 5
    ---+---+---+---+---
     6 | 7 | 8 | 9 |10
    ---+---+---+---+---
    11 |12 | X |14 |15
    ...
    """
    result = in_process("play", "--game", "mnk:5,5,4", "--time-limit", "0.5", stdin="13\n")
    assert result.returncode == 0, result.stderr
    assert "Thinking…" in result.stdout
    # How long it thought is the machine's business: a loaded one overruns half a second.
    # Stopped by its limit, the move is the best found, and the line says it is not proven.
    thought = r"\((?:thinking… \d+\.\d s|best found in \d+(?:\.\d s| ms), not proven)\)"
    assert re.search(r"The computer \(O\) plays \d+\. " + thought, result.stdout)


def test_a_time_budget_that_is_not_positive_is_refused_in_one_line(in_process: InProcess) -> None:
    result = in_process("play", "--time-limit", "0", stdin="")
    assert result.returncode == 2
    assert "seconds must be a positive" in result.stderr
    assert result.stderr.count("\n") == 1
