"""Side-by-side benchmark: the textbook minimax, our alpha-beta and solver, and the peers.

Run from the repository root (after ``pip install -e '.[bench]'`` for the peers)::

    .venv/bin/python benchmarks/peers.py            # everything, ~10 minutes
    .venv/bin/python benchmarks/peers.py --quick    # skip 5x5, cap every attempt at 20 s
    .venv/bin/python benchmarks/peers.py --tasks table3 --merge   # re-measure one task

Every (engine, task) pair runs in its own subprocess under a wall-clock cap
for all its runs together (``--cap``, 60 s; 600 s for 5x5) and an
address-space limit (RLIMIT_AS, ``--memory``), so a peer that cannot do a
task is reported as "not done" or "out of memory" instead of stopping the run. Each
worker repeats its task and reports the median. Results go to
``benchmarks/results/peers.md`` (a Markdown table) and ``peers.json``.

Peers only search for a best move (that is what their APIs return); our
engines score every legal move, which is more work. Node counts for peers
are calls of their successor function where we can wrap it (easyAI's
``make_move``, aima3's ``result``); OpenSpiel's C++ states cannot be wrapped.
"""

from __future__ import annotations

import argparse
import json
import platform
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
RESULTS = ROOT / "results"

MID_GAMES = ((0, 4), (4, 0, 8), (0, 4, 8, 2))
"""Three 3x3 mid-game positions as move sequences from the empty board (X first)."""

TASKS: dict[str, str] = {
    "empty3": "3x3 empty board",
    "mid3": "three 3x3 mid-game positions",
    "table3": "all 5,478 3x3 positions",
    "empty4": "4x4 k=4 from empty",
    "empty5": "5x5 k=4 from empty",
}
ENGINES = ("textbook", "alphabeta", "solver", "solver-search", "easyai", "openspiel", "aima3")
OURS = ("textbook", "alphabeta", "solver", "solver-search")
"""``solver`` is what ``analyze`` does (3x3 from the table); ``solver-search`` always searches."""
RUNS = {"empty3": 5, "mid3": 5, "table3": 3, "empty4": 3, "empty5": 1}

Measure = Callable[[], dict[str, Any]]


# --- our engines ---------------------------------------------------------------


def _positions_3x3() -> list[Any]:
    from perfectplay import TicTacToe

    game = TicTacToe()
    seen: dict[Any, None] = {}
    frontier = [game.initial_state()]
    while frontier:
        state = frontier.pop()
        if state not in seen:
            seen[state] = None
            frontier.extend(game.play(state, move) for move in game.legal_moves(state))
    return list(seen)


def ours(engine: str, task: str) -> Measure:
    from perfectplay import MNK, TicTacToe, analyze
    from perfectplay.search.solver import TranspositionTable
    from perfectplay.search.solver.exact import score_moves

    algorithm = {"textbook": "minimax", "alphabeta": "alphabeta", "solver": "solver", "solver-search": "solver"}[engine]

    def analyse_states(game: Any, states: list[Any]) -> dict[str, Any]:
        started = time.perf_counter()
        nodes = 0
        engine_seconds = 0.0
        slowest = 0.0
        answer = []
        for state in states:
            if engine == "solver-search":
                report = score_moves(game, state, table=TranspositionTable())
                nodes += report.nodes
                engine_seconds += report.seconds
                slowest = max(slowest, report.seconds)
                best = max((entry.score for entry in report.moves if entry.score is not None), default=0)
                answer.append("draw" if best == 0 else "win" if best > 0 else "loss")
                continue
            result = analyze(game, state, algorithm)
            nodes += result.nodes
            engine_seconds += result.seconds
            slowest = max(slowest, result.seconds)
            answer.append(f"{result.outcome}")
        return {
            "seconds": time.perf_counter() - started,
            "engine_seconds": engine_seconds,
            "slowest_seconds": slowest,
            "nodes": nodes,
            "answer": ", ".join(answer) if len(answer) <= 3 else f"{len(answer)} positions",
        }

    if task in ("empty3", "mid3"):
        game: MNK = TicTacToe()
        states = [game.initial_state()]
        if task == "mid3":
            states = []
            for moves in MID_GAMES:
                state = game.initial_state()
                for move in moves:
                    state = game.play(state, move)
                states.append(state)
        return lambda: analyse_states(game, states)
    if task == "table3":
        game = TicTacToe()
        states = _positions_3x3()
        if engine != "solver":
            return lambda: analyse_states(game, states)

        def answer_with_one_table() -> dict[str, Any]:
            # A process that answers many questions shares one table across them.
            shared = TranspositionTable()
            started = time.perf_counter()
            nodes = 0
            engine_seconds = slowest = 0.0
            for state in states:
                result = analyze(game, state, table=shared)
                nodes += result.nodes
                engine_seconds += result.seconds
                slowest = max(slowest, result.seconds)
            return {
                "seconds": time.perf_counter() - started,
                "engine_seconds": engine_seconds,
                "slowest_seconds": slowest,
                "nodes": nodes,
                "answer": f"{len(states)} positions, one shared table",
            }

        return answer_with_one_table
    size = 4 if task == "empty4" else 5
    game = MNK(size, size, 4)
    if engine not in ("solver", "solver-search"):
        return lambda: analyse_states(game, [game.initial_state()])

    def solve_board() -> dict[str, Any]:
        if task == "empty5":
            from perfectplay import solve

            solve_started = time.perf_counter()
            result = solve(game, game.initial_state())
            seconds = time.perf_counter() - solve_started
            return {
                "seconds": seconds,
                "nodes": result.nodes,
                "table_size": 0 if result.table is None else result.table.entries,
                "answer": f"score {result.score}, {len(result.best)} best first moves",
            }
        started = time.perf_counter()
        report = score_moves(game, game.initial_state())
        seconds = time.perf_counter() - started
        scores = sorted({entry.score for entry in report.moves}, key=lambda s: -1 if s is None else s)
        return {
            "seconds": seconds,
            "nodes": report.nodes,
            "table_size": 0 if report.table is None else report.table.entries,
            "answer": f"all {len(report.moves)} first moves scored, distinct scores {scores}",
        }

    return solve_board


