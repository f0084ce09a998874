"""Win, draw or loss before how fast: the cheapest proof that a move keeps the position's value.

An exact score (win in 13 or in 15?) can cost many times the search that
only shows a move wins. Under a time limit that difference decides whether
the computer's move is proven to keep the game's value at all, so the
limited search asks the cheap question first (``deepening.py``): does some
move win? If none does, does one draw? Each answer is a null-window probe
of one child with no depth limit, so whatever it says is proven.
"""

from __future__ import annotations

from typing import NamedTuple

from perfectplay.search.base.budget import AttemptOver
from perfectplay.search.solver.root import Root
from perfectplay.search.solver.table import PROVEN

WIN, DRAW, LOSS = 1, 0, -1

FAVOURITE_SHARE = 2
"""How many times a round's allowance the open move the iteration values best gets: the likeliest to keep
the value, and its proof is often the dearest (editor positions kept at 10-20 M nodes a move, of 130
in three seeded samples: 120 with twice the allowance, 118 with equal shares, 111 before ``Settling``)."""


class Outcomes(NamedTuple):
    """The position's outcome for the side to move (``WIN``, ``DRAW`` or ``LOSS``) and the moves that keep it.

    ``keeping`` holds the root moves the search may play (for a win: the
    first winning move found and its symmetric twins; for a loss: every
    move, since nothing better exists; an opening book names its one move).
    ``draws`` holds the moves proven to draw, ``losses`` those proven to lose.
    """

    outcome: int
    keeping: frozenset[int]
    draws: frozenset[int]
    losses: frozenset[int]


def prove_outcomes(root: Root, preferred: dict[int, int] | None = None) -> Outcomes:
    """Which move keeps the root's value: a winning move if one exists, else a drawing one, else any.

    ``preferred`` (a value per move, e.g. from a depth-limited search) puts
    the likeliest winners first; without it the root's own order is used.
    First each move in that order is probed with the window (0, 1),
    "does it win?"; the first that does settles it. A probe that fails
    returns a proven upper bound: below 0, that move loses. The moves left
    (not a win, maybe a draw) are then probed with (-1, 0), "does it at
    least draw?"; every one that does is a draw.
    """
    unique = root.unique_moves
    if preferred is not None:
        unique.sort(key=lambda move: -preferred[move])  # stable: ties keep the root's order
    undecided: list[int] = []
    losses: set[int] = set()
    for move in unique:
        result = root.search_child(move, PROVEN, 0, 1)
        if result >= 1:
            return Outcomes(WIN, _with_twins(root, {move}), frozenset(), frozenset())
        if result < 0:
            losses.add(move)
        else:
            undecided.append(move)
    draws: set[int] = set()
    for move in undecided:
        if root.search_child(move, PROVEN, -1, 0) >= 0:
            draws.add(move)
        else:
            losses.add(move)
    if draws:
        return Outcomes(DRAW, _with_twins(root, draws), _with_twins(root, draws), _with_twins(root, losses))
    return Outcomes(LOSS, frozenset(root.moves), frozenset(), frozenset(root.moves))


def per_move(root: Root, known: Outcomes) -> dict[int, int]:
    """Every root move's outcome that ``known`` proves: the keepers', the draws', the losses'.

    In a position proven lost every move loses, whatever the proof named (a book's lost line names only the
    move that holds out longest): each is then at least a proven loss, its length not known.
    """
    proven = {move: LOSS for move in (root.moves if known.outcome == LOSS else known.losses)}
    proven.update((move, DRAW) for move in known.draws)
    proven.update((move, known.outcome) for move in known.keeping)
    return {move: proven[move] for move in root.moves if move in proven}


def _with_twins(root: Root, moves: set[int]) -> frozenset[int]:
    return frozenset(move for move in root.moves if root.twin_of[move] in moves)


