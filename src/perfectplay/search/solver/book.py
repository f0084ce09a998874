"""Opening books: for early positions, which move keeps the game's value, proven ahead of time by this solver.

Early in 7x6 Connect Four, proving even that a move keeps the win takes
minutes to hours: far beyond a move's time limit. A book holds that proof's
answer for every position the computer can meet up to some ply while it
plays the book's own moves: the position's outcome (win, draw or loss for
the side to move) and one move that keeps it. ``perfectplay book`` computes
it with ``prove_outcomes`` (the same probes a limited search makes) and the
solver's own table; nothing in it comes from another program.

Which positions: the computer may play either side. Playing first, it meets
the empty board, then, after its book move, every reply of the opponent, and
so on every second ply; playing second, every first move, then every reply
to its book move. ``build_book`` walks exactly that tree, ply by ply, so a
book built to ply ``P`` answers every position the computer can reach before
ply ``P + 1`` as long as it follows the book. In a lost position every move
keeps the value; a new book names the slowest loss (every move's exact score,
proven at build time: lost positions are few and late); the shipped book's
lines from before that name the solver's favourite, and the search then
looks for the slowest loss itself (``BookAnswer.move`` is None).

Symmetries: Connect Four's value for the side to move is the same in the
mirror image and with the colours swapped (whoever moved first), so a book
holds one line for all four images. The colour swap is settled by who moved
first (the side with more stones, else the side to move): a position from a
game O began is looked up with its colours swapped, as the game X began
that it mirrors. So a book built with X first answers the computer as O
moving first too, with the same lines.

File format: a first line ``# perfectplay opening book for connect4,
complete to ply N`` (written when a build to ply N finished; lines for later
plies may follow it, from a build that was stopped), then one position a
line, in the order computed::

    <board> <W|D|L> <column> <nodes> [<plies>]

``board`` is the position as drawn (``Game.format``) with X as the side
that moved first, the lesser of it and its mirror image, so the four images
share a line; ``column`` counts from 1 in that drawing; ``nodes`` is what
the proof cost when it was computed, for the record (tests re-prove the
cheap ones). ``plies``, when present, is the move's exact outcome in plies,
and the move is then the best there is: the slowest loss (or fastest win).
Lines without it (all of the shipped book's before the slowest losses were
proven) read as before.
"""

from __future__ import annotations

import functools
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, NamedTuple

from perfectplay.errors import PerfectplayError
from perfectplay.game import Game, Player
from perfectplay.search.base.budget import Budget
from perfectplay.search.base.scale import SCALE
from perfectplay.search.solver.compiled import negamax_for
from perfectplay.search.solver.nullwindow import exact_all
from perfectplay.search.solver.outcomes import DRAW, LOSS, WIN, Outcomes, prove_outcomes
from perfectplay.search.solver.root import Root
from perfectplay.search.solver.table import PROVEN, TranspositionTable

LETTERS = {WIN: "W", DRAW: "D", LOSS: "L"}
OUTCOMES = {letter: outcome for outcome, letter in LETTERS.items()}


@dataclass(frozen=True, slots=True)
class BookEntry:
    """One line: the outcome for the side to move, a move that keeps it (drawing's frame), the proof's cost.

    ``plies`` is the move's exact outcome in plies when the book proved it
    best (the slowest loss, the fastest win); None when only the outcome is.
    """

    outcome: int
    move: int
    nodes: int
    plies: int | None = None


@dataclass(frozen=True, slots=True)
class BookAnswer:
    """What a book says about one position, in that position's own frame.

    ``outcomes`` is what is proven of the position; ``move`` the move to play
    at once, or None in a lost position whose slowest loss the book does not
    know (every move keeps a loss: the search should look for the slowest);
    ``plies`` that move's exact outcome in plies, when the book proved it.
    """

    outcomes: Outcomes
    move: int | None
    plies: int | None


class Frame(NamedTuple):
    """Where a position is filed: the book's drawing, and which symmetries turn the position into it."""

    drawing: str
    mirrored: bool
    swapped: bool


_SWAP_COLOURS = str.maketrans("XO", "OX")


def mirror_drawing(drawing: str) -> str:
    """The drawing's mirror image (each row reversed)."""
    return "/".join(row[::-1] for row in drawing.split("/"))


def canonical(game: Game[Any], state: Any) -> Frame:
    """The drawing a book files ``state`` under: X moved first, the lesser of it and its mirror image."""
    drawing = game.format(state)
    xs, os = drawing.count("X"), drawing.count("O")
    first = game.to_move(state) if xs == os else (Player.X if xs > os else Player.O)
    swapped = first is Player.O
    if swapped:
        drawing = drawing.translate(_SWAP_COLOURS)
    mirrored = mirror_drawing(drawing)
    if mirrored < drawing:
        return Frame(mirrored, True, swapped)
    return Frame(drawing, False, swapped)


