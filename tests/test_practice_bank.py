"""Drills for everyone: made from a kind and a seed by the solver, each with a proven answer,
the same everywhere, the kind it says; links to them, and the daily drill."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import tiles as t
from play.practice.bank import bank_drill, bank_steps
from play.practice.checking import analysis_of, check, right_cells
from play.practice.drill import KINDS, BadDrill, Drill, Task, bank_key, daily_kind_seed
from play.practice.proof import difficulty, prove
from play.start.address import from_query


def zero_touches_covered(drill: Drill) -> bool:
    """A 0 beside a covered cell: no game shows one (a 0 opens its neighbours)."""
    grid = drill.level.grid
    return any(
        tile == 0 and any(drill.tiles[n] == t.COVERED for n in grid.neighbours(cell))
        for cell, tile in enumerate(drill.tiles)
    )


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(KINDS), st.integers(0, 10**9 - 1))
def test_every_bank_drill_has_a_proven_answer_and_a_real_choice(kind: str, seed: int) -> None:
    drill = bank_drill(kind, seed)
    assert drill.kind == kind and drill.key == f"{kind}-{seed}"
    if drill.key in KINDS:  # 1-2 at seed 1 is named as the kind 1-2-1: a kind's name wins
        assert bank_key(drill.key, seeds=lambda: 5) == (drill.key, 5)
    else:
        assert bank_key(drill.key) == (kind, seed)
    analysis = analysis_of(drill)
    good = right_cells(drill, analysis)
    assert good
    if drill.task.offers:
        assert set(drill.options) - good  # a wrong option too
        assert all(check(drill, c).right == (c in good) for c in drill.options)
    assert not zero_touches_covered(drill)
    assert Drill.parse(drill.to_text()) == drill


@pytest.mark.parametrize("kind", KINDS)
def test_a_kind_and_a_seed_make_the_same_drill_every_time(kind: str) -> None:
    assert bank_drill(kind, 5) == bank_drill(kind, 5)
    assert len({bank_drill(kind, seed).to_text() for seed in range(6)}) >= 4


@pytest.mark.parametrize("kind", ["1-1", "1-2", "1-2-1", "1-2-2-1"])
@pytest.mark.parametrize("seed", range(8))
def test_a_pattern_drill_offers_the_wall_over_numbers_that_read_the_pattern(
    kind: str, seed: int
) -> None:
    drill = bank_drill(kind, seed)
    assert drill.task is Task.PICK_SAFE
    grid = drill.level.grid
    numbers = {n for c in drill.options for n in grid.neighbours(c) if 1 <= drill.tiles[n] <= 8}
    # The numbers under the offered cells, read along a row or a column, hold the pattern.
    cols = drill.level.cols
    lines = [sorted(n for n in numbers if n // cols == r) for r in {n // cols for n in numbers}]
    lines += [sorted(n for n in numbers if n % cols == c) for c in {n % cols for n in numbers}]
    texts = ["".join(str(drill.tiles[n]) for n in line) for line in lines]
    pattern = kind.replace("-", "")
    assert any(pattern in text or pattern[::-1] in text for text in texts), drill.to_text()
    proofs = prove(drill.level, drill.tiles)
    safe = [c for c in drill.options if c in proofs and not proofs[c].mine]
    assert any(proofs[c].steps == 1 and proofs[c].numbers == 2 for c in safe)


@pytest.mark.parametrize("kind", ["chain-2", "chain-3"])
@pytest.mark.parametrize("seed", range(8))
def test_a_chain_drills_safe_cell_takes_its_number_of_steps(kind: str, seed: int) -> None:
    drill = bank_drill(kind, seed)
    proofs = prove(drill.level, drill.tiles)
    offered_safe = [c for c in drill.options if c in proofs and not proofs[c].mine]
    assert offered_safe and all(proofs[c].steps == int(kind[-1]) for c in offered_safe)


@pytest.mark.parametrize("seed", range(6))
def test_a_count_drill_is_proven_by_the_mines_left_only(seed: int) -> None:
    drill = bank_drill("count", seed)
    assert drill.task is Task.SAFE
    assert not any(not p.mine for p in prove(drill.level, drill.tiles).values())
    answer = check(drill, min(right_cells(drill, analysis_of(drill))))
    assert answer.right and "the board has" in answer.proof  # the mine total, cited


def test_difficulty_grows_with_the_steps_and_numbers_of_the_proof() -> None:
    def mean(kind: str) -> float:
        return sum(difficulty(bank_drill(kind, s)) for s in range(6)) / 6

    assert mean("corner") < mean("1-2-1") <= mean("chain-2") < mean("chain-3") < mean("count")
    assert all(1 <= difficulty(bank_drill(k, 1)) <= 5 for k in KINDS)


def test_a_bank_drill_is_made_in_slices() -> None:
    steps = bank_steps("chain-3", 2)
    slices = 0
    while True:
        try:
            next(steps)
            slices += 1
        except StopIteration as done:
            assert isinstance(done.value, Drill)
            break
    assert slices >= 1


def test_the_daily_drill_is_the_same_for_everyone_and_changes_with_the_day() -> None:
    day = date(2026, 11, 26)  # the day's drill is the bank's drill of the day's kind and seed
    assert bank_drill(*daily_kind_seed(day)) == bank_drill(*daily_kind_seed(day))
    week = {daily_kind_seed(day + timedelta(days=n)) for n in range(7)}
    assert len(week) == 7


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("1-3-9", 'no kind of drill "1-3"'),
        ("9", "no kind of drill"),
        ("", "no kind of drill"),
        ("corner-", "up to 9 digits"),
        ("corner--1", 'no kind of drill "corner-"'),
        ("corner-1234567890", "up to 9 digits"),
        ("corner-٣", "up to 9 digits"),
        ("x" * 5000 + "-1", "no kind of drill"),
    ],
)
def test_a_bad_drill_name_gets_a_short_message(text: str, says: str) -> None:
    with pytest.raises(BadDrill, match=says) as raised:
        bank_key(text)
    assert len(str(raised.value)) < 160


def test_a_link_names_a_drill_and_a_bad_one_falls_back_to_todays_with_a_message() -> None:
    assert from_query("?drill=1-2-1-42").drill == "1-2-1-42"
    assert from_query("?drill=1-2-1-42&level=expert").settings.level.name == "expert"
    assert from_query("?drill=daily").drill == "daily"
    bad = from_query("?drill=banana")
    assert bad.drill == "daily"
    message = bad.drill_note  # said in Practice (tests/test_drill_answers.py)
    assert message is not None and not bad.messages
    assert message.startswith('Ignored drill=banana: no kind of drill "banana"')
    assert message.endswith("Practising today's drill instead.")
    assert from_query("?level=expert").drill is None
