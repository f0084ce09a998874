"""``perfectplay serve`` starts cleanly, fails in one line, and logs one line per request."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from browser_support import Server, find_chromium, read_line

from cli_helpers import run_cli


def test_a_port_in_use_is_one_line_on_stderr_and_exit_status_2() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = run_cli("serve", "--port", str(port), timeout=60)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert f"port {port} on 127.0.0.1 is already in use" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("host", "words"),
    [("no-such-host.invalid", "no such host"), ("192.0.2.1", "not an address of this machine")],
)
def test_a_host_we_cannot_listen_on_is_one_line_and_exit_status_2(host: str, words: str) -> None:
    result = run_cli("serve", "--host", host, "--port", "0", timeout=60)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert words in result.stderr


@pytest.mark.parametrize("args", [("--port", "70000"), ("--port", "http"), ("--time-limit", "0"), ("--workers", "0")])
def test_bad_options_are_refused_before_anything_starts(args: tuple[str, str]) -> None:
    result = run_cli("serve", *args, timeout=60)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1


def test_the_server_logs_one_line_per_request(server: Server) -> None:
    with urllib.request.urlopen(server.url + "healthz", timeout=30) as response:
        assert json.load(response)["status"] == "ok"
    request = urllib.request.Request(
        server.url + "api/analyze", data=b'{"position": "XOX/OO./.X."}', headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        assert json.load(response)["best"] == [5]
    lines = server.log.read_text().splitlines()
    assert sum("GET /healthz 200" in line for line in lines) == 1
    assert sum("POST /api/analyze 200" in line for line in lines) >= 1


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc to find the workers")
def test_ctrl_c_stops_the_server_and_its_workers_with_one_line_and_no_traceback() -> None:
    # A new session stands in for a terminal: Ctrl-C signals the whole process group.
    serve = subprocess.Popen(
        [sys.executable, "-m", "perfectplay", "serve", "--port", "0", "--workers", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    assert serve.stdout is not None
    url = read_line(serve.stdout, 60).split()[3]
    with urllib.request.urlopen(url + "healthz", timeout=30) as response:
        assert json.load(response)["workers"] == 2
    workers = children_of(serve.pid)
    assert len(workers) == 2
    os.killpg(serve.pid, signal.SIGINT)
    _, stderr = serve.communicate(timeout=30)
    assert serve.returncode == 130
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr
    assert stderr.strip().splitlines()[-1] == "Interrupted."
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
