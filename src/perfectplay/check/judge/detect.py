"""Recognising a candidate's interface from what its module defines and how it answers probes.

The CS50 shape is recognised by its eight function names and read from the
module's own ``X``, ``O`` and ``EMPTY``. A ``find_best_move``-style function
(or the one named with ``--function``) is probed: six positions, drawn for
this check from every position that can tell the sides apart
(``probes.py``: none is written in the source), are asked in every board
shape and empty marker worth trying (the module's ``EMPTY`` and its
module-level boards first); the first combination that answers a legal
move on all six is taken. In each probe the side to move has exactly one
winning move and the other side would win elsewhere, so the same six
answers say which sides it plays: a function that wins when X is to move
but plays X's winning cell when O is to move plays X only, once six more
positions of the O seat's games bear that out (otherwise both seats are
checked: a seat it answers is never left out by a reading of the probe). When a
reading answers but changes the board it was given (a function that writes
its own empty marker back, say), the other readings are tried too and the
one the code is consistent with, answering without changing the board, is
taken, with a note. Flags given by the user are taken as they are and not
probed. When no reading tried gets a single legal move out of it on any
probe, although it answered, no interface is recognised: the check stops
there (not gradable), saying every reading tried and what it answered,
rather than grading a function by a board it was never written for.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any

from perfectplay.check.errors import CheckUsageError, NotGradable
from perfectplay.check.judge.answers import answer_text, played, read_move
from perfectplay.check.judge.interface import NUMBERED, SHAPES, Hint, TicTacToeInterface
from perfectplay.check.judge.probes import PER_SIDE, Probe, draw, seat_pool
from perfectplay.check.plug import spelt
from perfectplay.check.position import TicTacToePosition

CS50_NAMES = ("initial_state", "player", "actions", "result", "winner", "terminal", "utility", "minimax")
SEEDS_NAME = "find_best_move"
STUDENTS_NAMES = (
    "best_move", "get_best_move", "get_move", "choose_move", "computer_move", "get_computer_move", "ai_move",
    "get_ai_move", "next_move", "find_move", "comp_move",
)  # fmt: skip
"""What students call their AI when it is not the lab's ``find_best_move`` (``best_move(board)`` in the much-copied
minimax write-ups, ``getComputerMove(board, letter)`` in a classic book): taken, in this order, only when no lab or
CS50 function is there and it answers a legal move on every probe position in some reading."""
SEAT_CHECKS = 6
SEAT_AGREES = 5
"""Further positions asked, with the other side to move, before a reading of "plays X only" (or O) is believed,
and how many of them it must answer with the side's best move it was read as playing (at most one the other's)."""
COMMON_EMPTIES: tuple[str | None, ...] = (" ", "-", "_", ".", None, "")
DIGITS = tuple("123456789")
MODULE_EMPTIES = 4
"""Empty markers taken from the module's own boards, at most: a module cannot make the probe try hundreds."""

Prober = Callable[[TicTacToeInterface, Sequence[TicTacToePosition]], list[dict[str, Any]] | None]
"""Asks the candidate the positions under an interface; None when it could not be asked at all."""


