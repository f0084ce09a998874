"""Builds in shards on an engine: exact scores and books, right, resumable, and the shipped 5x4 data set.

Most tests run the shards in this process (``Inline``, an engine with the
real interface and no processes), so they prove what the builds do, not how
fast; the tests that start real worker processes (plain ones and a Dask
LocalCluster) are marked ``integration``. The shipped data set of 5x4
Connect Four is read back, checked against its checksum and against fresh
solves of a seeded sample of its positions.
"""

from __future__ import annotations

import hashlib
import os
import random
from array import array
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

from cli_helpers import InProcess
from perfectplay import Connect4, PerfectplayError, Player
from perfectplay.games import ExactScores
from perfectplay.play.book_builds import build_book_sharded
from perfectplay.play.datasets import solved_positions
from perfectplay.play.engines import DaskEngine, Engine, open_engine
from perfectplay.play.exact_scores import build_exact_scores, reachable_keys
from perfectplay.play.shards import ShardFolder, shard_of
from perfectplay.search.solver.book import Book
from perfectplay.search.solver.exact import score_moves, solve_value
from perfectplay.search.solver.table import TranspositionTable
from repo_paths import ROOT

DATA = ROOT / "data"
SHIPPED = DATA / "connect4-5x4.scores"


class Inline(Engine):
    """The engine interface in this process: every task run here, in order; ``stop_after`` tasks then an error."""

    name = "inline"

    def __init__(self, stop_after: int | None = None) -> None:
        super().__init__(1)
        self.stop_after = stop_after
        self.ran = 0

    def run(self, function: Callable[..., Any], tasks: Iterable[tuple[Any, ...]]) -> Iterator[tuple[int, Any]]:
        for index, task in enumerate(tasks):
            if self.stop_after is not None and self.ran == self.stop_after:
                raise KeyboardInterrupt
            self.ran += 1
            yield index, function(*task)

    def close(self) -> None:
        self.closed = True


def _sign(value: int) -> int:
    return (value > 0) - (value < 0)


def test_every_4x3_position_gets_the_score_the_textbook_data_set_gives_it(tmp_path: Path) -> None:
    game = Connect4(4, 3)
    out = tmp_path / "c43.scores"
    summary = build_exact_scores(game, out, Inline(), shards=5)
    scores = ExactScores.read(out)
    rows = list(solved_positions(game, max_positions=10**6))
    assert summary.positions == scores.positions == len(rows)
    for row in rows:
        state = game.parse(row.position)._replace(to_move=Player(row.to_move))
        assert scores.score(state) == row.score, row.position
    assert len(scores) < len(rows)  # one row a mirror pair
    assert not (tmp_path / "c43.scores.shards").exists()  # the shards are gone once the file is whole


def test_the_walk_counts_every_reachable_position_of_4x4_once_in_one_process_or_as_tasks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    keys, positions = reachable_keys(Connect4(4, 4))
    assert positions == 161_029 and len(keys) == 80_541  # the textbook walk's count (docs/datasets.md)
    assert list(keys) == sorted(set(keys))
    monkeypatch.setattr("perfectplay.play.exact_scores.WALK_LOCALLY", 100)
    monkeypatch.setattr("perfectplay.play.exact_scores.WALK_TASK", 1_000)
    engine = Inline()
    assert reachable_keys(Connect4(4, 4), engine) == (keys, positions) and engine.ran > 50


def test_a_stopped_build_resumes_from_its_finished_shards_and_writes_the_same_bytes(tmp_path: Path) -> None:
    game = Connect4(4, 3)
    whole = tmp_path / "whole.scores"
    build_exact_scores(game, whole, Inline(), shards=6)
    stopped = tmp_path / "stopped.scores"
    with pytest.raises(KeyboardInterrupt):
        build_exact_scores(game, stopped, Inline(stop_after=4), shards=6)
    assert not stopped.exists()
    assert len(ShardFolder(stopped, {}).finished()) == 4  # every finished shard saved, none half-written
    again = Inline()
    summary = build_exact_scores(game, stopped, again, shards=6)
    assert again.ran == 2 and summary.shards_skipped == 4 and summary.shards_solved == 2
    assert stopped.read_bytes() == whole.read_bytes()


