"""Every example's ``--format json`` output is valid against the committed, versioned schema (check-v1.json)."""

from __future__ import annotations

import json

import jsonschema
import pytest

from check_reports import Checked
from cli_helpers import InProcess
from perfectplay.check.api import check_ai
from perfectplay.check.report.render_json import SCHEMA, json_schema, report_json
from repo_paths import ROOT

EXAMPLES = ROOT / "examples"
FILES = sorted(
    str(path.relative_to(EXAMPLES.parent))
    for path in [*EXAMPLES.glob("*.py"), *EXAMPLES.glob("cs50*/*.py"), *EXAMPLES.glob("graders/*/tictactoe.py")]
)

CLASS = [
    "examples/only_x.py",
    "examples/cs50/tictactoe.py",
    "examples/graders/syntax_error/tictactoe.py",
    "examples/correct.py",
]
"""A class of examples of different kinds, out of alphabetical order (the roster's order is kept, not sorted)."""


def test_the_schema_is_a_valid_json_schema_and_names_its_version() -> None:
    schema = json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["properties"]["schema"] == {"const": SCHEMA} and SCHEMA == "perfectplay/check/v1"


def test_there_are_examples_of_every_kind_to_validate() -> None:
    assert len(FILES) >= 12 and "examples/graders/syntax_error/tictactoe.py" in FILES and set(CLASS) <= set(FILES)


def test_every_example_s_whole_check_writes_json_valid_against_the_schema(checked: Checked) -> None:
    # Each example's whole check (every position), the very checks the other tests read, made once a run.
    validator = jsonschema.Draft202012Validator(json_schema())
    for file in FILES:
        options = {"move_seconds": 0.05} if file == "examples/times_out.py" else {}  # as test_check_examples asks
        document = report_json(checked(file, **options))
        errors = [f"{list(error.absolute_path)}: {error.message}" for error in validator.iter_errors(document)]
        assert errors == [], file
        assert document["schema"] == SCHEMA


@pytest.mark.slow  # four checks, one after the other
def test_a_class_run_s_json_array_holds_a_valid_document_for_each_file_in_roster_order(in_process: InProcess) -> None:
    # One run for a class: the array form, each object with its own "schema", in the roster's order. Each
    # example's own document is validated above (its whole check); the array is the class run's part, the same
    # whatever its rows hold, so a few rows of different kinds make it (a module's AI, one playing X only, CS50's
    # with its helpers, one that does not import), each a small sample, not a sample of all twelve examples again.
    result = in_process("check", *CLASS, "--format", "json", "--sample", "20", "--jobs", "1")
    assert result.returncode == 1, result.stderr
    documents = json.loads(result.stdout)
    assert [document["target"] for document in documents] == CLASS
    validator = jsonschema.Draft202012Validator(json_schema())
    for document in documents:
        errors = [f"{list(error.absolute_path)}: {error.message}" for error in validator.iter_errors(document)]
        assert errors == [], document["target"]
        assert document["schema"] == SCHEMA
        assert document["target"].endswith("syntax_error/tictactoe.py") or document["asked"] >= 20


def test_a_program_s_json_through_the_line_protocol_is_valid_too(checked_cli: InProcess) -> None:
    result = checked_cli("check", "--command", "sh examples/rules.sh", "--json")  # the check test_check_cli reads
    jsonschema.validate(json.loads(result.stdout), json_schema())


@pytest.fixture(scope="module")
def broken_report() -> dict[str, object]:
    """One real report (of a file that does not import: nothing to ask, a moment) for the tests below to spoil."""
    document: dict[str, object] = report_json(check_ai(EXAMPLES / "graders" / "syntax_error" / "tictactoe.py"))
    jsonschema.validate(document, json_schema())  # valid as it comes: each change below is what breaks it
    return document


@pytest.mark.parametrize("change", [{"verdict": "great"}, {"schema": "perfectplay/check/v0"}, {"exit_status": 2}])
def test_the_schema_rejects_what_is_not_a_report(change: dict[str, object], broken_report: dict[str, object]) -> None:
    document = {**broken_report, **change}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(document, json_schema())
