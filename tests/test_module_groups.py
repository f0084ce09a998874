"""A module's fixture made once per module is made once per run: its tests share one xdist worker."""

from __future__ import annotations

from pathlib import Path

from plugin_run import run_pytest

EIGHT_TESTS = "".join(f"def test_{n}(made):\n    record(made)\n\n" for n in range(8))


def test_a_module_fixture_is_made_once_and_a_conftest_session_fixture_spreads_its_tests(tmp_path: Path) -> None:
    (tmp_path / "conftest.py").write_text(
        "import os\nimport pytest\n\n"
        "@pytest.fixture(scope='session')\n"
        "def everywhere():\n    return 'session'\n\n"
        "def record(name):\n"
        "    with open(name + '.log', 'a') as log:\n"
        "        log.write(os.environ['PYTEST_XDIST_WORKER'] + '\\n')\n"
    )
    (tmp_path / "test_built_once.py").write_text(
        "import pytest\nfrom conftest import record\n\n"
        "@pytest.fixture(scope='module')\n"
        "def made():\n    record('made')\n    return 'built'\n\n" + EIGHT_TESTS
    )
    (tmp_path / "test_spread.py").write_text(
        "import pytest\nfrom conftest import record\n\n"
        "@pytest.fixture\ndef made(everywhere):\n    return 'spread'\n\n" + EIGHT_TESTS
    )
    run_pytest(tmp_path, ["xdist.plugin", "module_groups"], ["-n", "2", "--dist", "loadgroup"])
    made = (tmp_path / "made.log").read_text().split()
    ran = (tmp_path / "built.log").read_text().split()
    assert len(made) == 1 and set(ran) == set(made) and len(ran) == 8
    # a fixture a conftest shares with many modules groups nothing: those tests still go to both workers
    assert set((tmp_path / "spread.log").read_text().split()) == {"gw0", "gw1"}