def test_a_build_refuses_the_shard_folder_of_another_build(tmp_path: Path) -> None:
    out = tmp_path / "c.scores"
    with pytest.raises(KeyboardInterrupt):
        build_exact_scores(Connect4(4, 3), out, Inline(stop_after=1), shards=4)
    with pytest.raises(PerfectplayError, match="holds the shards of another build"):
        build_exact_scores(Connect4(3, 4), out, Inline(), shards=4)


def test_a_layer_of_outcomes_is_the_sign_of_every_exact_score_after_that_many_moves(tmp_path: Path) -> None:
    # 4x3 (a tenth of 4x4's positions): after seven moves it still has wins, draws and losses.
    game = Connect4(4, 3)
    every = ExactScores.read(_built(game, tmp_path / "every.scores"))
    out = tmp_path / "layer.scores"
    summary = build_exact_scores(game, out, Inline(), shards=3, plies=7, values="outcome")
    layer = ExactScores.read(out)
    assert layer.plies == 7 and layer.values == "outcome" and every.plies is None and every.values == "exact"
    after_seven = [row for row in range(len(every)) if (every.state(row).x | every.state(row).o).bit_count() == 7]
    assert list(layer.keys) == [every.keys[row] for row in after_seven]  # every position after 7 moves, no other
    assert list(layer.scores) == [_sign(every.scores[row]) for row in after_seven]
    assert summary.positions == layer.positions and set(layer.scores) == {-1, 0, 1}


def _built(game: Connect4, out: Path) -> Path:
    build_exact_scores(game, out, Inline(), shards=2)
    return out


def test_a_7x6_layer_keeps_keys_wider_than_64_bits_through_tasks_and_its_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from perfectplay.play.exact_scores import walk_keys, write_scores

    game = Connect4()
    keys = walk_keys(game, plies=3)
    drawings = {""}
    for _ in range(3):
        drawings = {f"{drawing}{move}" for drawing in drawings for move in "1234567"}
    positions = {game.format(game.parse_sequence(drawing)) for drawing in drawings}
    mirror_pairs = {min(position, "/".join(row[::-1] for row in position.split("/"))) for position in positions}
    assert len(positions) == 238 and len(keys) == len(mirror_pairs) == 121 and max(keys) >= 1 << 64
    monkeypatch.setattr("perfectplay.play.exact_scores.WALK_LOCALLY", 10)
    monkeypatch.setattr("perfectplay.play.exact_scores.WALK_TASK", 7)
    assert walk_keys(game, Inline(), plies=3) == keys  # packed into tasks and back
    scores = array("b", [key % 3 - 1 for key in keys])
    write_scores(tmp_path / "wide.scores", game, keys, scores, 238, plies=3, values="outcome")
    read = ExactScores.read(tmp_path / "wide.scores")
    assert list(read.keys) == list(keys) and list(read.scores) == list(scores)
    state = read.state(5)
    assert read.score(state) == scores[5]


def test_a_book_positions_shard_is_chosen_by_its_key_alone_and_the_shards_come_out_even() -> None:
    keys, _ = reachable_keys(Connect4(4, 4))
    sizes = [0] * 8
    for key in keys:
        sizes[shard_of(key, 8)] += 1
    assert shard_of(123_456_789, 8) == shard_of(123_456_789, 8)
    assert max(sizes) < 1.1 * min(sizes)  # regular keys (low bits alike) still spread evenly


def test_a_damaged_scores_file_is_refused_with_its_name(tmp_path: Path) -> None:
    game = Connect4(4, 3)
    out = tmp_path / "c.scores"
    build_exact_scores(game, out, Inline(), shards=2)
    data = bytearray(out.read_bytes())
    data[-3] ^= 0xFF
    out.write_bytes(bytes(data))
    with pytest.raises(PerfectplayError, match=r"c\.scores is not a readable exact scores file"):
        ExactScores.read(out)


