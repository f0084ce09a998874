"""The thin adapter between the Nim lab and the checker's run primitives (``check/run/``).

A ``NimSpeaker`` is a ``worker.Speaker``: the ``Worker`` starts its child,
times every answer in the child's CPU time, restarts it after a time-out or
a crash, and stops at the check's limits, exactly as for tic-tac-toe. The
child is the sandbox's own interpreter running ``driver.py``'s source
(``python -I -S -c SOURCE MODULE``), started by the runner after it has set
the limits, dropped privileges and forbidden new processes
(``runner.py --exec``): the driver needs no file of its own in the sandbox,
and the student's module is imported there and nowhere else.

Until the checker's plug protocol lands (issue 41) this reaches two private
names of ``run/sandbox.py`` (``Jail._start``, ``_inside_interpreter``): the
one place to change when it does.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from perfectplay.check.nim import answers
from perfectplay.check.run import protocol, sandbox
from perfectplay.check.run.sandbox import Jail
from perfectplay.check.run.worker import Budget, Child, Clock, monotonic


@cache
def driver_source() -> str:
    """``driver.py``'s text, run with ``-c`` in the child."""
    return resources.files("perfectplay.check.nim").joinpath("driver.py").read_text(encoding="utf-8")


def driver_argv(jail: Jail, file: Path) -> tuple[list[str], Path]:
    """argv and working folder of the driver for ``file``, under the jail's limits, sandbox and accounting."""
    jail.python = True
    python = sandbox._inside_interpreter() if jail.isolation.sandboxed else sandbox.interpreter()[0]
    no_fork = [] if jail.counted else ["--no-fork"]
    tail = [*no_fork, "--exec", python, "-I", "-S", "-c", driver_source(), jail.inside(file)]
    return jail._start(tail, program=python)


class NimSpeaker:
    """The driver for one student's module: started, greeted, asked one request at a time.

    ``clean`` (the plug's) rebuilds every reply on the trusted side, or raises ``ProtocolError``.
    """

    def __init__(self, jail: Jail, file: Path, clean: Callable[[str, dict[str, Any]], dict[str, Any]]) -> None:
        self.jail = jail
        self.file = file
        self.clean = clean

    def start(self) -> tuple[list[str], Path]:
        return driver_argv(self.jail, self.file)

    def handshake(self, child: Child, clock: Clock, limit: float) -> dict[str, Any]:
        # Counted from the child's birth: the import runs the module's top-level code.
        budget = Budget(clock, 0.0, child.started, limit, 0.0)
        return {"loaded": answers.loaded(protocol.decode(child.next_line(budget).data))}

    def exchange(self, child: Child, op: str, items: Sequence[Any], clock: Clock) -> Iterator[dict[str, Any]]:
        # One request at a time, as the runner's speaker does: the CPU time read when an answer arrives is its own.
        cpu, active = child.cpu(), child.active()
        for item in items:
            budget = Budget(clock, cpu, monotonic(), active=active)
            child.send(json.dumps({"op": op, "item": item}).encode() + b"\n", budget)
            arrival = child.next_line(budget)
            cpu, active = arrival.cpu, arrival.active
            record = self.clean(op, protocol.decode(arrival.data))
            record["seconds"], record["cpu"] = budget.spent(arrival)
            record["waited"] = budget.waited_for(arrival)
            yield record
