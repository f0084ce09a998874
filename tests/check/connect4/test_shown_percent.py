"""A Connect Four rate is shown to a tenth, never rounded up to the whole percentage its full credit starts from."""

from __future__ import annotations

import pytest

from perfectplay.check.connect4.score import shown_percent


@pytest.mark.parametrize(
    ("rate", "shown"),
    [
        (179 / 200, "89.5%"),  # 90% would say full credit was reached
        (0.9, "90%"),
        (0.29, "29%"),
        (11 / 30, "36.7%"),
        (0.8996, "89.9%"),  # to the tenth 90.0%: not reached
        (1.0, "100%"),
        (0.0, "0%"),
        (0.99996, "99.9%"),
    ],
)
def test_a_rate_is_shown_to_a_tenth_never_rounded_up_to_a_whole_percentage_unreached(rate: float, shown: str) -> None:
    assert shown_percent(rate) == shown
