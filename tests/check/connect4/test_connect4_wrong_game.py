"""A tic-tac-toe file checked as Connect Four is refused after one time-out, not one per reading and probe: the
pieces that made it search without end are not probed again in other rows or shapes (issue 43: 110 s)."""

from __future__ import annotations

from pathlib import Path

from any_user_folder import any_user_folder
from perfectplay.check.connect4.check import check_connect4

AGENT = """
def find_best_move(board):
    cells = [cell for row in board for cell in row]
    with open({log!r}, "a") as log:
        log.write("searched\\n" if "-" in cells else "refused\\n")
    if "-" in cells:  # its own empty marker: a 3x3 minimax over 42 cells, which never ends in time
        while True:
            pass
    raise ValueError("not a tic-tac-toe board")
"""


def test_a_wrong_games_ai_that_runs_out_of_time_is_given_up_after_one_time_out(tmp_path: Path) -> None:
    with any_user_folder() as shared:
        log = shared / "calls.log"
        agent = tmp_path / "tictactoe.py"
        agent.write_text(AGENT.format(log=str(log)), encoding="utf-8")
        report = check_connect4(agent, move_seconds=0.5, sandbox="off", games=False, positions=6, seed=3, workers=1)
        calls = log.read_text(encoding="utf-8").split()
    assert calls.count("searched") == 1  # before: 20 (every probe of every dash reading)
    assert calls.count("refused") > 0 and "no reading recognised" in (report.problem or "")
