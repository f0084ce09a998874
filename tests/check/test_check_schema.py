"""Every example's ``--format json`` output is valid against the committed, versioned schema (check-v1.json)."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from cli_helpers import InProcess, run_cli
from perfectplay.check.report.render_json import SCHEMA, json_schema

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
FILES = sorted(
    str(path.relative_to(EXAMPLES.parent))
    for path in [*EXAMPLES.glob("*.py"), *EXAMPLES.glob("cs50*/*.py"), *EXAMPLES.glob("graders/*/tictactoe.py")]
)


def test_the_schema_is_a_valid_json_schema_and_names_its_version() -> None:
    schema = json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["properties"]["schema"] == {"const": SCHEMA} and SCHEMA == "perfectplay/check/v1"


def test_there_are_examples_of_every_kind_to_validate() -> None:
    assert len(FILES) >= 12 and "examples/graders/syntax_error/tictactoe.py" in FILES


@pytest.mark.slow  # a whole check of every example, a dozen files, in one run
def test_every_example_s_json_is_valid_against_the_schema_in_one_run_of_all_of_them() -> None:
    # One run for the whole class: the array form, each object with its own "schema".
    result = run_cli("check", *FILES, "--format", "json", "--time-per-move", "0.5", timeout=1800)
    assert result.returncode == 1, result.stderr
    documents = json.loads(result.stdout)
    assert [document["target"] for document in documents] == FILES
    validator = jsonschema.Draft202012Validator(json_schema())
    for document in documents:
        errors = [f"{list(error.absolute_path)}: {error.message}" for error in validator.iter_errors(document)]
        assert errors == [], document["target"]
        assert document["schema"] == SCHEMA


def test_a_program_s_json_through_the_line_protocol_is_valid_too(checked_cli: InProcess) -> None:
    result = checked_cli("check", "--command", "sh examples/rules.sh", "--json")  # the check test_check_cli reads
    jsonschema.validate(json.loads(result.stdout), json_schema())


@pytest.fixture(scope="module")
def broken_report() -> dict[str, object]:
    """One real report (of a file that does not import) for the tests below to spoil, made once."""
    result = run_cli("check", "examples/graders/syntax_error/tictactoe.py", "--json")
    document: dict[str, object] = json.loads(result.stdout)
    jsonschema.validate(document, json_schema())  # valid as it comes: each change below is what breaks it
    return document


@pytest.mark.parametrize("change", [{"verdict": "great"}, {"schema": "perfectplay/check/v0"}, {"exit_status": 2}])
def test_the_schema_rejects_what_is_not_a_report(change: dict[str, object], broken_report: dict[str, object]) -> None:
    document = {**broken_report, **change}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(document, json_schema())
