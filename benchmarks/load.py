"""A bounded loopback load and fault run against ``perfectplay serve``.

Starts the real server on 127.0.0.1 (2 workers, 5 s time limit: the
defaults), then for a fixed time:

* ``--clients`` client threads (default 8) send ``POST /api/move``: a few
  of them nothing but early 5x5 positions (each search takes the whole time
  limit in a worker), the others a mix of random 3x3 and 4x4 positions;
* a fault thread kills a random search worker with SIGKILL every
  ``--kill-every`` seconds (the server must retry the request on a fresh
  worker: the client sees nothing);
* at the end, with requests still in flight, the server gets SIGTERM
  (``--signal INT`` for Ctrl-C): it must answer or refuse (503) every one of
  them, stop its workers and exit 0 without a traceback.

It prints the requests, the errors (anything but a 200 before the signal, a
200 or a 503 "shutting down" after it; must be 0), p50/p99 of the 3x3 moves
(all of them sent while 5x5 searches ran), the server's memory before and
after, and how the stop went. Linux only (it finds the workers in /proc).
Nothing leaves 127.0.0.1; the run stops by itself.

    .venv/bin/python benchmarks/load.py [--seconds 60] [--clients 8] [--kill-every 10] [--signal TERM]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from latency import percentile, random_positions, start_server
from perfectplay import MNK, TicTacToe

SHUTTING_DOWN = "the server is shutting down; try again in a moment"


@dataclass
class Tally:
    """What the clients saw, under one lock."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    times: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: list[str] = field(default_factory=list)
    refused_at_stop: int = 0
    answered_at_stop: int = 0
    in_flight_5x5: int = 0
    threes_during_5x5: int = 0

    def record(self, kind: str, seconds: float) -> None:
        with self.lock:
            self.times[kind].append(seconds)


