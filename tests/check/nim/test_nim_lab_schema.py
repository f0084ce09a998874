"""The Nim report's JSON holds to its shipped schema, whatever the check found."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from perfectplay.check.nim.lab import NimCheck, check_nim
from perfectplay.check.nim.model import NimReport
from perfectplay.check.nim.plug import PLUG

ROOT = Path(__file__).resolve().parents[3]
SCHEMA = json.loads((ROOT / "src" / "perfectplay" / "check" / "schema" / "check-nim-v1.json").read_text())
EXAMPLES = ROOT / "examples" / "nim"
QUICK = {"train_games": "300", "train_seeds": "1"}


def document(report: NimReport) -> object:
    return json.loads(PLUG.render(report, PLUG.score(report), "json"))


def test_the_schema_is_a_valid_json_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("hint", [QUICK, {"rules": "misere"}], ids=["learning", "player"])
def test_a_checked_examples_report_holds_to_the_schema(hint: dict[str, str]) -> None:
    path = EXAMPLES / ("running_max/nim.py" if "train_games" in hint else "minimax/nim_player.py")
    # One process: the report's shape is the subject (one process or two give the same grade).
    report = check_nim(path, NimCheck(hint=hint, workers=1))
    jsonschema.validate(document(report), SCHEMA)
    assert report.bugs or report.kind == "player"


def test_reports_that_check_nothing_hold_to_the_schema_too(tmp_path: Path) -> None:
    broken = tmp_path / "nim.py"
    broken.write_text("def train(:\n")
    for report in (
        check_nim(broken),
        PLUG.not_gradable("absent.py", "absent.py: no such file"),
        PLUG.machine_failed("nim.py", "bubblewrap sandbox", "the disk is full", ()),
    ):
        jsonschema.validate(document(report), SCHEMA)


def test_the_schema_refuses_a_field_it_does_not_name_and_a_rate_above_1() -> None:
    base = document(PLUG.not_gradable("absent.py", "absent.py: no such file"))
    assert isinstance(base, dict)
    for changed in ({**base, "surprise": 1}, {**base, "rates": [1.5]}, {**base, "verdict": "unbeatable"}):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(changed, SCHEMA)
