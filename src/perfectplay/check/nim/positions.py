"""The Nim lab's positions and their exact values, computed from the engine's rules (never a fixed answer key).

Every position reachable from the start with an object left is asked (383 from
CS50's ``1,3,5,7``). Each one's value for the side to move is worked out
by a memoised search over the engine's ``Nim`` game: ``legal_moves``,
``play`` and ``winner`` are the engine's, so misère and normal play are the
engine's too, and Bouton's rule is only what the tests hold it against.
"""

from __future__ import annotations

from dataclasses import dataclass

from perfectplay import Nim, NimState, Player

LAB_START = (1, 3, 5, 7)
"""CS50 AI's starting piles."""

MAX_PILES = 6
MAX_PILE = 15
MAX_POSITIONS = 20_000
"""Caps on a teacher's ``--start``: the whole tree is asked, so it must stay small."""

Piles = tuple[int, ...]
Action = tuple[int, int]
"""``(pile, count)``: take ``count`` objects from pile ``pile`` (from 0), as CS50's ``nim.py`` writes it."""


@dataclass(frozen=True, slots=True)
class Rules:
    """The game a check plays: misère or normal, from which piles."""

    misere: bool = True
    start: Piles = LAB_START

    @property
    def name(self) -> str:
        return "nim:misere" if self.misere else "nim"

    def describe(self) -> str:
        ending = "whoever takes the last object loses" if self.misere else "whoever takes the last object wins"
        return f"{'misère' if self.misere else 'normal'} Nim from piles {show(self.start)} ({ending})"


@dataclass(frozen=True, slots=True)
class Judged:
    """One position's exact value for the side to move, and the moves that keep a won position won."""

    piles: Piles
    wins: bool
    winning: frozenset[Action]


def show(piles: Piles) -> str:
    return ",".join(str(pile) for pile in piles)


def actions(piles: Piles) -> frozenset[Action]:
    """Every legal ``(pile, count)``."""
    return frozenset((index, count) for index, size in enumerate(piles) for count in range(1, size + 1))


def after(piles: Piles, action: Action) -> Piles:
    index, count = action
    return (*piles[:index], piles[index] - count, *piles[index + 1 :])


def reachable(start: Piles) -> list[Piles]:
    """Every position with an object left reachable from ``start`` (start included), in a fixed order."""
    seen = {start} if any(start) else set()
    pending = [start] if any(start) else []
    while pending:
        piles = pending.pop()
        for action in actions(piles):
            nxt = after(piles, action)
            if any(nxt) and nxt not in seen:
                seen.add(nxt)
                pending.append(nxt)
    return sorted(seen, key=lambda piles: (-sum(piles), piles))


class Oracle:
    """Exact values from the engine's ``Nim`` under the check's rules, memoised."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.game = Nim(misere=rules.misere)
        self._wins: dict[Piles, bool] = {}

    def mover_wins(self, piles: Piles) -> bool:
        """Whether the side to move wins ``piles`` with perfect play (iteratively: a deep start never recurses)."""
        stack = [piles]
        while stack:
            top = stack[-1]
            if top in self._wins:
                stack.pop()
                continue
            state = NimState(top, Player.X)
            if self.game.is_over(state):
                self._wins[top] = self.game.winner(state) is Player.X
                stack.pop()
                continue
            children = [self.game.play(state, move).heaps for move in self.game.legal_moves(state)]
            missing = [child for child in children if child not in self._wins]
            if missing:
                stack.extend(missing)
                continue
            self._wins[top] = any(not self._wins[child] for child in children)
            stack.pop()
        return self._wins[piles]

    def judge(self, piles: Piles) -> Judged:
        wins = self.mover_wins(piles)
        winning = frozenset(action for action in actions(piles) if not self.mover_wins(after(piles, action)))
        return Judged(piles, wins, winning if wins else frozenset())


def bouton_mover_wins(piles: Piles, misere: bool) -> bool:
    """Bouton's rule, for the tests: the independent statement the search is held against."""
    xor = 0
    for pile in piles:
        xor ^= pile
    if misere and all(pile <= 1 for pile in piles):
        return sum(piles) % 2 == 0
    return xor != 0