def choose_interface(
    path: str, loaded: dict[str, Any], hint: Hint, probe: Prober, generator: random.Random | None = None
) -> TicTacToeInterface | None:
    """The interface to check, or None if the module broke before defining one.

    ``generator`` draws the probe's positions (``probes.py``; the check's own, so that no two checks need ask
    the same ones; a fixed one by default).

    Raises ``CheckUsageError`` when the module loaded but nothing in it can be
    checked: the message says what was looked for and how to point at it.
    """
    functions: dict[str, int] = loaded.get("functions", {})
    constants: dict[str, Any] = loaded.get("constants", {})
    name = hint.function
    if name is None and all(cs50 in functions for cs50 in CS50_NAMES) and not hint.given:
        return TicTacToeInterface(
            "cs50",
            "minimax",
            board="nested",
            empty=constants.get("EMPTY"),
            returns="rowcol",
            plays=hint.plays or "both",
            x=_mark(constants, "X"),
            o=_mark(constants, "O"),
        )
    probing = _Probing(probe, generator or random.Random(0))
    tried: list[str] = []
    if name is None:
        name = seeds_function(functions)
        if name is None and "error" not in loaded:
            for other in students_names(functions):
                tried.append(other)
                found = _probe_function(path, other, functions[other] == 2, loaded, hint, probing, strict=True)
                if found is not None:
                    return found
    if name is None or name not in functions:
        if "error" in loaded:
            return None
        message = _not_found_message(path, functions, loaded.get("own"), hint.function, tried)
        raise NotGradable(message + _methods_words(loaded.get("classes", {}), hint.function))
    arguments = functions[name]
    if arguments not in (1, 2):
        raise CheckUsageError(
            f"{path}: {name} takes {arguments} required arguments; the checker calls {name}(board) "
            f"or {name}(board, player) (point it at another function with --function NAME)"
        )
    interface = _probe_function(path, name, arguments == 2, loaded, hint, probing)
    assert interface is not None  # not strict: a function asked for is checked, or refused in words
    return interface


def students_names(functions: Iterable[str] | dict[str, int]) -> list[str]:
    """The module's functions named as students name a tic-tac-toe AI besides the lab's ``find_best_move``
    (``best_move``, ``getComputerMove``: ``STUDENTS_NAMES`` however spelt), taking the board (and the side)."""
    arguments = functions if isinstance(functions, dict) else dict.fromkeys(functions, 1)
    found = (spelt(arguments, wanted) for wanted in STUDENTS_NAMES)
    return [name for name in dict.fromkeys(found) if name is not None and arguments[name] in (1, 2)]


def seeds_function(names: Iterable[str]) -> str | None:
    """The lab's ``find_best_move`` among ``names``, however it is spelt: ``findBestMove``, as the most copied
    write-up of minimax for tic-tac-toe names it, or ``FindBestMove``; the snake-case name first."""
    return spelt(names, SEEDS_NAME)


def _mark(constants: dict[str, Any], side: str, boards: Sequence[dict[str, Any]] = ()) -> str:
    """The module's mark for ``side``: its own ``X``/``O`` constant; else the lower-case letter where its
    module-level boards hold ``x`` and ``o`` and no capital (``player, opponent = 'x', 'o'`` and a board of
    ``'x'``, ``'o'``, ``'_'``, as that write-up's driver code has); else the capital."""
    value = constants.get(side)
    if isinstance(value, str) and value:
        return value
    held = {cell for board in boards for cell in board.get("values", ())}
    if {"x", "o"} <= held and not held & {"X", "O"}:
        return side.lower()
    return side


def _not_found_message(
    path: str, functions: dict[str, int], own: list[str] | None, wanted: str | None, tried: Sequence[str] = ()
) -> str:
    defined = ", ".join(sorted(functions if own is None else own)[:12]) or "no functions"
    if wanted is not None:
        return f"{path}: no function named {wanted!r} (it defines {defined})"
    cs50 = [name for name in CS50_NAMES if name in functions]
    partial = ""
    if len(cs50) == len(CS50_NAMES):  # recognised by itself, but a flag describing a board function was given
        partial = " (it is CS50's tictactoe.py, checked as it is: leave out --board, --empty and --returns)"
    elif cs50:
        missing = ", ".join(name for name in CS50_NAMES if name not in functions)
        partial = f" (it has {', '.join(cs50)} but not {missing})"
    bare = [name for name in functions if functions[name] == 0 and name in students_names(dict.fromkeys(functions, 1))]
    if bare:
        partial += (
            f"; {bare[0]} takes no argument (it reads its board from elsewhere, a global say): the checker hands "
            f"the board over, so add def {SEEDS_NAME}(board) that puts it where {bare[0]} reads it and returns "
            "its move"
        )
    if tried:
        partial += (
            f"; {', '.join(tried)} gave no legal move on the probe positions with any board tried (the checker "
            "gives a list of 9 cells, 0-8, or of 3 lists and takes back a cell 0-8 or 1-9 or (row, col): for a "
            f"board of 10 cells or one of your own, write a {SEEDS_NAME}(board) of that shape that calls yours)"
        )
    return (
        f"{path}: no tic-tac-toe AI recognised: looked for {SEEDS_NAME}(board) and the CS50 functions "
        f"{', '.join(CS50_NAMES)}{partial}; it defines {defined}; "
        "point the checker at yours with --function NAME (and --board, --empty, --returns, --plays if needed)"
    )


