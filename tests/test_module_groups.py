"""A module's fixture made once per module is made once per run: its tests share one xdist worker."""

from __future__ import annotations

from pathlib import Path

from plugin_run import run_pytest

EIGHT_TESTS = "".join(f"def test_{n}(made, request):\n    record(made, request)\n\n" for n in range(8))


def test_a_module_fixture_is_made_once_and_a_conftest_session_fixture_groups_nothing(tmp_path: Path) -> None:
    (tmp_path / "conftest.py").write_text(
        "import os\nimport pytest\n\n"
        "@pytest.fixture(scope='session')\n"
        "def everywhere():\n    return 'session'\n\n"
        "def record(name, request=None):\n"
        "    group = request and request.node.get_closest_marker('xdist_group')\n"
        "    with open(name + '.log', 'a') as log:\n"
        "        log.write(os.environ['PYTEST_XDIST_WORKER'] + ' ' + (group.args[0] if group else '-') + '\\n')\n"
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
    made = [line.split()[0] for line in (tmp_path / "made.log").read_text().splitlines()]
    ran = [line.split() for line in (tmp_path / "built.log").read_text().splitlines()]
    assert len(made) == 1 and len(ran) == 8
    assert {worker for worker, _ in ran} == set(made)
    assert {group for _, group in ran} == {"module:test_built_once.py"}
    # a fixture a conftest shares with many modules groups nothing: xdist may hand those tests to any worker
    # (which ones it picks depends on how fast each worker starts, so the group, not the worker, is checked)
    spread = [line.split() for line in (tmp_path / "spread.log").read_text().splitlines()]
    assert len(spread) == 8 and {group for _, group in spread} == {"-"}
