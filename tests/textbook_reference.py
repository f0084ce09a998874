"""The textbook minimax's answer for every reachable 3x3 position, kept in ``tests/data/`` and read in a blink.

Searching all 5,478 positions one by one with the textbook minimax takes
about a minute of CPU (several on a busy machine), and every test process
(each pytest-xdist worker) needed it: so the answers are written once into
``tests/data/tictactoe_minimax.txt`` and the tests read them.
``tests/search/test_textbook_reference.py`` searches every tenth position again
and compares, and ``benchmarks/oracle_sweeps.py --only reference`` every one,
so the file cannot drift from the engine unnoticed; when the
engine changes on purpose, write the file again with
``.venv/bin/python tests/textbook_reference.py``.

One line per position, ``cells to_move score outcome best nodes``: the board
as ``MNK.format`` writes it, the side to move, the exact score, the outcome
(``win-3``, ``draw``, ``loss-4``), the best moves (comma-separated, in the
search's order; ``-`` for none) and the nodes the textbook minimax visited.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from perfectplay import MNK, MNKState, TicTacToe, minimax
from perfectplay.game import Outcome

DATA = Path(__file__).resolve().parent / "data" / "tictactoe_minimax.txt"


@dataclass(frozen=True, slots=True)
class Answer:
    """What the textbook minimax says of one position: its value, its best moves, and how hard it looked."""

    score: int
    outcome: Outcome
    best: tuple[int, ...]
    nodes: int


def reachable_positions(game: MNK) -> list[MNKState]:
    """Every position reachable from the empty board with X moving first."""
    seen: dict[MNKState, None] = {}
    frontier = [game.initial_state()]
    while frontier:
        state = frontier.pop()
        if state in seen:
            continue
        seen[state] = None
        frontier.extend(game.play(state, move) for move in game.legal_moves(state))
    return list(seen)


def key(game: MNK, state: MNKState) -> str:
    return f"{game.format(state)} {state.to_move.value}"


def search_all(game: MNK, positions: list[MNKState]) -> dict[str, Answer]:
    """Every position searched afresh by the textbook minimax (the slow way, the one the file stands for)."""
    answers: dict[str, Answer] = {}
    for state in positions:
        analysis = minimax(game, state)
        if analysis.score is None:
            raise AssertionError(f"the textbook minimax left {key(game, state)} unproven")
        answers[key(game, state)] = Answer(analysis.score, analysis.outcome, tuple(analysis.best), analysis.nodes)
    return answers


def dump(answers: dict[str, Answer]) -> str:
    lines = []
    for name in sorted(answers):
        answer = answers[name]
        best = ",".join(str(move) for move in answer.best) or "-"
        kind, plies = answer.outcome.name, answer.outcome.plies
        outcome = kind if plies is None else f"{kind}-{plies}"
        lines.append(f"{name} {answer.score} {outcome} {best} {answer.nodes}\n")
    return "".join(lines)


def parse_outcome(text: str) -> Outcome:
    name, _, plies = text.partition("-")
    for outcome in (Outcome("win"), Outcome("draw"), Outcome("loss")):
        if outcome.name == name:
            return Outcome(outcome.name, int(plies) if plies else None)
    raise ValueError(f"not an outcome: {text!r}")


def load(path: Path = DATA) -> dict[str, Answer]:
    answers: dict[str, Answer] = {}
    for line in path.read_text().splitlines():
        cells, to_move, score, outcome, best, nodes = line.split()
        moves = () if best == "-" else tuple(int(move) for move in best.split(","))
        answers[f"{cells} {to_move}"] = Answer(int(score), parse_outcome(outcome), moves, int(nodes))
    return answers


def reference_answers(game: MNK, positions: list[MNKState]) -> dict[MNKState, Answer]:
    """The file's answers keyed by position; it must hold every reachable position and nothing else."""
    stored = load()
    keys = {key(game, state): state for state in positions}
    if set(stored) != set(keys):
        raise AssertionError(f"{DATA} does not hold exactly the {len(keys)} reachable positions: write it again")
    return {state: stored[name] for name, state in keys.items()}


if __name__ == "__main__":
    tictactoe = TicTacToe()
    DATA.write_text(dump(search_all(tictactoe, reachable_positions(tictactoe))))
    print(f"wrote {DATA}", file=sys.stderr)