def _numbered(
    records: list[dict[str, Any]],
    positions: Sequence[TicTacToePosition],
    moves: Sequence[int | None],
    drawn: Sequence[Probe],
) -> list[int | None] | None:
    """The moves read as cells counted 1-9, where that reading is the one it was written for, else None.

    Only an answer of whole numbers on every probe is read so, and only when read as 0-8 some answer was no legal
    move (9, or a taken cell one before a free one), or when counted from 1 it took more of the probes' wins."""
    if any(record.get("kind") != "int" for record in records):
        return None
    numbered = [read_move(record, position, "number")[0] for record, position in zip(records, positions, strict=True)]
    if None in numbered:
        return None
    if None in moves or _wins_taken(numbered, drawn) > _wins_taken(moves, drawn):
        return numbered
    return None


def _wins_taken(moves: Sequence[int | None], drawn: Sequence[Probe]) -> int:
    return sum(1 for move, (_, mover, other) in zip(moves, drawn, strict=True) if move in mover or move in other)


def _raised(record: dict[str, Any], kind: str) -> bool:
    error = record.get("error")
    return isinstance(error, dict) and error.get("type") == kind


def _methods_words(classes: dict[str, dict[str, int]], wanted: str | None) -> str:
    """For an AI written as a method (``TicTacToe.best_move(self)``): what to add so that the checker can call it."""
    if wanted is not None:
        return ""
    # The computer's player, not the human's: a file of player classes (``HumanPlayer.get_move`` asks input(),
    # ``SmartComputerPlayer.get_move`` searches) names the one that searches, or else one not named for a person.
    for name, methods in sorted(list(classes.items())[:50], key=lambda item: _searching_rank(*item)):
        named = (spelt(methods, wanted) for wanted in (SEEDS_NAME, *STUDENTS_NAMES, "minimax"))
        method = next((found for found in named if found is not None), None)
        if method is not None:
            return (
                f"; its AI is a method, {name}.{method}: the checker calls a function of the module, so add "
                f"def {SEEDS_NAME}(board) that sets up {name}() on that board and returns its move"
            )
    return ""


SEARCHES = ("minimax", "alphabeta", "alpha_beta", "negamax", "search")
PEOPLE = ("human", "person", "user", "manual")


def _searching_rank(name: str, methods: dict[str, int]) -> int:
    """0 for a class with a search method (``minimax``, ``alphabeta``, ``negamax``), 2 for one named for a person
    (``HumanPlayer``), else 1: the order in which a file's classes are looked at for its AI."""
    if any(spelt(methods, search) is not None for search in SEARCHES):
        return 0
    return 2 if any(person in name.lower() for person in PEOPLE) else 1