def test_a_sharded_book_holds_every_moves_exact_value_and_resumes_without_proving_again(tmp_path: Path) -> None:
    game = Connect4(5, 4)
    out = tmp_path / "book.txt"
    engines: list[Inline] = []

    def engine() -> Engine:
        engines.append(Inline())
        return engines[-1]

    build = build_book_sharded(game, 6, Book(game, {}), out, engine, table_millions=1, shards=4)
    assert build.proven == len(build.book) > 50 and len(build.lines) == len(build.book)
    for line in build.lines:
        drawing, letter, column = line.split()[:3]
        scores = {item.move: item.score or 0 for item in score_moves(game, game.parse(drawing)).moves}
        best = max(scores.values())
        assert "LDW"[_sign(best) + 1] == letter and _sign(scores[int(column) - 1]) == _sign(best), line
        if letter == "L":  # the slowest loss, as the book in one process names it
            assert scores[int(column) - 1] == best, line
    # A build stopped after some shards leaves them; the rerun proves only the rest.
    stopped = tmp_path / "stopped.txt"
    with pytest.raises(KeyboardInterrupt):
        build_book_sharded(game, 6, Book(game, {}), stopped, lambda: Inline(stop_after=9), table_millions=1, shards=4)
    engines.clear()
    again = build_book_sharded(game, 6, Book(game, {}), stopped, engine, table_millions=1, shards=4)
    assert again.resumed > 0 and again.proven + again.resumed == len(again.book) == len(build.book)
    # And once the book is in the file, nothing is proven and no engine is started.
    engines.clear()
    known = Book(game, dict(again.book.entries))
    assert build_book_sharded(game, 6, known, tmp_path / "known.txt", engine, table_millions=1, shards=4).proven == 0
    assert engines == []


