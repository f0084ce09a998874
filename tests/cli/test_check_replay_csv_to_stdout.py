"""``check --replay T --format csv`` (or ``--csv -``) of a plug's game prints its row: it wrote a file named "-" in
the current folder, and printed nothing (found as a stray file "-" a test left in the checkout)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from cli_helpers import InProcess
from repo_paths import ROOT


@pytest.fixture(scope="module")
def transcript(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from perfectplay.cli import main

    path = tmp_path_factory.mktemp("replay") / "connect4.json"
    agent = ROOT / "examples" / "connect4" / "one_ply_connectx.py"
    argv = ["check", str(agent), "--game", "connect4", "--positions", "2", "--no-games", "--seed", "1"]
    main([*argv, "--sandbox", "off", "--format", "json", "--transcript", str(path)])
    return path


@pytest.mark.parametrize("flags", [("--format", "csv"), ("--csv", "-")], ids=["format-csv", "csv-dash"])
def test_a_replayed_connect_four_check_prints_its_csv_row(
    transcript: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, in_process: InProcess, flags: tuple[str, str]
) -> None:
    monkeypatch.chdir(tmp_path)
    done = in_process("check", "--replay", str(transcript), "--game", "connect4", *flags)
    assert done.returncode in (0, 1), done.stderr
    (row,) = csv.DictReader(io.StringIO(done.stdout))
    assert row["file"].endswith("one_ply_connectx.py") and row["asked"] == "2"
    assert list(tmp_path.iterdir()) == []  # no file named "-", nor any other
