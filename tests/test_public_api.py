"""The public API is what ``perfectplay.__all__`` says, sorted, and all of it importable."""

from __future__ import annotations

import perfectplay


def test_all_is_sorted_and_unique() -> None:
    assert list(perfectplay.__all__) == sorted(set(perfectplay.__all__))


def test_every_name_in_all_is_exported() -> None:
    for name in perfectplay.__all__:
        assert getattr(perfectplay, name) is not None, name


def test_every_public_name_of_the_package_is_listed_in_all() -> None:
    for name in perfectplay.__all__:
        getattr(perfectplay, name)  # names are imported on first use; use them all first
    public = {
        name
        for name, value in vars(perfectplay).items()
        if not name.startswith("_")
        and name != "annotations"
        and not getattr(value, "__name__", "").startswith("perfectplay.")
    }
    assert public == set(perfectplay.__all__)


def test_dir_lists_every_public_name_before_any_is_used() -> None:
    shown = {name for name in dir(perfectplay) if not name.startswith("_") and name != "annotations"}
    assert set(perfectplay.__all__) <= shown
    assert {name for name in shown - set(perfectplay.__all__) if not name.islower()} == set()


def test_an_unknown_name_is_an_attribute_error() -> None:
    try:
        perfectplay.no_such_name  # noqa: B018
    except AttributeError as error:
        assert "no_such_name" in str(error)
    else:
        raise AssertionError("expected AttributeError")


def test_the_doc_example_works() -> None:
    game, state = perfectplay.parse_position("XOX/OO./.X.")
    assert perfectplay.analyze(game, state).best == (5,)
