"""The runner's one-letter constants of a module: ASCII letters only, a few, or the start broke the protocol."""

from __future__ import annotations

import pytest

from perfectplay.check.run import protocol


@pytest.mark.parametrize("letters", [["RR"], [1], ["é"], ["\ud800"], "RY", ["R"] * 53])
def test_anything_but_a_short_list_of_ascii_letters_is_a_protocol_error(letters: object) -> None:
    with pytest.raises(protocol.ProtocolError, match="letter"):
        protocol.loaded({"event": "loaded", "functions": {}, "letters": letters})


def test_the_letters_are_kept_once_each_and_a_runner_that_sends_none_sends_an_empty_list() -> None:
    assert protocol.loaded({"event": "loaded", "letters": ["Y", "R", "Y"]})["letters"] == ["R", "Y"]
    assert protocol.loaded({"event": "loaded"})["letters"] == []
