"""How one kind of child is started and asked: the Python runner (JSON lines), or a program's line protocol.

A speaker knows the wire; ``candidate.py`` owns the process's life around it.
The wall clock is ``worker.monotonic`` (tests put a clock of their own there).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, ClassVar, Protocol

from perfectplay.check.position import TicTacToePosition
from perfectplay.check.run import protocol
from perfectplay.check.run import worker as run_worker
from perfectplay.check.run.command import is_chatter, move_shaped, parse_answer, request_line
from perfectplay.check.run.failures import ChildDied, ChildTimedOut, OutOfStep
from perfectplay.check.run.protocol import ProtocolError
from perfectplay.check.run.sandbox import Jail
from perfectplay.check.run.worker import AnswerBudget, Arrival, Child, Clock


class Speaker(Protocol):
    """How one kind of child is started and asked."""

    jail: Jail
    limit: float | None
    """A CPU limit for the questions asked now instead of the clock's per-move one (a training run), or None."""

    def start(self) -> tuple[list[str], Path]: ...

    def handshake(self, child: Child, clock: Clock, limit: float) -> dict[str, Any]: ...

    def exchange(
        self, child: Child, op: str, items: Sequence[Any], clock: Clock, draws: Sequence[int] = ()
    ) -> Iterator[dict[str, Any]]:
        """Ask ``items`` in order; ``draws`` (``Chance.numbers``) are what a Python module's ``random`` is seeded
        with before each (a program in another language is not seeded)."""
        ...


def _timed(record: dict[str, Any], budget: AnswerBudget, arrival: Arrival) -> dict[str, Any]:
    record["seconds"], record["cpu"] = wall, cpu = budget.spent(arrival)
    record["waited"] = budget.waited_for(arrival, wall, cpu)
    return record


class RunnerSpeaker:
    """A Python module, loaded by ``runner.py`` in the child."""

    OPERATIONS: ClassVar[dict[str, str]] = {"moves": "positions", "cs50": "queries"}
    BATCHES: ClassVar[dict[str, int]] = {"cs50": 64}
    """Questions sent in one message, by operation (one, where not named).

    A board of CS50's helpers is a dozen calls of microseconds each: asked one board a message, the round trip
    (the checker's reading, writing and waking, the runner's waking) cost several times the answer. In a batch
    the runner answers board after board, one line each, without waiting, so each board's CPU time is read
    when its line arrives and counts from the line before it: the sum is every second it used, and a board is
    stopped once the CPU time since the line before it is over the limit, so it is stopped only if it alone
    used that much (its first moments, before the line before it was read, are not counted against it). A
    batch is no longer than the lines a child's reading thread keeps (``worker.QUEUE_LINES``): the runner never
    waits for the checker halfway through one. A move stays one question a message: its time per move is a
    verdict on any machine.
    """
    CLEAN: ClassVar[dict[str, Callable[[dict[str, Any]], dict[str, Any]]]] = {
        "moves": protocol.move,
        "cs50": protocol.cs50,
    }

    def __init__(self, jail: Jail, path: Path) -> None:
        self.jail = jail
        self.path = path
        self.interface: dict[str, Any] | None = None
        self.limit: float | None = None

    def start(self) -> tuple[list[str], Path]:
        return self.jail.runner(self.path)

    def handshake(self, child: Child, clock: Clock, limit: float) -> dict[str, Any]:
        # Counted from the child's birth: it may have been importing while the checker did other work.
        budget = AnswerBudget(clock, 0.0, child.started, limit, 0.0)
        # Its waiting (asleep at import) counts against the check's backstop, as a move's does: a Connect Four agent
        # is started afresh for each game, and 20 s asleep on each import stretched one check to 150 s uncounted.
        try:
            arrival = child.next_line(budget)
        except ChildTimedOut as late:
            if child.ready():  # before it was ready, the machine's failure: not charged
                clock.spend(0.0, late.waited)
            raise
        clock.spend(0.0, budget.waited_for(arrival))
        loaded = protocol.loaded(protocol.decode(arrival.data))
        if self.interface is not None:
            reply = self.use(child, self.interface, clock, limit)
            if not reply.get("ok"):
                raise ChildDied(f"refused the interface: {reply.get('error')}", "")
        return loaded

    @staticmethod
    def use(child: Child, interface: dict[str, Any], clock: Clock, limit: float) -> dict[str, Any]:
        budget = AnswerBudget.now(clock, child, limit)
        child.send(json.dumps({"op": "use", "interface": interface}).encode() + b"\n", budget)
        return protocol.reply(protocol.decode(child.next_line(budget).data))

    def exchange(
        self, child: Child, op: str, items: Sequence[Any], clock: Clock, draws: Sequence[int] = ()
    ) -> Iterator[dict[str, Any]]:
        # A move is asked one question at a time: the runner waits, computing nothing, between an answer and the
        # next question, so the CPU time read when an answer is taken in is that answer's, however late a busy
        # machine lets the checker read it. CS50's helpers are asked ``BATCHES[op]`` boards a message (see
        # ``BATCHES``): every board is still an answer of its own, timed from the answer before it.
        # Counted from its last answer, not from now (``Child.answered_cpu``): the checker's own work in between
        # (judging that answer, a game's next position) must not lend it CPU time no question is charged.
        cpu, active = child.answered_cpu(), child.active()
        size = self.BATCHES.get(op, 1)
        for start in range(0, len(items), size):
            batch = list(items[start : start + size])
            budget = AnswerBudget(clock, cpu, run_worker.monotonic(), self.limit, active)
            child.owed = len(batch)
            message: dict[str, Any] = {"op": op, self.OPERATIONS[op]: batch}
            if draws:
                message["draws"] = list(draws[start : start + size])
            child.send(json.dumps(message).encode() + b"\n", budget)
            for left in range(len(batch) - 1, -1, -1):
                arrival = child.next_line(budget)
                child.owed -= 1
                record = _timed(self.cleaned(op, protocol.decode(arrival.data)), budget, arrival)
                if left:  # the next board's limits count from this answer's arrival: it was being answered since then
                    budget = AnswerBudget(clock, arrival.cpu, arrival.wall, self.limit, arrival.active)
                yield record
            cpu, active = arrival.cpu, arrival.active

    def cleaned(self, op: str, value: dict[str, Any]) -> dict[str, Any]:
        """An answer with its shape checked (``ProtocolError`` if the runner never sends it)."""
        return self.CLEAN[op](value)


