"""The frozen result of a check: what the text, JSON and CSV renderers all render.

Moves are cell indices 0-8 here, as everywhere in the library; renderers
for people add 1. Positions are the shared notation (``XOX/OO./.X.``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple


class FindingKind(NamedTuple):
    """What a kind of finding is called in a report, and its category: ``contract`` (it broke), ``value`` (a
    mistake that changes the result), ``tempo`` (right result, wrong speed), ``incomplete`` (not everything was
    checked)."""

    title: str
    category: str


KINDS: dict[str, FindingKind] = {
    "import_error": FindingKind("fails on import", "contract"),
    "import_input": FindingKind("waits for input on import", "contract"),
    "crash": FindingKind("the process dies", "contract"),
    "timeout": FindingKind("no answer in time", "contract"),
    "raises": FindingKind("raises an exception", "contract"),
    "wrong_type": FindingKind("returns something that is not a move", "contract"),
    "illegal_move": FindingKind("returns an illegal move", "contract"),
    "mutates": FindingKind("changes the caller's board", "contract"),
    "finished_board": FindingKind("does not return None on a finished board", "contract"),
    "cs50_player": FindingKind("player(board) is wrong", "contract"),
    "cs50_actions": FindingKind("actions(board) is wrong", "contract"),
    "cs50_result": FindingKind("result(board, action) is wrong", "contract"),
    "cs50_result_mutates": FindingKind("result(board, action) changes its board", "contract"),
    "cs50_result_illegal": FindingKind("result(board, action) accepts a taken cell", "contract"),
    "cs50_winner": FindingKind("winner(board) is wrong", "contract"),
    "cs50_terminal": FindingKind("terminal(board) is wrong", "contract"),
    "cs50_utility": FindingKind("utility(board) is wrong", "contract"),
    "misses_win": FindingKind("misses an immediate win", "value"),
    "fails_to_block": FindingKind("fails to block", "value"),
    "walks_into_fork": FindingKind("walks into a fork", "value"),
    "throws_win_away": FindingKind("throws a win away", "value"),
    "draw_to_loss": FindingKind("turns a draw into a loss", "value"),
    "slower_win": FindingKind("wins slower than it could", "tempo"),
    "sooner_loss": FindingKind("loses sooner than it must", "tempo"),
    "no_flush": FindingKind("answers only when its input is closed (flush after each answer)", "contract"),
    "not_checked": FindingKind("not checked everywhere", "incomplete"),
}
"""Every finding kind, in the order reports list them."""


@dataclass(frozen=True, slots=True)
class MoveChoice:
    """A move and what it leads to with best play: ``win`` in ``plies``, ``draw``, ``loss`` in ``plies``."""

    move: int
    outcome: str
    plies: int | None
    score: int

    def __str__(self) -> str:
        return self.outcome if self.plies is None else f"{self.outcome} in {self.plies}"


@dataclass(frozen=True, slots=True)
class Example:
    """The simplest position where a kind of finding shows, with what the candidate did there.

    Only the fields that mean something for the kind are set: ``chose`` and
    ``best`` for play mistakes; ``answer`` (what it returned, or raised) for
    broken answers; ``call``, ``answer`` and ``expected`` for the CS50
    helpers; ``after`` for a board it changed; ``output`` for what it printed.
    """

    position: str | None = None
    to_move: str | None = None
    chose: MoveChoice | None = None
    best: tuple[MoveChoice, ...] = ()
    answer: str | None = None
    expected: str | None = None
    call: str | None = None
    after: str | None = None
    threats: tuple[int, ...] = ()
    fork: int | None = None
    output: str | None = None


@dataclass(frozen=True, slots=True)
class Finding:
    """One kind of thing that went wrong: how many positions, and the simplest example.

    ``note`` marks tempo findings under ``--value-only``: reported, not held against it.
    """

    kind: str
    count: int
    example: Example
    note: bool = False

    @property
    def title(self) -> str:
        if self.kind == "not_checked" and self.count == 0:
            # Every position was asked; the check stopped later: "not checked everywhere, 0" would contradict itself.
            return "not checked to the end"
        return KINDS[self.kind][0]

    @property
    def category(self) -> str:
        return KINDS[self.kind][1]


@dataclass(frozen=True, slots=True)
class GameMove:
    side: str
    move: int
    by_candidate: bool


@dataclass(frozen=True, slots=True)
class RoleResult:
    """The candidate's games in one seat, against every sequence of opponent moves."""

    side: str
    first: str
    positions: int
    loses: bool
    broken: int
    losing_game: tuple[GameMove, ...] = ()
    final: str | None = None

    @property
    def label(self) -> str:
        return f"as {self.side} moving {'first' if self.side == self.first else 'second'}"