def _trials(loaded: dict[str, Any], hint: Hint) -> list[tuple[str, str | None]]:
    """Board shapes and empty markers worth trying, the module's own first."""
    constants: dict[str, Any] = loaded.get("constants", {})
    boards: list[dict[str, Any]] = loaded.get("boards", [])
    marks = {_mark(constants, "X", boards), _mark(constants, "O", boards)}
    if hint.board is not None:
        shapes = [hint.board]
    else:
        # Nested first: a function written for a flat list fails on rows (IndexError), while one
        # that flattens its board itself would also accept a flat list and be misdescribed.
        # A string of nine characters last ("XO XO  X "): a function written for one fails on lists (TypeError).
        # A dict of the squares 1-9 last too: a function written for one fails on lists (TypeError, AttributeError).
        shapes = list(dict.fromkeys([*(board["shape"] for board in boards), "nested", "flat", "string", "dict"]))
    if hint.empty is not None:
        empties: list[str | None] = [hint.empty_marker]
    else:
        empties = []
        if "EMPTY" in constants:
            empties.append(constants["EMPTY"])
        from_boards = [value for board in boards for value in board["values"] if value not in marks]
        if any(set(board["values"]) - marks == set(DIGITS) for board in boards):
            # Its board holds '1'-'9' where nobody has played (the squares left to pick, as beginners draw them):
            # each empty cell its own square's number, not one marker for all of them.
            empties.append(NUMBERED)
            from_boards = [value for value in from_boards if value not in DIGITS]
        empties += list(dict.fromkeys(from_boards))[:MODULE_EMPTIES]
        empties += list(COMMON_EMPTIES)
        # A number for empty (``EMPTY = 0``, a module-level board of zeros) is a board of numbers: it is read with
        # numbers for X and O first (``_numbers_first``); with letters, only after every text marker.
        empties = sorted(dict.fromkeys(empties), key=_is_number)
    lettered = all(isinstance(mark, str) and len(mark) == 1 for mark in marks)
    return [
        (shape, empty)
        for shape in shapes
        for empty in empties
        if shape != "string" or (lettered and isinstance(empty, str) and len(empty) == 1 and empty not in marks)
    ]


def _is_number(value: object) -> bool:
    return type(value) in (int, float)


def _numbers_first(loaded: dict[str, Any]) -> bool:
    """Whether the module keeps its board in numbers: its ``EMPTY`` is 0, or a module-level board holds only 0 and
    the numbers of X and O (1 and -1, or 1 and 2). Its function is then asked in numbers before any letters: read
    with ``'X'`` and ``'O'`` on its 0, a function counting 1s and 2s sees no stone and still answers legal moves."""
    constants: dict[str, Any] = loaded.get("constants", {})
    if _is_number(constants.get("EMPTY")) and constants["EMPTY"] == 0:
        return True
    for board in loaded.get("boards", []):
        held = list(board.get("values", ()))
        if held and all(_is_number(value) for value in held) and 0 in held and set(held) <= {0, 1, -1, 2}:
            return True
    return False


class _Probing:
    """The prober and this check's probe positions: six drawn for the readings, and more for the seats."""

    def __init__(self, probe: Prober, generator: random.Random) -> None:
        self.probe = probe
        self.generator = generator
        self.drawn = draw(generator)

    def seat(self) -> list[Probe]:
        """Positions of both seats' games, none of the probe's (drawn only when a one-side reading needs them)."""
        return draw(self.generator, SEAT_CHECKS, frozenset(position for position, _, _ in self.drawn), seat_pool())