# --- peers ---------------------------------------------------------------------


def peer_positions(task: str) -> tuple[int, int, int, list[tuple[int, ...]]]:
    """Board size and the positions (as move sequences) a peer is asked about."""
    if task == "empty3":
        return 3, 3, 3, [()]
    if task == "mid3":
        return 3, 3, 3, list(MID_GAMES)
    if task == "table3":
        from perfectplay import TicTacToe

        game = TicTacToe()
        sequences: dict[Any, tuple[int, ...]] = {}
        frontier: list[tuple[Any, tuple[int, ...]]] = [(game.initial_state(), ())]
        while frontier:
            state, moves = frontier.pop()
            if state in sequences:
                continue
            sequences[state] = moves
            frontier.extend((game.play(state, move), (*moves, move)) for move in game.legal_moves(state))
        return 3, 3, 3, [moves for state, moves in sequences.items() if not game.is_over(state)]
    if task == "empty4":
        return 4, 4, 4, [()]
    raise LookupError(task)


def easyai(task: str) -> Measure:
    from easyAI import Negamax, TwoPlayerGame
    from easyAI.AI import TranspositionTable

    rows, cols, k, sequences = peer_positions(task)
    from perfectplay import MNK

    lines = MNK(rows, cols, k).lines
    counter = [0]

    class Board(TwoPlayerGame):  # type: ignore[misc]
        def __init__(self, moves: tuple[int, ...]) -> None:
            self.players = [None, None]
            self.stones = [0, 0]
            self.current_player = 1
            for move in moves:
                self.make_move(move)
                self.switch_player()

        def possible_moves(self) -> list[int]:
            taken = self.stones[0] | self.stones[1]
            return [cell for cell in range(rows * cols) if not taken >> cell & 1]

        def make_move(self, move: int) -> None:
            counter[0] += 1
            self.stones[self.current_player - 1] |= 1 << move

        def unmake_move(self, move: int) -> None:
            self.stones[self.current_player - 1] &= ~(1 << move)

        def lose(self) -> bool:
            theirs = self.stones[self.opponent_index - 1]
            return any(theirs & line == line for line in lines)

        def is_over(self) -> bool:
            return self.lose() or (self.stones[0] | self.stones[1]) == (1 << rows * cols) - 1

        def scoring(self) -> int:
            return -100 if self.lose() else 0

        def ttentry(self) -> tuple[int, int]:
            return (self.stones[0], self.stones[1])

    def run() -> dict[str, Any]:
        counter[0] = 0
        started = time.perf_counter()
        moves = []
        for sequence in sequences:
            board = Board(sequence)
            ai = Negamax(rows * cols, tt=TranspositionTable())
            moves.append(ai(board))
        answer = f"best {moves[0]}" if len(moves) <= 3 else f"{len(moves)} positions"
        return {"seconds": time.perf_counter() - started, "nodes": counter[0], "answer": answer}

    return run


