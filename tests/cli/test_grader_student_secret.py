"""The Gradescope bundle for Connect Four keeps each student's positions across resubmissions (issue 39): it ships
a grader's secret made with the bundle and names the student by Gradescope's ``submission_metadata.json``.

Each grading is a fresh "container": the built zip unpacked into a new ``/autograder`` laid out as Gradescope lays
it out, the run_autograder script run with this run's environment as the bundle's ``/opt/perfectplay`` (VENV). The
positions asked are read from the report's worst blunders (the one-ply example blunders in most draws), whose
moves name the position; the student's seed itself is never shown.
"""

from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path
from typing import Any

import pytest

from cli_helpers import InProcess
from commands_here import run_here
from drawing_venv import drawing_venv
from drawn_positions import drawn_once
from gradescope_runs import run_autograder
from perfectplay.check.connect4 import asking
from perfectplay.check.run import sandbox
from perfectplay.check.settings import SECRET_WORDS
from perfectplay.cli.grader_student import SECRET_FILE, WHO
from platform_records import not_files, read_record
from secret_snoop import FOUND, snooping
from shared_results import SharedResults, shared_folder

pytestmark = [
    pytest.mark.slow,  # a few Connect Four checks through the bundle, each a few processes
    pytest.mark.xdist_group("grader-student-secret"),  # one worker: the bundle and Alice's grading made once
]

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "connect4"
AGENT = EXAMPLES / "one_ply_board.py"
POSITIONS = "20"
ALICE = {"id": 7, "users": [{"email": "alice@school.edu", "id": 111, "name": "Alice"}]}
needs_sandbox = pytest.mark.skipif(sandbox.probe() is not None, reason=f"no bubblewrap sandbox: {sandbox.probe()}")


