"""Connect Four benchmark: Pascal Pons's six test sets, our solver beside his node counts and the peers.

Run from the repository root (``pip install -e '.[bench]'`` first for the peers)::

    .venv/bin/python benchmarks/connect4.py            # the published run (about an hour on 2 busy cores)
    .venv/bin/python benchmarks/connect4.py --quick    # 100 positions a set, peers on 5, no extras

For each of Pons's test sets (``../shared/data/connect4/``, or the folder
named by ``PERFECTPLAY_CONNECT4_DATA`` or ``--data``) our solver finds the
exact value of every position, or of a fixed seeded sample of the Begin
sets, with ``solve_value``: the value only, by null-window probes on the
position itself, with a fresh transposition table per position, which is
what Pons's benchmark measures. Every answer is checked against the file.
The mean node count is set beside the one Pons publishes for his final
solver ("Solving Connect 4", part 12).

The peers get the same seeded sample of each set (``--peer-sample``), one
position at a time under a wall-clock limit each (``--peer-limit``):

* easyAI 2.0.12: its own Connect Four example game with its ``Negamax``
  and a transposition table (``ttentry`` added, as easyAI asks), searched
  to the end of the game; its depth bonus gives the exact distance.
* OpenSpiel 2.0.2: ``alpha_beta_search`` on ``connect_four`` to the end of
  the game (no table); it answers win, draw or loss.
* bitbully (compiled C++, Pons's method and more), without its opening
  book, as the upper anchor: ``null_window``, the exact score.

A peer that solves no position of a set in time is not asked about harder
sets. Ratios are peer time / our time per position on the positions the
peer finished; a peer that ran out of time counts its limit, so its ratio
is a lower bound (shown ``>=``). Also measured: OEIS A342329's a(4) (games
on 5x4), small boards of Tromp's table beyond the test suite, and the m,n,k
solver's 4x4 node count (34,684 before Connect Four was added).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import signal
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

from perfectplay import make_game, solve
from perfectplay.games.connect4 import Connect4, Connect4State, outcome_of_pons_score
from perfectplay.search.solver.exact import solve_value

ROOT = Path(__file__).resolve().parent
RESULTS = ROOT / "results"

SETS: tuple[tuple[str, str, int | None], ...] = (
    ("Test_L3_R1", "End-Easy", 51),
    ("Test_L2_R1", "Middle-Easy", 450),
    ("Test_L2_R2", "Middle-Medium", 39_900),
    ("Test_L1_R1", "Begin-Easy", 3_298),
    ("Test_L1_R2", "Begin-Medium", 1_200_000),
    ("Test_L1_R3", "Begin-Hard", None),
)
"""File, Pons's name for it, and his published mean node count for his final solver (none for Begin-Hard)."""

DIFFICULTY = {"Test_L3_R1": 0, "Test_L2_R1": 1, "Test_L1_R1": 1, "Test_L2_R2": 2, "Test_L1_R2": 3, "Test_L1_R3": 4}
"""Rank by the work a solver needs: a peer that finishes none of a set is not asked about harder ones."""

OUR_SAMPLE = {"Test_L1_R2": 100, "Test_L1_R3": 5}
"""Sets too slow to solve in full in Python: a seeded sample of this many positions."""

OUR_LIMIT = {"Test_L1_R3": 300.0}
"""Seconds our solver may spend on one position of these sets (Begin-Hard takes Pons's C++ minutes)."""

TROMP_BOARDS = (((7, 4), "draw"), ((4, 7), "draw"), ((5, 6), "draw"), ((6, 5), "draw"))
"""Boards of Tromp's table (width x height) solved here rather than in the test suite."""

EXTRA_LIMIT = 600.0
"""CPU seconds for each of the other facts."""


def data_folder(named: str | None) -> Path:
    folder = named or os.environ.get("PERFECTPLAY_CONNECT4_DATA")
    return Path(folder) if folder else ROOT.parent.parent / "shared" / "data" / "connect4"


