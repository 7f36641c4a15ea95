"""The live counters say a rate and a finish estimate only once they mean something: a dash
before one second of play, and before a race's or a daily board's player made
their own first move (its clock has not started). Read in the words the page draws."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from engine.game import Clicks
from engine.live import SHOWN_FROM_MS, Moment

NUMBER = re.compile(r"\d")


@given(
    ms=st.integers(0, 5_000),
    bbbv=st.integers(1, 300),
    solved=st.integers(0, 300),
    left=st.integers(0, 50),
)
def test_the_rate_and_the_estimate_are_a_dash_before_a_second_of_play(
    ms: int, bbbv: int, solved: int, left: int
) -> None:
    moment = Moment(ms, bbbv, min(solved, bbbv), Clicks(left=left, effective=left))
    parts = moment.text().split(" · ")
    assert len(parts) == 5
    rate, finish = parts[1], parts[4]
    if ms < SHOWN_FROM_MS or moment.solved == 0:
        assert finish == "finish —", moment.text()
        assert rate == "— 3BV/s" or (ms >= SHOWN_FROM_MS and moment.solved == 0), rate
    else:
        assert NUMBER.search(rate) and re.fullmatch(r"finish ~\d+\.\d s", finish), moment.text()