@dataclass(frozen=True, slots=True)
class CheckTiming:
    """Seconds inside the candidate's moves, and the whole check's wall time.

    ``cpu_in_candidate`` is the processor time spent in the candidate's own
    code (its moves and, for the CS50 shape, its helpers) where it can be
    measured: Python candidates; None for ``--command``.
    """

    moves: int
    median: float | None
    slowest: float | None
    slowest_position: str | None
    slowest_to_move: str | None
    in_moves: float
    wall: float
    cpu_in_candidate: float | None = None


@dataclass(frozen=True, slots=True)
class CheckReport:
    """Everything one check found about one candidate.

    The counts a score is made of (``score.py``), each a number of
    positions: ``positions`` it is to move in, ``asked`` of them before any
    limit, ``best`` where every answer was right by the ``standard``,
    ``kept`` where every answer kept the position's value (the standard
    aside), ``legal`` of ``legal_of`` where every answer was a legal move of
    the right type and left the board alone (for CS50, the finished boards
    where ``minimax`` must return None count too), ``helpers`` of
    ``helpers_of`` boards where CS50's helpers all answered right (0 of 0
    for other interfaces). A position never asked is never right.
    """

    target: str
    interface: str | None
    standard: str
    positions: int
    asked: int
    best: int
    roles: tuple[RoleResult, ...]
    findings: tuple[Finding, ...]
    notes: tuple[str, ...]
    randomised: bool
    complete: bool
    timing: CheckTiming
    problem: str | None = None
    isolation: str = ""
    """How the candidate's code was isolated (``sandbox.Isolation.describe``); says plainly when it was not."""
    legal: int = 0
    legal_of: int = 0
    kept: int = 0
    helpers: int = 0
    helpers_of: int = 0
    cs50: bool = False
    """Its interface is CS50's, so its helpers are scored, even where a budget's sample asked none of them."""
    history: bool = False
    """Its answers change with what it was asked before: different answers in one position, but the same
    questions in the same order in two fresh processes got the same answers (``randomised`` is then False)."""
    sampled: bool = False
    """A grader's budget allowed a sample: ``asked`` positions (and ``helpers_of`` boards) drawn by its seed."""
    machine: str | None = None
    """Set when the machine failed the check (not the candidate): what failed; nothing is graded then."""

    @property
    def counted(self) -> tuple[Finding, ...]:
        """The findings held against it (not the notes)."""
        return tuple(finding for finding in self.findings if not finding.note)

    @property
    def loses(self) -> bool:
        return any(role.loses for role in self.roles)

    @property
    def unbeatable(self) -> bool:
        """Checked everywhere, never loses, never breaks in its own games."""
        return self.problem is None and self.complete and not self.loses and not any(role.broken for role in self.roles)

    @property
    def exit_status(self) -> int:
        """0: unbeatable and best everywhere by the standard used; 1: anything found; 3: the machine failed."""
        if self.machine is not None:
            return 3
        return 0 if self.unbeatable and not self.counted else 1

    @property
    def verdict(self) -> str:
        """One word for a spreadsheet.

        ``unbeatable`` (exit 0), ``imperfect`` (never loses, but something was
        found), ``beatable`` (it can lose), ``incomplete`` (the check stopped
        early with no loss found), ``broken`` (it could not be checked, or it
        gives no legal move somewhere in its own games), ``not graded``
        (the machine failed the check: nothing was graded, exit 3).
        """
        if self.machine is not None:
            return "not graded"
        if self.problem is not None:
            return "broken"
        if self.loses:
            return "beatable"
        if not self.complete:
            return "incomplete"
        if not self.unbeatable:
            return "broken"
        return "unbeatable" if not self.counted else "imperfect"


def unchecked(target: str, problem: str, standard: str = "best") -> CheckReport:
    """The report of a file that could not be checked at all (missing, or no AI found in it): 0 points."""
    return CheckReport(
        target=target,
        interface=None,
        standard=standard,
        positions=0,
        asked=0,
        best=0,
        roles=(),
        findings=(),
        notes=(),
        randomised=False,
        complete=False,
        timing=CheckTiming(0, None, None, None, None, 0.0, 0.0),
        problem=problem,
    )
