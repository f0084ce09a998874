"""Whole Connect Four checks: each interface, hostile agents, the line protocol, the examples, NumPy sandboxed."""

from __future__ import annotations

import json
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import jsonschema
import pytest

from cli_helpers import InProcess
from drawn_positions import as_checked
from perfectplay.check.connect4.check import check_connect4
from perfectplay.check.connect4.model import Connect4Report, not_gradable
from perfectplay.check.connect4.render import report_json
from perfectplay.check.connect4.suite import grid_cells
from perfectplay.check.run.sandbox import probe
from repo_paths import ROOT

EXAMPLES = ROOT / "examples" / "connect4"

ONE_PLY_TOP = """
def wins(board, row, col, piece):
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        count = 1
        for sign in (1, -1):
            r, c = row + sign * dr, col + sign * dc
            while 0 <= r < 6 and 0 <= c < 7 and board[r][c] == piece:
                count, r, c = count + 1, r + sign * dr, c + sign * dc
        if count >= 4:
            return True
    return False

def landing(board, col):
    return max(r for r in range(6) if board[r][col] == EMPTY)

def choose(board, me):
    open_columns = [c for c in range(7) if board[0][c] == EMPTY]
    for c in open_columns:
        if wins(board, landing(board, c), c, me):
            return c
    return open_columns[0]
"""


def write(folder: Path, name: str, source: str) -> Path:
    file = folder / name
    file.write_text(textwrap.dedent(source))
    return file


def quick(path: Path, positions: int = 6, move_seconds: float = 2.0) -> Connect4Report:
    # One seed: these tests are about the agent, not the draw (a fresh seed by default: test_connect4_drawn_positions),
    # so the positions of each count are drawn and solved once per run (tests/drawn_positions.py), not per check:
    # the six of seed 3 are those the class and graders' checks ask (test_connect4_agent_class_and_graders.py).
    # One process a side: each failure below is its agent's in the first position it is asked, however many ask.
    return check_connect4(
        path, positions=positions, games=False, sandbox="off", move_seconds=move_seconds, seed=3, workers=1
    )


def test_a_connectx_agent_is_recognised_and_every_answer_judged(tmp_path: Path) -> None:
    report = quick(EXAMPLES / "one_ply_connectx.py")
    assert str(report.interface).startswith("agent(observation, configuration), Kaggle ConnectX")
    assert report.overall.asked == 6 and report.overall.legal == 6
    assert report.failures == ()


@pytest.mark.parametrize(
    ("pieces", "empty", "flip", "words"),
    [
        ("012", "0", False, "row 0 at the top, 0 empty, 1 and 2"),
        ("dot", "'.'", False, "row 0 at the top, '.' empty, 'X' and 'O'"),
        ("012", "0", True, "row 0 at the bottom, 0 empty, 1 and 2"),
    ],
)
def test_a_board_functions_rows_and_pieces_are_found_by_probing(
    tmp_path: Path, pieces: str, empty: str, flip: bool, words: str
) -> None:
    marks = {"012": "(1, 2)", "dot": "('X', 'O')"}[pieces]
    flipped = "    board = board[::-1]\n" if flip else ""
    source = (
        f"EMPTY = {empty}\nMARKS = {marks}\n{ONE_PLY_TOP}\ndef best_move(board):\n{flipped}"
        "    count = sum(1 for row in board for cell in row if cell != EMPTY)\n"
        "    return choose(board, MARKS[count % 2])\n"
    )
    report = quick(write(tmp_path, "agent.py", source))
    assert words in str(report.interface), (report.problem, report.interface)
    assert report.notes == () or "not certain" not in " ".join(report.notes)


def test_a_pettingzoo_policy_reads_the_action_mask(tmp_path: Path) -> None:
    source = """
        def policy(observation):
            return [c for c, ok in enumerate(observation["action_mask"]) if ok][-1]
        """
    report = quick(write(tmp_path, "policy.py", source))
    assert "PettingZoo connect_four_v3" in str(report.interface)
    assert report.overall.legal == 6


def test_hostile_agents_get_a_verdict_never_a_crash(tmp_path: Path) -> None:
    cases = {
        "raises.py": ("def agent(observation, configuration):\n    raise ValueError('no')\n", "raises"),
        "string.py": ("def agent(observation, configuration):\n    return '3'\n", "wrong_type"),
        "full.py": ("def agent(observation, configuration):\n    return 99\n", "illegal"),
        # A board function's board is its caller's (Kaggle's observation is the agent's own: not compared).
        "scribble.py": ("def best_move(board):\n    board[0][0] = 'scribbled'\n    return 3\n", "mutates"),
        "loops.py": ("def agent(observation, configuration):\n    while True:\n        pass\n", "timeout"),
    }
    for name, (source, kind) in cases.items():
        # The loop burns a whole move's CPU time in each position it is asked: a tenth of a second is enough.
        report = quick(write(tmp_path, name, source), positions=3, move_seconds=0.1 if kind == "timeout" else 0.5)
        assert report.verdict == "broken", name
        assert kind in [failure.kind for failure in report.failures], name