def read_set(folder: Path, name: str) -> list[tuple[str, int]]:
    path = folder / name
    if not path.is_file():
        sys.exit(f"error: Pons's test file {path} is missing (see --data)")
    words = path.read_text().split()
    return [(moves, int(score)) for moves, score in zip(words[::2], words[1::2], strict=True)]


def sample(positions: list[tuple[str, int]], count: int | None, name: str) -> list[tuple[str, int]]:
    if count is None or count >= len(positions):
        return positions
    return random.Random(name).sample(positions, count)


# --- measuring ------------------------------------------------------------------


class OutOfTime(Exception):
    pass


@contextmanager
def cpu_limit(seconds: float | None) -> Iterator[None]:
    """Raise ``OutOfTime`` in this (main) thread once it has used ``seconds`` of CPU (None: never).

    CPU time, not wall-clock time, so other jobs on the machine do not eat
    the allowance; it stops any search written in Python.
    """
    if seconds is None:
        yield
        return

    def expire(signum: int, frame: FrameType | None) -> None:
        raise OutOfTime

    previous = signal.signal(signal.SIGVTALRM, expire)
    signal.setitimer(signal.ITIMER_VIRTUAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_VIRTUAL, 0)
        signal.signal(signal.SIGVTALRM, previous)


Search = Callable[[], tuple[bool, int | None]]
"""One prepared search: runs it, says whether its answer agrees with Pons's score, and its node count if known."""

Engine = Callable[[str, int], Search]
"""Prepares the search of a position (moves, Pons's score) outside the measured time."""


@dataclass
class Measured:
    """One engine on one set of positions: what it finished, how fast, and whether it was right.

    ``cpu`` maps each position to the CPU seconds spent on it, finished or
    not (then it is a lower bound); ``seconds`` is wall-clock time.
    """

    engine: str
    positions: int
    solved: int = 0
    correct: int = 0
    seconds: list[float] = field(default_factory=list)
    cpu: dict[str, float] = field(default_factory=dict)
    nodes: dict[str, int] = field(default_factory=dict)
    timed_out: int = 0

    @property
    def mean_seconds(self) -> float | None:
        return statistics.fmean(self.seconds) if self.seconds else None

    @property
    def mean_cpu(self) -> float | None:
        return statistics.fmean(self.cpu.values()) if self.solved and not self.timed_out else None

    @property
    def mean_nodes(self) -> float | None:
        return statistics.fmean(self.nodes.values()) if self.nodes else None

    def on(self, positions: list[tuple[str, int]]) -> Measured:
        """The same measurements restricted to ``positions`` (all of which were finished)."""
        moves = [moves for moves, _ in positions]
        return Measured(
            self.engine,
            len(moves),
            solved=len(moves),
            correct=len(moves),
            cpu={move: self.cpu[move] for move in moves},
            nodes={move: self.nodes[move] for move in moves if move in self.nodes},
        )


def run_engine(name: str, engine: Engine, positions: list[tuple[str, int]], limit: float | None) -> Measured:
    measured = Measured(name, len(positions))
    for moves, score in positions:
        search = engine(moves, score)
        started, cpu_started = time.perf_counter(), time.process_time()
        try:
            with cpu_limit(limit):
                correct, nodes = search()
        except (OutOfTime, RecursionError):
            measured.timed_out += 1
            measured.cpu[moves] = time.process_time() - cpu_started
            continue
        measured.cpu[moves] = time.process_time() - cpu_started
        measured.seconds.append(time.perf_counter() - started)
        if nodes is not None:
            measured.nodes[moves] = nodes
        measured.solved += 1
        measured.correct += correct
    return measured


def perfectplay_engine() -> Engine:
    game = Connect4()

    def prepare(moves: str, score: int) -> Search:
        state = game.parse(moves)

        def search() -> tuple[bool, int | None]:
            result = solve_value(game, state)
            return result.outcome == outcome_of_pons_score(score, len(moves)), result.nodes

        return search

    return prepare