def _probe_function(
    path: str,
    name: str,
    side_argument: bool,
    loaded: dict[str, Any],
    hint: Hint,
    probing: _Probing,
    strict: bool = False,
) -> TicTacToeInterface | None:
    """The reading ``name`` answers in; ``strict`` (a name guessed, not the lab's): None unless one reading got a
    legal move on every probe position, so that a helper named like an AI is never graded as one."""
    constants: dict[str, Any] = loaded.get("constants", {})
    base = TicTacToeInterface(
        "function",
        name,
        returns=hint.returns,
        plays=hint.plays or "both",
        side_argument=side_argument,
        x=_mark(constants, "X", loaded.get("boards", [])),
        o=_mark(constants, "O", loaded.get("boards", [])),
    )
    probe, drawn = probing.probe, probing.drawn
    positions = [position for position, _, _ in drawn]
    trials = _trials(loaded, hint)
    later = ("string", "dict")
    queue = [replace(base, board=board, empty=empty) for board, empty in trials if board not in later or hint.board]
    # A string's readings only after a list's raised TypeError ("can only concatenate list (not str)"): the code
    # was written for text; a function written for lists is not asked four more readings for nothing.
    texts = [replace(base, board=board, empty=empty) for board, empty in trials if board == "string" and not hint.board]
    # A dict's readings after a list's raised TypeError (``board[' ']``: its keys read as the list's cells) or
    # AttributeError (``board.items()``).
    keyed = [replace(base, board=board, empty=empty) for board, empty in trials if board == "dict" and not hint.board]
    # Numbers last (1 and -1, or 1 and 2, on 0), after a reading raised TypeError (sum(board) on text) or found no
    # empty cell (it answered None): a board of numbers, which no flag can name.
    shapes = [hint.board] if hint.board in ("flat", "nested") else ["flat", "nested"] if hint.board is None else []
    # ``--empty 0`` says a board of numbers: asked in numbers first (its text '0' with letters after).
    in_numbers = hint.empty in (None, "0")
    numbers = [replace(base, board=board, empty=0, x=1, o=o) for o in (-1, 2) for board in shapes if in_numbers]
    if numbers and (_numbers_first(loaded) or hint.empty == "0"):
        queue, numbers = numbers + queue, []
    first_failure: str | None = None
    fitting: tuple[TicTacToeInterface, list[dict[str, Any]], list[int | None]] | None = None
    answered = legal = False
    counted: list[tuple[int, TicTacToeInterface, list[dict[str, Any]], list[int | None]]] = []
    tried = 0
    while tried < len(queue):
        interface = queue[tried]
        if counted and not isinstance(interface.x, int):
            # A board of numbers answered legal moves, and the last number reading did not: its best is kept (below),
            # not a reading of letters on 0 that it answers by seeing no stone at all.
            break
        board, empty = interface.board, interface.empty
        tried += 1
        records = probe(interface, positions)
        if records is None:
            first_failure = first_failure or f"with {_shape_words(board, empty)} it did not answer in time"
            continue
        if texts and any(_raised(record, "TypeError") for record in records):
            queue, texts = queue + texts, []
        if keyed and any(_raised(record, "TypeError") or _raised(record, "AttributeError") for record in records):
            queue, keyed = queue + keyed, []
        if numbers and any(_raised(record, "TypeError") or record.get("kind") == "none" for record in records):
            queue, numbers = queue + numbers, []
        moves = [read_move(record, p, hint.returns)[0] for record, p in zip(records, positions, strict=True)]
        numbered = _numbered(records, positions, moves, drawn) if hint.returns is None else None
        if numbered is not None:  # cells counted 1-9, as a game that asks its player for 1-9 counts them
            interface, moves = replace(interface, returns="number"), numbered
        if hint.returns is None and None in moves and all(record.get("kind") == "none" for record in records):
            # Nothing returned, its move played onto the board it was given (``board[best] = 'O'``): read there.
            placed = [played(record, p)[0] for record, p in zip(records, positions, strict=True)]
            if None not in placed:
                interface, moves = replace(interface, returns="board"), placed
        answered = True
        legal = legal or any(move is not None for move in moves)
        changed = interface.returns != "board" and _changes_board(records)  # played there: its answer
        if None not in moves:
            if not changed and isinstance(interface.x, int):
                # Numbers: 1 and -1 or 1 and 2 may both answer legal moves; the one taking more wins is kept.
                counted.append((_wins_taken(moves, drawn), interface, records, moves))
                if any(isinstance(later.x, int) for later in queue[tried:]):
                    continue
                interface, records, moves = _best_numbers(counted, probing)
                board, empty = interface.board, interface.empty
            if not changed:
                settled = _seat_checked(_settle(interface, records, moves, hint, drawn), probing, hint)
                if fitting is None:
                    return settled
                # Another reading also answered, but changed the board: the code is consistent with this one.
                other = _shape_words(fitting[0].board, fitting[0].empty)
                note = (
                    f"Read as taking {_shape_words(board, empty)}: with {other} it also answered legal moves, "
                    "but changed the board it was given, so that reading is not the one it was written for."
                )
                return replace(settled, notes=(*settled.notes, note))
            fitting = fitting or (interface, records, moves)
            continue
        if first_failure is None:
            bad = next(record for record, move in zip(records, moves, strict=True) if move is None)
            first_failure = f"with {_shape_words(board, empty)} it answered {answer_text(bad)}"
    if counted:
        return _seat_checked(_settle(*_best_numbers(counted, probing), hint, drawn), probing, hint)
    if fitting is not None:
        # Every reading that answered also changed the board: keep the first, the findings will say so.
        return _seat_checked(_settle(*fitting, hint, drawn), probing, hint)
    if strict:
        return None
    if answered and not legal and hint.board is None and hint.empty is None:
        raise NotGradable(_unrecognised_message(path, name, queue, first_failure))
    board, empty = queue[0].board, queue[0].empty
    note = (
        f"No board shape tried made {name} answer a legal move on six simple positions "
        f"({first_failure}); checked with {_shape_words(board, empty)}: if that is not what it expects, "
        "say so with --board and --empty."
    )
    # The first reading tried, whole: its pieces too (numbers under ``--empty 0``), never a board it was not asked.
    return replace(queue[0], returns=hint.returns, notes=(note,))