class CommandSpeaker:
    """Any program speaking the ``--command`` line protocol."""

    def __init__(self, jail: Jail, program: Sequence[str]) -> None:
        self.jail = jail
        self.program = list(program)
        self.chatter: list[str] = []
        self.limit: float | None = None

    def start(self) -> tuple[list[str], Path]:
        return self.jail.command(self.program)

    def handshake(self, child: Child, clock: Clock, limit: float) -> dict[str, Any]:
        return {}

    def exchange(
        self, child: Child, op: str, items: Sequence[Any], clock: Clock, draws: Sequence[int] = ()
    ) -> Iterator[dict[str, Any]]:
        for item in items:
            # From its last answer, as a module's questions are (``RunnerSpeaker.exchange``).
            budget = AnswerBudget(clock, child.answered_cpu(), run_worker.monotonic(), self.limit, child.active())
            child.send(self.request(item), budget)
            line, arrival = self._answer_line(child, budget)
            yield _timed(self.answer(line), budget, arrival)
            if not move_shaped(line):
                # Words, not a move: a welcome line or a "thinking..." before each answer puts every later answer
                # against the question after its own (a perfect program was graded 38 of 100 that way).
                raise OutOfStep

    def request(self, item: Any) -> bytes:
        """The line that asks for a move: a tic-tac-toe position's cells and side (a game's speaker has its own)."""
        cells, side = item
        return request_line(TicTacToePosition(cells, side))

    def answer(self, line: str) -> dict[str, Any]:
        """What the answer line says, as ``protocol`` records an answer."""
        return parse_answer(line)

    def _answer_line(self, child: Child, budget: AnswerBudget) -> tuple[str, Arrival]:
        """The first line that is not a comment, and when it came; a few comments are kept for the report."""
        lines = 0
        while True:
            arrival = child.next_line(budget, flush_test=True)
            line = arrival.data.decode(errors="replace")
            if not is_chatter(line):
                return line, arrival
            lines += 1
            if lines > run_worker.CHATTER_LINES:
                raise ProtocolError(f"wrote more than {run_worker.CHATTER_LINES:,} comment lines before one answer")
            if len(self.chatter) < 5 and line.strip():
                self.chatter.append(line.strip()[:200])
