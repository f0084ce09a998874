"""``build_core.py``: the core compiled in place from the C sources a pure wheel carries, or one line saying why not.

One compile (a CPU second, unoptimised: see ``unoptimising``) is made once a session, into the pure wheel
unpacked as a grader unpacks it; every other case is one line and no compile.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from perfectplay.cli import build_core
from perfectplay.cli.grader_files import BUILD_BOOT
from perfectplay.cli.wheel import build_wheel
from repo_paths import TESTS

KNOWN = [line.split() for line in (TESTS / "data" / "connect4" / "Test_L3_R1").read_text().splitlines()[:4]]
"""Four of Pons's end-game positions (moves, score): the pure core solves each in well under a second."""
SOLVE = """import sys
sys.path.insert(0, sys.argv[1])
from perfectplay.games.connect4 import Connect4, outcome_of_pons_score
from perfectplay.search.solver import solver_core
from perfectplay.search.solver.exact import solve_value
game = Connect4()
print(solver_core().split(" for ")[0])
for moves in sys.argv[2:]:
    print(solve_value(game, game.parse(moves)).outcome)
"""


def can_compile() -> bool:
    return build_core.compiler() is not None and (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file()


def unpacked(folder: Path) -> Path:
    """The pure wheel of this perfectplay, unpacked into ``folder`` as PrairieLearn's run.sh unpacks it."""
    wheel = build_wheel(folder / "dist")
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(folder / "lib")
    return folder / "lib"


def build_in(lib: Path, **environ: str) -> subprocess.CompletedProcess[str]:
    # Neither the caller's Python settings nor its PERFECTPLAY_PURE: each run asks for its core through ``environ``.
    inherited = {key: value for key, value in os.environ.items() if not key.startswith("PYTHON")}
    env = {key: value for key, value in inherited.items() if key != "PERFECTPLAY_PURE"} | environ
    return subprocess.run(
        [sys.executable, "-I", "-c", BUILD_BOOT, str(lib)], capture_output=True, text=True, env=env, timeout=600
    )


def unoptimising(folder: Path) -> Path:
    """A folder holding a stand-in for the compiler ``build_core`` finds on PATH (sysconfig's CC, else cc and gcc):
    the real one, given every argument ``build_core`` passes (its -O3 and the rest) and then -O0, which wins.

    The compile under test is the shipped sources built by ``build_core`` with its own flags; how fast the core
    runs is not its subject (the installed core, compiled by setup.py with the same flags, is what the rest of the
    suite runs): -O0 takes half the CPU of -O3 (1 s against 2 s)."""
    real = build_core.compiler()
    assert real is not None
    folder.mkdir()
    for name in {Path(real[0]).name, "cc", "gcc"}:
        (folder / name).write_text(f'#!/bin/sh\nexec {shlex.quote(real[0])} "$@" -O0\n')
        (folder / name).chmod(0o755)
    return folder


@pytest.fixture(scope="session")
def compiled_lib(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    if not can_compile():
        pytest.skip("no C compiler or no Python.h here: the core cannot be compiled")
    lib = unpacked(tmp_path_factory.mktemp("compiled"))
    wrapper = unoptimising(tmp_path_factory.mktemp("unoptimising") / "bin")
    done = build_in(lib, PATH=os.pathsep.join([str(wrapper), os.environ.get("PATH", "")]))
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return lib, done.stdout


def solved(lib: Path, **environ: str) -> list[str]:
    # Neither the caller's Python settings nor its PERFECTPLAY_PURE: each run asks for its core through ``environ``.
    inherited = {key: value for key, value in os.environ.items() if not key.startswith("PYTHON")}
    env = {key: value for key, value in inherited.items() if key != "PERFECTPLAY_PURE"} | environ
    argv = [sys.executable, "-I", "-c", SOLVE, str(lib), *(moves for moves, _ in KNOWN)]
    done = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_the_pure_wheel_carries_the_cores_c_sources_and_nothing_compiled(tmp_path: Path) -> None:
    with zipfile.ZipFile(build_wheel(tmp_path)) as archive:
        names = archive.namelist()
    sources = {Path(name).name for name in names if name.startswith("perfectplay/_core/")}
    shipped = {path.name for path in build_core.SOURCES.glob("*.[ch]")}
    assert {"module.c", "core.h", "connect4_node.c"} <= sources and sources == shipped
    assert not [name for name in names if name.endswith((".so", ".pyd", ".o"))]


def test_the_compiled_core_agrees_with_pons_and_with_the_pure_core_on_known_positions(
    compiled_lib: tuple[Path, str],
) -> None:
    from perfectplay.games.connect4 import outcome_of_pons_score

    lib, line = compiled_lib
    assert line.startswith("perfectplay: compiled the core for Python ") and line.count("\n") == 1
    assert (lib / "perfectplay" / build_core.target(lib / "perfectplay").name).is_file()
    assert not list((lib / "perfectplay").glob(".core-*"))  # the temporary file was renamed, none left
    known = [str(outcome_of_pons_score(int(score), len(moves))) for moves, score in KNOWN]
    compiled = solved(lib)
    assert compiled[0] == "compiled C" and compiled[1:] == known
    pure = solved(lib, PERFECTPLAY_PURE="1")
    assert pure[0].startswith("pure Python") and pure[1:] == known


def test_a_second_run_finds_the_core_already_built_and_leaves_it(compiled_lib: tuple[Path, str]) -> None:
    lib, _ = compiled_lib
    built = lib / "perfectplay" / build_core.target(lib / "perfectplay").name
    before = built.stat().st_mtime_ns
    again = build_in(lib)
    assert (again.returncode, again.stdout) == (0, f"perfectplay: the compiled core is already there ({built.name})\n")
    assert built.stat().st_mtime_ns == before


def test_no_compiler_on_the_path_leaves_the_pure_core_and_one_line(tmp_path: Path) -> None:
    lib = unpacked(tmp_path)
    done = build_in(lib, PATH=str(tmp_path / "nothing"))
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == "perfectplay: no C compiler on this machine (install gcc): the pure core is used\n"
    assert not list((lib / "perfectplay").glob("_core*.so"))


def fake_compiler(folder: Path, script: str) -> None:
    folder.mkdir()
    for name in ("cc", "gcc"):
        (folder / name).write_text(f"#!/bin/sh\n{script}\n")
        (folder / name).chmod(0o755)


def package_with_sources(tmp_path: Path) -> Path:
    package = tmp_path / "perfectplay"
    shutil.copytree(build_core.SOURCES, package / "_core", ignore=shutil.ignore_patterns("*.o"))
    return package


@pytest.mark.parametrize(
    ("script", "said"),
    [
        ('echo "module.c:1: error: broken" >&2; exit 1', "the C compiler failed (module.c:1: error: broken)"),
        ('for a; do o=$a; done; echo "not an extension" > "$o"', "the compiled core did not load"),
    ],
    ids=["fails", "writes garbage"],
)
def test_a_compiler_that_fails_or_writes_garbage_leaves_no_file_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: str, said: str
) -> None:
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        pytest.skip("no Python.h here: the build stops before the compiler")
    fake_compiler(tmp_path / "bin", script)
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    package = package_with_sources(tmp_path)
    assert build_core.build(package) == f"{said}: the pure core is used"
    assert sorted(path.name for path in package.iterdir()) == ["_core"]


def test_no_sources_or_no_headers_say_so_without_compiling(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake_compiler(tmp_path / "bin", "exit 1")
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    (tmp_path / "bare").mkdir()
    assert build_core.build(tmp_path / "bare").startswith("no C sources of the core in this install")
    headers = tmp_path / "include"
    headers.mkdir()
    monkeypatch.setattr("sysconfig.get_paths", lambda: {"include": str(headers)})
    assert build_core.build(package_with_sources(tmp_path)) == (
        f"no Python.h in {headers} (install python3-dev): the pure core is used"
    )


def test_popcnt_is_asked_for_only_where_the_cpu_has_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("platform.machine", lambda: "x86_64")
    assert build_core.cpu_flags("flags : fpu sse4_2 popcnt avx\n") == ["-mpopcnt"]
    assert build_core.cpu_flags("flags : fpu sse2\n") == []
    monkeypatch.setattr("platform.machine", lambda: "aarch64")
    assert build_core.cpu_flags("flags : popcnt\n") == []


def test_an_unexpected_error_is_one_line_and_exit_0(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    def broken(package: Path = build_core.PACKAGE) -> str:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(build_core, "build", broken)
    assert build_core.main() == 0
    out = capfd.readouterr()
    assert out == ("perfectplay: the core could not be compiled (RuntimeError): the pure core is used\n", "")


def test_a_package_folder_it_cannot_write_says_so_in_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if not can_compile():
        pytest.skip("no C compiler or no Python.h here: the build stops before writing")

    def refused(**_: object) -> tuple[int, str]:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("tempfile.mkstemp", refused)
    package = package_with_sources(tmp_path)
    assert build_core.build(package) == "cannot write beside the package (Permission denied): the pure core is used"


def test_a_full_or_closed_standard_output_loses_the_line_never_the_setup() -> None:
    for output in ("> /dev/full", ">&-"):
        done = subprocess.run(
            f"{shlex.quote(sys.executable)} -I -m perfectplay.cli.build_core {output}",
            shell=True,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert (done.returncode, done.stderr) == (0, ""), output
