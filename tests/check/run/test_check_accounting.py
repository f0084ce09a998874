"""Kernel accounting per candidate, limits that load cannot move, and failures of the machine that are not graded.

The tests that run real candidates (marked ``integration``) check the
attacks that per-process limits could not see: CPU burnt in children the
kernel reaps, shared memory, a daemon that leaves every process tree. The
others drive the accounting and the clocks with fakes: a cgroup tree in a
temporary folder, a child whose CPU and scheduler times the test sets, a
wall clock the test moves.
"""

from __future__ import annotations

import os
import site
import subprocess
import sys
import sysconfig
import textwrap
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from perfectplay.check.api import check_ai
from perfectplay.check.report.model import CheckReport
from perfectplay.check.report.render_graders import prairielearn_json
from perfectplay.check.report.render_json import json_schema, report_json
from perfectplay.check.report.score import score
from perfectplay.check.run import accounting, sandbox, user_slot, worker
from perfectplay.check.run.accounting import CGroup, Hierarchy
from perfectplay.check.run.candidate import _refused_elsewhere
from perfectplay.check.run.inside.seccomp import no_fork_filter
from perfectplay.check.run.sandbox import Isolation, Jail
from perfectplay.check.run.sandbox import ProcessLimits as Limits
from perfectplay.check.run.sandbox import choose as choose_isolation
from repo_paths import ROOT

needs_sandbox = pytest.mark.skipif(sandbox.probe() is not None, reason=f"no bubblewrap sandbox: {sandbox.probe()}")
counted = accounting.probe()

FIRST_FREE = """
def _first_free(board):
    return next(i for i, cell in enumerate(board) if cell == " ")


def find_best_move(board):
    if all(cell == " " for cell in board):
        attack()
    return _first_free(board)
"""


SAMPLE = 50
"""The real candidates' checks ask a seeded sample (the empty board, where they attack, is always in it)."""


def candidate(tmp_path: Path, attack: str, prelude: str = "") -> Path:
    """The first free cell on a flat board, with ``attack`` run on the empty board (the first position asked)."""
    path = tmp_path / "candidate.py"
    body = "def attack():\n" + textwrap.indent(textwrap.dedent(attack).strip(), "    ") + "\n"
    path.write_text(textwrap.dedent(prelude) + FIRST_FREE + "\n\n" + body)
    return path


def kinds_on_the_empty_board(report: CheckReport) -> set[str]:
    return {finding.kind for finding in report.findings if finding.example.position == ".../.../..."}


# --- the attacks, on real candidates ------------------------------------------------------------------


@pytest.mark.integration
def test_cpu_burnt_in_children_the_kernel_reaps_counts_against_the_move(tmp_path: Path) -> None:
    path = candidate(
        tmp_path,
        """
        signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # the kernel reaps them: no parent ever sees their time
        for _ in range(6):
            if os.fork() == 0:
                start = time.process_time()
                while time.process_time() - start < 0.1:
                    pass
                os._exit(0)
        try:
            os.wait()  # returns once every child is gone
        except ChildProcessError:
            pass
        """,
        prelude="import os, signal, time\n",
    )
    report = check_ai(path, board="flat", empty=" ", plays="X", sample=SAMPLE, move_seconds=0.2)
    # 0.6 s of CPU in a move allowed 0.2 s: over its limit where a cgroup counts it, refused where none does.
    assert kinds_on_the_empty_board(report) & {"timeout", "raises"}, report.findings
    assert ("cgroup per process" in report.isolation) == isinstance(counted, Hierarchy)


@pytest.mark.integration
def test_shared_memory_counts_against_the_memory_limit(tmp_path: Path) -> None:
    path = candidate(
        tmp_path,
        """
        block = mmap.mmap(-1, 600 * 2**20, flags=mmap.MAP_SHARED)  # not data: RLIMIT_DATA never sees it
        for offset in range(0, len(block), 4096):
            block[offset] = 1
        HELD.append(block)
        """,
        prelude="import mmap\nHELD = []\n",
    )
    report = check_ai(path, board="flat", empty=" ", plays="X", sample=SAMPLE, memory_mb=128, move_seconds=5)
    found = kinds_on_the_empty_board(report)
    assert found & {"crash", "raises"}, report.findings
    if "crash" in found:
        crash = next(finding for finding in report.findings if finding.kind == "crash")
        assert crash.example.answer is not None and "over its memory limit" in crash.example.answer


