"""``perfectplay serve`` starts cleanly, fails in one line, and logs one line per request."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from browser_support import Server, find_chromium, read_line
from cli_helpers import InProcess, run_cli


def test_a_port_in_use_is_one_line_on_stderr_and_exit_status_2() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = run_cli("serve", "--port", str(port))
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert f"port {port} on 127.0.0.1 is already in use" in result.stderr
    assert "Traceback" not in result.stderr


REFUSED = """
import socket, sys
from perfectplay.cli import main
with socket.socket() as taken:
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    status = main(["serve", "--port", str(taken.getsockname()[1])])
print(status, sorted(name for name in sys.modules if name.startswith(("fastapi", "uvicorn", "perfectplay.web"))))
"""


def test_a_port_in_use_is_refused_before_the_web_app_is_loaded() -> None:
    """The port is bound first: a refusal costs the user no wait for FastAPI, uvicorn and the app to load."""
    result = subprocess.run([sys.executable, "-c", REFUSED], capture_output=True, text=True, timeout=PATIENCE)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "2 []"  # refused (status 2), and no module of the web app loaded
    assert "is already in use" in result.stderr


@pytest.mark.parametrize(
    ("host", "words"),
    [("no-such-host.invalid", "no such host"), ("192.0.2.1", "not an address of this machine")],
)
def test_a_host_we_cannot_listen_on_is_one_line_and_exit_status_2(host: str, words: str) -> None:
    result = run_cli("serve", "--host", host, "--port", "0")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert words in result.stderr


@pytest.mark.parametrize("args", [("--port", "70000"), ("--port", "http"), ("--time-limit", "0"), ("--workers", "0")])
def test_bad_options_are_refused_before_anything_starts(
    in_process: InProcess, monkeypatch: pytest.MonkeyPatch, args: tuple[str, str]
) -> None:
    def serve(_: Any) -> int:
        raise AssertionError("the command went on to serve")  # in this process it would serve for ever

    monkeypatch.setattr("perfectplay.cli.serve.run_serve", serve)
    result = in_process("serve", *args)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1


def test_the_server_logs_one_line_per_request(server: Server) -> None:
    # The server is the browser tests' too: only the lines after this test's first request are its own.
    before = len(server.log.read_text().splitlines())
    with urllib.request.urlopen(server.url + "healthz", timeout=PATIENCE) as response:
        assert json.load(response)["status"] == "ok"
    request = urllib.request.Request(
        server.url + "api/analyze", data=b'{"position": "XOX/OO./.X."}', headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=PATIENCE) as response:
        assert json.load(response)["best"] == [5]
    lines = server.log.read_text().splitlines()[before:]
    assert sum("GET /healthz 200" in line for line in lines) == 1
    assert sum("POST /api/analyze 200" in line for line in lines) >= 1


PATIENCE = 120.0
"""How long a test waits for what takes a moment: a hang, not a slow machine, fails it."""

EMPTY_5X5 = {"position": "...../...../...../...../....."}
"""A search that takes the server's whole time limit."""