class Settling:
    """Win, draw or loss of the root's moves, proven a probe at a time, and kept when a limit stops the search.

    ``prove_outcomes`` answers in one go; under a time limit that go may
    never end (at plies 4-8 of 7x6 Connect Four one probe can take tens of
    millions of nodes), and then nothing was learnt. Here each move has
    proven bounds ``low <= outcome <= high`` (``LOSS`` to ``WIN``), every
    probe narrows them and nothing is thrown away. A probe asks the one
    question that can change the choice: with ``floor`` the best outcome
    some move is proven to reach, "does this move reach more than
    ``floor``?" (a draw: ``(-1, 0)``, a win: ``(0, 1)``). A yes raises the
    floor; a no drops the move. Once the floor is every move's ceiling the
    position's outcome is proven; in a draw the moves still undecided
    between a draw and a loss are then probed too (the words name every
    draw).

    ``round`` probes each open move once on a node allowance, likeliest
    first (the favourite on ``FAVOURITE_SHARE`` times the allowance): cheap
    proofs (most losses) finish in the first rounds whatever the order, and
    a probe too dear for one round is tried again on twice the allowance in
    the next, from the table the earlier try filled.

    ``ceiling``, when the root's own outcome is known (an outcome layer
    holds it), bounds every move from above: a probe then asks straight
    for that outcome (a drawn root never asks whether a move wins, the
    dearest proof of all), and a move that falls short of it is done.

    With ``every_move`` (an analysis, which values every move), once the
    position's outcome is proven each move still open is probed for its
    own: "does it reach the most it still may?", until every move's outcome
    is proven (``done``).
    """

    def __init__(self, root: Root, ceiling: int | None = None, *, every_move: bool = False) -> None:
        self.root = root
        self.ceiling = ceiling
        self.every_move = every_move
        self.low = {move: LOSS for move in root.unique_moves}
        self.high = {move: WIN if ceiling is None else ceiling for move in root.unique_moves}

    def seed(self, known: Outcomes) -> None:
        """What a book or an outcome table proved: the moves that keep its outcome, its draws and losses."""
        for move in self.low:
            if move in known.keeping:
                self.low[move] = self.high[move] = known.outcome
            elif move in known.draws:
                self.low[move] = self.high[move] = DRAW
            elif move in known.losses:
                self.low[move] = self.high[move] = LOSS

    def per_move(self) -> dict[int, int]:
        """Every root move whose outcome is proven (twins included), with that outcome."""
        twin_of = self.root.twin_of
        return {
            move: self.low[twin_of[move]]
            for move in self.root.moves
            if self.low[twin_of[move]] == self.high[twin_of[move]]
        }

    @property
    def floor(self) -> int:
        """The best outcome a move is proven to reach."""
        return max(self.low.values())

    @property
    def settled(self) -> bool:
        """Whether the position's outcome is proven (no move can reach above the floor)."""
        return max(self.high.values()) == self.floor

    def learn(self, move: int, value: int) -> None:
        """A move's exact value (``move`` a unique move, ``value`` in internal units, from any proof)."""
        self.low[move] = self.high[move] = _sign(value)

    def threshold(self, move: int) -> int | None:
        """The outcome the next probe of ``move`` asks it to reach, or None if nothing is left to ask."""
        low, high, floor = self.low[move], self.high[move], self.floor
        if self.ceiling is not None and high < self.ceiling and not self.settled:
            return None  # proven short of the root's known outcome: not a keeper, nothing more to ask now
        if high > floor:
            return floor + 1 if self.ceiling is None else self.ceiling
        if self.settled and floor == DRAW and low < high:
            return DRAW  # in a drawn position: a draw or a loss?
        if self.every_move and self.settled and low < high:
            return high  # an analysis: does this move reach the most it still may?
        return None

    def open_moves(self) -> list[int]:
        return [move for move in self.low if self.threshold(move) is not None]

    @property
    def done(self) -> bool:
        return not self.open_moves()

    def probe(self, move: int) -> None:
        """One null-window proof: does ``move`` reach its threshold? (No depth limit: the answer is proven.)"""
        target = self.threshold(move)
        assert target is not None
        result = self.root.search_child(move, PROVEN, target - 1, target)
        if result >= target:
            self.low[move] = max(self.low[move], _sign(result))
        else:
            self.high[move] = min(self.high[move], _sign(result))

    def round(self, allowance: int, preferred: dict[int, int]) -> None:
        """Probe every open move once, each on ``allowance`` nodes, the iteration's favourites first.

        A probe that runs out of its allowance is left for the next round;
        the limit itself (``Stop``) ends the round and the search, and what
        was proven stays.
        """
        negamax, budget = self.root.negamax, self.root.negamax.budget
        asked: set[tuple[int, int]] = set()
        while True:
            waiting = [move for move in self.open_moves() if (move, self.threshold(move) or 0) not in asked]
            if not waiting:
                return
            move = max(waiting, key=lambda candidate: preferred.get(candidate, 0))
            asked.add((move, self.threshold(move) or 0))
            favourite = move == max(self.open_moves(), key=lambda candidate: preferred.get(candidate, 0))
            budget.allowance = negamax.nodes + allowance * (FAVOURITE_SHARE if favourite else 1)
            negamax.next_check = min(negamax.next_check, budget.allowance)
            try:
                self.probe(move)
            except AttemptOver:
                continue
            finally:
                budget.allowance = None

    def outcomes(self) -> Outcomes:
        """What is proven, once ``settled``: the outcome, the moves that keep it, the draws and the losses."""
        outcome = self.floor
        keeping = _with_twins(self.root, {move for move, low in self.low.items() if low == outcome})
        draws = self.proven_draws()
        losses = _with_twins(self.root, {move for move, high in self.high.items() if high == LOSS})
        if outcome == WIN:
            return Outcomes(WIN, keeping, frozenset(), frozenset())
        return Outcomes(outcome, keeping, draws, losses)

    def proven_draws(self) -> frozenset[int]:
        """The root moves proven to draw so far (twins included)."""
        return _with_twins(self.root, {move for move in self.low if self.low[move] == self.high[move] == DRAW})

    def choice(self, values: dict[int, int]) -> tuple[int, ...]:
        """The moves to play when the search stops now: what is proven first, the iteration's values next.

        The moves proven to reach the floor, if the floor is a draw or a
        win (an unproven move is never preferred to one proven to keep at
        least that much), and of those the ones that may still reach the
        most (a move proven at least a draw before one proven exactly a
        draw); else every move not proven to lose (when the root's outcome
        is known: every move not proven to fall short of it). Among them,
        those the last iteration valued best (``values``: every root move).
        """
        floor = self.floor
        if floor > LOSS:
            reaching = [move for move, low in self.low.items() if low == floor]
            most = max(self.high[move] for move in reaching)
            chosen = {move for move in reaching if self.high[move] == most}
        elif self.ceiling is not None and self.ceiling > LOSS:
            # The root's outcome is known: only a move not yet shown to fall short of it may keep it.
            chosen = {move for move, high in self.high.items() if high == self.ceiling} or set(self.low)
        else:
            chosen = {move for move, high in self.high.items() if high > LOSS} or set(self.low)
        candidates = [move for move in self.root.moves if self.root.twin_of[move] in chosen]
        top = max(values[move] for move in candidates)
        return tuple(sorted(move for move in candidates if values[move] == top))


def _sign(value: int) -> int:
    return WIN if value > 0 else LOSS if value < 0 else DRAW