@pytest.mark.integration
def test_unsandboxed_a_daemon_that_leaves_its_session_and_empties_its_environment_is_killed(tmp_path: Path) -> None:
    marker = tmp_path / "daemon-was-here"
    daemon = tmp_path / "daemon_loop.py"
    daemon.write_text(
        "import sys, time\n"
        "deadline = time.time() + 20\n"
        "while time.time() < deadline:\n"
        "    open(sys.argv[1], 'w').write('the daemon lived on')\n"
        "    time.sleep(0.2)\n"
    )
    prelude = f"""
    import os, sys
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            os.execve(sys.executable, [sys.executable, {str(daemon)!r}, {str(marker)!r}], {{}})
        os._exit(0)
    os.wait()
    """
    path = candidate(tmp_path, "pass", prelude=prelude)
    # With the checker's user even as root: its daemon runs the checker's Python with no environment, which a
    # user of the candidate's own could not (check/run/own_user.py), and the kill is what is tested here.
    off = replace(choose_isolation("off"), own_user=False)
    report = check_ai(path, board="flat", empty=" ", plays="X", sample=SAMPLE, sandbox=off, move_seconds=5)
    assert report.isolation.startswith("NOT SANDBOXED")
    marker.unlink(missing_ok=True)
    time.sleep(1.0)  # it wrote every 0.2 s while it lived
    assert not marker.exists()


@pytest.mark.integration
@needs_sandbox
def test_the_sandbox_shows_no_installed_package_and_no_host_folder_of_the_submission(tmp_path: Path) -> None:
    real = Path(os.path.realpath(sys.executable)).parent.parent
    version = f"python{sys.version_info[0]}.{sys.version_info[1]}"
    folders = [
        *site.getsitepackages(),
        sysconfig.get_paths()["purelib"],
        str(real / "lib" / version / "site-packages"),
        f"/python/lib/{version}/site-packages",
        "/usr/lib/python3/dist-packages",
        str(ROOT / "src"),
    ]
    prelude = f"""
    import os, sys
    SEEN = []
    for folder in {folders!r}:
        try:
            if os.listdir(folder):
                SEEN.append(folder)
        except OSError:
            pass
    sys.path[:0] = {folders!r}
    try:
        import perfectplay
        SEEN.append("perfectplay")
    except ImportError:
        pass
    with open("/proc/self/mountinfo") as mounts:
        table = mounts.read()
    for needle in ({str(tmp_path)!r}, "perfectplay-check"):
        if needle in table:
            SEEN.append("mountinfo: " + needle)
    """
    path = candidate(tmp_path, "if SEEN:\n    raise RuntimeError('saw ' + ', '.join(SEEN))", prelude=prelude)
    report = check_ai(path, board="flat", empty=" ", plays="X", sample=SAMPLE, sandbox="require", move_seconds=5)
    assert report.problem is None
    assert "raises" not in {finding.kind for finding in report.findings}, report.findings


# --- the private copy --------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["bubblewrap", "none"])
def test_the_private_copy_is_readable_by_the_checker_alone_while_it_is_graded(tmp_path: Path, kind: str) -> None:
    folder = tmp_path / "student"
    folder.mkdir()
    (folder / "tictactoe.py").write_text("X = 'X'\n")
    (folder / "helper.py").write_text("Y = 1\n")
    jail = Jail(Isolation(kind, "test"), folder, frozenset(), Limits(128, 10))
    try:
        assert jail.copy.stat().st_mode & 0o777 == 0o700
        assert jail.copy.stat().st_uid == os.geteuid()
        if kind == "bubblewrap":
            # Handed to the sandbox as an archive unpacked in the sandbox's own memory.
            assert jail.archive is not None and jail.archive.stat().st_mode & 0o777 == 0o600
        else:
            assert jail.archive is None
    finally:
        jail.close()
    assert not jail.copy.exists()


