"""The grader's secret made on first use is written whole, then linked into place: two checks starting at the same
instant never read a half-written one (a one-line exit 2 before), and one that appeared meanwhile is kept."""

from __future__ import annotations

from pathlib import Path

import pytest

from perfectplay.check import grader_secret
from perfectplay.check.grader_secret import load_secret


def test_no_other_check_can_see_the_secret_before_it_is_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    where = tmp_path / "perfectplay" / "check-secret"
    made = grader_secret.fresh_secret

    def seen_while_written() -> str:
        assert not where.exists(), "the secret's file was there, empty, while its bytes were made"
        return made()

    monkeypatch.setattr(grader_secret, "fresh_secret", seen_while_written)
    secret = load_secret(where)
    assert len(secret) == 2 * grader_secret.SECRET_BYTES and where.read_bytes().strip() == secret
    assert [path.name for path in where.parent.iterdir()] == ["check-secret"]  # nothing of the writing left


def test_a_secret_another_check_made_meanwhile_is_the_one_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    where = tmp_path / "perfectplay" / "check-secret"
    theirs = "ab" * grader_secret.SECRET_BYTES + "\n"
    made = grader_secret.fresh_secret

    def another_check_wins() -> str:
        where.write_text(theirs)  # the other check linked its own first
        where.chmod(0o600)
        return made()

    monkeypatch.setattr(grader_secret, "fresh_secret", another_check_wins)
    assert load_secret(where) == theirs.strip().encode()
    assert [path.name for path in where.parent.iterdir()] == ["check-secret"]
