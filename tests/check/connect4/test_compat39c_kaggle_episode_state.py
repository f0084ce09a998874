"""A ConnectX agent that keeps its mark from its first call is graded as its twin that reads it every call.

Kaggle runs an agent for one side of one game, so ``if ME is None: ME = obs.mark`` is honest code there. The check
asked positions of both sides, and played its games as X then as O, in the same processes: the agent went on
playing the side it first saw (68 of 100 where its twin got 77). Each side's positions are now asked by processes
that answered no other side, and each game is played by a process of its own.
"""

from __future__ import annotations

from pathlib import Path

from perfectplay.check.connect4.check import check_connect4

AGENT = """\
ME = None


def landing(board, col):
    for r in range(5, -1, -1):
        if board[r * 7 + col] == 0:
            return r * 7 + col


def four(board, mark):
    for r in range(6):
        for c in range(7):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + dr * k, c + dc * k) for k in range(4)]
                if all(0 <= y < 6 and 0 <= x < 7 and board[y * 7 + x] == mark for y, x in cells):
                    return True
    return False


def agent(obs, config):
    global ME
    {remember}
    board = list(obs.board)
    valid = [c for c in range(7) if board[c] == 0]
    for who in (ME, 3 - ME):  # win, else block
        for c in valid:
            i = landing(board, c)
            board[i] = who
            if four(board, who):
                return c
            board[i] = 0
    return min(valid, key=lambda c: abs(c - 3))
"""


def test_a_mark_kept_from_the_first_call_is_graded_as_one_read_every_call(tmp_path: Path) -> None:
    reports = []
    for name, remember in (("kept", "if ME is None:\n        ME = obs.mark"), ("read", "ME = obs.mark")):
        folder = tmp_path / name
        folder.mkdir()
        (folder / "main.py").write_text(AGENT.replace("{remember}", remember))
        reports.append(check_connect4(folder / "main.py", positions=16, seed=5, sandbox="off", move_seconds=2.0))
    kept, read = reports
    assert (kept.overall.good, kept.overall.perfect) == (read.overall.good, read.overall.perfect)
    assert [(game.opponent, game.result, game.moves) for game in kept.games] == [
        (game.opponent, game.result, game.moves) for game in read.games
    ]
