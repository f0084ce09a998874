"""The exact search's two hardest targets, side by side with bitbully in one run, in CPU time.

Run from the repository root (``pip install bitbully==0.0.79`` for the peer)::

    .venv/bin/python benchmarks/empty_board.py                 # 4455 and the empty board
    .venv/bin/python benchmarks/empty_board.py --skip-empty    # 4455 only (a minute; keeps the last empty-board row)
    .venv/bin/python benchmarks/empty_board.py --limit 300     # CPU seconds each engine may spend on the empty board
    .venv/bin/python benchmarks/empty_board.py --no-peer       # ours only (bitbully's empty board takes 4+ minutes)

What it measures, each with ``time.process_time`` around the engine call only:

* ``4455``, every move exact: our ``score_moves`` (what ``perfectplay analyze
  --game connect4 4455`` computes) against bitbully's ``null_window`` on each
  of the seven children, its table reset before each (the reset left out of
  its time). Every move's score is checked between the two.
* the empty 7x6 board's exact value: our ``solve_value`` (null-window probes
  on the position, as Pons's solver does) against bitbully's ``null_window``
  without its opening book. Each gets ``--limit`` CPU seconds; an engine that
  runs out is shown with the time it spent, a lower bound.

The machine is shared, so wall-clock time means nothing here: CPU time of this
process only. Results go to ``benchmarks/results/empty_board.md`` and ``.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import signal
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any

from perfectplay.games.connect4 import Connect4
from perfectplay.search.solver.compiled import core_description
from perfectplay.search.solver.exact import score_moves, solve_value

RESULTS = Path(__file__).resolve().parent / "results"

TARGETS = {"4455": 5.0, "empty": 150.0}
"""CPU seconds each piece of work should take at most (issue 26)."""


class OutOfTime(Exception):
    pass


@contextmanager
def cpu_limit(seconds: float) -> Iterator[None]:
    """Raise ``OutOfTime`` once this process has used ``seconds`` more of CPU (checked between Python calls)."""

    def expire(signum: int, frame: FrameType | None) -> None:
        raise OutOfTime

    previous = signal.signal(signal.SIGVTALRM, expire)
    signal.setitimer(signal.ITIMER_VIRTUAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_VIRTUAL, 0)
        signal.signal(signal.SIGVTALRM, previous)


def timed(work: Callable[[], Any], limit: float | None = None) -> tuple[Any, float]:
    """``work()`` and its CPU seconds; None for the result if ``limit`` ran out."""
    started = time.process_time()
    try:
        if limit is None:
            result = work()
        else:
            with cpu_limit(limit):
                result = work()
    except OutOfTime:
        result = None
    return result, time.process_time() - started


def pons_of(score: int, plies_played: int, cells: int = 42) -> int:
    """Our score of a move (``base - plies`` counted from the root, the move included) in Pons's units."""
    if score == 0:
        return 0
    base = cells + 2
    ply_of_end = plies_played + base - abs(score)
    stones_left = (cells + 2 - ply_of_end) // 2
    return stones_left if score > 0 else -stones_left


def ours_4455() -> dict[str, Any]:
    game = Connect4()
    result, cpu = timed(lambda: score_moves(game, game.parse("4455")))
    scores = {entry.move: pons_of(entry.score, 4) for entry in result.moves}
    return {"cpu": cpu, "nodes": result.nodes, "scores": scores}


def bitbully_4455() -> dict[str, Any] | None:
    try:
        from bitbully import BitBully, Board
    except ImportError:
        return None
    agent = BitBully(None)
    cpu, nodes, scores = 0.0, 0, {}
    for column in range(7):
        board = Board("3344" + str(column))  # bitbully counts columns from 0
        agent.reset_transposition_table()
        agent.reset_node_counter()
        value, spent = timed(lambda board=board: agent.null_window(board))  # type: ignore[misc]
        cpu += spent
        nodes += agent.get_node_counter()
        scores[column] = -value  # the child's value is the opponent's
    return {"cpu": cpu, "nodes": nodes, "scores": scores}


def ours_empty(limit: float) -> dict[str, Any]:
    game = Connect4()
    result, cpu = timed(lambda: solve_value(game, game.initial_state()), limit)
    if result is None:
        return {"cpu": cpu, "finished": False}
    return {"cpu": cpu, "finished": True, "nodes": result.nodes, "score": pons_of(result.score, 0)}


