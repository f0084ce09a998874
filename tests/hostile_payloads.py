"""Hostile tic-tac-toe submissions for the sandbox's tests: the first free cell plus one attack from
``tests/check/hostile/``, and the marks of a test that runs them (only in the real bubblewrap sandbox)."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from perfectplay.check.run.sandbox import probe

HOSTILE = Path(__file__).parent / "check" / "hostile"

SANDBOXED = [
    pytest.mark.integration,  # hostile code in the real bubblewrap sandbox
    pytest.mark.skipif(probe() is not None, reason=f"no bubblewrap sandbox here: {probe()}"),
]
"""``pytestmark`` of a module that runs hostile code: never unsandboxed."""

EITHER_SANDBOX = ["off", pytest.param("require", marks=SANDBOXED)]
"""``parametrize``'s values for a test run both unsandboxed and in the real sandbox (where there is one)."""


def build(folder: Path, name: str | None, **fill: object) -> Path:
    """The honest AI plus the attack ``name``, its placeholders filled, as ``folder/tictactoe.py``."""
    text = (HOSTILE / "_first_free.py").read_text()
    if name is not None:
        text += "\n\n" + (HOSTILE / f"{name}.py").read_text()
    for key, value in fill.items():
        text = text.replace(f"__{key.upper()}__", str(value))
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "tictactoe.py"
    path.write_text(text)
    return path


@contextmanager
def listening() -> Iterator[tuple[int, list[bytes]]]:
    """A server on a free loopback port for as long as the block runs: its port, and what reached it."""
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(0.2)
    reached: list[bytes] = []
    done = threading.Event()

    def listen() -> None:
        while not done.is_set():
            try:
                connection, _ = server.accept()
            except TimeoutError:
                continue
            reached.append(connection.recv(100))
            connection.close()

    thread = threading.Thread(target=listen)
    thread.start()
    try:
        yield server.getsockname()[1], reached
    finally:
        done.set()
        thread.join()
        server.close()
