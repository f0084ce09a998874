"""In the candidate's process, the candidate's code reaches none of the runner's objects: each way in (frames,
tracebacks, generators, trace functions, the garbage collector, ctypes, code made to pass for the standard
library's) is refused, while the standard library's own use of its caller's frame (namedtuple, enum, typing,
logging) still works."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from perfectplay.check.run import runner

RUNNER = Path(runner.__file__)
LIBRARY = os.path.dirname(os.__file__)

# Each attempt is the body of a function of the candidate's: it either returns (allowed) or raises.
REFUSED = {
    "getframe": "sys._getframe(1)",
    "inspect": "import inspect; inspect.stack()",
    "currentframe": "import inspect; inspect.currentframe().f_back",
    "traceback": "try:\n    raise ValueError\nexcept ValueError as error:\n    error.__traceback__.tb_frame",
    "generator": "def walk():\n    yield\ng = walk(); next(g); g.gi_frame",
    "settrace": "sys.settrace(lambda *args: None)",
    "current_frames": "sys._current_frames()",
    "gc": "import gc; gc.get_objects()",
    "referrers": "import gc; gc.get_referrers(sys)",
    "ctypes": "import ctypes; ctypes.CDLL(None)",
    "audit_hook": "sys.addaudithook(lambda *args: None); raise ValueError('added')",
    "compile_as_library": f"compile('x = 1', {LIBRARY + '/inspect.py'!r}, 'exec')",
    "code_as_library": f"(lambda: 0).__code__.replace(co_filename={LIBRARY + '/enum.py'!r})",
    "function_from_library": "import collections, types; types.FunctionType(collections.namedtuple.__code__, {})",
    "main_module": "import __main__; __main__.Runner",
}
ALLOWED = {
    "namedtuple": "import collections; collections.namedtuple('Point', 'x y')(1, 2)",
    "enum": "import enum; enum.Enum('Colour', 'RED GREEN')",
    "typing": "import typing; typing.TypeVar('T')",
    "logging": "import logging; logging.getLogger('x').warning('fine')",
    "dataclass": "import dataclasses\n@dataclasses.dataclass\nclass P:\n    x: int\nP(1)",
    "run_text": "exec('y = 2', {})",
}


def candidate(attempts: dict[str, str]) -> str:
    lines = ["import sys", ""]
    for name, body in attempts.items():
        lines.append(f"def {name}(board):")
        lines += ["    " + line for line in body.splitlines()]
        lines.append("    return 0")
    return "\n".join(lines) + "\n"


def answers(tmp_path: Path, attempts: dict[str, str]) -> dict[str, str]:
    """Each attempt asked once through the runner's own protocol: ``ok``, or the type of what it raised."""
    path = tmp_path / "attempts.py"
    path.write_text(candidate(attempts))
    messages = []
    for name in attempts:
        use = {"kind": "function", "name": name, "board": "flat", "empty": None, "x": "X", "o": "O"}
        messages += [{"op": "use", "interface": use}, {"op": "moves", "positions": [["X........", "O"]]}]
    done = subprocess.run(
        [sys.executable, "-I", "-S", str(RUNNER), "--module", str(path)],
        input="".join(json.dumps(message) + "\n" for message in messages),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert "error" not in replies[0], replies[0]
    moves = replies[2::2]
    assert len(moves) == len(attempts), done.stdout + done.stderr
    return {
        name: move["error"]["type"] if "error" in move else "ok" for name, move in zip(attempts, moves, strict=True)
    }


def test_every_way_to_the_runners_objects_is_refused_to_the_candidate(tmp_path: Path) -> None:
    found = answers(tmp_path, REFUSED)
    assert found == {**dict.fromkeys(REFUSED, "Refused"), "audit_hook": "ValueError", "main_module": "AttributeError"}


def test_the_standard_librarys_own_reading_of_its_callers_module_still_works(tmp_path: Path) -> None:
    assert answers(tmp_path, ALLOWED) == dict.fromkeys(ALLOWED, "ok")


def test_poisoning_the_builtins_its_printed_output_object_sees_leaves_the_runners_own_untouched(tmp_path: Path) -> None:
    # ``sys.stdout`` is the runner's Capture: its methods' globals are within reach, and their builtins with them.
    poison = (
        "seen = type(sys.stdout).write.__globals__['__builtins__']\n"
        "for name in ('isinstance', 'len', 'type', 'list', 'dict', 'str', 'getattr'):\n"
        "    seen[name] = None"
    )
    assert answers(tmp_path, {"poison": poison, "after": "pass"}) == {"poison": "ok", "after": "ok"}