class Serving:
    """``perfectplay serve`` in a session of its own (as in a terminal), its stderr read as it comes."""

    def __init__(self, *options: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "perfectplay", "serve", "--port", "0", *options],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
        assert self.process.stdout is not None and self.process.stderr is not None
        self.url = read_line(self.process.stdout, PATIENCE).split()[3]
        self.port = int(self.url.rstrip("/").rsplit(":", 1)[1])
        self.stderr: list[str] = []
        self._reader = threading.Thread(target=self.stderr.extend, args=(self.process.stderr,), daemon=True)
        self._reader.start()

    def get(self, path: str) -> dict[str, Any]:
        with urllib.request.urlopen(self.url + path.lstrip("/"), timeout=PATIENCE) as response:
            body: dict[str, Any] = json.load(response)
            return body

    def post(self, path: str, body: dict[str, Any]) -> tuple[int, dict[str, str], dict[str, Any]]:
        """Status, headers and JSON body; an exception if the connection is dropped without an answer."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=PATIENCE)
        try:
            connection.request("POST", path, json.dumps(body), {"content-type": "application/json"})
            response = connection.getresponse()
            return response.status, {k.lower(): v for k, v in response.getheaders()}, json.loads(response.read())
        finally:
            connection.close()

    def signal(self, number: int) -> None:
        os.killpg(self.process.pid, number)

    def wait_for(self, condition: Callable[[], bool], what: str) -> None:
        deadline = time.monotonic() + PATIENCE
        while not condition():
            assert time.monotonic() < deadline, what
            time.sleep(0.05)

    def end(self) -> int:
        try:
            return self.process.wait(timeout=PATIENCE)
        finally:
            self.close()

    def close(self) -> None:
        """Kill the server if it still runs, read its stderr to the end and close both pipes."""
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        self._reader.join(PATIENCE)
        for pipe in (self.process.stdout, self.process.stderr):
            if pipe is not None:
                pipe.close()


def refused(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=PATIENCE).close()
    except ConnectionRefusedError:
        return True
    return False


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc to find the workers")
# SIGINT's run is marked slow: SIGTERM's takes the same way out in the fast lane, and the full suite runs both.
@pytest.mark.parametrize(
    "stop", [pytest.param(signal.SIGINT, marks=pytest.mark.slow), signal.SIGTERM], ids=["SIGINT", "SIGTERM"]
)
def test_a_signal_with_requests_in_flight_answers_every_one_stops_the_workers_and_exits_0(stop: int) -> None:
    serving = Serving("--workers", "1", "--time-limit", "3")
    try:
        assert serving.get("/healthz")["workers"] == 1  # the workers start with the app
        workers = children_of(serving.process.pid)
        assert len(workers) == 1
        waiting = 4
        with ThreadPoolExecutor(waiting + 1) as threads:
            in_flight = [threads.submit(serving.post, "/api/move", EMPTY_5X5) for _ in range(waiting + 1)]
            serving.wait_for(
                lambda: serving.get("/healthz") == {"status": "ok", "workers": 1, "busy": 1, "waiting": waiting},
                "the requests never reached the worker and its queue",
            )
            serving.signal(stop)
            serving.wait_for(lambda: refused(serving.port), "the server went on accepting connections")
            answers = [request.result(timeout=PATIENCE) for request in in_flight]
        status = serving.end()
    finally:
        serving.close()
    statuses = [status for status, _, _ in answers]
    # The one on the worker finishes within its limit (on a machine so loaded
    # that it overruns the grace it is refused instead); the waiting ones are
    # refused at once. Every one is answered: no connection is dropped.
    assert statuses.count(503) in (waiting, waiting + 1) and set(statuses) <= {200, 503}
    for code, headers, body in answers:
        if code == 503:
            assert headers["retry-after"] == "1"
            assert body == {"error": {"field": None, "message": "the server is shutting down; try again in a moment"}}
        else:
            assert body["position"].count("X") == 1  # the computer opened
    stderr = "".join(serving.stderr)
    assert status == 0, stderr
    assert "Traceback" not in stderr and "Error" not in stderr and "KeyboardInterrupt" not in stderr
    name = signal.Signals(stop).name
    assert f"perfectplay: stopping ({name}); waiting up to 6 s for 1 search in progress" in stderr
    assert stderr.strip().splitlines()[-1] == "perfectplay: stopped."
    assert all(not Path(f"/proc/{pid}").exists() for pid in workers), "search workers outlived the server"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc to find the workers")
def test_ctrl_c_on_an_idle_server_stops_it_and_its_workers_with_no_traceback() -> None:
    serving = Serving("--workers", "2")
    assert serving.get("/healthz")["workers"] == 2
    workers = children_of(serving.process.pid)
    assert len(workers) == 2
    serving.signal(signal.SIGINT)
    assert serving.end() == 0
    stderr = "".join(serving.stderr)
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr
    assert stderr.strip().splitlines()[-2:] == [
        "perfectplay: stopping (SIGINT); no search in progress",
        "perfectplay: stopped.",
    ]
    assert all(not Path(f"/proc/{pid}").exists() for pid in workers), "search workers outlived the server"


def children_of(parent: int) -> list[int]:
    """Process ids whose parent is ``parent``, from /proc (Linux)."""
    children = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == parent:
            children.append(int(stat.parent.name))
    return children


def test_without_chromium_the_browser_tests_skip_but_under_ci_they_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PERFECTPLAY_CHROMIUM", raising=False)
    monkeypatch.setattr("shutil.which", lambda name: None)
    monkeypatch.setattr("os.access", lambda path, mode: False)
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception):
        find_chromium()
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception):
        find_chromium()
