"""``perfectplay play``: tic-tac-toe, or any game perfectplay knows, in the terminal.

Against the computer by default; ``--two-players`` for two people at one
keyboard; ``--watch`` to watch the computer play itself. The loop reads one
line at a time and never trusts it: a move that is not a free cell gets a
message saying why and the prompt again; the prompt also understands a few
commands (``help`` lists them). End of input (Ctrl-D, or a closed pipe) and
Ctrl-C end the session cleanly.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from perfectplay import Game, PerfectplayError, Player, make_game, parse_player
from perfectplay.cli.colour import Painter
from perfectplay.cli.options import add_depth_options, add_game_option, add_time_limit_option, seed
from perfectplay.cli.play_text import COMMAND_HELP, help_text, history_text, scores_text, tally_text
from perfectplay.play import (
    LEVEL_HELP,
    LEVELS,
    Analyst,
    MatchResult,
    budgeted_analyst,
    cached_analyst,
    check_level,
    choose_move,
    depth_level,
    proven_from_start,
)
from perfectplay.words import (
    PERFECT_LEVEL,
    hint_text,
    level_title,
    level_words,
    no_move_text,
    took_back_text,
    unproven_text,
)

Reader = Callable[[str], str]
Writer = Callable[[str], None]

WATCH_DELAY = 0.7
"""Seconds between moves when watching on a terminal: long enough to follow the game."""

THINKING_SECONDS = 3.0
"""Default budget per computer move; only boards bigger than 4x4 ever use much of it."""

ALIASES = {"q": "quit", "exit": "quit", "?": "help"}
"""Short forms; no one-letter ``n`` for ``new``: a stray "n" meant for "Play again?" would abandon a game."""

MAX_LINE = 200
"""Characters of a typed line that are read; a longer line is cut (no move or command is that long)."""


def configure(parser: argparse.ArgumentParser, name: str) -> None:
    parser.description = (
        "Play against the computer. Type your move as the board shows it (on tic-tac-toe "
        "the number of a free cell, or a row and a column such as '2 3'). At the prompt, "
        "'help' lists the commands: undo, hint, scores, history, new, quit. X moves first, and the "
        "first move alternates between the games of a session."
    )
    parser.add_argument(
        "position",
        nargs="?",
        metavar="POSITION",
        help="start from this position in the game's notation (default: the usual start; for nim, e.g. 3,4,5)",
    )
    parser.add_argument("--you", default="X", metavar="X|O", help="your side (default X)")
    parser.add_argument(
        "--first",
        choices=("you", "ai"),
        help="who moves first in the first game (default: whoever plays X); then it alternates",
    )
    parser.add_argument(
        "--level",
        default="perfect",
        metavar="LEVEL",
        help=f"the computer's strength (default perfect): {LEVEL_HELP}",
    )
    add_depth_options(parser, "the computer's search (the same as --level depthD:NAME)")
    parser.add_argument(
        "--seed", type=seed, metavar="N", help="seed the computer's random choices, to repeat a game (0 to 2**63-1)"
    )
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--two-players", action="store_true", help="two people take turns at this keyboard")
    mode.add_argument("--watch", action="store_true", help="watch the computer play itself at --level")
    add_game_option(parser)
    add_time_limit_option(parser, default=THINKING_SECONDS)
    parser.set_defaults(run=run_play)


def read_level(args: argparse.Namespace, game: Game[Any]) -> str:
    """The computer's level: ``--level``, or ``depthD:EVAL`` from ``--depth`` and ``--eval``."""
    level = args.level
    if args.depth is not None:
        level = f"depth{args.depth}" + (f":{args.eval}" if args.eval else "")
    elif args.eval is not None:
        raise PerfectplayError("--eval needs --depth D (or --level depthD:EVAL)")
    depth_level(level, game, load=True)
    return check_level(level, game)


def run_play(args: argparse.Namespace) -> int:
    game = make_game(args.game, args.position)
    you = parse_player(args.you)
    level = read_level(args, game)
    if args.first is None:
        first = Player.X
    else:
        first = you if args.first == "you" else you.other
    start = None if args.position is None else game.parse(args.position)
    if start is not None and game.is_over(start):
        # A finished position is no game to play: the session would count its result as one played.
        raise PerfectplayError(no_move_text(game.winner(start), "play"))
    seats: dict[Player, str | None]
    if args.two_players:
        seats = {Player.X: None, Player.O: None}
    elif args.watch:
        seats = {Player.X: level, Player.O: level}
    else:
        seats = {you: None, you.other: level}
    terminal = sys.stdin.isatty() and sys.stdout.isatty()
    # A pause only helps someone watching; piped output should come at once.
    delay = WATCH_DELAY if args.watch and terminal else 0.0
    analyst = budgeted_analyst(args.time_limit)
    # Scores and hints are an analysis: no book or table answer ends it before the time limit.
    scorer = budgeted_analyst(args.time_limit, at_once=False)
    painter = Painter.for_terminal() if sys.stdout.isatty() else None
    session = TerminalGame(
        game,
        seats,
        first,
        random.Random(args.seed),
        read=line_reader(terminal),
        write=print if painter is None else painter.write,
        delay=delay,
        analyst=analyst,
        scorer=scorer,
        start=start,
        seconds=args.time_limit,
    )
    session.run()
    return 0