def openspiel(task: str) -> Measure:
    import pyspiel
    from open_spiel.python.algorithms.minimax import alpha_beta_search

    rows, cols, k, sequences = peer_positions(task)
    game = pyspiel.load_game("tic_tac_toe") if rows == 3 else pyspiel.load_game("mnk", {"m": rows, "n": cols, "k": k})

    def run() -> dict[str, Any]:
        started = time.perf_counter()
        answers = []
        for sequence in sequences:
            state = game.new_initial_state()
            for move in sequence:
                state.apply_action(move)
            value, action = alpha_beta_search(game, state=state, maximum_depth=rows * cols + 1)
            answers.append((value, action))
        answer = f"value {answers[0][0]}, best {answers[0][1]}" if len(answers) <= 3 else f"{len(answers)} positions"
        return {"seconds": time.perf_counter() - started, "nodes": None, "answer": answer}

    return run


def aima3(task: str) -> Measure:
    from aima3 import games

    rows, cols, k, sequences = peer_positions(task)
    counter = [0]

    class Counting(games.TicTacToe):  # type: ignore[misc]
        def result(self, state: Any, move: Any) -> Any:
            counter[0] += 1
            return super().result(state, move)

    game = Counting(h=cols, v=rows, k=k)

    def run() -> dict[str, Any]:
        counter[0] = 0
        started = time.perf_counter()
        moves = []
        for sequence in sequences:
            state = game.initial
            for move in sequence:
                row, col = divmod(move, cols)
                state = game.result(state, (col + 1, row + 1))
            moves.append(games.alphabeta_search(state, game))
        answer = f"best {moves[0]}" if len(moves) <= 3 else f"{len(moves)} positions"
        return {"seconds": time.perf_counter() - started, "nodes": counter[0], "answer": answer}

    return run


# --- worker and driver -----------------------------------------------------------


