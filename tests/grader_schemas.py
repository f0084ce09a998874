"""The graders' documented result schemas, as JSON Schema: shared by the format tests and the bundle tests."""

from __future__ import annotations

CLASSROOM50 = {
    "type": "object",
    "required": [
        "schema",
        "classroom",
        "assignment",
        "submission",
        "commit",
        "release",
        "review",
        "datetime",
        "score",
        "max-score",
        "tests",
    ],
    "properties": {
        "schema": {"const": "classroom50/result/v1"},
        "datetime": {"type": "string", "pattern": r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$"},
        "score": {"type": "integer"},
        "max-score": {"type": "integer"},
        "tests": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["test-name", "passed", "score", "max-score"],
                "properties": {
                    "test-name": {"type": "string", "minLength": 1},
                    "passed": {"type": "boolean"},
                    "score": {"type": "integer"},
                    "max-score": {"type": "integer"},
                },
            },
        },
    },
}


PRAIRIELEARN = {
    "type": "object",
    "required": ["gradable", "score"],
    "properties": {
        "gradable": {"type": "boolean"},
        "score": {"type": "number", "minimum": 0, "maximum": 1},
        "message": {"type": "string"},
        "output": {"type": "string"},
        "tests": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["name", "points", "max_points"],
                "properties": {
                    "name": {"type": "string"},
                    "description": {"type": "string"},
                    "points": {"type": "number"},
                    "max_points": {"type": "number"},
                    "message": {"type": "string"},
                    "output": {"type": "string"},
                },
            },
        },
    },
}


GRADESCOPE = {
    "type": "object",
    "required": ["score", "tests"],
    "properties": {
        "score": {"type": "number"},
        "output": {"type": "string"},
        "output_format": {"enum": ["text", "html", "simple_format", "md", "ansi"]},
        "visibility": {"enum": ["hidden", "after_due_date", "after_published", "visible"]},
        "stdout_visibility": {"enum": ["hidden", "after_due_date", "after_published", "visible"]},
        "tests": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["name", "score", "max_score", "status", "output"],
                "properties": {
                    "name": {"type": "string"},
                    "score": {"type": "number"},
                    "max_score": {"type": "number"},
                    "status": {"enum": ["passed", "failed"]},
                    "output": {"type": "string"},
                    "output_format": {"enum": ["text", "html", "simple_format", "md", "ansi"]},
                    "visibility": {"enum": ["hidden", "after_due_date", "after_published", "visible"]},
                },
            },
        },
    },
}


AUTOLAB = {
    "type": "object",
    "required": ["scores"],
    "properties": {
        "scores": {"type": "object", "additionalProperties": {"type": "number"}},
        "scoreboard": {"type": "array"},
    },
}
"""The last line of an Autolab autograder's output."""


CODERUNNER = {
    "type": "object",
    "required": ["fraction"],
    "properties": {
        "fraction": {"type": "number", "minimum": 0, "maximum": 1},
        "testresults": {
            "type": "array",
            "minItems": 1,
            "items": {"type": "array", "items": {"type": ["string", "number", "boolean"]}},
        },
        "prologuehtml": {"type": "string"},
        "epiloguehtml": {"type": "string"},
    },
}
"""CodeRunner's combinator template grader result, as its documentation describes it."""