def test_the_book_command_builds_in_shards_and_says_nothing_when_nothing_is_new(
    tmp_path: Path, in_process: InProcess, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("perfectplay.cli.builds.open_engine", lambda engine, workers, address: Inline())
    out = tmp_path / "b.txt"
    first = in_process("book", "--game", "connect4:5,4", "--plies", "4", "--out", str(out), "--table", "1")
    assert first.returncode == 0 and "positions to ply 4" in first.stdout and "proving on inline" in first.stderr
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# perfectplay opening book for connect4:5,4, complete to ply 4\n")
    assert not (tmp_path / "b.txt.shards").exists()
    again = in_process("book", "--game", "connect4:5,4", "--plies", "4", "--out", str(out), "--table", "1")
    assert again.returncode == 0 and again.stderr == "" and out.read_text(encoding="utf-8") == text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--cluster", "tcp://10.0.0.5:8786"), "a Dask cluster needs Dask: pip install 'perfectplay[cluster]'"),
        (("--scheduler", "10.0.0.5"), "--cluster must be a Dask scheduler's address such as tcp://HOST:8786"),
        (("--workers", "0"), "--workers must be 1 or more"),
        (("--cluster", "tcp://h:1", "--engine", "processes"), "does not go with --engine processes"),
    ],
)
def test_a_cluster_option_that_cannot_work_is_one_line_with_status_2(
    args: tuple[str, ...], message: str, tmp_path: Path, in_process: InProcess, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("perfectplay.play.engines.dask_installed", lambda: False)
    out = str(tmp_path / "x.scores")
    for command in (
        ("dataset", "connect4:4,3", "--format", "scores", "-o", out),
        ("book", "--plies", "2", "--out", out),
    ):
        result = in_process(*command, *args)
        assert result.returncode == 2, result
        assert len(result.stderr.strip().splitlines()) == 1 and message in result.stderr, result.stderr


def test_the_scores_format_is_for_connect_four_and_a_file(in_process: InProcess, tmp_path: Path) -> None:
    for args, message in (
        (("tictactoe", "--format", "scores", "-o", str(tmp_path / "t")), "built for Connect Four boards"),
        (("connect4:4,3", "--format", "scores"), "needs --output PATH"),
        (("connect4:4,3", "--plies", "3", "-o", str(tmp_path / "j")), "--plies and --values are options of --format"),
        (("connect4:4,3", "--format", "scores", "--plies", "x", "-o", str(tmp_path / "s")), "must be a whole number"),
        (("connect4:4,3", "--format", "scores", "--plies", "13", "-o", str(tmp_path / "s")), "full after 12 moves"),
    ):
        result = in_process("dataset", *args)
        assert result.returncode == 2 and message in result.stderr and len(result.stderr.splitlines()) == 1


def _shipped() -> ExactScores:
    return ExactScores.read(SHIPPED)


def test_the_shipped_5x4_data_set_is_the_file_its_checksum_names() -> None:
    expected = (DATA / "connect4-5x4.scores.sha256").read_text(encoding="utf-8").split()[0]
    assert hashlib.sha256(SHIPPED.read_bytes()).hexdigest() == expected
    scores = _shipped()
    assert scores.game == Connect4(5, 4) and scores.positions == 3_945_711 and len(scores) == 1_974_174


def _fresh_solves_agree(count: int, seed: int) -> None:
    scores = _shipped()
    rng = random.Random(seed)
    table = TranspositionTable(capacity=1 << 20)  # the solver's own, shared by the sample's solves alone
    for row in rng.sample(range(len(scores)), count):
        state = scores.state(row)
        assert solve_value(scores.game, state, table=table).score == scores.scores[row], scores.game.format(state)
        mirrored = scores.board.mirror(state.x), scores.board.mirror(state.o)
        assert scores.score(state._replace(x=mirrored[0], o=mirrored[1])) == scores.scores[row]


def test_a_seeded_fifty_of_the_shipped_5x4_scores_agree_with_fresh_solves() -> None:
    _fresh_solves_agree(50, seed=26)


DASK_CLUSTER = pytest.mark.xdist_group("dask-local-cluster")
"""The tests that read ``dask_engine``: on one worker, which starts the cluster once."""


@pytest.fixture(scope="module")
def dask_engine() -> Iterator[DaskEngine]:
    """``open_engine("dask", 2)``: the LocalCluster of two worker processes it starts, once for the module (1.3 s of
    CPU a start): the dask build below runs on it, and the dataset command reaches it by its scheduler's address."""
    with open_engine("dask", 2) as engine:
        assert isinstance(engine, DaskEngine)
        yield engine


@pytest.mark.integration
@pytest.mark.parametrize("engine", ["processes", pytest.param("dask", marks=DASK_CLUSTER)])
def test_two_real_workers_build_the_same_file_as_one_process(
    engine: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    game = Connect4(4, 3)
    build_exact_scores(game, tmp_path / "inline.scores", Inline(), shards=4)
    if engine == "dask":
        workers: Engine = request.getfixturevalue("dask_engine")
        assert workers.name == "Dask LocalCluster" and workers.workers == 2
        build_exact_scores(game, tmp_path / "workers.scores", workers, shards=4)
    else:
        with open_engine(engine, 2) as workers:
            build_exact_scores(game, tmp_path / "workers.scores", workers, shards=4)
    assert (tmp_path / "workers.scores").read_bytes() == (tmp_path / "inline.scores").read_bytes()


@pytest.mark.integration
def test_a_worker_process_that_dies_is_a_one_line_error_that_says_how_to_resume() -> None:
    with open_engine("processes", 1) as engine, pytest.raises(PerfectplayError, match="run the same command again"):
        list(engine.run(os._exit, [(3,)]))


@pytest.mark.integration
@DASK_CLUSTER
def test_the_dataset_command_runs_on_a_dask_cluster_given_by_its_address(
    tmp_path: Path, in_process: InProcess, dask_engine: DaskEngine
) -> None:
    out = tmp_path / "c43.scores"
    # A cluster someone else started (the module's LocalCluster, its HTTP server on a free port): the command's
    # client connects to its scheduler, counts its workers, and leaves it running when it closes.
    address = dask_engine.cluster.scheduler_address
    result = in_process("dataset", "connect4:4,3", "--format", "scores", "-o", str(out), "--cluster", address)
    assert result.returncode == 0, result.stderr
    assert f"Dask cluster at {address}, 2 workers" in result.stderr and "shard 64/64 done" in result.stderr
    assert len(dask_engine.client.scheduler_info()["workers"]) == 2  # still there for the module's other test
    build_exact_scores(Connect4(4, 3), tmp_path / "inline.scores", Inline(), shards=64)
    assert out.read_bytes() == (tmp_path / "inline.scores").read_bytes()