def line_reader(terminal: bool) -> Reader:
    """``input`` with line editing on a terminal (arrows move the cursor, up recalls a line), else plain.

    Whatever arrives is text: bytes that are not UTF-8 were already turned
    into stand-ins by Python (``surrogateescape``) and are replaced here by
    ``?``, so no message that quotes the line can fail to print.
    """
    if terminal:
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401 - importing it is what gives input() line editing

    def read(prompt: str) -> str:
        line = input(prompt)[:MAX_LINE]
        return line.encode("utf-8", "replace").decode("utf-8")

    return read


class EndOfInput(Exception):
    """The player closed the input (Ctrl-D or end of a pipe) or typed ``quit``."""


class NewGame(Exception):
    """The player typed ``new``: abandon this game."""


@dataclass
class TerminalGame:
    """One session: any number of games, each side a person (``None``) or a computer level."""

    game: Game[Any]
    seats: dict[Player, str | None]
    first: Player
    rng: random.Random
    read: Reader
    write: Writer
    delay: float = 0.0
    analyst: Analyst = field(default_factory=cached_analyst)
    scorer: Analyst | None = None
    """What ``hint`` and ``scores`` ask (every move valued to the limit); the computer's ``analyst`` if None."""
    start: Any = None
    seconds: float | None = None
    """What a depth or MCTS level's own search may take per move (the others' is the ``analyst``'s limit)."""
    history: list[tuple[Any, int | None]] = field(default_factory=list)
    tally: MatchResult = field(default_factory=lambda: MatchResult(0, 0, 0))
    abandoned: int = 0

    @property
    def state(self) -> Any:
        return self.history[-1][0]

    @property
    def last_move(self) -> int | None:
        return self.history[-1][1]

    @property
    def person(self) -> Player | None:
        """The side the one person plays against the computer; None with two people or none."""
        people = [side for side, level in self.seats.items() if level is None]
        return people[0] if len(people) == 1 else None

    @property
    def watching(self) -> bool:
        return all(level is not None for level in self.seats.values())

    def run(self) -> None:
        try:
            while True:
                try:
                    self.play_one_game()
                except NewGame:
                    self.abandoned += 1
                    self.write("New game.")
                    continue
                question = "Watch another? [y/n] " if self.watching else "Play again? [y/n] "
                if not self.ask_yes_no(question):
                    break
        except (EndOfInput, KeyboardInterrupt):
            self.write("")
        self.write("Thanks for playing.")

    def first_of_game(self) -> Player:
        """Who moves first in the next game: ``first`` in the first game, then each side in turn."""
        played = self.tally.games + self.abandoned
        return self.first if played % 2 == 0 else self.first.other

    def play_one_game(self) -> None:
        start = self.game.initial_state(self.first_of_game()) if self.start is None else self.start
        self.history = [(start, None)]
        self.write(self.introduction())
        self.show_board()
        while not self.game.is_over(self.state):
            level = self.seats[self.game.to_move(self.state)]
            if level is None:
                move = self.ask_move()
                if move is None:
                    continue  # a command changed the position (undo): look again whose turn it is
            else:
                move = self.computer_move(level)
            self.history.append((self.game.play(self.state, move), move))
            self.show_board()
        self.announce_result()

    def introduction(self) -> str:
        start = f"{self.game.to_move(self.state).value} moves first."
        if self.start is None and self.tally.games + self.abandoned:
            start = f"{self.game.to_move(self.state).value} moves first this time (the first move alternates)."
        person = self.person
        if person is not None:
            level = self.seats[person.other]
            return (
                f"You are {person.value}, the computer is {person.other.value} ({self.level_words(level)}). {start}"
                " Type 'help' for undo, hint and more."
            )
        if self.watching:
            x, o = self.level_words(self.seats[Player.X]), self.level_words(self.seats[Player.O])
            return f"Watching X ({x}) against O ({o}). {start}"
        return f"Two players: X and O take turns at this keyboard. {start} Type 'help' for undo, hint and more."

    def level_words(self, level: str | None) -> str:
        """The level as introduced: ``perfect`` only in a game the engine solves from the first move."""
        if level != PERFECT_LEVEL:
            return str(level)
        return level_words(level, proven_from_start(self.game))

    def computer_move(self, level: str) -> int:
        if self.delay:
            time.sleep(self.delay)
        # 3x3 is answered at once; bigger games may take up to the time
        # budget, so say so and how long it took.
        thinking = self.game.max_plies > 9
        if thinking:
            self.write("Thinking…")
        started = time.perf_counter()
        move = choose_move(self.game, self.state, level, self.rng, analyst=self.analyst, seconds=self.seconds)
        took = f" (thinking… {time.perf_counter() - started:.1f} s)" if thinking else ""
        # Every level but random chose from the analysis of this position (the
        # analyst remembers it, so asking again costs nothing): a move chosen
        # by a search the limit stopped is not proven, and the line says so.
        if level in LEVELS and level != "random":
            unproven = unproven_text(self.analyst(self.game, self.state))
            if unproven is not None:
                took = f" ({unproven})"
        side = self.game.to_move(self.state).value
        label = self.game.move_label(move)
        if self.watching:
            name = level if level != PERFECT_LEVEL else level_title(level, proven_from_start(self.game))
            self.write(f"{side} ({name}) plays {label}.{took}")
        else:
            self.write(f"The computer ({side}) plays {label}.{took}")
        return move

    def ask_move(self) -> int | None:
        """Prompt until the player types a free cell or a command.

        Returns the cell, or None after a command that changed the position.
        Raises EndOfInput on EOF or ``quit`` and NewGame on ``new``.
        """
        side = self.game.to_move(self.state).value
        question = f"Your move ({side})" if self.person is not None else f"{side} to move"
        while True:
            text = self.prompt(f"{question}, {self.game.move_help(self.state)}: ")
            word = text.strip().lower()
            command = ALIASES.get(word, word)
            if command in COMMAND_HELP:
                if self.run_command(command):
                    return None
                continue
            try:
                return self.game.parse_move(text, self.state)
            except PerfectplayError as error:
                self.write(str(error))

    def run_command(self, command: str) -> bool:
        """Carry out a prompt command; True if it changed the position."""
        if command == "quit":
            raise EndOfInput
        if command == "new":
            raise NewGame
        if command == "undo":
            return self.undo()
        if command == "hint":
            self.write(hint_text(self.game, (self.scorer or self.analyst)(self.game, self.state)))
        elif command == "scores":
            self.write(scores_text(self.game, (self.scorer or self.analyst)(self.game, self.state)))
        elif command == "history":
            self.write(history_text(self.game, self.history))
        else:
            self.write(help_text(self.game, self.state))
        return False

    def undo(self) -> bool:
        """Take back moves until it is a person's turn again, one of their moves included.

        Against the computer that is your move and the computer's reply;
        with two people it is the last move.
        """
        people = {side for side, level in self.seats.items() if level is None}
        made_by_person = [self.game.to_move(before) in people for before, _ in self.history[:-1]]
        if not any(made_by_person):
            self.write("Nothing to undo: no move of yours on the board yet.")
            return False
        taken: list[tuple[int, str, str]] = []
        while True:
            # history[0] is the start, so the last entry's index is its move number.
            number = len(self.history) - 1
            _, move = self.history.pop()
            assert move is not None  # only the first entry has no move, and it is never popped
            taken.append((number, self.game.to_move(self.state).value, self.game.move_label(move)))
            if self.game.to_move(self.state) in people:
                break
        self.write(took_back_text(list(reversed(taken))))
        self.show_board()
        return True

    def announce_result(self) -> None:
        winner = self.game.winner(self.state)
        person = self.person
        if winner is None:
            self.write("It's a draw.")
        elif person is None:
            level = self.seats[winner]
            if level == PERFECT_LEVEL:
                level = level_title(level, proven_from_start(self.game))
            self.write(f"{winner.value} ({level}) wins." if level else f"{winner.value} wins!")
        elif winner is person:
            self.write(f"You win! ({winner.value})")
        else:
            self.write(f"The computer wins ({winner.value}).")
        self.tally = self.tally.add(winner)
        self.write(tally_text(self.tally, person))

    def show_board(self) -> None:
        self.write("")
        self.write(self.game.draw(self.state, last_move=self.last_move))
        self.write("")

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