def mirror_move(game: Game[Any], move: int) -> int:
    """A column's number in the mirror image (books are only made for Connect Four's columns)."""
    width: int = game.width  # type: ignore[attr-defined]
    return width - 1 - move


class Book:
    """The entries of one game's book, looked up by position."""

    def __init__(self, game: Game[Any], entries: dict[str, BookEntry], plies: int = -1) -> None:
        self.game = game
        self.entries = entries
        self.plies = plies  # every position to this ply is in the book (-1: no promise)

    def __len__(self) -> int:
        return len(self.entries)

    def answer(self, state: Any) -> BookAnswer | None:
        """What the book proved about ``state`` (any of its four images), its move in ``state``'s frame."""
        frame = canonical(self.game, state)
        entry = self.entries.get(frame.drawing)
        if entry is None:
            return None
        move = mirror_move(self.game, entry.move) if frame.mirrored else entry.move
        if entry.outcome == LOSS and entry.plies is None:
            # Every move loses; which one loses slowest is not in this line: the search must look.
            every = frozenset(self.game.legal_moves(state))
            return BookAnswer(Outcomes(LOSS, every, frozenset(), every), None, None)
        keeping = frozenset({move})
        draws = keeping if entry.outcome == DRAW else frozenset()
        losses = keeping if entry.outcome == LOSS else frozenset()
        return BookAnswer(Outcomes(entry.outcome, keeping, draws, losses), move, entry.plies)

    def lookup(self, state: Any) -> Outcomes | None:
        """What the book proved about ``state``: its outcome and the moves that keep it."""
        answer = self.answer(state)
        return None if answer is None else answer.outcomes

    @classmethod
    def parse(cls, game: Game[Any], lines: Iterator[str] | list[str], source: str, *, check: bool = True) -> Book:
        """Read a book's lines; a malformed line raises ``PerfectplayError`` naming it.

        ``check`` also reads every board and checks its move is legal there;
        the shipped book skips that (its tests do it), so that loading it
        costs only the reading of its lines.
        """
        entries: dict[str, BookEntry] = {}
        complete_to = -1
        for number, line in enumerate(lines, 1):
            if line.startswith("#"):
                promise = _HEADER.fullmatch(line.strip())
                if promise is not None:
                    if promise.group(1) != game.name:  # its lines would read as malformed: say why
                        raise PerfectplayError(f"{source}: an opening book for {promise.group(1)}, not {game.name}")
                    complete_to = int(promise.group(2))
                continue
            if not line.strip():
                continue
            fields = line.split()
            try:
                if len(fields) not in (4, 5):
                    raise ValueError
                drawing, letter, column, nodes = fields[:4]
                move = int(column) - 1
                plies = int(fields[4]) if len(fields) == 5 else None
                if letter not in OUTCOMES or int(nodes) < 0 or (plies is not None and (plies < 1 or letter == "D")):
                    raise ValueError
                if check and move not in game.legal_moves(game.parse(drawing)):
                    raise ValueError
            except (ValueError, PerfectplayError):
                raise PerfectplayError(
                    f"{source}, line {number}: not '<board> <W|D|L> <column> <nodes> [<plies>]'"
                ) from None
            entries[drawing] = BookEntry(OUTCOMES[letter], move, int(nodes), plies)
        return cls(game, entries, complete_to)


_HEADER = re.compile(r"# perfectplay opening book for (\S{1,100}), complete to ply ([0-9]{1,3})")


def book_header(game: Game[Any], plies: int) -> str:
    """The first line of a book that holds every position to ``plies``."""
    return f"# perfectplay opening book for {game.name}, complete to ply {plies}"


def format_line(drawing: str, entry: BookEntry) -> str:
    exact = "" if entry.plies is None else f" {entry.plies}"
    return f"{drawing} {LETTERS[entry.outcome]} {entry.move + 1} {entry.nodes}{exact}"


@functools.cache
def shipped_book(game: Game[Any], filename: str) -> Book:
    """The book the package ships as ``filename`` (in ``perfectplay/books``) for ``game``, read once.

    The game names its own book (``Connect4.opening_book``): the search
    asks a game for its book, never looks one up by the game's name.
    """
    from importlib import resources  # pathlib, tempfile and more: paid only when a book is read

    text = resources.files("perfectplay").joinpath("books").joinpath(filename).read_text(encoding="utf-8")
    return Book.parse(game, text.splitlines(), filename, check=False)