def test_candidates_side_by_side_never_share_a_user(tmp_path: Path) -> None:
    slots = [user_slot.UserSlot(tmp_path) for _ in range(50)]
    try:
        assert len({slot.uid for slot in slots}) == 50
        assert all(user_slot.UID_BASE <= slot.uid < user_slot.UID_BASE + user_slot.UID_SLOTS for slot in slots)
    finally:
        for slot in slots:
            slot.release()


# --- a failure of the machine ----------------------------------------------------------------------


def test_a_sandbox_that_fails_to_start_is_not_graded_and_is_not_the_students_zero(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    starts: list[int] = []

    def broken(self: Jail, tail: list[str], program: str | None = None) -> tuple[list[str], Path]:
        starts.append(1)
        return [
            "/bin/sh",
            "-c",
            "echo 'bwrap: Creating new namespace failed: No space left on device' >&2; exit 1",
        ], tmp_path

    monkeypatch.setattr(Jail, "_start", broken)
    path = candidate(tmp_path, "pass")
    report = check_ai(path, board="flat", empty=" ", workers=1)
    assert report.verdict == "not graded" and report.exit_status == 3
    assert report.machine is not None and "No space left on device" in report.machine
    assert report.problem is not None and report.problem.startswith("not graded: the machine failed")
    assert len(starts) == worker.MACHINE_RETRIES + 1
    result = score(report)
    assert not result.gradable and result.points == 0
    document = prairielearn_json(report)
    assert document["gradable"] is False
    assert "not this submission" in document["output"]
    jsonschema.Draft202012Validator(json_schema()).validate(report_json(report))


def test_a_full_disk_while_copying_the_submission_is_the_machines_failure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(*args: Any, **kwargs: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(sandbox, "_copy_folder", full)
    report = check_ai(candidate(tmp_path, "pass"), board="flat", empty=" ")
    assert report.verdict == "not graded" and report.exit_status == 3
    assert report.machine == "the private copy of the submission could not be made (No space left on device)"


def v1_tree(tmp_path: Path) -> Hierarchy:
    """A fake cgroup v1 tree: memory, pids and cpuacct, each with the checker's cgroup inside."""
    parents = []
    for controller in accounting.V1:
        root = tmp_path / controller
        own = root / "checker"
        own.mkdir(parents=True)
        for folder in (root, own):
            (folder / "cgroup.procs").write_text("")
            if controller == "pids":
                (folder / "pids.events").write_text("max 0\n")
        parents.append(own)
    return Hierarchy(1, tuple(parents))


def fake_group(tmp_path: Path) -> CGroup:
    """A cgroup made in the fake tree (the kernel would make its files; here the test does)."""
    hierarchy = v1_tree(tmp_path)
    for parent in hierarchy.parents:
        folder = parent / "candidate"
        folder.mkdir()
        (folder / "cgroup.procs").write_text("")
    pids = hierarchy.parents[1] / "candidate"
    (pids / "pids.events").write_text("max 0\n")
    return CGroup(hierarchy, tuple(parent / "candidate" for parent in hierarchy.parents))


class FakeChild:
    def __init__(self, group: CGroup | None) -> None:
        self.group = group


THREAD_REFUSED = {"error": {"type": "RuntimeError", "message": "can't start new thread"}}


def test_a_thread_refused_by_an_enclosing_limit_is_the_machines_failure(tmp_path: Path) -> None:
    group = fake_group(tmp_path)
    child: Any = FakeChild(group)
    assert _refused_elsewhere(child, THREAD_REFUSED) is None  # nothing refused: it raised that itself
    (tmp_path / "pids" / "checker" / "pids.events").write_text("max 3\n")
    reason = _refused_elsewhere(child, THREAD_REFUSED)
    assert reason is not None and "a limit above the candidate's own" in reason
    assert _refused_elsewhere(child, {"error": {"type": "ValueError", "message": "no"}}) is None


def test_a_thread_refused_by_its_own_process_limit_is_the_candidates(tmp_path: Path) -> None:
    group = fake_group(tmp_path)
    child: Any = FakeChild(group)
    (tmp_path / "pids" / "checker" / "candidate" / "pids.events").write_text("max 1\n")
    (tmp_path / "pids" / "checker" / "pids.events").write_text("max 1\n")
    assert _refused_elsewhere(child, THREAD_REFUSED) is None


# --- the accounting itself --------------------------------------------------------------------------


def test_a_v1_cgroup_gets_its_limits_in_each_controller_and_reads_cpu_from_cpuacct(tmp_path: Path) -> None:
    hierarchy = v1_tree(tmp_path)
    group = CGroup.create(hierarchy, memory_bytes=128 * 2**20, name="one")
    memory, pids, cpu = group.folders
    assert (memory / "memory.limit_in_bytes").read_text() == str(128 * 2**20)
    assert (pids / "pids.max").read_text() == str(accounting.PROCESSES)
    (cpu / "cpuacct.usage").write_text("2500000000\n")
    assert group.cpu() == 2.5


def test_a_v2_cgroup_has_memory_pids_and_cpu_in_one_folder(tmp_path: Path) -> None:
    parent = tmp_path / "perfectplay"
    parent.mkdir()
    (parent / "cgroup.subtree_control").write_text("memory pids cpu\n")
    group = CGroup.create(Hierarchy(2, (parent,)), memory_bytes=64 * 2**20, name="one")
    (folder,) = group.folders
    assert (folder / "memory.max").read_text() == str(64 * 2**20)
    assert (folder / "pids.max").read_text() == str(accounting.PROCESSES)
    (folder / "cpu.stat").write_text("usage_usec 1500000\nuser_usec 1000000\n")
    assert group.cpu() == 1.5


def test_a_v2_parent_without_the_controllers_delegated_makes_no_cgroup(tmp_path: Path) -> None:
    parent = tmp_path / "perfectplay"
    parent.mkdir()
    (parent / "cgroup.subtree_control").write_text("")
    with pytest.raises(OSError, match="not delegated"):
        # The file takes the write and keeps what was written: here that is +cpu +memory +pids, not the names.
        CGroup.create(Hierarchy(2, (parent,)), memory_bytes=None, name="one")


def test_a_process_is_in_its_cgroup_before_the_program_runs(tmp_path: Path) -> None:
    group = fake_group(tmp_path)
    argv = group.join_argv(["/bin/sh", "-c", "echo $$"])
    done = subprocess.run(argv, capture_output=True, check=True)
    pid = done.stdout.decode().strip()
    # The same process wrote its pid into every controller's cgroup.procs and then became the program.
    assert all((folder / "cgroup.procs").read_text().strip() == pid for folder in group.folders)


def test_a_process_that_cannot_join_its_cgroup_never_runs_the_program(tmp_path: Path) -> None:
    group = CGroup(Hierarchy(2, ()), (tmp_path / "missing",))
    done = subprocess.run(group.join_argv(["/bin/echo", "ran"]), capture_output=True, check=False)
    assert done.returncode == accounting.JOIN_FAILED and done.stdout == b""


@pytest.mark.skipif(sys.platform != "linux", reason="seccomp is Linux's")
def test_where_no_cgroup_counts_them_a_python_candidate_may_start_threads_but_no_process() -> None:
    runner = Path(worker.__file__).with_name("runner.py")
    script = (
        f"import sys; sys.path.insert(0, {str(runner.parent)!r})\n"
        "import runner, os, subprocess, threading\n"
        "runner.seccomp.forbid_new_processes()\n"
        "thread = threading.Thread(target=print, args=('thread',)); thread.start(); thread.join()\n"
        "for attempt in (os.fork, lambda: subprocess.run(['true']), lambda: os.memfd_create('x')):\n"
        "    try:\n"
        "        attempt(); print('allowed')\n"
        "    except OSError as error:\n"
        "        print(error.errno)\n"
    )
    done = subprocess.run([sys.executable, "-I", "-c", script], capture_output=True, check=True, timeout=60)
    assert done.stdout.decode().split() == ["thread", "1", "1", "1"]


def test_the_no_process_filter_is_made_for_the_machines_that_have_one() -> None:
    for machine in ("x86_64", "aarch64"):
        program = no_fork_filter(machine)
        assert len(program) % 8 == 0 and 10 <= len(program) // 8 < 40
    with pytest.raises(KeyError):
        no_fork_filter("sparc")


# --- load never changes a verdict: the clocks --------------------------------------------------------


class Scripted:
    """A child whose CPU seconds and active seconds (running or queued for a CPU) the test sets."""

    def __init__(self) -> None:
        self.cpu_seconds = 0.0
        self.active_seconds: float | None = 0.0
        self.process = type("P", (), {"pid": -1})()

    def cpu(self) -> float:
        return self.cpu_seconds

    def active(self) -> float | None:
        return self.active_seconds


class WallClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def wall(monkeypatch: pytest.MonkeyPatch) -> WallClock:
    clock = WallClock()
    monkeypatch.setattr(worker, "monotonic", clock)
    return clock


def test_a_candidate_starved_of_cpu_by_a_busy_machine_is_never_stopped_by_the_wall_clock(wall: WallClock) -> None:
    clock = worker.Clock(move=1.0, total=60.0)
    child: Any = Scripted()
    budget = worker.AnswerBudget.now(clock, child)
    # Ten minutes on the clock, runnable all along, 0.9 s of CPU: the machine was busy, not the candidate idle.
    for _ in range(600):
        wall.now += 1.0
        child.cpu_seconds += 0.0015
        child.active_seconds += 1.0
        budget.check(child)
    assert child.cpu_seconds < 1.0


def test_a_candidate_that_sleeps_is_stopped_by_the_wall_clock_backstop(wall: WallClock) -> None:
    clock = worker.Clock(move=1.0, total=60.0)
    child: Any = Scripted()
    budget = worker.AnswerBudget.now(clock, child)
    with pytest.raises(worker.ChildTimedOut) as stopped:
        for _ in range(600):
            wall.now += 1.0
            child.active_seconds += 0.01
            budget.check(child)
    assert stopped.value.clock == "wall"
    assert wall.now - 1000.0 == pytest.approx(1.0 * worker.WALL_FACTOR + worker.WALL_EXTRA, abs=1.5)


def test_a_candidate_over_its_cpu_limit_is_stopped_however_long_it_took(wall: WallClock) -> None:
    clock = worker.Clock(move=1.0, total=60.0)
    child: Any = Scripted()
    budget = worker.AnswerBudget.now(clock, child)
    wall.now += 0.5
    child.cpu_seconds = child.active_seconds = 1.2
    with pytest.raises(worker.ChildTimedOut) as stopped:
        budget.check(child)
    assert stopped.value.clock == "cpu"


def test_the_checks_backstop_adds_up_only_the_time_its_answers_spent_waiting(wall: WallClock) -> None:
    clock = worker.Clock(move=1.0, total=2.0)  # backstop: 3 * 2 + 10 = 16 s of waiting
    for _ in range(100):  # 100 answers, 5 s each on the clock, all of it queued for a processor
        budget = worker.AnswerBudget(clock, 0.0, wall.now, active=0.0)
        wall.now += 5.0
        arrival = worker.Arrival(b"{}", wall.now, 0.001, 5.0)
        clock.spend(budget.spent(arrival)[1], budget.waited_for(arrival))
        clock.check()
    assert clock.waited == 0.0
    budget = worker.AnswerBudget(clock, 0.0, wall.now, active=0.0)
    wall.now += 20.0
    arrival = worker.Arrival(b"{}", wall.now, 0.001, 0.5)  # 19.5 s asleep
    clock.spend(0.001, budget.waited_for(arrival))
    with pytest.raises(worker.OutOfTime, match="wall"):
        clock.check()


def test_a_program_still_starting_when_asked_is_tested_for_flushing_once_it_settles(wall: WallClock) -> None:
    # The first question goes out while its interpreter starts (in a checker that had built its oracle
    # already, at once): that start-up's CPU must not keep the flush test from ever running.
    clock = worker.Clock(move=20.0, total=600.0)
    child: Any = Scripted()
    budget = worker.AnswerBudget.now(clock, child)
    idle_at = None
    for tick in range(1, 200):
        wall.now += worker.POLL
        if tick <= 4:
            child.cpu_seconds += 0.02  # 80 ms of start-up, then it waits on its input
        if budget.idle(child):
            idle_at = tick * worker.POLL
            break
    assert idle_at is not None
    assert idle_at == pytest.approx(4 * worker.POLL + worker.FLUSH_IDLE, abs=2 * worker.POLL)


def test_a_program_that_keeps_computing_is_never_tested_for_flushing(wall: WallClock) -> None:
    clock = worker.Clock(move=20.0, total=600.0)
    child: Any = Scripted()
    budget = worker.AnswerBudget.now(clock, child)
    for _ in range(200):
        wall.now += worker.POLL
        child.cpu_seconds += worker.POLL
        assert not budget.idle(child)


# --- a budget: the same sample for everyone, graded on what it covers ---------------------------------


def test_every_prefix_of_the_sample_holds_every_stratum_in_proportion() -> None:
    from perfectplay.check.judge import sample

    items = [(stones, index) for stones, size in ((0, 1), (1, 9), (2, 72), (3, 252), (4, 756)) for index in range(size)]
    key = sample.keys(items, stratum=lambda item: item[0], order=repr)
    assert key == sample.keys(list(reversed(items)), stratum=lambda item: item[0], order=repr)  # seeded, stable
    for fraction in sample.ROUNDS:
        for stones, size in ((1, 9), (2, 72), (3, 252), (4, 756)):
            chosen = sum(1 for item in items if item[0] == stones and key[item] < fraction)
            assert abs(chosen - fraction * size) <= 1


def test_a_round_is_started_only_when_twice_as_much_again_as_the_rounds_before_fits_in_the_cpu_budget() -> None:
    from perfectplay.check.judge import sample

    assert sample.next_round_fits(used=0.0, sampled=0.0, index=0, budget=1.0)
    assert sample.next_round_fits(used=3.0, sampled=2.0, index=3, budget=10.0)  # 3 + 2 * 2 <= 9
    assert not sample.next_round_fits(used=3.0, sampled=3.5, index=3, budget=10.0)  # 3 + 3.5 * 2 > 9


def test_a_sampled_report_is_graded_on_the_positions_of_its_sample() -> None:
    from dataclasses import replace

    from perfectplay.check.report.model import CheckTiming, RoleResult

    roles = (RoleResult("X", "X", 40, False, 0), RoleResult("O", "X", 60, False, 0))
    base = CheckReport(
        target="slow.py",
        interface="minimax",
        standard="value",
        positions=4520,
        asked=300,
        best=300,
        roles=roles,
        findings=(),
        notes=(),
        randomised=False,
        complete=False,
        timing=CheckTiming(300, 0.1, 1.0, None, None, 30.0, 40.0),
        legal=340,
        legal_of=340,
        kept=300,
        helpers=50,
        helpers_of=50,
    )
    sampled = score(replace(base, sampled=True))
    assert sampled.points == sampled.total == 100
    assert "in a sample of 300 of 4,520" in sampled.category("keeps_value").message
    # The same answers without a budget: the positions never asked are never right.
    assert score(base).points < 60


def test_a_left_behind_candidate_cgroup_is_removed_by_the_next_check_and_no_live_or_new_one(tmp_path: Path) -> None:
    hierarchy = v1_tree(tmp_path)
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    clock = [time.time() + accounting.STALE_AFTER + 1]
    names = {
        "left": f"perfectplay-{dead.pid}-aaaaaaaaaaaa",  # its maker is gone: removed
        "live": f"perfectplay-{os.getpid()}-bbbbbbbbbbbb",  # its maker still runs: kept
        "other": "someone-elses-group",  # not a candidate's: never touched
    }
    for parent in hierarchy.parents:
        for name in names.values():
            (parent / name).mkdir()
    assert accounting.sweep_stale(hierarchy, now=lambda: clock[0] - accounting.STALE_AFTER) == 0  # too new yet
    assert accounting.sweep_stale(hierarchy, now=lambda: clock[0]) == len(hierarchy.parents)
    for parent in hierarchy.parents:
        assert not (parent / names["left"]).exists()
        assert (parent / names["live"]).is_dir() and (parent / names["other"]).is_dir()
