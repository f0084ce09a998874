"""Side by side, fairly: a candidate's processes share one CPU share, and a classmate's many cannot starve a check.

A cgroup v1 machine with the ``cpu`` controller mounted on its own gets each
candidate a folder there (one share, however many processes it starts); the
fake trees below say where. The last test runs a class for real: a correct
AI beside a classmate that forks 96 busy children on every move must still
be graded unbeatable within its wall-clock bound (the verdict is asserted,
never a time).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from cli_helpers import run_cli
from perfectplay.check.run import accounting
from perfectplay.check.run.accounting import CGroup, Hierarchy
from repo_paths import ROOT


@pytest.fixture()
def v1_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fake cgroup v1 root with memory, pids and cpuacct; the checker's own cgroup is ``checker`` in each."""
    for controller in accounting.V1:
        (tmp_path / controller / "checker").mkdir(parents=True)
    monkeypatch.setattr(accounting, "_own", lambda root, line_for: root / "checker")
    return tmp_path


def test_where_cpu_is_mounted_apart_each_candidate_gets_a_cgroup_there_and_joins_it(v1_root: Path) -> None:
    (v1_root / "cpu" / "checker").mkdir(parents=True)
    hierarchy = accounting.find(v1_root)
    assert isinstance(hierarchy, Hierarchy)
    assert hierarchy.parents[-1] == v1_root / "cpu" / "checker" and len(hierarchy.parents) == 4
    group = CGroup.create(hierarchy, memory_bytes=64 * 2**20, name="one")
    share = v1_root / "cpu" / "checker" / "one"
    assert share in group.folders and share.is_dir()
    assert str(share / "cgroup.procs") in group.join_argv(["true"])[2]
    assert (group.folders[1] / "pids.max").read_text() == str(accounting.PROCESSES)  # the pids folder is unmoved


def test_where_cpu_is_mounted_with_cpuacct_or_not_at_all_the_three_controllers_stay(v1_root: Path) -> None:
    alone = accounting.find(v1_root)
    assert isinstance(alone, Hierarchy) and len(alone.parents) == 3
    (v1_root / "cpu").symlink_to(v1_root / "cpuacct")  # "cpu,cpuacct": the cpuacct folder is the share already
    together = accounting.find(v1_root)
    assert isinstance(together, Hierarchy) and together.parents == alone.parents


FORKER = """

import os
import time

_best = find_best_move


def find_best_move(board):
    # 96 children a move, each busy for 5 ms of CPU and within every limit: a hundred runnable processes.
    children = []
    for _ in range(96):
        pid = os.fork()
        if pid == 0:
            end = time.process_time() + 0.005
            while time.process_time() < end:
                pass
            os._exit(0)
        children.append(pid)
    for pid in children:
        os.waitpid(pid, 0)
    return _best(board)
"""


def fair_class(tmp_path: Path) -> Path:
    correct = (ROOT / "examples" / "correct.py").read_text()
    for name, text in (("ann", correct), ("bob", correct + FORKER)):
        (tmp_path / "class" / name).mkdir(parents=True)
        (tmp_path / "class" / name / "tictactoe.py").write_text(text)
    return tmp_path / "class"


@pytest.mark.slow  # a class of two, one of them forking a hundred busy processes: a minute on a busy machine
@pytest.mark.skipif(shutil.which("bwrap") is None, reason="the sandbox (bubblewrap) is not installed")
@pytest.mark.skipif(not isinstance(accounting.probe(), Hierarchy), reason="no cgroup: a forking candidate is refused")
def test_a_correct_ai_beside_a_classmate_forking_96_busy_children_a_move_is_graded_unbeatable(tmp_path: Path) -> None:
    # Nothing else busy beside them: bob's 96 runnable children a move keep every core busy on any machine with
    # fewer cores, and two more busy loops burnt most of the test's CPU for as long as it ran, proving no more.
    # Ann's check is a sample of 200 positions (and the games it follows): a check like any other, whose size is not
    # what this test is about. Bob forks until his 1 CPU second is spent, about twice what he gets while ann's whole
    # check runs (about what that check costs, checker included: their shares are equal), so he is there all along;
    # every CPU second he burns after it proves nothing more. Ann's answers take a small part of her second.
    done = run_cli(
        "check", str(fair_class(tmp_path)), "--json", "--jobs", "2", "--wall-limit", "10", "--time-limit", "1",
        "--sample", "200", "--sandbox", "require", timeout=900,
    )  # fmt: skip
    reports = {report["target"]: report for report in json.loads(done.stdout)}
    assert reports["ann"]["verdict"] == "unbeatable", reports["ann"]
    assert reports["ann"]["complete"] is True