def prove_book_entry(game: Game[Any], state: Any, table: TranspositionTable) -> BookEntry:
    """Prove ``state``'s outcome and pick the move the book keeps (in ``state``'s own frame)."""
    negamax = negamax_for(game, table, Budget(None, None))
    root = Root(game, state, negamax)
    outcomes = prove_outcomes(root)
    if outcomes.outcome != LOSS:
        move = next(move for move in root.moves if move in outcomes.keeping)
        return BookEntry(outcomes.outcome, move, negamax.nodes)
    # Every move loses. A loss at the opponent's last possible move is the slowest there can be, so one probe a
    # move finds it where one exists: a win proof's cost, where every move's exact score costs many (after the
    # first move, seven searches each as hard as the empty board's).
    latest = latest_loss(game, state)
    for move in root.moves:
        if root.search_child(move, PROVEN, latest - 1, latest) >= latest:
            return BookEntry(LOSS, move, negamax.nodes, root.base + latest // SCALE)
    # Else the one that loses slowest, by every move's exact score (late in a game, cheap to score).
    values = exact_all(root)
    move = max(root.moves, key=lambda candidate: values[candidate])  # ties: the root's order, the favourite first
    return BookEntry(LOSS, move, negamax.nodes, root.base + values[move] // SCALE)


def latest_loss(game: Game[Any], state: Any) -> int:
    """The slowest loss the side to move could have, as a value for it: at the opponent's last possible move.

    The stones on the board are counted in its drawing (as ``build_book``
    counts plies); the opponent moves at every second ply from here.
    """
    left = game.max_plies - sum(cell in "XO" for cell in game.format(state))
    last = left if left % 2 == 0 else left - 1
    return -SCALE * (game.max_plies + 2 - last)


Prover = Callable[[Any], BookEntry]
"""Proves one position for the book (``prove_book_entry`` with a table), its move in the position's own frame."""

Report = Callable[[int, str, float, bool], None]
"""Hears of each position as the walk reaches it: ply, its line in the book, seconds taken, whether it was new."""


BOOK_SIDES = ("both", "first", "second")
"""Which side's positions a build walks: the computer's as the first player, as the second, or both."""


def build_book(
    game: Game[Any],
    plies: int,
    known: Book,
    prove: Prover,
    report: Report,
    side: str = "both",
    start: Any | None = None,
    slowest_losses_from: int | None = None,
) -> Book:
    """Every position the computer meets up to ``plies`` while following the book, proven where ``known`` lacks it.

    Walks ply by ply (cheap shallow proofs are found again in the table by
    the deeper ones), in a fixed order, so the same call always builds the
    same book. ``report`` hears of each position, new or known, and may
    write it out at once: a long build can be stopped and resumed. The two
    sides' positions never meet (the first player's are at even plies), so
    ``side`` lets two processes build them at once; ``start`` (a position
    with the computer to move) walks only the positions after it, to share
    one side among processes. ``slowest_losses_from`` (a ply) proves again
    the lost positions from that ply on whose line does not name the slowest
    loss (lines of older books), so that the book plays it; the positions
    after the new move are then walked and proven like any new ones.
    """
    if side not in BOOK_SIDES:
        raise PerfectplayError(f"side must be one of {', '.join(BOOK_SIDES)}, not {side!r}")
    entries = dict(known.entries)
    levels: dict[int, dict[str, Any]] = {0: {}, 1: {}}
    if start is not None:
        drawing = canonical(game, start).drawing
        levels[sum(cell in "XO" for cell in drawing)] = {drawing: game.parse(drawing)}
    else:
        empty = game.initial_state()
        if side != "second":
            levels[0][canonical(game, empty).drawing] = empty
        for move in game.legal_moves(empty) if side != "first" else ():
            after = game.play(empty, move)
            levels[1].setdefault(canonical(game, after).drawing, after)
    for ply in range(plies + 1):
        for drawing, state in sorted(levels.get(ply, {}).items()):
            started = time.perf_counter()
            entry = entries.get(drawing)
            if entry is not None and slowest_losses_from is not None and ply >= slowest_losses_from:
                entry = None if entry.outcome == LOSS and entry.plies is None else entry
            new = entry is None
            if entry is None:
                found = prove(state)
                mirrored = canonical(game, state).mirrored
                move = mirror_move(game, found.move) if mirrored else found.move
                entry = BookEntry(found.outcome, move, found.nodes, found.plies)
                entries[drawing] = entry
            report(ply, format_line(drawing, entry), time.perf_counter() - started, new)
            if ply + 2 > plies:
                continue
            canonical_state = game.parse(drawing)
            after = game.play(canonical_state, entry.move)
            if game.is_over(after):
                continue
            for reply in game.legal_moves(after):
                nxt = game.play(after, reply)
                if not game.is_over(nxt):
                    levels.setdefault(ply + 2, {}).setdefault(canonical(game, nxt).drawing, nxt)
    return Book(game, entries, plies)
