from collections import Counter

import pytest

from engine.errors import InvalidSeedError
from engine.rng import SEED_LIMIT, Rng, _splitmix64, parse_seed


def test_splitmix64_matches_the_reference_vector() -> None:
    # Published output of the reference splitmix64.c for seed 1234567.
    state, out = 1234567, []
    for _ in range(5):
        state, word = _splitmix64(state)
        out.append(word)
    assert out == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
    ]


def test_same_seed_same_numbers_other_seed_other_numbers() -> None:
    a, b, c = Rng(99), Rng(99), Rng(100)
    first = [a.next64() for _ in range(20)]
    assert first == [b.next64() for _ in range(20)]
    assert first != [c.next64() for _ in range(20)]
    assert all(0 <= x < SEED_LIMIT for x in first)


def test_below_is_in_range_and_roughly_uniform() -> None:
    rng = Rng(2024)
    counts = Counter(rng.below(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    # Chi-square with 5 degrees of freedom; 20.5 is the 0.999 quantile.
    chi2 = sum((n - 10_000) ** 2 / 10_000 for n in counts.values())
    assert chi2 < 20.5


def test_below_rejects_empty_range() -> None:
    with pytest.raises(ValueError):
        Rng(1).below(0)


def test_shuffle_keeps_items_and_depends_on_seed() -> None:
    items = list(range(50))
    a, b = items[:], items[:]
    Rng(5).shuffle(a)
    Rng(6).shuffle(b)
    assert sorted(a) == items and sorted(b) == items
    assert a != b


@pytest.mark.parametrize("bad", [-1, SEED_LIMIT, 1.5, "7", True])
def test_bad_seeds_are_refused(bad: object) -> None:
    with pytest.raises(InvalidSeedError, match=r"^seed must be .*from 0 to 18446744073709551615"):
        Rng(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["", "-4", "1e3", "0x10", "18446744073709551616", "١٢"])
def test_bad_seed_text(text: str) -> None:
    with pytest.raises(InvalidSeedError):
        parse_seed(text)


def test_seed_text() -> None:
    assert parse_seed("18446744073709551615") == SEED_LIMIT - 1


def test_below_each_draws_what_below_draws_one_at_a_time() -> None:
    bounds = range(90_000, 80_000, -7)
    a, b = Rng(12345), Rng(12345)
    assert a.below_each(bounds) == [b.below(n) for n in bounds]
    assert a.next64() == b.next64()  # and leaves the generator in the same state
    with pytest.raises(ValueError):
        Rng(1).below_each(range(3, -1, -1))