def test_an_agent_whose_import_fails_is_not_checked_and_says_where(tmp_path: Path) -> None:
    report = quick(write(tmp_path, "broken.py", "import sys\nsys.exit(3)\n"))
    assert report.verdict == "broken" and "importing it raised SystemExit" in str(report.problem)


def test_a_program_speaking_the_line_protocol_is_checked(tmp_path: Path) -> None:
    program = write(
        tmp_path,
        "lines.py",
        """
        import sys
        for line in sys.stdin:
            drawing, side = line.split()
            top = drawing.split("/")[0]
            print("# thinking", flush=True)
            print(top.index("."), flush=True)
        """,
    )
    report = check_connect4(
        command=[sys.executable, str(program)], positions=6, seed=3, games=False, sandbox="off", move_seconds=2.0
    )
    assert report.interface is not None and "line protocol" in report.interface
    assert report.overall.legal == 6 and report.failures == ()


def test_the_games_are_seeded_and_played_in_both_seats_against_every_level(
    example_on_one_draw: Callable[[str, bool], Connect4Report],
) -> None:
    # The first check is the one-ply example's with its games on ONE_DRAW's seed that the schema's test reads (made
    # once a run, tests/check/connect4/conftest.py); the games are drawn from the seed alone, not from how many
    # positions are asked (test_connect4_same_seed_same_grade.py), so a check of two positions under it plays them.
    first = example_on_one_draw("one_ply_connectx", True)
    again = check_connect4(EXAMPLES / "one_ply_connectx.py", positions=2, sandbox="off", seed=first.seed)
    seats = {(game.opponent, game.agent_first) for game in first.games}
    assert seats == {(level, seat) for level in ("random", "depth2", "depth4", "perfect") for seat in (True, False)}
    # The agent is random where it sees no tactic, so only the opponents' side is seeded: the levels are the same.
    assert [game.opponent for game in first.games] == [game.opponent for game in again.games]
    assert first.rating is not None


@pytest.mark.slow
def test_the_example_agents_good_move_rates_are_strictly_ordered_random_one_ply_alphabeta(
    example_on_one_draw: Callable[[str, bool], Connect4Report],
) -> None:
    # The three on the same seeded, stratified 30 positions: the draw (seed 202) on which
    # test_connect4_drawn_positions.py scores the alpha-beta example, drawn and solved once a run for both (a draw
    # of 200 more for the other two cost 8 s of CPU). The random and one-ply agents break ties at random, from the
    # check's seed (test_connect4_same_seed_same_grade.py), so their rates here are the same on every run: 0.37,
    # 0.63 and 0.87; on all 520 positions one-ply's are 0.65-0.68 from seed to seed (benchmarks/check_connect4.py).
    # The ConnectX alpha-beta and one-ply agents' checks are those with their games that the score's test and the
    # schema's read (tests/check/connect4/conftest.py): their positions are answered as without the games.
    size = 30  # ONE_DRAW's positions (tests/check/connect4/conftest.py)
    rates = {}
    for style in ("connectx", "board"):
        for name in ("random", "one_ply", "alphabeta"):
            shared = style == "connectx" and name != "random"
            report = example_on_one_draw(f"{name}_{style}", shared)
            assert report.overall.asked == size and (shared or report.games == ()), name
            assert report.failures == (), name
            rates[name, style] = report.overall.good_rate
    for style in ("connectx", "board"):
        assert rates["random", style] < rates["one_ply", style] < rates["alphabeta", style], rates


@pytest.mark.integration
@pytest.mark.skipif(probe() is not None, reason=f"no bubblewrap sandbox here: {probe()}")
def test_a_numpy_agent_runs_in_the_sandbox_which_shows_numpy_but_not_perfectplay(tmp_path: Path) -> None:
    source = """
        import numpy as np
        import sys

        def best_move(board):
            try:
                import perfectplay
                return 99  # an illegal answer: the checker's own package was visible
            except ImportError:
                pass
            grid = np.asarray(board)
            return int(np.flatnonzero(grid[0] == 0)[0])
        """
    # Seeded: the six positions of seed 3 the other checks ask, drawn once a run (tests/drawn_positions.py).
    # One process (each imports NumPy): what the sandbox shows it is the subject, not how many ask.
    report = check_connect4(
        write(tmp_path, "np_agent.py", source), positions=6, seed=3, games=False, sandbox="require", workers=1
    )
    assert report.sandboxed and report.problem is None, report.problem
    assert report.overall.legal == 6 and report.failures == ()
    refused = check_connect4(
        write(tmp_path, "np_agent.py", source), positions=6, seed=3, games=False, sandbox="require", allow_packages=()
    )
    assert refused.problem is not None and "No module named 'numpy'" in refused.problem


