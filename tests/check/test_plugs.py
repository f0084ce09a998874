"""The registry (``check/plugs.py``): a game's title and flags come from its light ``flags`` module, the same as
its plug's, and building ``perfectplay check``'s parser or checking one game imports no other game's checker."""

from __future__ import annotations

import subprocess
import sys

import pytest

from perfectplay.check.errors import CheckUsageError
from perfectplay.check.plugs import plug_flags, plug_for, plug_games


@pytest.mark.parametrize("game", plug_games())
def test_a_games_flags_are_its_plugs_title_and_options(game: str) -> None:
    plug = plug_for(game)
    assert plug_flags(game) == (plug.title, plug.options)


def test_an_unknown_games_flags_are_a_usage_error() -> None:
    with pytest.raises(CheckUsageError, match="--game 'chess'"):
        plug_flags("chess")


_IMPORTED = """
import sys
from perfectplay.cli import build_parser
build_parser(sys.argv[1:]).parse_args(sys.argv[1:])
print(" ".join(sorted(name for name in sys.modules if name.startswith("perfectplay.check."))))
"""


@pytest.mark.parametrize(
    ("argv", "absent"),
    [
        (["check", "x.py"], ("perfectplay.check.connect4.", "perfectplay.check.nim.")),
        (["check", "--game", "nim", "x.py"], ("perfectplay.check.connect4.",)),
        (["check", "--game", "connect4", "x.py"], ("perfectplay.check.nim.",)),
    ],
)
def test_parsing_a_check_imports_no_other_games_checker(argv: list[str], absent: tuple[str, ...]) -> None:
    out = subprocess.run([sys.executable, "-c", _IMPORTED, *argv], capture_output=True, text=True, check=True).stdout
    imported = out.split()
    assert "perfectplay.check.plugs" in imported  # the registry was asked: the test looks at the right run
    assert [name for name in imported if name.startswith(absent) and not name.endswith(".flags")] == []