def worker(engine: str, task: str, runs: int) -> None:
    """Run one engine on one task ``runs`` times in this process; print JSON."""
    sys.setrecursionlimit(10_000)
    measure = ours(engine, task) if engine in OURS else {"easyai": easyai, "openspiel": openspiel, "aima3": aima3}[
        engine
    ](task)
    samples = [measure() for _ in range(runs)]
    middle = sorted(samples, key=lambda sample: sample["seconds"])[len(samples) // 2]
    middle["runs"] = [sample["seconds"] for sample in samples]
    middle["seconds"] = statistics.median(middle["runs"])
    middle["max_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps(middle))


def limit_memory(megabytes: int) -> Callable[[], None]:
    def apply() -> None:
        limit = megabytes * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    return apply


def attempt(engine: str, task: str, runs: int, cap: float, memory_mb: int) -> dict[str, Any]:
    command = [sys.executable, __file__, "--worker", engine, task, "--runs", str(runs)]
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=cap, preexec_fn=limit_memory(memory_mb), cwd=ROOT.parent
        )
    except subprocess.TimeoutExpired:
        return {"status": f"not done in {cap:.0f} s"}
    if done.returncode != 0:
        tail = done.stderr.strip().splitlines()[-1:] or ["no output"]
        if "MemoryError" in done.stderr:
            return {"status": f"out of memory ({memory_mb} MB)"}
        if "ModuleNotFoundError" in done.stderr:
            return {"status": "not installed"}
        return {"status": f"failed: {tail[0][:80]}"}
    return {"status": "ok", **json.loads(done.stdout.strip().splitlines()[-1])}


def skip_reason(engine: str, task: str) -> str | None:
    """Why an engine is not run on a task, or None if it is."""
    if engine == "solver-search" and task in ("empty4", "empty5"):
        return "n/a: same search as solver beyond 3x3"
    if task == "empty5" and engine != "solver":
        return "not attempted (the 5x5 task is ours only)"
    if task == "empty4" and engine == "textbook":
        return "not attempted (the full 4x4 tree is beyond reach)"
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--worker", nargs=2, metavar=("ENGINE", "TASK"), help=argparse.SUPPRESS)
    parser.add_argument("--runs", type=int, default=0, help="repetitions per task (default: 5, 3 or 1 by task)")
    parser.add_argument("--cap", type=float, default=60.0, help="seconds allowed per engine and task (default 60)")
    parser.add_argument("--memory", type=int, default=6144, help="address-space cap per attempt, MB (default 6144)")
    parser.add_argument("--quick", action="store_true", help="skip 5x5 and cap every attempt at 20 s")
    parser.add_argument("--tasks", nargs="*", choices=list(TASKS), default=list(TASKS), help="tasks to run")
    parser.add_argument("--merge", action="store_true", help="keep the other tasks' results from peers.json")
    args = parser.parse_args()
    if args.worker:
        engine, task = args.worker
        worker(engine, task, args.runs or RUNS[task])
        return 0
    tasks = [task for task in args.tasks if not (args.quick and task == "empty5")]
    cap = 20.0 if args.quick else args.cap
    results: dict[str, dict[str, dict[str, Any]]] = {}
    for task in tasks:
        results[task] = {}
        for engine in ENGINES:
            reason = skip_reason(engine, task)
            if reason is not None:
                results[task][engine] = {"status": reason}
                continue
            runs = args.runs or RUNS[task]
            task_cap = max(cap, 600.0) if task == "empty5" else cap
            outcome = attempt(engine, task, runs, task_cap, args.memory)
            results[task][engine] = outcome
            shown = f"{outcome['seconds'] * 1000:,.1f} ms" if outcome["status"] == "ok" else outcome["status"]
            print(f"{TASKS[task]:<32} {engine:<10} {shown}", flush=True)
    if args.merge and (RESULTS / "peers.json").exists():
        # Re-measure some tasks and keep the others from the last full run.
        earlier = json.loads((RESULTS / "peers.json").read_text())["results"]
        known = [task for task in TASKS if task in results or task in earlier]
        results = {task: results.get(task, earlier.get(task, {})) for task in known}
    write_results(results, cap, args.memory)
    return 0


def write_results(results: dict[str, dict[str, dict[str, Any]]], cap: float, memory_mb: int) -> None:
    RESULTS.mkdir(exist_ok=True)
    meta = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "cpus": __import__("os").cpu_count(),
        "when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "cap_seconds": cap,
        "memory_cap_mb": memory_mb,
    }
    (RESULTS / "peers.json").write_text(json.dumps({"meta": meta, "results": results}, indent=2) + "\n")
    lines = [
        f"Measured {meta['when']}, Python {meta['python']}, {meta['cpus']} CPUs; "
        f"median of several runs; each attempt (all its runs) capped at {cap:.0f} s (5x5: 600 s) "
        f"and {memory_mb} MB of address space.",
        "",
        "| task | engine | time | nodes | nodes/s | vs textbook | vs fastest peer | memory | answer |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    for task, engines in results.items():
        textbook = engines.get("textbook", {})
        peer_times = [
            outcome["seconds"]
            for name, outcome in engines.items()
            if name not in OURS and outcome.get("status") == "ok"
        ]
        fastest_peer = min(peer_times) if peer_times else None
        for engine, outcome in engines.items():
            if outcome["status"] != "ok":
                lines.append(f"| {TASKS[task]} | {engine} | {outcome['status']} | | | | | | |")
                continue
            seconds = outcome["seconds"]
            nodes = outcome.get("nodes")
            table_answers = engine == "solver" and task in ("empty3", "mid3")
            rate = f"{nodes / seconds:,.0f}" if nodes and seconds and not table_answers else ""
            versus_textbook = (
                f"{textbook['seconds'] / seconds:,.0f}x" if textbook.get("status") == "ok" and seconds else ""
            )
            versus_peer = f"{fastest_peer / seconds:,.2f}x" if fastest_peer and seconds else ""
            extra = ""
            if "build_seconds" in outcome:
                extra = (
                    f" (table built in {outcome['build_seconds'] * 1000:,.0f} ms, "
                    f"then all answered in {outcome['answer_seconds'] * 1000:,.1f} ms)"
                )
            if "table_size" in outcome:
                extra += f" (table {outcome['table_size']:,} entries)"
            if "engine_seconds" in outcome and engine in ("solver", "solver-search"):
                extra += f" (engine time {outcome['engine_seconds'] * 1000:,.3f} ms"
                if outcome.get("slowest_seconds"):
                    extra += f", slowest position {outcome['slowest_seconds'] * 1000:,.3f} ms"
                extra += ")"
            lines.append(
                f"| {TASKS[task]} | {engine} | {_duration(seconds)} | {'' if nodes is None else f'{nodes:,}'} | "
                f"{rate} | {versus_textbook} | {versus_peer} | {outcome['max_rss_mb']:,.0f} MB | "
                f"{outcome['answer']}{extra} |"
            )
    (RESULTS / "peers.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


def _duration(seconds: float) -> str:
    if seconds < 1:
        return f"{seconds * 1000:,.3g} ms"
    return f"{seconds:,.2f} s"


if __name__ == "__main__":
    sys.exit(main())