def rss_kib(pid: int) -> int:
    """Resident memory of a process, from /proc (0 if it is gone)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    match = re.search(r"^VmRSS:\s+(\d+) kB", status, re.MULTILINE)
    return int(match.group(1)) if match else 0


def children_of(parent: int) -> list[int]:
    """The processes ``parent`` started, from any of its threads (Linux /proc)."""
    listed = Path(f"/proc/{parent}/task").glob("*/children")
    return [int(pid) for children in listed for pid in children.read_text().split()]


def client(port: int, kind: str, bodies: list[dict[str, object]], tally: Tally, stop: threading.Event) -> None:
    """Send moves of one kind until told to stop; a connection per client, kept alive."""
    rng = random.Random(hash(kind) ^ threading.get_ident())
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    while not stop.is_set():
        body = rng.choice(bodies)
        signalled = stop.is_set()
        if kind == "5x5":
            with tally.lock:
                tally.in_flight_5x5 += 1
        started = time.perf_counter()
        try:
            connection.request("POST", "/api/move", json.dumps(body), {"content-type": "application/json"})
            response = connection.getresponse()
            payload = response.read()
        except OSError as error:
            # After the signal a refused or closed connection is the server having stopped.
            if not stop.is_set():
                with tally.lock:
                    tally.errors.append(f"{kind}: {error!r}")
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
            continue
        finally:
            if kind == "5x5":
                with tally.lock:
                    tally.in_flight_5x5 -= 1
        elapsed = time.perf_counter() - started
        stopping = stop.is_set() and not signalled
        if response.status == 200:
            if kind == "3x3":
                with tally.lock:
                    tally.threes_during_5x5 += tally.in_flight_5x5 > 0
            tally.record(kind, elapsed)
            if stopping:
                with tally.lock:
                    tally.answered_at_stop += 1
        elif stopping and response.status == 503 and json.loads(payload)["error"]["message"] == SHUTTING_DOWN:
            with tally.lock:
                tally.refused_at_stop += 1
        else:
            with tally.lock:
                tally.errors.append(f"{kind}: HTTP {response.status} {payload[:200]!r}")
        if response.getheader("connection") == "close":
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)


def killer(server: subprocess.Popen[str], every: float, stop: threading.Event, kills: list[int]) -> None:
    rng = random.Random(7)
    while not stop.wait(every):
        workers = children_of(server.pid)
        if workers:
            victim = rng.choice(workers)
            try:
                os.kill(victim, signal.SIGKILL)
            except ProcessLookupError:
                continue
            kills.append(victim)


def fmt_ms(values: list[float], fraction: float) -> str:
    return f"{percentile(sorted(values), fraction) * 1000:8.1f} ms" if values else "       -   "


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=60.0, help="length of the run before the signal (default 60)")
    parser.add_argument("--clients", type=int, default=8, help="client threads (default 8)")
    parser.add_argument("--slow-clients", type=int, default=3, help="of which ask only for 5x5 moves (default 3)")
    parser.add_argument("--kill-every", type=float, default=10.0, help="seconds between worker kills (default 10)")
    parser.add_argument("--workers", type=int, default=2, help="the server's search workers (default 2)")
    parser.add_argument("--time-limit", type=float, default=5.0, help="the server's search limit (default 5)")
    parser.add_argument("--signal", choices=["TERM", "INT"], default="TERM", help="how the run ends (default TERM)")
    args = parser.parse_args()
    if not 5 <= args.seconds <= 600 or not 2 <= args.clients <= 16 or not 1 <= args.slow_clients < args.clients:
        parser.error("keep the run bounded: 5-600 s, 2-16 clients, at least one of each kind")
    if not Path("/proc/self/stat").exists():
        parser.error("this script finds the server's workers in /proc (Linux)")

    rng = random.Random(11)
    three = [{"position": text, "seed": rng.randrange(1000)} for text in random_positions(TicTacToe(), 300, seed=1)]
    four = [
        {"position": text, "k": k, "seed": rng.randrange(1000)}
        for k in (3, 4)
        for text in random_positions(MNK(4, 4, k), 150, seed=k, plies=None)
    ]
    five = [
        {"position": text, "k": 4, "seed": rng.randrange(1000)}
        for plies in (0, 1, 2, 3)
        for text in random_positions(MNK(5, 5, 4), 20, seed=plies, plies=plies)
    ]

    server, port = start_server(
        "--workers", str(args.workers), "--time-limit", f"{args.time_limit:g}", stderr=subprocess.PIPE
    )
    stderr_lines: list[str] = []
    assert server.stderr is not None
    threading.Thread(target=stderr_lines.extend, args=(server.stderr,), daemon=True).start()
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        connection.request("GET", "/healthz")
        health = json.loads(connection.getresponse().read())
        connection.close()
        memory_before = rss_kib(server.pid)
        workers_before = sum(rss_kib(pid) for pid in children_of(server.pid))

        tally, stop, kills = Tally(), threading.Event(), list[int]()
        threads = [
            threading.Thread(target=client, args=(port, "5x5", five, tally, stop)) for _ in range(args.slow_clients)
        ]
        for number in range(args.clients - args.slow_clients):
            kind, bodies = ("4x4", four) if number % 3 == 2 else ("3x3", three)
            threads.append(threading.Thread(target=client, args=(port, kind, bodies, tally, stop)))
        kill_stop = threading.Event()
        threads.append(threading.Thread(target=killer, args=(server, args.kill_every, kill_stop, kills)))
        started = time.monotonic()
        for thread in threads:
            thread.start()
        time.sleep(args.seconds)
        kill_stop.set()
        memory_after = rss_kib(server.pid)
        workers_after = sum(rss_kib(pid) for pid in children_of(server.pid))
        # The signal, with requests in flight; the clients' next requests find the server gone.
        stop.set()
        signalled = time.monotonic()
        os.kill(server.pid, getattr(signal, f"SIG{args.signal}"))
        status = server.wait(timeout=120)
        stopped_in = time.monotonic() - signalled
        for thread in threads:
            thread.join(timeout=120)
        wall = signalled - started
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    time.sleep(0.2)  # the stderr reader's last lines
    stderr = "".join(stderr_lines)
    problems = [line for line in stderr.splitlines() if "Traceback" in line or "ERROR" in line]

    total = sum(len(values) for values in tally.times.values())
    print(
        f"perfectplay serve, {health['workers']} workers, {args.time_limit:g} s limit; {args.clients} clients "
        f"({args.slow_clients} on 5x5) for {wall:.0f} s"
    )
    print(f"requests answered 200:      {total} ({total / wall:.1f}/s)")
    print(f"errors:                     {len(tally.errors)}")
    for error in tally.errors[:10]:
        print(f"  {error}")
    for kind in ("3x3", "4x4", "5x5"):
        values = tally.times[kind]
        mean = f"{statistics.fmean(values) * 1000:8.1f} ms" if values else "-"
        print(f"  {kind}: n={len(values):<6} p50 {fmt_ms(values, 0.5)}   p99 {fmt_ms(values, 0.99)}   mean {mean}")
    print(f"3x3 moves sent while a 5x5 search ran: {tally.threes_during_5x5} of {len(tally.times['3x3'])}")
    print(f"workers killed (SIGKILL):   {len(kills)}")
    print(f"server memory (RSS):        {memory_before / 1024:.1f} MiB before, {memory_after / 1024:.1f} MiB after")
    print(f"workers' memory (RSS, sum): {workers_before / 1024:.1f} MiB before, {workers_after / 1024:.1f} MiB after")
    print(
        f"SIG{args.signal} with requests in flight: exit status {status} after {stopped_in:.2f} s; "
        f"{tally.answered_at_stop} answered, {tally.refused_at_stop} refused (503 shutting down); "
        f"tracebacks or errors in its log: {len(problems)}"
    )
    print(f"last lines of its log: {' | '.join(stderr.strip().splitlines()[-2:])}")
    ok = not tally.errors and status == 0 and not problems
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
