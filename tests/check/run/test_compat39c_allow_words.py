"""The words added to an import that failed on a package installed here but not shown: the flag that shows it."""

from __future__ import annotations

import pytest

from perfectplay.check.run.allowed import allow_words


def test_an_installed_package_not_shown_is_named_with_its_flag_and_nothing_else_is() -> None:
    pytest.importorskip("numpy")
    missing = {"type": "ModuleNotFoundError", "message": "No module named 'numpy'"}
    assert allow_words(missing, ()) == (
        " (numpy is installed where perfectplay runs, not shown to the candidate: --allow-package numpy shows it)"
    )
    assert allow_words(missing, ("numpy",)) == ""  # shown, and still failing: not the flag's to mend
    assert allow_words({"type": "ModuleNotFoundError", "message": "No module named 'no_such_module_x'"}, ()) == ""
    assert allow_words({"type": "ModuleNotFoundError", "message": "No module named 'perfectplay'"}, ()) == ""
    assert allow_words({"type": "ValueError", "message": "No module named 'numpy'"}, ()) == ""
    assert allow_words(None, ()) == ""
