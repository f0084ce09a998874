"""Nim's search hooks: what the solver knows about a heap position before searching it.

Who wins any Nim position is known without search (Bouton, 1901), so the
search only has to find *how fast*: the winner wins as fast as it can, the
loser loses as late as it can. What the node brings:

* **Who wins.** Normal play: the side to move loses exactly when the XOR of
  the heap sizes (their *nim-sum*) is 0. Misère play: the same while some
  heap has two or more objects; when every heap has at most one, the side
  to move wins exactly when the number of heaps of one is even (it is the
  other side that must take the last object).
* **Bounds.** A move empties at most one heap and takes at least one object,
  so a game from here lasts at least as many plies as there are non-empty
  heaps and at most as many as there are objects; the winner moves last in
  normal play and the loser in misère, which fixes the parity.
* **Exact values** where the play is forced: with no heap above one object
  every move takes a heap of one; with exactly one bigger heap the winner
  empties it or leaves one object in it, whichever leaves the loser the
  wrong parity of ones, and the rest is forced.
* **Winning moves only.** At a won position only the moves to lost
  positions are searched (they are found from the nim-sum: heap ``h``
  becomes ``h ^ nim-sum``); any other move loses, and any win beats any
  loss. A single winning move is ``forced``.
* **Symmetry.** Heaps can be permuted without changing anything, so the
  table key is the non-empty heap sizes sorted largest first, and moves are
  carried between a position and its sorted image heap by heap.
* **Order.** The winner tries the move that takes most first (it ends the
  game soonest); the loser tries taking one object first (it keeps the game
  long).

Moves are ``heap * 100 + take`` (``nim.py``); heaps are counted from 0 in
the node's own position.
"""

from __future__ import annotations

from functools import reduce
from operator import xor

MOVE_BASE = 100
"""A move is ``heap * MOVE_BASE + take`` (``nim.py``); a count is at most 99, so it never reaches the heap."""


def mover_wins(heaps: tuple[int, ...], misere: bool) -> bool:
    """True if the side to move wins with best play (Bouton's rule and its misère twin)."""
    if misere and all(size <= 1 for size in heaps):
        return sum(heaps) % 2 == 0
    return reduce(xor, heaps, 0) != 0


class NimNode:
    """A Nim position for the solver: its heaps in the position's own order, bounds from the rule.

    ``order`` (set by ``key``) lists the non-empty heaps largest first: rank
    ``r`` of the sorted image, the table key, is heap ``order[r]`` here.
    """

    __slots__ = ("base", "forced", "heaps", "high", "low", "misere", "order", "wins")

    base: int
    forced: bool
    heaps: tuple[int, ...]
    high: int
    low: int
    misere: bool
    order: list[int]
    wins: bool

    @classmethod
    def root(cls, heaps: tuple[int, ...], misere: bool, base: int) -> NimNode:
        """The node of any position; ``base`` is the game's ``max_plies + 2``."""
        return cls(heaps, misere, base)

    def __init__(self, heaps: tuple[int, ...], misere: bool, base: int) -> None:
        self.heaps = heaps
        self.misere = misere
        self.base = base
        self.forced = False
        nonempty = big = 0
        total = nim_sum = 0
        for size in heaps:
            if size:
                nonempty += 1
                total += size
                nim_sum ^= size
                if size > 1:
                    big += 1
        if big <= 1:
            # Forced play: the exact length of the game is known.
            ones = nonempty - big
            if big == 0:
                plies = ones
                self.wins = plies % 2 == (0 if misere else 1)
            else:
                # Leave the loser an even number of ones in normal play, odd in misère.
                plies = ones + 1 if (ones % 2 == 0) != misere else ones + 2
                self.wins = True
            self.low = self.high = base - plies if self.wins else plies - base
            return
        self.wins = wins = nim_sum != 0
        # The winner moves last in normal play, the loser in misère.
        odd = wins != misere
        fastest = nonempty if nonempty % 2 == odd else nonempty + 1
        slowest = total if total % 2 == odd else total - 1
        if wins:
            self.low, self.high = base - slowest, base - fastest
            sizes = {size for size in heaps if size ^ nim_sum < size}
            self.forced = len(sizes) == 1
        else:
            self.low, self.high = fastest - base, slowest - base

    def key(self) -> tuple[int, ...]:
        heaps = self.heaps
        self.order = order = sorted((heap for heap, size in enumerate(heaps) if size), key=lambda heap: -heaps[heap])
        return tuple(heaps[heap] for heap in order)

    def to_key_frame(self, move: int) -> int:
        heap, take = divmod(move, MOVE_BASE)
        return self.order.index(heap) * MOVE_BASE + take

    def from_key_frame(self, move: int) -> int:
        rank, take = divmod(move, MOVE_BASE)
        return self.order[rank] * MOVE_BASE + take

    def moves(self) -> list[int]:
        heaps = self.heaps
        # Heaps of equal size give the same positions: the first of each size stands for all.
        first: dict[int, int] = {}
        for heap, size in enumerate(heaps):
            if size and size not in first:
                first[size] = heap
        if not self.wins:
            moves = [(take, -size, heap) for size, heap in first.items() for take in range(1, size + 1)]
            return [heap * MOVE_BASE + take for take, _, heap in sorted(moves)]
        winning = [(size - target, heap) for size, heap in first.items() if (target := self._target(size)) is not None]
        return [heap * MOVE_BASE + take for take, heap in sorted(winning, reverse=True)]

    def _target(self, size: int) -> int | None:
        """What a heap of ``size`` must become for the mover to win, or None if no move on it wins."""
        heaps, misere = self.heaps, self.misere
        big = sum(1 for other in heaps if other > 1)
        if big >= 2:
            target = size ^ reduce(xor, heaps, 0)
            return target if target < size else None
        ones = sum(1 for other in heaps if other == 1)
        if big == 1:
            if size == 1:
                return None  # leaves the big heap to the opponent
            # Leave an even number of ones in normal play, odd in misère.
            return 0 if (ones % 2 == 0) != misere else 1
        return 0  # only heaps of one: every move is the same

    def play(self, move: int) -> NimNode:
        heap, take = divmod(move, MOVE_BASE)
        heaps = self.heaps
        return NimNode((*heaps[:heap], heaps[heap] - take, *heaps[heap + 1 :]), self.misere, self.base)

    def evaluate(self) -> int:
        """The winner's side is ahead; nothing finer is needed.

        The bounds already hold the proven result, and the solver squeezes a
        horizon guess into them, so only the sign could ever matter.
        """
        return 1 if self.wins else -1
