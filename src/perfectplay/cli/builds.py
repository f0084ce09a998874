"""What ``perfectplay book`` and ``perfectplay dataset`` share as builds: where the tasks run, and progress.

``--workers N`` local workers (every core by default), ``--cluster ADDRESS``
(or ``--scheduler``) a Dask scheduler's workers instead, ``--engine`` which
local engine (Dask's LocalCluster when Dask is installed, else plain
processes), ``--shards`` how many pieces the work is cut into. The engines
themselves are ``perfectplay.play.engines``.
"""

from __future__ import annotations

import argparse
import re
import sys
from typing import TextIO

from perfectplay.cli.options import add_whole
from perfectplay.play import ENGINES, SHARD_COUNT, Engine, all_cores, open_engine

MAX_WORKERS = 1_024
MAX_SHARDS = 100_000

_ADDRESS = re.compile(r"(tcp|tls|ucx|inproc)://[A-Za-z0-9_.\-\[\]:]+:[0-9]{1,5}")


def cluster_address(text: str) -> str:
    """An argument type: a Dask scheduler's address such as ``tcp://10.0.0.5:8786``."""
    body = text.strip()
    if not _ADDRESS.fullmatch(body):
        raise argparse.ArgumentTypeError(
            f"--cluster must be a Dask scheduler's address such as tcp://HOST:8786, not {text[:40]!r}"
        )
    return body


def add_build_options(parser: argparse.ArgumentParser, title: str = "where the work runs") -> None:
    group = parser.add_argument_group(title)
    add_whole(
        group,
        "--workers",
        1,
        MAX_WORKERS,
        metavar="N",
        help=f"local worker processes (default: every core, {all_cores()} here)",
    )
    group.add_argument(
        "--cluster",
        "--scheduler",
        dest="cluster",
        type=cluster_address,
        metavar="ADDRESS",
        help="run the tasks on the workers of the Dask scheduler at ADDRESS (tcp://HOST:8786) instead; "
        "needs pip install 'perfectplay[cluster]'",
    )
    group.add_argument(
        "--engine",
        choices=ENGINES,
        default="auto",
        help="local engine: processes (concurrent.futures), dask (a Dask LocalCluster, to try a cluster's set-up), "
        "or auto (the default: local processes, or the cluster --cluster names)",
    )
    add_whole(
        group,
        "--shards",
        1,
        MAX_SHARDS,
        default=SHARD_COUNT,
        metavar="S",
        help=f"cut the work into S shards, each saved when done so a rerun resumes (default {SHARD_COUNT})",
    )


def engine_for(args: argparse.Namespace) -> Engine:
    return open_engine(args.engine, args.workers, args.cluster)


class ShardProgress:
    """Progress on standard error: a line redrawn on a terminal, a plain line a shard elsewhere (a cluster's log)."""

    def __init__(self, what: str, stream: TextIO | None = None) -> None:
        self.what = what
        self.stream = sys.stderr if stream is None else stream
        self.live = self.stream.isatty()

    def __call__(self, done: int, total: int, rows: int) -> None:
        text = f"{self.what}: shard {done}/{total} done ({rows:,} positions)"
        if self.live:
            self.stream.write("\r" + text + "\x1b[K")
            if done == total:
                self.stream.write("\n")
        else:
            self.stream.write(text + "\n")
        self.stream.flush()

    def say(self, text: str) -> None:
        self.stream.write(text + "\n")
        self.stream.flush()
