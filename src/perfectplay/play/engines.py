"""Where a build's tasks run: local processes, a Dask cluster on this machine, or a Dask cluster by address.

A build (``perfectplay dataset --format scores``, ``perfectplay book``) cuts
its work into shards and hands each to ``Engine.run``, which yields the
answers as they finish, in any order. Three engines, one interface:

* ``processes``: ``concurrent.futures`` process pool, no extra library; the
  default on one machine (Dask's scheduler costs CPU a plain pool does not,
  ``benchmarks/results/distributed.md``);
* ``dask``: a Dask ``LocalCluster`` of worker processes on this machine (one
  thread each: the solver holds the GIL), to try a cluster's set-up locally;
* a Dask scheduler by address (``tcp://HOST:8786``): the workers of a
  cluster someone started with ``dask scheduler`` and ``dask worker``.

Why Dask and not Ray: pure-Python wheels that pip installs on every Python
the package supports (3.10-3.13), a local cluster of processes without a
daemon, and a cluster joined by the scheduler's address alone. The package
never runs a scheduler of its own: the local cluster is Dask's, and a remote
one is the user's. Dask is the optional extra ``perfectplay[cluster]``.
"""

from __future__ import annotations

import abc
import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from types import TracebackType
from typing import Any

from perfectplay import PerfectplayError

ENGINES: tuple[str, ...] = ("auto", "processes", "dask")
"""What ``--engine`` accepts: ``auto`` is the cluster when an address is given, else local processes."""

DASK_MISSING = "a Dask cluster needs Dask: pip install 'perfectplay[cluster]'"

RESUME = "{what}: the finished shards are saved; run the same command again to go on"


def dask_installed() -> bool:
    """Whether ``dask.distributed`` can be imported (without importing it: that costs a second)."""
    import importlib.util

    try:
        return importlib.util.find_spec("distributed") is not None and importlib.util.find_spec("dask") is not None
    except (ImportError, ValueError):
        return False


def all_cores() -> int:
    """The cores this process may run on (the affinity mask where there is one, not the machine's count)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # macOS and Windows have no affinity mask
        return max(1, os.cpu_count() or 1)


class Engine(abc.ABC):
    """Runs one function over many argument tuples in other processes; a context manager that frees them."""

    name = "engine"

    def __init__(self, workers: int) -> None:
        self.workers = workers

    @abc.abstractmethod
    def run(self, function: Callable[..., Any], tasks: Iterable[tuple[Any, ...]]) -> Iterator[tuple[int, Any]]:
        """Yield ``(index of the task, function(*task))`` as each task finishes; a task's error is raised."""

    def describe(self) -> str:
        return f"{self.name}, {self.workers} worker{'s' if self.workers != 1 else ''}"

    @abc.abstractmethod
    def close(self) -> None:
        """Stop the workers this engine started (a remote cluster's workers are left running)."""

    def __enter__(self) -> Engine:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.close()


class ProcessEngine(Engine):
    """A ``ProcessPoolExecutor`` of ``workers`` processes, started fresh (spawn), as Dask's are."""

    name = "local processes"

    def __init__(self, workers: int) -> None:
        super().__init__(workers)
        import multiprocessing

        self.pool = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"))

    def run(self, function: Callable[..., Any], tasks: Iterable[tuple[Any, ...]]) -> Iterator[tuple[int, Any]]:
        waiting: dict[Future[Any], int] = {}
        for index, task in enumerate(tasks):
            waiting[self.pool.submit(function, *task)] = index
        from concurrent.futures.process import BrokenProcessPool

        while waiting:
            done, _ = wait(waiting, return_when=FIRST_COMPLETED)
            for future in done:
                try:
                    result = future.result()
                except BrokenProcessPool:
                    raise PerfectplayError(RESUME.format(what="a worker process died (out of memory?)")) from None
                yield waiting.pop(future), result

    def close(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)


class DaskEngine(Engine):
    """A Dask client: of a ``LocalCluster`` it starts (``address`` None) or of the scheduler at ``address``."""

    def __init__(self, workers: int, address: str | None = None) -> None:
        import importlib
        import logging

        try:
            # As Any: Dask's functions carry no annotations mypy --strict accepts.
            distributed: Any = importlib.import_module("distributed")
        except ImportError:
            raise PerfectplayError(DASK_MISSING) from None
        self.distributed = distributed
        # Dask logs every worker's start and stop at INFO: a build's own progress lines are what the user reads.
        logging.getLogger("distributed").setLevel(logging.WARNING)
        self.cluster: Any = None
        if address is None:
            self.cluster = distributed.LocalCluster(
                n_workers=workers,
                threads_per_worker=1,
                processes=True,
                # Its HTTP server starts even without a dashboard, at 8787 unless told: a free port on this
                # machine only, so a second cluster (another build, a test beside it) never meets the first's.
                dashboard_address="127.0.0.1:0",
                # The workers' own logs: a heartbeat that finds the scheduler gone while the cluster shuts down
                # is logged as an error with a traceback, which is no news to someone whose build is done.
                silence_logs=logging.CRITICAL,
            )
            self.client: Any = distributed.Client(self.cluster)
            self.name = "Dask LocalCluster"
        else:
            try:
                self.client = distributed.Client(address, timeout="10s")
            except (OSError, TimeoutError, ValueError) as error:
                raise PerfectplayError(f"cannot reach the Dask scheduler at {address}: {error}") from None
            workers = len(self.client.scheduler_info().get("workers", {}))
            self.name = f"Dask cluster at {address}"
        super().__init__(workers)

    def run(self, function: Callable[..., Any], tasks: Iterable[tuple[Any, ...]]) -> Iterator[tuple[int, Any]]:
        futures = [self.client.submit(function, *task, pure=False) for task in tasks]
        where = {future.key: index for index, future in enumerate(futures)}
        for future in self.distributed.as_completed(futures):
            try:
                result = future.result()
            except self.distributed.KilledWorker:
                raise PerfectplayError(RESUME.format(what="Dask lost the workers that ran a task")) from None
            yield where[future.key], result
            future.release()

    def close(self) -> None:
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()


def open_engine(engine: str = "auto", workers: int | None = None, address: str | None = None) -> Engine:
    """The engine a build asked for: ``address`` means that Dask cluster; else ``engine`` with ``workers``.

    ``workers`` None is every core this process may use. A cluster address
    without Dask installed is a ``PerfectplayError`` saying how to install it.
    """
    if engine not in ENGINES:
        raise PerfectplayError(f"unknown engine {engine!r}: use one of {', '.join(ENGINES)}")
    if workers is not None and workers < 1:
        raise PerfectplayError(f"a build needs at least one worker, not {workers}")
    count = all_cores() if workers is None else workers
    if address is not None:
        if engine == "processes":
            raise PerfectplayError("a cluster address is a Dask scheduler's: it does not go with --engine processes")
        if not dask_installed():
            raise PerfectplayError(DASK_MISSING)
        return DaskEngine(count, address)
    if engine == "dask":
        if not dask_installed():
            raise PerfectplayError(DASK_MISSING)
        return DaskEngine(count)
    return ProcessEngine(count)