@pytest.fixture(scope="module")
def draws(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where this run's Connect Four draws are shared: Alice's regrades (and her snooping upload) draw her positions
    once, and the check by hand the group's with its grading (tests/drawing_venv.py)."""
    return shared_folder(tmp_path_factory) or tmp_path_factory.mktemp("draws")


@pytest.fixture(scope="module")
def venv(draws: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundle's /opt/perfectplay: this run's environment, its checks' draws shared through ``draws``."""
    return drawing_venv(tmp_path_factory.mktemp("opt-perfectplay"), draws)


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("bundle") / "autograder.zip"
    made = run_here("grader", "gradescope", "--game", "connect4", "--sample", POSITIONS, "--out", str(out))
    assert made.returncode == 0, made.stderr
    return out


@pytest.fixture(scope="module")
def alice(bundle: Path, venv: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], str]:
    """Alice's upload of the example agent graded once, for the tests that compare another grading with it."""
    return grade(container(bundle, tmp_path_factory.mktemp("alice"), ALICE), venv)


GROUP = {"users": [{"id": 222, "email": "bob@school.edu"}, {"id": 111, "email": "alice@school.edu"}]}
"""Bob and Alice handing in together: one student to the bundle, ``gradescope:id:111,id:222``, another than Alice."""


@pytest.fixture(scope="module")
def group(bundle: Path, venv: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """The group's upload graded once: (its /autograder, results.json), for the tests that compare with it."""
    root = container(bundle, tmp_path_factory.mktemp("group"), GROUP)
    return root, grade(root, venv)[0]


def container(bundle: Path, where: Path, metadata: object | None, agent: str | None = None) -> Path:
    """A fresh /autograder: the bundle in source/, the agent in submission/, Gradescope's metadata beside them."""
    root = where / "autograder"
    with zipfile.ZipFile(bundle) as archive:
        archive.extractall(root / "source")
    (root / "source" / "run_autograder").chmod(0o755)
    (root / "submission" / "lab").mkdir(parents=True)
    (root / "submission" / "lab" / "agent.py").write_text(agent if agent is not None else AGENT.read_text())
    if metadata is not None:
        (root / "submission_metadata.json").write_text(json.dumps(metadata))
    return root


def grade(root: Path, venv: Path) -> tuple[dict[str, Any], str]:
    """(results.json, run_autograder's stderr)."""
    done = run_autograder(root, venv)
    assert done.returncode == 0, done.stderr
    return json.loads((root / "results" / "results.json").read_text()), done.stderr


def asked(document: dict[str, Any]) -> list[str]:
    """The positions of the report's worst blunders (the moves played to reach each), in the report's order."""
    found = re.findall(r"to move after (\d*):", str(document["output"]))
    assert found, document["output"]
    return found


def test_one_student_resubmitting_is_asked_the_same_positions_even_beside_a_planted_secret_and_another_student_others(
    bundle: Path,
    venv: Path,
    tmp_path: Path,
    alice: tuple[dict[str, Any], str],
    group: tuple[Path, dict[str, Any]],
) -> None:
    """The resubmission's upload also holds a file named like the bundle's secret (another secret, all zeros): the
    secret is the bundle's (source/), never a file of the upload's with its name, so the positions stay Alice's."""
    first, note = alice
    again_root = container(bundle, tmp_path / "alice-2", ALICE)
    planted = again_root / "submission" / SECRET_FILE
    planted.write_text("0" * 64 + "\n")
    again, _ = grade(again_root, venv)
    _, other = group  # another student: Bob with Alice
    assert "drawn afresh" not in note
    assert "drawn for this student from the grader's secret" in str(first["output"])
    assert asked(first) == asked(again) and first["score"] == again["score"]
    assert asked(other) != asked(first)


def test_the_bundle_asks_what_check_asks_with_its_secret_and_gradescopes_ids(
    tmp_path: Path,
    group: tuple[Path, dict[str, Any]],
    in_process: InProcess,
    draws: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Known answer: the bundle's student is ``gradescope:`` and the users' ids, sorted (a group is one student)."""
    root, by_bundle = group
    monkeypatch.setattr(asking, "draw_positions", drawn_once(SharedResults(draws)))
    secret = tmp_path / "secret"
    secret.write_bytes((root / "source" / SECRET_FILE).read_bytes())
    secret.chmod(0o600)
    by_hand = in_process(
        *("check", "--game", "connect4", str(root / "submission" / "lab" / "agent.py"), "--format", "gradescope"),
        *("--positions", POSITIONS, "--secret", str(secret), "--student", "gradescope:id:111,id:222"),
    )
    assert asked(json.loads(by_hand.stdout)) == asked(by_bundle)


def test_each_bundle_ships_its_own_secret_in_the_source_folder_for_its_owner_alone(
    bundle: Path, tmp_path: Path
) -> None:
    with zipfile.ZipFile(bundle) as archive:
        member = archive.getinfo(SECRET_FILE)
        secret = archive.read(SECRET_FILE).decode().strip()
        script = archive.read("run_autograder").decode()
    assert (member.external_attr >> 16) & 0o777 == 0o600
    assert re.fullmatch(r"[0-9a-f]{64}", secret)  # 32 random bytes
    assert '--secret "$work/check-secret" --student "$student"' in script
    again = tmp_path / "again.zip"
    assert run_here("grader", "gradescope", "--game", "connect4", "--out", str(again)).returncode == 0
    with zipfile.ZipFile(again) as archive:
        assert archive.read(SECRET_FILE).decode().strip() != secret
    tictactoe = tmp_path / "tictactoe.zip"
    assert run_here("grader", "gradescope", "--out", str(tictactoe)).returncode == 0
    with zipfile.ZipFile(tictactoe) as archive:  # tic-tac-toe's budget samples: its own secret, and --secret
        assert archive.read(SECRET_FILE).decode().strip() != secret
        assert '--secret "$work/check-secret" --student "$student"' in archive.read("run_autograder").decode()


def test_missing_metadata_is_a_fresh_draw_with_a_note_never_a_zero(
    bundle: Path, venv: Path, tmp_path: Path, alice: tuple[dict[str, Any], str]
) -> None:
    named, _ = alice
    alone, note = grade(container(bundle, tmp_path / "alone", None), venv)
    assert "no student in submission_metadata.json" in note and "drawn afresh" in note
    assert SECRET_WORDS not in str(alone["output"]) and re.search(r"\bseed \d+", str(alone["output"]))
    assert alone["tests"] and isinstance(alone["score"], int | float) and alone["score"] > 0
    categories = [(test["name"], test["max_score"]) for test in named["tests"]]
    assert [(test["name"], test["max_score"]) for test in alone["tests"]] == categories


@pytest.mark.parametrize(
    ("text", "student"),
    [
        (json.dumps(ALICE), "gradescope:id:111"),
        (json.dumps({"users": [{"email": "Alice@School.edu"}]}), "gradescope:email:alice@school.edu"),
        (json.dumps({"users": [{"id": "abc"}, {"id": 5}, {"id": 5}]}), "gradescope:id:5,id:abc"),
        ("not json", None),
        (json.dumps([]), None),
        (json.dumps({"users": []}), None),
        (json.dumps({"users": "alice"}), None),
        (json.dumps({"users": [{"id": True}]}), None),
        (json.dumps({"users": [{"id": 111}, {"name": "no id, no email"}]}), None),
        (json.dumps({"users": [{"id": "a\nb"}]}), None),
        ("", None),
    ],
)
def test_the_metadata_reader_names_the_users_or_nothing(tmp_path: Path, text: str, student: str | None) -> None:
    metadata = tmp_path / "submission_metadata.json"
    metadata.write_text(text)
    read = read_record(WHO, metadata)
    assert (read.stdout.strip() or None) == student
    assert read.returncode == (0 if student else 1) and read.stderr == ""


def test_the_metadata_reader_follows_no_link_and_reads_no_fifo(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    real.write_text(json.dumps(ALICE))
    for make, metadata in not_files(tmp_path, "submission_metadata.json", real):
        read = read_record(WHO, metadata)
        assert (read.returncode, read.stdout) == (1, ""), make


@needs_sandbox
def test_the_submission_cannot_read_the_secret(
    bundle: Path, venv: Path, tmp_path: Path, alice: tuple[dict[str, Any], str]
) -> None:
    """An agent that reads the secret (at the bundle's path or the run's copy) exits, so its grade would change."""
    plain, _ = alice
    source = tmp_path / "snoop" / "autograder" / "source" / SECRET_FILE
    snoop = snooping(AGENT.read_text(), [str(source)], ["/tmp/*/check-secret", "/autograder/source/check-secret"])
    snooped, _ = grade(container(bundle, tmp_path / "snoop", ALICE, agent=snoop), venv)
    assert source.is_file()
    assert FOUND not in str(snooped["output"])
    assert snooped["score"] == plain["score"] and asked(snooped) == asked(plain)
