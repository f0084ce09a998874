"""The stand-in kaggle_environments lends no builtins of the driver's (attack 39l).

Its ``make`` was compiled into globals of its own, but ``exec`` filled their ``__builtins__`` with the driver's
private copy: an agent reading ``kaggle_environments.make.__globals__["__builtins__"]`` could rewrite the driver's
``type`` so that the driver read a board it had scribbled on as left alone, and was graded on its moves instead of
broken. (The stand-in is there for every reading; the board function's board is the one the driver reads back.)
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from perfectplay.check.connect4.check import check_connect4
from perfectplay.check.connect4.model import Connect4Report

SCRIBBLER = textwrap.dedent("""
    import kaggle_environments


    class Agrees:
        def __eq__(self, other):
            return True

        __hash__ = object.__hash__


    LENT = kaggle_environments.make.__globals__["__builtins__"]
    if isinstance(LENT, dict) and LENT is not __builtins__:
        real_type = LENT["type"]

        def posing_type(*given):
            # The driver's board comparison reads a list of rows as a plain value: compared by ==, which Agrees wins.
            if len(given) == 1 and real_type(given[0]) is list and given[0] and real_type(given[0][0]) is list:
                return int
            return real_type(*given)

        LENT["type"] = posing_type


    def best_move(board):
        legal = [c for c in range(7) if board[0][c] == 0]
        row = max(r for r in range(6) if board[r][legal[0]] == 0)
        board[row][legal[0]] = Agrees()  # a stone left on the board it was handed
        return legal[len(legal) // 2]
""")


def quick(path: Path) -> Connect4Report:
    return check_connect4(path, positions=6, seed=3, games=False, sandbox="off", move_seconds=2.0)


def test_an_agent_that_rewrites_the_builtins_reached_through_the_stand_in_still_has_its_board_change_seen(
    tmp_path: Path,
) -> None:
    tampering = tmp_path / "tampering"
    tampering.mkdir()
    (tampering / "submission.py").write_text(SCRIBBLER)
    plain = tmp_path / "plain"
    plain.mkdir()
    (plain / "submission.py").write_text(SCRIBBLER.replace('LENT["type"] = posing_type', "pass"))
    honest = quick(plain / "submission.py")
    assert [(failure.kind, failure.count) for failure in honest.failures] == [("mutates", 6)]
    forged = quick(tampering / "submission.py")
    assert (forged.verdict, forged.failures) == (honest.verdict, honest.failures)


def test_the_stand_ins_builtins_are_the_shared_ones_its_importer_already_has(tmp_path: Path) -> None:
    (tmp_path / "submission.py").write_text(
        textwrap.dedent("""
            import builtins
            import kaggle_environments

            LENT = kaggle_environments.make.__globals__["__builtins__"]
            SHARED = LENT is builtins or LENT is vars(builtins)


            def agent(observation, configuration):
                assert SHARED, type(LENT)
                return [c for c in range(7) if observation.board[c] == 0][0]
        """)
    )
    report = quick(tmp_path / "submission.py")
    assert report.overall.legal == report.overall.asked == 6, report.failures
