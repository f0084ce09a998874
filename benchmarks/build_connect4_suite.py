"""Build the Connect Four check's suite: positions from seeded games, every legal move's exact value.

    .venv/bin/python benchmarks/build_connect4_suite.py            # writes the shipped suite
    .venv/bin/python benchmarks/build_connect4_suite.py --output - --count 20

Games are played between players of several strengths (perfect play, a
player who takes wins and blocks, a random one), mixed per side and per
game, so that the positions are the kind a student's agent meets: balanced
openings, middle games with threats, endings. Each game gives at most one
position of the phase asked for. Every position is then valued move by move:

every legal move's exact score from ``score_moves`` (the compiled core, the
solver's scale: a win in ``p`` plies scores ``44 - p``, a loss ``p - 44``, a
draw 0). Openings are plies 11 to 14 (the early moves are the book's, where
a player follows it), middle games 15 to 26, endings 27 on. A position the
solver cannot finish within ``NODES`` nodes is left out: a node budget, so
the same seed gives the same suite on any machine (it leans the openings
towards sharper positions; the book's earlier plies are beyond a rebuild's
budget on a shared machine).

The file is JSON, one position a line, sorted by phase then ply then
moves, so a rebuild's difference is readable.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from perfectplay import Connect4, Limit
from perfectplay.games.connect4 import Connect4State
from perfectplay.search.solver import score_moves
from perfectplay.search.solver.book import BookAnswer

SUITE = Path(__file__).resolve().parents[1] / "src" / "perfectplay" / "check" / "data" / "connect4-suite.jsonl"
SEED = 2028
NODES = 3_000_000
PHASES: dict[str, tuple[int, int, int]] = {
    # phase: (first ply, last ply, positions)
    "opening": (11, 14, 100),
    "middle": (15, 26, 230),
    "ending": (27, 38, 190),
}
OUTCOME_SCORE = {"win": 1, "draw": 0, "loss": -1}



def book_answer(game: Connect4, state: Connect4State) -> BookAnswer | None:
    """What the game's shipped opening book proved about ``state`` (its ``opening_book`` hook), or None."""
    book = game.opening_book()
    answer = None if book is None else book.answer(state)
    return answer if isinstance(answer, BookAnswer) else None

def immediate(game: Connect4, state: Any) -> tuple[list[int], list[int]]:
    """The mover's winning moves, and the columns where the opponent would win next (to block)."""
    wins = [move for move in game.legal_moves(state) if game.winner(game.play(state, move)) is not None]
    threats = []
    for move in game.legal_moves(state):
        after = game.play(state, move)
        if game.is_over(after):
            continue
        if any(game.winner(game.play(after, reply)) is not None for reply in game.legal_moves(after)):
            threats.append(move)
    return wins, threats


def solved_values(game: Connect4, state: Any, nodes: int = NODES) -> dict[int, int] | None:
    """Each move's exact score (the solver's scale), or None when ``nodes`` did not suffice."""
    analysis = score_moves(game, state, Limit(nodes=nodes))
    if not analysis.complete or any(entry.score is None for entry in analysis.moves):
        return None
    return {entry.move: int(entry.score) for entry in analysis.moves if entry.score is not None}


def pick_move(game: Connect4, state: Any, style: str, rng: random.Random) -> int:
    """One move of a player of ``style``: ``good`` keeps the value where it is cheap to know, else plays tactics."""
    moves = list(game.legal_moves(state))
    if style == "random":
        return rng.choice(moves)
    wins, _ = immediate(game, state)
    if wins:
        return rng.choice(wins)
    if style == "good":
        known = book_answer(game, state)
        if known is not None and known.move is not None:
            return known.move
        plies = bin(state.x | state.o).count("1")
        values = solved_values(game, state, nodes=NODES // 10) if plies >= 16 else None
        if values is not None:
            best = max(_sign(value) for value in values.values())
            return rng.choice([move for move, value in values.items() if _sign(value) == best])
    # Tactics: block a threat (a column where the opponent wins next), avoid giving one, else random.
    blocks = _blocks(game, state)
    if blocks:
        return rng.choice(blocks)
    safe = [move for move in moves if not _gives_win(game, game.play(state, move))]
    return rng.choice(safe or moves)


def _blocks(game: Connect4, state: Any) -> list[int]:
    """Columns where the opponent, were it to move, would make four."""
    other = state._replace(to_move=state.to_move.other)
    return [move for move in game.legal_moves(other) if game.winner(game.play(other, move)) is not None]


def _gives_win(game: Connect4, after: Any) -> bool:
    if game.is_over(after):
        return False
    return any(game.winner(game.play(after, reply)) is not None for reply in game.legal_moves(after))


def _sign(value: int) -> int:
    return (value > 0) - (value < 0)


STYLES = ("good", "good", "good", "tactical", "tactical", "random")


def one_position(game: Connect4, rng: random.Random, phase: str) -> dict[str, Any] | None:
    """Play a seeded game to a ply of ``phase`` and value that position, or None if the game ended or cost too much."""
    first, last, _ = PHASES[phase]
    target = rng.randint(first, last)
    styles = (rng.choice(STYLES), rng.choice(STYLES))
    state = game.initial_state()
    sequence = ""
    while len(sequence) < target:
        if game.is_over(state):
            return None
        ply = len(sequence)
        # Early moves by a good player (the book's, where it has one): an opening from play, not noise.
        move = pick_move(game, state, styles[ply % 2] if ply >= 4 else "good", rng)
        state = game.play(state, move)
        sequence += str(move + 1)
    if game.is_over(state):
        return None
    values = solved_values(game, state)
    if values is None:
        return None
    scores: list[int | None] = [values.get(col) for col in range(game.width)]
    return {"moves": sequence, "phase": phase, "scores": scores}


def build(seed: int, counts: dict[str, int], log: Any = None) -> list[dict[str, Any]]:
    game = Connect4()
    rng = random.Random(seed)
    seen: set[str] = set()
    suite: list[dict[str, Any]] = []
    for phase, count in counts.items():
        found = 0
        tries = 0
        while found < count and tries < count * 8:
            tries += 1
            entry = one_position(game, rng, phase)
            if entry is None or entry["moves"] in seen:
                continue
            # Positions where every move has the same value teach nothing: a judged move cannot go wrong.
            signs = {_sign(score) for score in entry["scores"] if score is not None}
            if len(signs) < 2 and phase != "ending":
                continue
            seen.add(entry["moves"])
            suite.append(entry)
            found += 1
            if log is not None and found % 10 == 0:
                print(f"{phase}: {found}/{count}", file=log, flush=True)
    suite.sort(key=lambda entry: (list(PHASES).index(entry["phase"]), len(entry["moves"]), entry["moves"]))
    return suite


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--count", type=int, default=None, help="positions per phase (default: the shipped mix)")
    parser.add_argument("--output", default=str(SUITE), help="file to write, or - for standard output")
    args = parser.parse_args(argv)
    counts = {phase: args.count or spec[2] for phase, spec in PHASES.items()}
    started = time.perf_counter()
    suite = build(args.seed, counts, log=sys.stderr)
    lines = "".join(json.dumps(entry, separators=(",", ":")) + "\n" for entry in suite)
    if args.output == "-":
        sys.stdout.write(lines)
    else:
        Path(args.output).parent.mkdir(parents=True, exist_ok=True)
        Path(args.output).write_text(lines)
    print(f"{len(suite)} positions in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
