"""The runner's modules are handed into a sandbox with their compiled files: a start reads their code, not compiles it.

The compiled file is the one the import system looks for beside the module as the sandbox shows it, of the
module's own source, and read as it is (an unchecked hash-based file): the copy bubblewrap makes bears no time
the import system could check it by.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from perfectplay.check.run import handed, sandbox


def load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_compiled_file_is_read_where_the_import_system_looks_and_not_checked_against_the_source(
    tmp_path: Path,
) -> None:
    source = tmp_path / "checker" / "part.py"
    source.parent.mkdir()
    source.write_text("WHERE = 'compiled'\n")
    shown = tmp_path / "sandbox" / "part.py"
    shown.parent.mkdir()
    # The sandbox's copy of the source, its compiled file beside it where the import system looks.
    shown.write_text("WHERE = 'compiled from the copy'\n")
    cached = Path(handed.compiled_path(str(shown)))
    cached.parent.mkdir()
    cached.write_bytes(handed.compiled(source, str(shown)))
    module = load("perfectplay_test_handed_part", shown)
    assert module.WHERE == "compiled"  # read from the compiled file, not compiled
    assert module.__spec__ is not None and module.__spec__.cached == str(cached)


def test_a_file_of_another_interpreter_is_passed_over_and_the_source_compiled(tmp_path: Path) -> None:
    shown = tmp_path / "part.py"
    shown.write_text("WHERE = 'source'\n")
    cached = Path(handed.compiled_path(str(shown)))
    cached.parent.mkdir()
    cached.write_bytes(b"\0\0\r\n" + handed.compiled(shown, str(shown))[4:])  # a magic number of no interpreter
    assert load("perfectplay_test_handed_other", shown).WHERE == "source"


def test_every_runner_part_and_driver_is_written_once_and_placed_beside_its_module(tmp_path: Path) -> None:
    parts = {part.stem: part for part in sandbox.RUNNER_PARTS}
    drivers = {"nim": tmp_path / "nim.py"}
    drivers["nim"].write_text("def open_driver(module, interface, tools):\n    return None\n")
    modules = handed.compiled_modules(parts, sandbox.INSIDE_PARTS, drivers, sandbox.INSIDE_DRIVERS)
    written = handed.write_compiled(tmp_path / "compiled", modules)
    assert set(written) == set(modules) and len(written) == len(parts) + 1
    again = handed.write_compiled(tmp_path / "compiled", modules)
    assert again == written
    argv = handed.bwrap_compiled("RUNNER", sorted(parts), sandbox.INSIDE_PARTS)
    tag = sys.implementation.cache_tag
    assert ["--perms", "0755", "--dir", f"{sandbox.INSIDE_PARTS}/__pycache__"] == argv[:4]
    answering = handed.stand_in("COMPILED_RUNNER", "answering")
    assert argv[argv.index(answering) + 1] == f"{sandbox.INSIDE_PARTS}/__pycache__/answering.{tag}.pyc"