def _best_numbers(
    counted: Sequence[tuple[int, TicTacToeInterface, list[dict[str, Any]], list[int | None]]], probing: _Probing
) -> tuple[TicTacToeInterface, list[dict[str, Any]], list[int | None]]:
    """Of the number readings that answered legal moves, the one taking the most of the probe's wins.

    A program that plays one side in numbers may take as many under both: ``COMPUTER = 2`` searching against
    ``HUMAN = 1``, read with 1 and -1, blocks X's line on X's probes, which is X's win, and sees no line of
    O's -1s. So a tie is settled on positions where the two sides' best moves differ: the reading kept is the
    one under which more of its answers are a best move of either side, as a program sees its board whole
    only in its own numbers (the -1s it does not know are no stones of its to build on).
    """
    most = max(taken for taken, _, _, _ in counted)
    tied = [entry[1:] for entry in counted if entry[0] == most]
    if len(tied) == 1:
        return tied[0]
    seat = probing.seat()

    def best_moves(interface: TicTacToeInterface) -> int:
        records = probing.probe(interface, [position for position, _, _ in seat])
        if records is None:
            return -1
        return sum(
            read_move(record, position, interface.returns)[0] in mover | other
            for record, (position, mover, other) in zip(records, seat, strict=False)
        )

    return max(tied, key=lambda entry: best_moves(entry[0]))


def _unrecognised_message(path: str, name: str, tried: list[TicTacToeInterface], failure: str | None) -> str:
    """Why no interface was recognised, on one line: every reading tried, what it answered, what to say."""
    shapes = " and ".join(
        dict.fromkeys(SHAPES.get(reading.board, "a list of 3 lists").replace(" cells", "") for reading in tried)
    )
    empties = ", ".join(dict.fromkeys(repr(reading.empty) for reading in tried))
    return (
        f"{path}: no interface recognised: {name} gave no legal move on six simple positions with any board "
        f"tried ({shapes}, with {empties} for empty); {failure}; if it takes its board another way, "
        "say how with --board and --empty (and --returns)"
    )


def _changes_board(records: list[dict[str, Any]]) -> bool:
    return any(record.get("after") is not None or "after_repr" in record for record in records)


def _shape_words(board: str, empty: str | int | None) -> str:
    shape = SHAPES.get(board, "a list of 3 lists").replace(" cells", "")
    return f"{shape} and {empty!r} for empty"


