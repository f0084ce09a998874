"""Nim: heaps of objects; a move takes one or more objects from one heap.

In normal play (``nim``) whoever takes the last object wins; in misère play
(``nim:misere``) whoever takes the last object loses. Any number of heaps
from 1 to ``MAX_HEAPS``, each of 0 to ``MAX_HEAP`` objects; the usual start
is 3,4,5.

A position is written as its heap sizes, ``3,4,5`` (spaces also separate
heaps). Nim is impartial (both sides have the same moves), so the side to
move cannot be read from the heaps: it is X unless given.

**Moves.** A move takes ``take`` objects from heap ``heap`` (heaps counted
from 0 in the library) and is the int ``heap * 100 + take``::

    move 203  =  heap 2 (the third heap), take 3

``take`` is at most ``MAX_HEAP`` (99), so it never carries into the heap's
digits. People see and type heaps from 1: that move is labelled ``3:3``
("from heap 3 take 3"); ``3 3``, ``3-3`` and ``take 3 from heap 3`` are read
as the same move.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from perfectplay.errors import IllegalMoveError, PositionError, VariantError
from perfectplay.game import Game, Player
from perfectplay.games.nim_node import MOVE_BASE, NimNode

if TYPE_CHECKING:
    from perfectplay.hooks import SearchNode

MAX_HEAPS = 10
"""Most heaps in a position."""

MAX_HEAP = 99
"""Most objects in one heap (a move's count must fit below ``MOVE_BASE``)."""

START = (3, 4, 5)
"""The usual starting heaps."""

SHOWN_PER_MARK = 12
"""Moves listed per outcome under the drawing before the rest are only counted."""

_WORD = re.compile(r"[0-9]+|[a-z]+|[^\s0-9a-z]")
"""A token of typed move text: a run of ASCII digits, a run of ASCII letters, or one other character."""

_HEAP_WORDS = frozenset({"heap", "h", "from", "pile", "row"})
"""Words that say the next number is a heap."""

_TAKE_WORDS = frozenset({"take", "takes", "t", "remove", "count"})
"""Words that say the next number is how many objects to take."""

_NOISE_WORDS = frozenset({"object", "objects", "of", "and"})
_SEPARATORS = frozenset(":-,/")


def encode(heap: int, take: int) -> int:
    """The move that takes ``take`` objects from heap ``heap`` (from 0)."""
    return heap * MOVE_BASE + take


def decode(move: int) -> tuple[int, int]:
    """``(heap, take)`` of a move (heap from 0)."""
    return divmod(move, MOVE_BASE)


class NimState(NamedTuple):
    """An immutable Nim position: the heap sizes and the side to move."""

    heaps: tuple[int, ...]
    to_move: Player


class Nim(Game[NimState]):
    """Nim with any heaps; ``misere`` makes taking the last object lose instead of win."""

    def __init__(self, misere: bool = False) -> None:
        self.misere = misere

    def __repr__(self) -> str:
        return f"Nim(misere={self.misere})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Nim) and self.misere == other.misere

    def __hash__(self) -> int:
        return hash(("nim", self.misere))

    @property
    def name(self) -> str:
        return "nim:misere" if self.misere else "nim"

    @property
    def title(self) -> str:
        return "Nim, misère (taking the last object loses)" if self.misere else "Nim (taking the last object wins)"

    @property
    def max_plies(self) -> int:
        # Every move takes at least one object.
        return MAX_HEAPS * MAX_HEAP

    # --- the Game protocol -------------------------------------------------

    def initial_state(self, first: Player = Player.X) -> NimState:
        return NimState(START, first)

    def to_move(self, state: NimState) -> Player:
        return state.to_move

    def is_over(self, state: NimState) -> bool:
        return not any(state.heaps)

    def winner(self, state: NimState) -> Player | None:
        if any(state.heaps):
            return None
        # The side to move faces empty heaps: the other side took the last object.
        return state.to_move if self.misere else state.to_move.other

    def legal_moves(self, state: NimState) -> tuple[int, ...]:
        return tuple(encode(heap, take) for heap, size in enumerate(state.heaps) for take in range(1, size + 1))

    def play(self, state: NimState, move: int) -> NimState:
        heaps = state.heaps
        if isinstance(move, bool) or not isinstance(move, int) or move < 0:
            raise IllegalMoveError(f"a Nim move is heap * {MOVE_BASE} + take, not {move!r}")
        heap, take = decode(move)
        if heap >= len(heaps):
            raise IllegalMoveError(f"move {move} is off the table: heaps are 0 to {len(heaps) - 1}")
        if not 1 <= take <= heaps[heap]:
            raise IllegalMoveError(f"move {move} takes {take} from heap {heap}, which has {heaps[heap]}")
        after = (*heaps[:heap], heaps[heap] - take, *heaps[heap + 1 :])
        return NimState(after, state.to_move.other)

    # --- how people see it --------------------------------------------------

    def move_fields(self, move: int) -> dict[str, int]:
        heap, take = decode(move)
        return {"heap": heap, "take": take}

    def move_label(self, move: int) -> str:
        heap, take = decode(move)
        return f"{heap + 1}:{take}"

    def move_help(self, state: NimState) -> str:
        heaps = state.heaps
        if not any(heaps):
            return "nothing: the game is over"
        example = max(range(len(heaps)), key=heaps.__getitem__)
        count = min(2, heaps[example])
        return f"heap:count, e.g. {example + 1}:{count} ({count} from heap {example + 1})"

    def parse_move(self, text: str, state: NimState) -> int:
        """A heap (from 1) and a count: ``2:3``, ``2 3``, ``2-3``, ``heap 2 take 3``, ``take 3 from heap 2``.

        With one heap left, the count alone will do.
        """
        heaps = state.heaps
        heap, take = self._read_move_text(text, state)
        winner = self.winner(state)
        if winner is not None:
            raise IllegalMoveError(f"The game is over: {winner.value} has won.")
        if heap is None:
            nonempty = [index for index, size in enumerate(heaps) if size]
            if len(nonempty) > 1:
                raise IllegalMoveError(f"Say which heap too: type {self.move_help(state)}.")
            heap = nonempty[0] + 1
        if not 1 <= heap <= len(heaps):
            raise IllegalMoveError(f"There is no heap {heap}: the heaps are numbered 1 to {len(heaps)}.")
        size = heaps[heap - 1]
        if size == 0:
            raise IllegalMoveError(f"Heap {heap} is empty: take from a heap that has objects.")
        if take == 0:
            raise IllegalMoveError("Take at least one object.")
        if take > size:
            objects = "object" if size == 1 else "objects"
            raise IllegalMoveError(f"Heap {heap} has {size} {objects}: take 1 to {size} from it.")
        return encode(heap - 1, take)

    def _read_move_text(self, text: str, state: NimState) -> tuple[int | None, int]:
        """The heap (from 1; None if not said) and the count in typed text, each at most three digits.

        Numbers may be tagged by a word before them (``heap 2``, ``take 3``,
        ``from 2``); the untagged ones are the heap, then the count. One of
        ``: - , /`` may stand between two numbers.
        """
        shown = " ".join(str(text).split())[:20]
        what = f"{shown!r} is not a move: type {self.move_help(state)}."
        tokens = _WORD.findall(text.lower()) if isinstance(text, str) else ["?"]
        if not tokens:
            raise IllegalMoveError(f"Type a heap and how many to take: {self.move_help(state)}.")
        tagged: dict[str, int] = {}
        untagged: list[int] = []
        role: str | None = None
        previous = ""
        for token in tokens:
            # str.isdigit accepts '²' and '①', which int() refuses: only ASCII digits make a number.
            if token.isascii() and token.isdigit():
                if len(token) > 3:
                    raise IllegalMoveError(f"{token[:6]}{'…' if len(token) > 6 else ''} is far too many: {what}")
                if role is None:
                    untagged.append(int(token))
                elif role in tagged:
                    raise IllegalMoveError(what)
                else:
                    tagged[role] = int(token)
                role = None
            elif token in _SEPARATORS:
                if not previous.isdigit():
                    raise IllegalMoveError(what)
            elif token in _HEAP_WORDS or token in _TAKE_WORDS:
                if role is not None and not (role == "heap" and token == "heap"):  # "from heap 2"
                    raise IllegalMoveError(what)
                role = "heap" if token in _HEAP_WORDS else "take"
            elif token not in _NOISE_WORDS:
                raise IllegalMoveError(what)
            previous = token
        roles = [name for name in ("heap", "take") if name not in tagged]
        if role is not None or previous in _SEPARATORS or len(untagged) > len(roles):
            raise IllegalMoveError(what)
        if len(untagged) == 1 and not tagged:
            return None, untagged[0]  # a count alone: fine when one heap is left
        tagged.update(zip(roles, untagged, strict=False))
        if "take" not in tagged:
            raise IllegalMoveError(what)
        return tagged.get("heap"), tagged["take"]

    def draw(self, state: NimState, last_move: int | None = None, marks: Mapping[int, str] | None = None) -> str:
        """One row of ``|`` per heap, in fives, with its number (what to type) and size.

        The heap the last move took from says how many went. ``marks`` (an
        outcome per move, best first) are listed under the heaps, grouped by
        outcome: there are too many moves to draw them in place.
        """
        heaps = state.heaps
        number_width = len(str(len(heaps)))
        widest = max(heaps, default=0)
        stick_width = _sticks_width(min(widest, 50))
        lines = []
        for index, size in enumerate(heaps):
            rows = _stick_rows(size)
            note = ""
            if last_move is not None:
                heap, take = decode(last_move)
                if heap == index:
                    note = f"  <- took {take}"
            lines.append(f" heap {index + 1:>{number_width}}  {rows[0]:<{stick_width}}  ({size}){note}")
            lines.extend(" " * (8 + number_width) + row for row in rows[1:])
        winner = self.winner(state)
        if winner is not None:
            lines.append(f" No objects left: {winner.value} has won.")
        if marks:
            lines.append("")
            lines.extend(_mark_lines(self, marks))
        return "\n".join(lines)

    def view(self, state: NimState) -> dict[str, Any]:
        """The ``heaps`` view: a click on object ``j`` of heap ``i`` takes it and every object after it."""
        return {
            "kind": "heaps",
            "heaps": list(state.heaps),
            "misere": self.misere,
            "click": [[encode(heap, size - index) for index in range(size)] for heap, size in enumerate(state.heaps)],
        }

    def symmetry_key(self, state: NimState) -> str:
        """The sorted heaps: the same game whatever their order, and both sides have the same moves."""
        return ",".join(str(size) for size in sorted(state.heaps))

    # --- search hooks --------------------------------------------------------

    def search_node(self, state: NimState) -> SearchNode:
        return NimNode.root(state.heaps, self.misere, self.max_plies + 2)

    # --- notation -----------------------------------------------------------

    def format(self, state: NimState) -> str:
        return ",".join(str(size) for size in state.heaps)

    def parse(self, text: str, to_move: Player | None = None) -> NimState:
        """Read heap sizes such as ``3,4,5`` or ``3 4 5``; the side to move is X unless given."""
        if not isinstance(text, str):
            raise PositionError(f"a position must be text, not {type(text).__name__}")
        example = "such as 3,4,5"
        fields = [field.split() for field in text.split(",")]
        if len(fields) > 1 and not all(fields):
            raise PositionError(f"a heap size is missing between commas: write heap sizes {example}")
        words = [word for field in fields for word in field]
        if not words:
            raise PositionError(f"a Nim position is heap sizes {example}")
        if len(words) > MAX_HEAPS:
            raise PositionError(f"{len(words)} heaps: Nim here has 1 to {MAX_HEAPS} heaps")
        heaps = []
        for number, word in enumerate(words, 1):
            if not (word.isascii() and word.isdigit()):
                raise PositionError(
                    f"heap {number} is {word[:20]!r}: a heap size is a whole number from 0 to {MAX_HEAP}"
                )
            if len(word) > 3 or int(word) > MAX_HEAP:
                raise PositionError(f"heap {number} has {word[:20]} objects: at most {MAX_HEAP} are allowed")
            heaps.append(int(word))
        return NimState(tuple(heaps), to_move or Player.X)


def _sticks_width(size: int) -> int:
    return size + (size - 1) // 5 if size else 1


def _stick_rows(size: int) -> list[str]:
    """A heap as ``|`` marks in groups of five, at most fifty to a row; ``-`` when empty."""
    if size == 0:
        return ["-"]
    rows = []
    for start in range(0, size, 50):
        count = min(50, size - start)
        groups = ["|" * min(5, count - offset) for offset in range(0, count, 5)]
        rows.append(" ".join(groups))
    return rows


def _mark_lines(game: Nim, marks: Mapping[int, str]) -> list[str]:
    """Moves grouped by their mark, in the order marks first appear (best first), long groups cut short."""
    groups: dict[str, list[int]] = {}
    for move, mark in marks.items():
        groups.setdefault(mark, []).append(move)
    width = max(len(mark) for mark in groups)
    lines = []
    for mark, moves in groups.items():
        labels = " ".join(game.move_label(move) for move in moves[:SHOWN_PER_MARK])
        if len(moves) > SHOWN_PER_MARK:
            labels += f" … and {len(moves) - SHOWN_PER_MARK} more"
        lines.append(f" {mark:>{width}}: {labels}")
    return lines


def nim_from_spec(params: str | None, position: str | None) -> Nim:
    """``nim`` (or ``nim:normal``): the last object wins; ``nim:misere``: the last object loses."""
    if params is None or params == "normal":
        return Nim()
    if params in ("misere", "misère"):
        return Nim(misere=True)
    raise VariantError(f"nim takes no parameters or 'misere' (nim:misere), not {params[:20]!r}")
