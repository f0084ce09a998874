"""Asking many questions over several workers at once, one thread a worker, answers as they come.

Questions are dealt out by estimated cost (longest first, each to the least
loaded worker) so that two workers finish together: a naive minimax spends
as long on the empty board as on the nine one-stone positions together, so
the cost of a position is taken as the factorial of its empty cells.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Hashable, Sequence
from typing import Any, TypeVar

from perfectplay.check.run.candidate import CandidateWorker
from perfectplay.check.run.failures import GaveUp, NotFlushing, OutOfTime

Key = TypeVar("Key", bound=Hashable)
Progress = Callable[[str, int, int], None]
"""Called with (phase, questions answered, questions in this phase)."""


STOPS = (OutOfTime, NotFlushing, GaveUp)
"""What ends the asking early, as a verdict (``stop_reason``), never as a crash."""


def stop_reason(stop: BaseException) -> str:
    """Why the asking stopped, in the check's words: the clock's reason, ``flush``, ``failures`` or ``silent``."""
    if isinstance(stop, (OutOfTime, GaveUp)):
        return stop.reason
    return "flush"


def balance(
    items: Sequence[tuple[Key, Any]], cost: Callable[[Key], float], workers: int
) -> list[list[tuple[Key, Any]]]:
    """Deal ``items`` to ``workers`` shares, the costliest first, each to the lightest share."""
    shares: list[list[tuple[Key, Any]]] = [[] for _ in range(workers)]
    loads = [0.0] * workers
    costed = [(cost(item[0]), item) for item in items]  # each item's cost worked out once
    for weight, item in sorted(costed, key=lambda pair: -pair[0]):
        lightest = loads.index(min(loads))
        shares[lightest].append(item)
        loads[lightest] += weight
    return shares


def empties_cost(cells: str) -> float:
    return float(math.factorial(cells.count(".")))


def ask(
    workers: Sequence[CandidateWorker],
    op: str,
    shares: Sequence[Sequence[tuple[Key, Any]]],
    phase: str,
    progress: Progress | None,
    into: dict[Key, list[dict[str, Any]]],
) -> str | None:
    """Ask every share on its worker; append each answer to ``into[key]``.

    Returns None when everything was asked, or why it stopped early (``flush``, ``time``, ``budget``, ``bound``,
    ``wall``, ``failures`` or ``silent``); answers that arrived are kept either way.
    """
    stops: list[str] = []
    errors: list[BaseException] = []
    total = sum(len(share) for share in shares)
    done = [0]
    # Each worker's thread files its own answers (one lock keeps ``into`` and the progress in one order): handing
    # every answer to this thread first cost a thread's waking per answer, thousands in a check.
    lock = threading.Lock()

    def drive(worker: CandidateWorker, share: Sequence[tuple[Key, Any]]) -> None:
        try:
            for index, record in worker.stream(op, [payload for _, payload in share], [str(key) for key, _ in share]):
                with lock:
                    into.setdefault(share[index][0], []).append(record)
                    done[0] += 1
                    if progress is not None:
                        progress(phase, done[0], total)
        except STOPS as stop:
            stops.append(stop_reason(stop))
        except BaseException as error:  # re-raised in the calling thread below
            errors.append(error)

    threads = [
        threading.Thread(target=drive, args=(worker, share), daemon=True)
        for worker, share in zip(workers, shares, strict=False)
        if share
    ]
    if progress is not None:
        progress(phase, 0, total)
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors:
        raise errors[0]
    for reason in ("flush", "time", "budget", "bound", "wall"):
        if reason in stops:
            return reason
    return stops[0] if stops else None