def _settle(
    interface: TicTacToeInterface,
    records: list[dict[str, Any]],
    moves: list[int | None],
    hint: Hint,
    drawn: Sequence[Probe],
) -> TicTacToeInterface:
    """Fix the return shape and the sides it plays from the probes' answers."""
    returns = hint.returns or interface.returns
    if returns is None:
        kinds = {record.get("kind") for record in records}
        returns = "index" if kinds == {"int"} else "rowcol" if kinds == {"pair"} else None
    plays = hint.plays
    notes: list[str] = []
    if plays is None and not interface.side_argument:
        # Per side to move: how often it answered as that side, and how often as the other one.
        own = {"X": 0, "O": 0}
        swapped = {"X": 0, "O": 0}
        for move, (position, mover_wins, other_wins) in zip(moves, drawn, strict=True):
            own[position.to_move] += move in mover_wins
            swapped[position.to_move] += move in other_wins
        # One side only on every probe position, not most: a function that plays neither side in particular (the
        # first free cell) lands on one side's move or the other's about as often, and must not be read so.
        if own["X"] == PER_SIDE and swapped["O"] == PER_SIDE:
            plays = "X"
            notes.append(
                "It plays X only: with O to move it answered as if it were X, so it is checked as X, "
                "moving first and moving second (say --plays both if that is wrong)."
            )
        elif own["O"] == PER_SIDE and swapped["X"] == PER_SIDE:
            plays = "O"
            notes.append(
                "It plays O only: with X to move it answered as if it were O, so it is checked as O, "
                "moving first and moving second (say --plays both if that is wrong)."
            )
        else:
            plays = "both"
            if own["X"] < 2 or own["O"] < 2:
                notes.append(
                    "Its answers on the probe positions did not show which side it plays (it missed wins there), "
                    "so it is checked as both sides (say --plays X or --plays O if that is wrong)."
                )
    return replace(interface, returns=returns, plays=plays or "both", notes=tuple(notes))


def _seat_checked(interface: TicTacToeInterface, probing: _Probing, hint: Hint) -> TicTacToeInterface:
    """A reading of "plays X only" (or O) kept only if positions of the other seat's games bear it out.

    The probe's few positions could be recognised and answered as the other side on purpose, to have a weak
    seat never checked: more positions of that seat's games, drawn apart from the probe's among all those where
    no move is best for both sides, are asked the same way. Where its answers there are the mover's best moves
    more than once, or the side's it was read as playing fewer than ``SEAT_AGREES`` times, it plays that seat, and
    both seats are checked. To pass for one side only, a program must play the other side's best moves wherever
    the two differ: it then plays that seat no better than a function that plays one side only, the shape the lab
    allows.
    """
    if hint.plays is not None or interface.plays == "both":
        return interface
    seat = [probe for probe in probing.seat() if probe[0].to_move != interface.plays]
    records = probing.probe(interface, [position for position, _, _ in seat])
    if records is None:  # not asked (it died, or the time ran out): nothing bears the reading out
        note = f"It answered the probe as if it played {interface.plays} only, but the other seat's positions could "
        note += "not be asked: it is checked as both sides."
        kept = tuple(text for text in interface.notes if "only:" not in text)
        return replace(interface, plays="both", notes=(*kept, note))
    own = swapped = 0
    for record, (position, mover_wins, other_wins) in zip(records, seat, strict=False):
        move = read_move(record, position, interface.returns)[0]
        own += move in mover_wins
        swapped += move in other_wins
    if own <= SEAT_CHECKS - SEAT_AGREES and swapped >= SEAT_AGREES:
        return interface
    other = "O" if interface.plays == "X" else "X"
    note = (
        f"On the probe's positions it answered as if it played {interface.plays} only, but on {len(seat)} more "
        f"positions of {other}'s games it played {other}'s best move {own} times and {interface.plays}'s {swapped}: "
        "it is checked as both sides."
    )
    kept = tuple(text for text in interface.notes if "only:" not in text)
    return replace(interface, plays="both", notes=(*kept, note))