def bitbully_empty(limit: float) -> dict[str, Any] | None:
    """bitbully's search is one C++ call that no signal interrupts: it runs in a child under ``RLIMIT_CPU``."""
    try:
        import bitbully  # noqa: F401
    except ImportError:
        return None
    import resource

    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: limited, answers on the pipe
        os.close(reader)
        allowed = int(limit) + 1
        resource.setrlimit(resource.RLIMIT_CPU, (allowed, allowed))
        from bitbully import BitBully, Board

        agent = BitBully(None)
        agent.reset_transposition_table()
        agent.reset_node_counter()
        started = time.process_time()
        score = agent.null_window(Board())
        os.write(writer, f"{score} {agent.get_node_counter()} {time.process_time() - started}".encode())
        os._exit(0)
    os.close(writer)
    _, status, usage = os.wait4(pid, 0)
    answer = os.read(reader, 200).decode().split()
    os.close(reader)
    if len(answer) != 3 or not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
        return {"cpu": usage.ru_utime + usage.ru_stime, "finished": False}
    return {"cpu": float(answer[2]), "finished": True, "score": int(answer[0]), "nodes": int(answer[1])}


def seconds(value: float) -> str:
    return f"{value:.1f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--limit", type=float, default=600.0, help="CPU seconds each engine may spend on the empty board"
    )
    parser.add_argument("--skip-empty", action="store_true", help="only 4455")
    parser.add_argument("--no-peer", action="store_true", help="leave bitbully out (its column stays empty)")
    args = parser.parse_args()
    results: dict[str, Any] = {
        "core": core_description(),
        "python": platform.python_version(),
        "load_before": os.getloadavg()[0],
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
    }
    rows = []
    ours, peer = ours_4455(), None if args.no_peer else bitbully_4455()
    results["4455"] = {"ours": ours, "bitbully": peer}
    if peer is not None and ours["scores"] != peer["scores"]:
        raise SystemExit(f"4455: our scores {ours['scores']} differ from bitbully's {peer['scores']}")
    beside = "" if peer is None else f"{seconds(peer['cpu'])}, {peer['nodes']:,} nodes"
    rows.append(
        ("`4455`, every move exact", TARGETS["4455"], f"{seconds(ours['cpu'])}, {ours['nodes']:,} nodes", beside)
    )
    print(rows[-1], flush=True)
    previous = RESULTS / "empty_board.json"
    if args.skip_empty and previous.is_file() and "empty" in json.loads(previous.read_text()):
        # The empty board takes many minutes: a 4455-only run keeps the last full run's figures, dated.
        earlier = json.loads(previous.read_text())
        results["empty"] = {"date": earlier["date"], **earlier["empty"]}
    elif not args.skip_empty:
        ours, peer = ours_empty(args.limit), None if args.no_peer else bitbully_empty(args.limit)
        results["empty"] = {"ours": ours, "bitbully": peer, "limit": args.limit, "date": results["date"]}
    if "empty" in results:
        ours, peer = results["empty"]["ours"], results["empty"]["bitbully"]
        work = f"empty 7x6 board, exact value (measured {results['empty']['date']})"
        rows.append((work, TARGETS["empty"], _shown(ours), "" if peer is None else _shown(peer)))
        print(rows[-1], flush=True)
    results["load_after"] = os.getloadavg()[0]
    lines = [
        "# Exact Connect Four: 4455 and the empty board",
        "",
        f"Measured {results['date']}. Core: {results['core']}. Python {results['python']}, load average "
        f"{results['load_before']:.1f} before and {results['load_after']:.1f} after on {os.cpu_count()} cores "
        "(a shared machine: CPU time of the process, never wall time). Command: "
        f"`.venv/bin/python benchmarks/empty_board.py{' --skip-empty' if args.skip_empty else ''}"
        f"{' --no-peer' if args.no_peer else ''}"
        f"{'' if args.limit == 600.0 else f' --limit {args.limit:g}'}`.",
        "",
        "| work | target | ours (CPU) | bitbully 0.0.79 (CPU, no book) |",
        "|---|---|---|---|",
        *(f"| {work} | <= {target:g} s | {measured} | {peer} |" for work, target, measured, peer in rows),
        "",
    ]
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "empty_board.md").write_text("\n".join(lines))
    (RESULTS / "empty_board.json").write_text(json.dumps(results, indent=1, default=str) + "\n")
    print("\n".join(lines))


def _shown(measured: dict[str, Any]) -> str:
    if not measured["finished"]:
        return f"not finished in {seconds(measured['cpu'])}"
    nodes = f", {measured['nodes']:,} nodes" if measured.get("nodes", -1) >= 0 else ""
    return f"{seconds(measured['cpu'])}, score {measured['score']:+d}{nodes}"


if __name__ == "__main__":
    main()