def test_the_command_line_prints_json_and_a_graders_file_and_refuses_a_class_for_a_grader_with_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    run = InProcess(capsys, monkeypatch)
    agent = str(EXAMPLES / "one_ply_board.py")
    common = ["--game", "connect4", "--positions", "6", "--seed", "3", "--no-games", "--sandbox", "off"]
    finished = run("check", agent, *common, "--json")
    document = json.loads(finished.stdout)
    assert (document["game"], document["overall"]["asked"], document["score"]["max_points"]) == ("connect4", 6, 100)
    assert finished.returncode == document["exit_status"]
    weights = tmp_path / "weights.json"
    weights.write_text(json.dumps({"good_full": 0.5, "total": 10}))
    graded = run("check", agent, *common, "--format", "gradescope", "--weights", str(weights))
    assert json.loads(graded.stdout)["tests"][2]["name"] == "Good moves (keeps the win, draw or loss)"
    refused = run("check", agent, agent, *common, "--format", "gradescope")
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1 and "grades one submission" in refused.stderr
    wrong = run("check", agent, *common, "--standard", "best")
    assert wrong.returncode == 2 and "--standard is for tic-tac-toe checks" in wrong.stderr


HOSTILE = {
    # At import: patch the runner's answer description to claim a verdict and no time (the checker ignores both).
    "forge": """
        import sys
        main = sys.modules.get("__main__")
        if main is not None and hasattr(main, "describe_answer"):
            honest = main.describe_answer
            main.describe_answer = lambda value: {**honest(value), "verdict": "perfect", "cpu": -1000.0}
        """,
    # During a move: write garbage straight onto the checker's channel.
    "garbage": """
        import fcntl, os, stat
        def attack():  # onto the channel's descriptor (the runner's objects are out of reach)
            for descriptor in range(3, 64):
                try:
                    if stat.S_ISFIFO(os.fstat(descriptor).st_mode) and fcntl.fcntl(descriptor, fcntl.F_GETFL) & 3 == 1:
                        os.write(descriptor, b"[" * 60000 + b"\\n")
                except OSError:
                    pass
        """,
    # During a move: print a flood, and leave an unreadable object on the observation (its own: never read back).
    "flood": """
        class Weird:
            def __eq__(self, other):
                raise RuntimeError("no comparing me")
        def attack(observation=None):
            print("x" * 5_000_000)
        """,
}


@pytest.mark.integration
@pytest.mark.skipif(probe() is not None, reason=f"no bubblewrap sandbox here: {probe()}")
@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_hostile_agents_in_the_sandbox_get_a_verdict_and_forge_nothing(tmp_path: Path, kind: str) -> None:
    target = as_checked(16, 5)[0].moves  # the attack is made in the first position the check asks
    source = (
        f"TARGET = {grid_cells(target)!r}\n"
        + textwrap.dedent(HOSTILE[kind])
        + textwrap.dedent("""
        def agent(observation, configuration):
            answer = [c for c in range(7) if observation.board[c] == 0][0]
            if "attack" in globals() and "".join(str(cell) for cell in observation.board) == TARGET:
                attack()
                if "Weird" in globals():
                    observation.board[0] = Weird()
            return answer
        """)
    )
    report = check_connect4(write(tmp_path, f"{kind}.py", source), positions=16, seed=5, games=False, sandbox="require")
    assert report.problem is None and report.overall.asked == 16
    assert report.timing is not None and report.timing.cpu >= 0
    assert report.overall.good < report.overall.asked  # the first free column is no good agent: nothing forged
    kinds = {failure.kind for failure in report.failures}
    assert kinds == {"forge": set(), "garbage": {"died"}, "flood": set()}[kind], kinds


def test_the_json_report_is_valid_against_its_committed_schema_for_a_good_agent_a_broken_one_and_one_not_checked(
    tmp_path: Path, example_on_one_draw: Callable[[str, bool], Connect4Report]
) -> None:
    schema = json.loads((ROOT / "src/perfectplay/check/schema/check-connect4-v1.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    reports = [
        # A working agent's whole report, its eight games and its rating included: the one-ply agent's games are
        # short (alpha-beta's against the ladder cost seconds of CPU and fill in the same fields). The check the
        # rates' test above reads (seed 202), made once a run.
        example_on_one_draw("one_ply_connectx", True),
        quick(write(tmp_path, "raises.py", "def agent(observation, configuration):\n    raise ValueError\n")),
        not_gradable("nothing.py", "nothing.py: no Connect Four agent recognised", 520),
    ]
    for report in reports:
        document = report_json(report)
        errors = [error.message for error in validator.iter_errors(document)]
        assert errors == [], (report.target, errors)
