"""A ConnectX submission that imports Kaggle's kaggle_environments at the top, as Kaggle's notebooks do, is graded."""

from __future__ import annotations

import textwrap
from pathlib import Path

from perfectplay.check.connect4.check import check_connect4
from perfectplay.check.connect4.model import Connect4Report

AGENT = textwrap.dedent("""
    def agent(observation, configuration):
        board = observation.board
        legal = [c for c in range(configuration.columns) if board[c] == 0]
        return legal[len(legal) // 2]
""")
AT_HOME = textwrap.dedent("""
    if __name__ == "__main__":
        env = make("connectx", debug=True)
        env.run([agent, "random"])
        print(evaluate("connectx", [agent, "negamax"], num_episodes=3))
""")


def quick(path: Path) -> Connect4Report:
    # One process a side: what is read of the agent is the subject, not how many processes ask it.
    return check_connect4(path, positions=6, seed=3, games=False, sandbox="off", workers=1, move_seconds=2.0)


def write(folder: Path, source: str) -> Path:
    folder.mkdir()
    path = folder / "submission.py"
    path.write_text(source)
    return path


def test_an_agent_that_imports_kaggles_package_to_try_itself_at_home_is_graded_as_without_it(tmp_path: Path) -> None:
    plain = quick(write(tmp_path / "plain", AGENT))
    kaggle = quick(
        write(tmp_path / "kaggle", "from kaggle_environments import evaluate, make, utils\n" + AGENT + AT_HOME)
    )
    assert plain.verdict != "broken" and plain.overall.legal == plain.overall.asked
    assert (kaggle.verdict, kaggle.overall) == (plain.verdict, plain.overall), kaggle.problem


def test_the_stand_in_lends_nothing_of_the_driver_and_calling_it_on_import_is_the_agents_failure(
    tmp_path: Path,
) -> None:
    # Its functions' globals are its own: none of the driver's names (the agent would raise if one were there).
    driver_names = "{'Struct', 'make_call', 'open_driver', 'allow'}"
    peeking = f"import kaggle_environments\nSEEN = set(kaggle_environments.make.__globals__) & {driver_names}\n"
    peeking += AGENT.replace("    board =", "    assert not SEEN, SEEN\n    board =")
    assert quick(write(tmp_path / "peeking", peeking)).overall.legal == 6
    playing = quick(write(tmp_path / "playing", "from kaggle_environments import make\n\nmake('connectx').run([])\n"))
    assert playing.verdict == "broken" and "kaggle_environments is not installed where this agent is checked" in str(
        playing.problem
    )