def easyai_engine() -> Engine:
    import numpy as np
    from easyAI import Negamax
    from easyAI.AI import TranspositionTable
    from easyAI.games import ConnectFour

    counter = [0]

    class Keyed(ConnectFour):  # type: ignore[misc]
        """easyAI's example game with the ``ttentry`` its transposition table needs, counting moves."""

        def ttentry(self) -> tuple[bytes, int]:
            return (self.board.tobytes(), self.current_player)

        def make_move(self, column: int) -> None:
            counter[0] += 1
            super().make_move(column)

    def prepare(moves: str, score: int) -> Search:
        game = Keyed([None, None], np.zeros((6, 7), dtype=int))
        for char in moves:
            game.make_move(int(char) - 1)
            game.switch_player()
        depth = 42 - len(moves)
        expected = outcome_of_pons_score(score, len(moves))

        def search() -> tuple[bool, int | None]:
            counter[0] = 0
            ai = Negamax(depth, tt=TranspositionTable())
            ai(game)
            value = ai.alpha
            if value == 0:
                return expected.name == "draw", counter[0]
            # easyAI scores a finished game -100 * (1 + 0.001 * depth left) for the side that lost there.
            plies = depth - round((abs(value) / 100 - 1) * 1000)
            return ("win" if value > 0 else "loss", plies) == (expected.name, expected.plies), counter[0]

        return search

    return prepare


def openspiel_engine() -> Engine:
    import pyspiel
    from open_spiel.python.algorithms import minimax

    game = pyspiel.load_game("connect_four")
    counter = [0]
    search_node = minimax._alpha_beta

    def counted(*args: Any, **kwargs: Any) -> Any:
        counter[0] += 1
        return search_node(*args, **kwargs)

    minimax._alpha_beta = counted  # its recursion calls the module's name: every node is counted

    def prepare(moves: str, score: int) -> Search:
        state = game.new_initial_state()
        for char in moves:
            state.apply_action(int(char) - 1)

        def search() -> tuple[bool, int | None]:
            counter[0] = 0
            value, _ = minimax.alpha_beta_search(game, state=state, maximum_depth=43 - len(moves))
            return (value > 0) == (score > 0) and (value < 0) == (score < 0), counter[0]

        return search

    return prepare


def bitbully_engine() -> Engine:
    from bitbully import BitBully, Board

    agent = BitBully(None)

    def prepare(moves: str, score: int) -> Search:
        board = Board("".join(str(int(char) - 1) for char in moves))
        agent.reset_transposition_table()  # a fresh table, as for us (clearing it takes longer than most searches)
        agent.reset_node_counter()

        def search() -> tuple[bool, int | None]:
            return agent.null_window(board) == score, agent.get_node_counter()

        return search

    return prepare


PEERS: dict[str, Callable[[], Engine]] = {
    "easyAI": easyai_engine,
    "OpenSpiel": openspiel_engine,
    "bitbully": bitbully_engine,
}


# --- extras ----------------------------------------------------------------------


def count_games(game: Connect4) -> int:
    known: dict[Connect4State, int] = {}

    def games(state: Connect4State) -> int:
        total = known.get(state)
        if total is None:
            total = 1 if game.is_over(state) else sum(games(game.play(state, move)) for move in game.legal_moves(state))
            known[state] = total
        return total

    return games(game.initial_state())


def extras() -> list[str]:
    lines = []
    started = time.perf_counter()
    games = count_games(Connect4(5, 4))
    lines.append(
        f"- OEIS A342329 a(4), games of Connect Four on 5x4: {games:,} "
        f"({'matches' if games == 152_505_051_772 else 'DIFFERS from'} 152,505,051,772; "
        f"{time.perf_counter() - started:.1f} s)"
    )
    for (width, height), expected in TROMP_BOARDS:
        game = Connect4(width, height)
        started = time.perf_counter()
        try:
            with cpu_limit(EXTRA_LIMIT):
                result = solve_value(game, game.initial_state())
        except OutOfTime:
            lines.append(f"- {width}x{height} from the empty board: not solved in {EXTRA_LIMIT:g} CPU seconds")
            continue
        verdict = "matches" if result.outcome.name == expected else f"DIFFERS from Tromp's {expected}"
        lines.append(
            f"- {width}x{height} from the empty board: {result.outcome} for the first player ({verdict}; "
            f"{result.nodes:,} nodes, {time.perf_counter() - started:.1f} s)"
        )
    mnk = make_game("mnk:4,4,4")
    started = time.perf_counter()
    result = solve(mnk, mnk.initial_state())
    lines.append(
        f"- m,n,k solver unchanged: `solve` on mnk:4,4,4 from the empty board, {result.nodes:,} nodes "
        f"(34,684 before Connect Four), {result.outcome}, {(time.perf_counter() - started) * 1000:.0f} ms"
    )
    return lines


