"""A Connect Four bundle compiles perfectplay's core where its grader can (``build_core.py``); other games' do not.

Connect Four's check solves its positions as it runs: seconds a position on
the pure-Python core, milliseconds compiled. Gradescope's ``setup.sh`` is run
with and without a compiler in tests/check/test_grader_bundles.py.
"""

from __future__ import annotations

from perfectplay.cli.grader_classroom50 import classroom50
from perfectplay.cli.grader_coderunner import coderunner
from perfectplay.cli.grader_files import BUILD_BOOT, Choices, autolab, gradescope, prairielearn


def test_every_connect4_bundle_compiles_the_core_and_none_for_tic_tac_toe_or_nim() -> None:
    connect4, tictactoe, nim = Choices(game="connect4", file="agent.py"), Choices(), Choices(game="nim")
    setup = {file.path: file.text for file in gradescope(connect4)}["setup.sh"]
    assert "apt-get install -y --no-install-recommends gcc python3-dev" in setup
    assert setup.index("-m perfectplay.cli.build_core") < setup.index('"$venv/bin/perfectplay" --version')
    for choices, compiles in ((connect4, True), (tictactoe, False), (nim, False)):
        texts = [file.text for file in gradescope(choices)]
        texts += [file.text for file in prairielearn(choices)]
        texts += [file.text for file in classroom50(choices, b"wheel")]
        builds = ["build_core" in text for text in texts]
        assert builds.count(True) == (3 if compiles else 0), (choices.game, builds)
    assert BUILD_BOOT.endswith("from perfectplay.cli.build_core import main; sys.exit(main())")


def test_coderunner_and_autolab_bundles_carry_no_compile_step() -> None:
    # Their bundles are tic-tac-toe's alone (``perfectplay grader coderunner --game connect4`` is refused: a Connect
    # Four check needs more than Jobe's 5 s of CPU), and tic-tac-toe's check needs no compiled core.
    texts = [file.text for file in coderunner(Choices())]
    texts += [file.text for files in autolab(Choices()) for file in files]
    assert not any("build_core" in text or "BUILD" in text for text in texts)
