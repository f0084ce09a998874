"""``perfectplay play``: a game against the computer in the terminal.

The loop reads one line at a time and never trusts it: anything that is not
a free cell gets a message saying why and the prompt again. End of input
(Ctrl-D, or a closed pipe) ends the session cleanly.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from perfectplay.board_text import render_board
from perfectplay.cli.options import add_board_options
from perfectplay.errors import PerfectplayError
from perfectplay.game import Player
from perfectplay.games.mnk import MNK, MNKState
from perfectplay.notation import make_game, parse_player
from perfectplay.players import LEVELS, choose_move

Reader = Callable[[str], str]
Writer = Callable[[str], None]


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "play",
        help="play against the computer in the terminal",
        description="Play against the computer. Type the number of a free cell as shown "
        "on the board, or a row and a column such as '2 3' (both from 1).",
    )
    parser.add_argument("--you", default="X", metavar="X|O", help="your side (default X)")
    parser.add_argument("--first", choices=("you", "ai"), default="you", help="who moves first (default: you)")
    parser.add_argument("--level", choices=LEVELS, default="perfect", help="the computer's strength")
    parser.add_argument("--seed", type=int, help="seed the computer's choice among equal moves")
    add_board_options(parser)
    parser.set_defaults(run=run_play)


def run_play(args: argparse.Namespace) -> int:
    game = make_game(args.rows or 3, args.cols or 3, args.k)
    human = parse_player(args.you)
    first = human if args.first == "you" else human.other
    rng = random.Random(args.seed)
    session = TerminalGame(game, human, first, args.level, rng, read=input, write=print)
    session.run()
    return 0


class EndOfInput(Exception):
    """The player closed the input (Ctrl-D or end of a pipe)."""


@dataclass
class TerminalGame:
    """One player's session: any number of games against the computer."""

    game: MNK
    human: Player
    first: Player
    level: str
    rng: random.Random
    read: Reader
    write: Writer
    history: list[tuple[MNKState, int | None]] = field(default_factory=list)

    @property
    def state(self) -> MNKState:
        return self.history[-1][0]

    @property
    def last_move(self) -> int | None:
        return self.history[-1][1]

    def run(self) -> None:
        try:
            while True:
                self.play_one_game()
                if not self.ask_yes_no("Play again? [y/n] "):
                    break
        except EndOfInput:
            self.write("")
        self.write("Thanks for playing.")

    def play_one_game(self) -> None:
        self.history = [(self.game.initial_state(self.first), None)]
        self.write(
            f"You are {self.human.value}, the computer is {self.human.other.value} "
            f"({self.level}). {self.first.value} moves first."
        )
        self.show_board()
        while not self.game.is_over(self.state):
            if self.game.to_move(self.state) is self.human:
                move = self.ask_move()
            else:
                move = self.computer_move()
            self.history.append((self.game.play(self.state, move), move))
            self.show_board()
        self.announce_result()

    def computer_move(self) -> int:
        move = choose_move(self.game, self.state, self.level, self.rng)
        self.write(f"The computer ({self.human.other.value}) plays {self.number_of(move)}.")
        return move

    def ask_move(self) -> int:
        """Prompt until the player types a free cell; raises EndOfInput on EOF."""
        while True:
            text = self.prompt(f"Your move ({self.human.value}), cell number or 'row col': ")
            try:
                return self.parse_move(text)
            except PerfectplayError as error:
                self.write(str(error))

    def parse_move(self, text: str) -> int:
        """A cell number as shown (from 1) or ``row col`` (both from 1) -> cell index."""
        words = text.replace(",", " ").split()
        last = self.game.cells
        if not words:
            raise PerfectplayError(f"Type the number of a free cell (1-{last}) or 'row col'.")
        if not all(word.isdigit() for word in words) or len(words) > 2:
            raise PerfectplayError(f"{text.strip()!r} is not a cell: type a number from 1 to {last} or 'row col'.")
        if len(words) == 1:
            number = int(words[0])
            if not 1 <= number <= last:
                raise PerfectplayError(f"There is no cell {number}: pick a number from 1 to {last}.")
            cell = number - 1
        else:
            row, col = int(words[0]), int(words[1])
            if not (1 <= row <= self.game.rows and 1 <= col <= self.game.cols):
                raise PerfectplayError(
                    f"Row {row}, column {col} is off the board: rows go 1-{self.game.rows}, columns 1-{self.game.cols}."
                )
            cell = self.game.cell(row - 1, col - 1)
        if self.game.stone_at(self.state, cell) is not None:
            raise PerfectplayError(f"Cell {cell + 1} is taken: pick a free cell.")
        return cell

    def announce_result(self) -> None:
        winner = self.game.winner(self.state)
        if winner is None:
            self.write("It's a draw.")
        elif winner is self.human:
            self.write(f"You win! ({winner.value})")
        else:
            self.write(f"The computer wins ({winner.value}).")

    def show_board(self) -> None:
        highlight = self.game.winning_line(self.state)
        self.write("")
        self.write(render_board(self.game, self.state, last_move=self.last_move, highlight=highlight))
        self.write("")

    def number_of(self, move: int) -> str:
        return str(move + 1)

    def prompt(self, text: str) -> str:
        try:
            return self.read(text)
        except EOFError:
            raise EndOfInput from None

    def ask_yes_no(self, question: str) -> bool:
        while True:
            answer = self.prompt(question).strip().lower()
            if answer in ("y", "yes"):
                return True
            if answer in ("n", "no", "q", "quit"):
                return False
            self.write("Please answer y or n.")