# --- report ----------------------------------------------------------------------


def duration(seconds: float | None) -> str:
    if seconds is None:
        return ""
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 0.001:
        return f"{seconds * 1000:.2f} ms"
    return f"{seconds * 1_000_000:.0f} µs"


def peer_ratio(peer: Measured, ours: Measured) -> str:
    """The peer's CPU time over ours on the same positions; with time-outs, a lower bound."""
    if not peer.cpu:
        return ""
    ratio = sum(peer.cpu.values()) / sum(ours.cpu[moves] for moves in peer.cpu)
    shown = f"{ratio:,.0f}x" if ratio >= 10 else f"{ratio:.2f}x"
    return (">=" if peer.timed_out else "") + shown


def report(results: dict[str, Any], args: argparse.Namespace) -> str:
    lines = [
        "# Connect Four benchmark",
        "",
        f"Measured {results['date']} with `{results['command']}`: Python {platform.python_version()}, "
        f"{os.cpu_count()} CPUs, load average {results['load_before']} before and {results['load_after']} after. "
        "Other jobs shared the machine, so times are CPU time of the process (wall-clock time beside it).",
        "",
        "## Our solver on Pons's test sets",
        "",
        "The exact value of each position (`solve_value`, a fresh table each), checked against the file. "
        "Pons's figures: mean nodes of his final solver (blog part 12). Ratio: our mean nodes over his.",
        "",
        "| set | positions | correct | mean nodes | Pons's nodes | ratio | max nodes | mean CPU | mean wall |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for row in results["sets"]:
        ours = Measured(**row["ours"])
        pons = row["pons_nodes"]
        ratio = "" if pons is None or ours.mean_nodes is None else f"{ours.mean_nodes / pons:.2f}"
        finished = f"{ours.solved:,}{row['sampled']}"
        if ours.timed_out:
            finished += f", {ours.timed_out} not finished in {row['limit']:g} s"
        most = max(ours.nodes.values(), default=0)
        mean_nodes = "" if ours.mean_nodes is None else f"{ours.mean_nodes:,.0f}"
        mean_cpu = statistics.fmean(ours.cpu[moves] for moves in ours.nodes) if ours.nodes else None
        lines.append(
            f"| {row['title']} ({row['file']}) | {finished} | {ours.correct:,} | {mean_nodes} | "
            f"{'' if pons is None else f'{pons:,}'} | {ratio} | {most:,} | {duration(mean_cpu)} | "
            f"{duration(ours.mean_seconds)} |"
        )
    if results["peers"]:
        lines += [
            "",
            f"## Side by side with the peers ({args.peer_sample} positions a set, "
            f"at most {args.peer_limit:g} CPU seconds each)",
            "",
            "Mean CPU time per position, over all the positions when the engine finished them all. The ratio is "
            "the peer's CPU time over ours on the same positions; with positions not finished in time it counts "
            "the time spent on them, a lower bound (`>=`). OpenSpiel only tells win, draw or loss.",
            "",
            "| set | engine | finished | correct | mean CPU | mean nodes | peer CPU / ours |",
            "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
        ]
        for row in results["peers"]:
            for entry in row["engines"]:
                measured = Measured(**entry["measured"])
                if entry.get("skipped"):
                    lines.append(f"| {row['title']} | {measured.engine} | not attempted: {entry['skipped']} | | | | |")
                    continue
                late = f" ({measured.timed_out} out of time)" if measured.timed_out else ""
                mean_nodes = "" if measured.mean_nodes is None else f"{measured.mean_nodes:,.0f}"
                lines.append(
                    f"| {row['title']} | {measured.engine} | {measured.solved}/{measured.positions}{late} | "
                    f"{measured.correct} | {duration(measured.mean_cpu)} | {mean_nodes} | {entry['ratio']} |"
                )
    if results["extras"]:
        lines += ["", "## Other facts", "", *results["extras"]]
    return "\n".join(lines) + "\n"


def load_average() -> str:
    return " ".join(f"{value:.1f}" for value in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", help="the folder of Pons's test files")
    parser.add_argument("--sets", default=",".join(name for name, _, _ in SETS), help="files to run, comma-separated")
    parser.add_argument("--quick", action="store_true", help="100 positions a set for us, 5 for peers, no extras")
    parser.add_argument("--peer-sample", type=int, default=10, help="positions a set for each peer")
    parser.add_argument("--peer-limit", type=float, default=10.0, help="seconds a peer may spend on one position")
    parser.add_argument("--peers", default=",".join(PEERS), help="peers to run, comma-separated (or none)")
    parser.add_argument("--no-extras", action="store_true", help="skip the OEIS, Tromp and m,n,k checks")
    parser.add_argument("--output", default=str(RESULTS / "connect4.md"), help="where the Markdown report goes")
    args = parser.parse_args()
    if args.quick:
        args.peer_sample = min(args.peer_sample, 5)
        args.no_extras = True
    sys.setrecursionlimit(20_000)
    folder = data_folder(args.data)
    wanted = args.sets.split(",")
    peers = [name for name in args.peers.split(",") if name in PEERS]
    results: dict[str, Any] = {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "command": "python benchmarks/connect4.py " + " ".join(sys.argv[1:]),
        "load_before": load_average(),
        "sets": [],
        "peers": [],
        "extras": [],
    }
    engines = {name: PEERS[name]() for name in peers}
    given_up: dict[str, tuple[int, str]] = {}
    for name, title, pons in SETS:
        if name not in wanted:
            continue
        positions = read_set(folder, name)
        chosen = sample(positions, 100 if args.quick else OUR_SAMPLE.get(name), name)
        limit = OUR_LIMIT.get(name)
        print(f"{title}: our solver on {len(chosen)} positions ...", flush=True)
        ours = run_engine("perfectplay", perfectplay_engine(), chosen, limit)
        sampled = "" if len(chosen) == len(positions) else f" of {len(positions):,} (seeded sample)"
        results["sets"].append(
            {"file": name, "title": title, "pons_nodes": pons, "sampled": sampled, "limit": limit, "ours": asdict(ours)}
        )
        finished = [(moves, score) for moves, score in chosen if moves in ours.nodes]
        if not peers or not finished:
            continue
        peer_positions = sample(finished, args.peer_sample, f"peers {name}")
        rows = [{"measured": asdict(ours.on(peer_positions)), "ratio": "1x"}]
        for peer in peers:
            if peer in given_up and given_up[peer][0] < DIFFICULTY[name]:
                rows.append({"measured": asdict(Measured(peer, len(peer_positions))), "skipped": given_up[peer][1]})
                continue
            print(f"{title}: {peer} on {len(peer_positions)} positions ...", flush=True)
            measured = run_engine(peer, engines[peer], peer_positions, args.peer_limit)
            rows.append({"measured": asdict(measured), "ratio": peer_ratio(measured, ours)})
            if measured.solved == 0 and peer not in given_up:
                given_up[peer] = (DIFFICULTY[name], f"finished no {title} position in {args.peer_limit:g} s")
        results["peers"].append({"file": name, "title": title, "engines": rows})
    if not args.no_extras:
        print("OEIS, Tromp and m,n,k checks ...", flush=True)
        results["extras"] = extras()
    results["load_after"] = load_average()
    text = report(results, args)
    output = Path(args.output)
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(text)
    output.with_suffix(".json").write_text(json.dumps(results, indent=1))
    print(text)


if __name__ == "__main__":
    main()
